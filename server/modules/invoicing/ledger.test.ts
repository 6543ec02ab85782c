import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, monthOf } from '@domain/invoicing';
import { paymentEvents, videos } from '../../db/schema';
import { createScene, monthsAgo, type Scene } from './test-fixtures';

/**
 * The payments ledger (issue 14, docs/rules.md#rules-the-product-leaves-open): paid and reversed are events that are
 * never changed or removed, and every report of past revenue reads them, so deleting a video or
 * a user, or changing a price, never changes what a month earned.
 */
let s: Scene;
const thisMonth = monthOf(new Date());

beforeAll(async () => {
  s = await createScene();
  const vlog = await s.typeId('vlog');
  const res = await s.call('king', 'PATCH', `/api/admin/video-types/${vlog}/price`, {
    defaultPrice: '100.00',
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await s.t.close();
});

const get: Scene['get'] = (url) => s.get(url);
const revenue = async (month: string) =>
  (await get(`/api/admin/revenue/summary?month=${month}`)) as {
    totalRevenue: string;
    totalVideos: number;
  };
const pay: Scene['payAll'] = (...args) => s.payAll(...args);
const eventsOf = (videoId: string) =>
  s.t.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.videoId, videoId))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));

describe('the ledger', () => {
  it('mark paid, reverse and pay again write three events, with names, type, amount and who', async () => {
    const v = await s.addVideo({ type: 'vlog', name: 'Ledger one', assignedEditorId: s.id.editor });
    await pay([v.id]);
    await pay([v.id], true);
    await pay([v.id]);
    const events = await eventsOf(v.id);
    expect(events.map((e) => e.event)).toEqual(['paid', 'reversed', 'paid']);
    expect(events[1]).toMatchObject({
      videoId: v.id,
      videoName: 'Ledger one',
      videoType: 'vlog',
      clientId: s.id.client,
      clientUsername: 'client',
      clientName: 'Zed Client',
      editorId: s.id.editor,
      editorName: 'Eve Editor',
      amount: '100.00',
      actorId: s.id.king,
      actorName: 'The King',
    });
    // Reverse then pay: two more events, and the month counts the video once.
    await pay([v.id], true);
    const before = await revenue(thisMonth);
    await pay([v.id]);
    expect((await eventsOf(v.id)).length).toBe(5);
    const after = await revenue(thisMonth);
    expect(Number(after.totalRevenue) - Number(before.totalRevenue)).toBe(100);
    expect(after.totalVideos - before.totalVideos).toBe(1);
  });

  it('refuses to change or remove an event', async () => {
    const v = await s.addVideo({ type: 'vlog' });
    await pay([v.id]);
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'done',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(
      await refusal(
        s.t.db.execute(sql`update payment_events set amount = 0 where video_id = ${v.id}`),
      ),
    ).toBe('payment_events is append-only: UPDATE is not allowed');
    expect(
      await refusal(s.t.db.execute(sql`delete from payment_events where video_id = ${v.id}`)),
    ).toBe('payment_events is append-only: DELETE is not allowed');
    expect((await eventsOf(v.id)).map((e) => e.amount)).toEqual(['100.00']);
  });
});

