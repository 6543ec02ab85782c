import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '@domain/invoicing';
import { addMoney } from '@domain/money';
import { videos } from '../../db/schema';
import { createScene, type Scene } from './test-fixtures';

let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => {
  await s.t.close();
});

const pay: Scene['pay'] = (...args) => s.pay(...args);
const stored = async (id: string) => {
  const [row] = await s.t.db.select().from(videos).where(eq(videos.id, id));
  return row!;
};
const paymentState = async (id: string) => {
  const { paymentStatus, paymentAmount, lockedPrice, paidDate } = await stored(id);
  return { paymentStatus, paymentAmount, lockedPrice, paidDate };
};
const setDefaultPrice: Scene['setDefaultPrice'] = (...args) => s.setDefaultPrice(...args);

describe('PATCH /api/admin/payment (mark paid)', () => {
  it('pays completed unpaid videos, locking what each owes, and reports the skipped ones', async () => {
    await setDefaultPrice('consultation', '10.10');
    const priced = await s.addVideo({ type: 'consultation', status: 'posted' });
    const typed = await s.addVideo({
      type: 'consultation',
      status: 'ready_to_post',
      paymentAmount: '7.25',
    });
    const draft = await s.addVideo({ status: 'in_progress', finishDate: null });
    const paid = await s.addVideo({ type: 'consultation' });
    await pay([paid.id]);
    const missing = '0c3c3a6e-5d8e-4f5e-8a4b-9f3f3f3f3f3f';

    const before = Date.now();
    const result = await pay([priced.id, typed.id, draft.id, paid.id, missing, priced.id]);
    expect(result).toEqual({
      message:
        'Marked 2 videos as paid ($17.35 locked). Skipped 3 videos: ' +
        '1 not completed (only ready to post or posted videos can be paid), 1 already paid, 1 not found.',
      updated: 2,
      skipped: 3,
      updatedIds: [priced.id, typed.id],
      skippedVideos: [
        { id: draft.id, reason: 'not_completed' },
        { id: paid.id, reason: 'already_paid' },
        { id: missing, reason: 'not_found' },
      ],
      extraRounds: 0,
      total: '17.35',
    });
    expect(await paymentState(priced.id)).toMatchObject({
      paymentStatus: 'paid',
      paymentAmount: '0.00',
      lockedPrice: '10.10',
    });
    expect(await paymentState(typed.id)).toMatchObject({
      paymentStatus: 'paid',
      paymentAmount: '7.25',
      lockedPrice: '7.25',
    });
    const paidDate = (await stored(priced.id)).paidDate!;
    expect(paidDate.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(paidDate.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(await paymentState(draft.id)).toMatchObject({ paymentStatus: 'unpaid', paidDate: null });
  });

  it('says so when nothing changed', async () => {
    const draft = await s.addVideo({ status: 'draft', finishDate: null });
    expect(await pay([draft.id])).toMatchObject({
      message:
        'No videos were marked as paid. Skipped 1 video: 1 not completed (only ready to post or posted videos can be paid).',
      updated: 0,
      skipped: 1,
    });
  });

  it('needs a selection of video ids', async () => {
    const cases: [object, string][] = [
      [{ videoIds: [] }, 'Please select videos to mark as paid'],
      [{}, 'Please select videos to mark as paid'],
      [{ videoIds: ['nope'] }, 'Each id must be a video id'],
    ];
    for (const [payload, message] of cases) {
      const res = await s.call('king', 'PATCH', '/api/admin/payment', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const reverse = await s.call('king', 'PATCH', '/api/admin/payment/reverse', { videoIds: [] });
    expect(reverse.json().message).toBe('Please select videos to mark as unpaid');
    const tooMany = await s.call('king', 'PATCH', '/api/admin/payment', {
      videoIds: Array.from({ length: 1001 }, () => '0c3c3a6e-5d8e-4f5e-8a4b-9f3f3f3f3f3f'),
    });
    expect(tooMany.json().message).toBe('At most 1000 videos at once');
  });

  it('leaves locked prices alone when prices change later', async () => {
    await setDefaultPrice('vlog', '30.00');
    const paid = await s.addVideo({ type: 'vlog' });
    const unpaid = await s.addVideo({ type: 'vlog' });
    await pay([paid.id]);
    await setDefaultPrice('vlog', '45.00');
    await s.call(
      'king',
      'PATCH',
      `/api/admin/client-pricing/${s.id.client}/${await s.typeId('vlog')}`,
      {
        price: '99.00',
      },
    );
    const rows = (
      await s.call('king', 'GET', `/api/admin/invoicing?dateFilter=all&type=vlog`)
    ).json() as { id: string; paymentAmount: string; lockedPrice: string | null }[];
    expect(rows.find((r) => r.id === paid.id)).toMatchObject({
      paymentAmount: '30.00',
      lockedPrice: '30.00',
    });
    expect(rows.find((r) => r.id === unpaid.id)).toMatchObject({
      paymentAmount: '99.00',
      lockedPrice: null,
    });
    expect((await stored(paid.id)).lockedPrice).toBe('30.00');
  });
});

describe('PATCH /api/admin/payment/reverse (mark unpaid)', () => {
  it('restores the earlier state exactly and skips what is not paid', async () => {
    await setDefaultPrice('funny', '8.80');
    const a = await s.addVideo({ type: 'funny', paymentAmount: '12.34' });
    const b = await s.addVideo({ type: 'funny' });
    const unpaid = await s.addVideo({ type: 'funny' });
    const earlier = await Promise.all([a, b].map((v) => paymentState(v.id)));

    await pay([a.id, b.id]);
    const result = await pay([a.id, b.id, unpaid.id], true);
    expect(result).toEqual({
      message:
        'Marked 2 videos as unpaid ($21.14 released); paid dates and locked prices were cleared. ' +
        'Skipped 1 video: 1 not paid.',
      updated: 2,
      skipped: 1,
      updatedIds: [a.id, b.id],
      skippedVideos: [{ id: unpaid.id, reason: 'not_paid' }],
      extraRounds: 0,
      total: '21.14',
    });
    expect(await Promise.all([a, b].map((v) => paymentState(v.id)))).toEqual(earlier);
  });
});

describe('concurrent mark-paid calls', () => {
  it('pay a video exactly once when 20 calls race', async () => {
    await setDefaultPrice('before-after', '19.99');
    const v = await s.addVideo({ type: 'before-after' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call('king', 'PATCH', '/api/admin/payment', { videoIds: [v.id] }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const bodies = results.map((r) => r.json() as PaymentResult);
    expect(bodies.filter((b) => b.updated === 1)).toHaveLength(1);
    expect(bodies.filter((b) => b.skippedVideos[0]?.reason === 'already_paid')).toHaveLength(19);
    expect(await paymentState(v.id)).toMatchObject({ paymentStatus: 'paid', lockedPrice: '19.99' });
  });

  it('pay each of many videos once when overlapping selections race, without deadlock', async () => {
    await setDefaultPrice('talking-head', '1.01');
    const many = await Promise.all(
      Array.from({ length: 12 }, () => s.addVideo({ type: 'talking-head' })),
    );
    const ids = many.map((v) => v.id);
    // Each call takes a different, differently ordered, overlapping slice.
    const selections = Array.from({ length: 10 }, (_, i) => {
      const slice = [...ids.slice(i % 6), ...ids.slice(0, i % 6)].slice(0, 8);
      return i % 2 ? slice.reverse() : slice;
    });
    const results = await Promise.all(
      selections.map((videoIds) => s.call('king', 'PATCH', '/api/admin/payment', { videoIds })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const updated = results.flatMap((r) => (r.json() as PaymentResult).updatedIds);
    expect(updated.sort()).toEqual([...ids].sort());
    const [sum] = await s.t.db
      .select({
        total: sql<string>`sum(${videos.lockedPrice})::text`,
        n: sql<number>`count(*)::int`,
      })
      .from(videos)
      .where(inArray(videos.id, ids));
    expect(sum).toEqual({ total: '12.12', n: 12 });
  });

  it('a reverse racing mark-paid leaves a consistent state', async () => {
    const v = await s.addVideo({ type: 'talking-head' });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.call('king', 'PATCH', i % 2 ? '/api/admin/payment/reverse' : '/api/admin/payment', {
          videoIds: [v.id],
        }),
      ),
    );
    const state = await paymentState(v.id);
    if (state.paymentStatus === 'paid') {
      expect(state).toMatchObject({ lockedPrice: '1.01' });
      expect(state.paidDate).not.toBeNull();
    } else {
      expect(state).toMatchObject({ lockedPrice: null, paidDate: null });
    }
  });
});

describe('exact sums', () => {
  it('paying 1,000 videos of 0.10 adds exactly 100.00 to the month', async () => {
    const ids = (
      await s.t.db
        .insert(videos)
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            userId: s.id.client2,
            ordinal: 10_000 + i,
            name: `Dime ${i}`,
            link: 'https://example.com/dime',
            status: 'posted',
            finishDate: new Date(),
            paymentAmount: '0.10',
          })),
        )
        .returning({ id: videos.id })
    ).map((r) => r.id);
    const summary = async () =>
      (await s.call('king', 'GET', '/api/admin/revenue/summary')).json() as {
        totalRevenue: string;
        totalVideos: number;
      };
    const before = await summary();

    const result = await pay(ids);
    expect(result.updated).toBe(1000);
    expect(result.total).toBe('100.00');
    expect(result.message).toBe('Marked 1000 videos as paid ($100.00 locked).');

    const after = await summary();
    expect(after.totalRevenue).toBe(addMoney(before.totalRevenue, '100.00'));
    expect(after.totalVideos).toBe(before.totalVideos + 1000);
    const [dimes] = await s.t.db
      .select({ total: sql<string>`sum(${videos.lockedPrice})::text` })
      .from(videos)
      .where(inArray(videos.id, ids));
    expect(dimes!.total).toBe('100.00');
  });
});