describe("a month's revenue", () => {
  it('is unchanged by deleting a paid video after its payment was reversed, and by re-paying another', async () => {
    const month = addMonths(thisMonth, -3);
    const a = await s.addVideo({
      type: 'vlog',
      paymentStatus: 'paid',
      paidDate: monthsAgo(3),
      lockedPrice: '40.00',
    });
    const b = await s.addVideo({
      type: 'vlog',
      paymentStatus: 'paid',
      paidDate: monthsAgo(3),
      lockedPrice: '60.00',
    });
    expect(await revenue(month)).toMatchObject({ totalRevenue: '100.00', totalVideos: 2 });
    const now = await revenue(thisMonth);

    // Paid: nobody deletes it. Reversed: the king may, and the reversal counts this month.
    expect((await s.call('king', 'DELETE', `/api/videos/${a.id}`)).statusCode).toBe(403);
    await pay([a.id, b.id], true);
    expect((await s.call('king', 'DELETE', `/api/videos/${a.id}`)).statusCode).toBe(200);
    await pay([b.id]);

    expect(await revenue(month)).toMatchObject({ totalRevenue: '100.00', totalVideos: 2 });
    const later = await revenue(thisMonth);
    // This month: -40 and -60 reversed, +100 paid again (b at today's price).
    expect(Number(later.totalRevenue) - Number(now.totalRevenue)).toBe(0);
    expect(later.totalVideos - now.totalVideos).toBe(-1);
    const trend = await get(`/api/admin/revenue/trends?start=${month}&end=${month}`);
    expect(trend).toEqual([{ month, totalRevenue: '100.00', totalVideos: 2 }]);
    // The deleted video is still in the month's breakdown, marked as deleted.
    const breakdown = await get(`/api/admin/revenue/breakdown?month=${month}`);
    expect(breakdown.byClient).toEqual([
      { key: s.id.client, label: 'Zed Client', totalRevenue: '100.00', totalVideos: 2 },
    ]);
    expect(breakdown.byType).toEqual([
      { key: 'vlog', label: 'Vlog', totalRevenue: '100.00', totalVideos: 2 },
    ]);
  });

  it('is unchanged by deleting the client, whose payments stay in the history as deleted', async () => {
    const month = addMonths(thisMonth, -4);
    await s.addVideo({
      userId: s.id.client2,
      type: 'vlog',
      paymentStatus: 'paid',
      paidDate: monthsAgo(4),
      lockedPrice: '70.00',
      assignedEditorId: s.id.editor,
    });
    const paidNow = await s.addVideo({ userId: s.id.client2, type: 'vlog' });
    await pay([paidNow.id]);
    const before = { past: await revenue(month), now: await revenue(thisMonth) };
    const trendsBefore = await get('/api/admin/revenue/trends');
    expect(before.past).toMatchObject({ totalRevenue: '70.00', totalVideos: 1 });

    expect((await s.call('king', 'DELETE', `/api/admin/users/${s.id.client2}`)).statusCode).toBe(
      200,
    );
    expect(await s.t.db.select().from(videos).where(eq(videos.userId, s.id.client2))).toEqual([]);

    expect(await revenue(month)).toMatchObject(before.past);
    expect(await revenue(thisMonth)).toMatchObject({
      totalRevenue: before.now.totalRevenue,
      totalVideos: before.now.totalVideos,
    });
    expect(await get('/api/admin/revenue/trends')).toEqual(trendsBefore);
    const breakdown = await get(`/api/admin/revenue/breakdown?month=${month}`);
    expect(breakdown.byClient).toEqual([
      { key: s.id.client2, label: 'amy client (deleted)', totalRevenue: '70.00', totalVideos: 1 },
    ]);
    expect(breakdown.byEditor).toEqual([
      { key: s.id.editor, label: 'Eve Editor', totalRevenue: '70.00', totalVideos: 1 },
    ]);
  });

  it('is unchanged by a price change', async () => {
    const v = await s.addVideo({ type: 'funny' });
    const funny = await s.typeId('funny');
    await s.call('king', 'PATCH', `/api/admin/video-types/${funny}/price`, {
      defaultPrice: '30.00',
    });
    const before = await revenue(thisMonth);
    await pay([v.id]);
    const paid = await revenue(thisMonth);
    expect(Number(paid.totalRevenue) - Number(before.totalRevenue)).toBe(30);
    await s.call('king', 'PATCH', `/api/admin/video-types/${funny}/price`, {
      defaultPrice: '99.00',
    });
    expect(await revenue(thisMonth)).toMatchObject(paid);
  });
});

describe('the ledger export', () => {
  it('lists the events of a month as CSV, reversals negative, deleted clients marked', async () => {
    const res = await s.call(
      'king',
      'GET',
      `/api/admin/payments.csv?month=${addMonths(thisMonth, -4)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Date,Event,Kind,Video,Type,Client,Editor,Amount (USD),By');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},paid,Video,Video \d+ \(deleted\),vlog,amy client \(deleted\),Eve Editor,70\.00,$/,
      ),
    ]);
    const forbidden = await s.call('editor', 'GET', '/api/admin/payments.csv');
    expect(forbidden.statusCode).toBe(403);
  });
});
