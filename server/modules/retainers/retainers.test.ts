import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InvoicingRow } from '@domain/invoicing';
import { subtractMoney } from '@domain/money';
import { monthOfDate, retainerBody, shiftMonth } from '@domain/retainers';
import { fromPostgres, type Db } from '../../db/client';
import { charges, retainerDraws, retainerMonths, retainers, users, videos } from '../../db/schema';
import { readTestSettings } from '../../env';
import { createScene, type Scene } from '../invoicing/test-fixtures';
import { createRetainerCloser } from './retainers.loop';
import { closeRetainerMonths, saveRetainer } from './retainers.repository';

/**
 * Retainers (docs/rules.md "Money"): the routes, the close of ended months (once, also when two
 * close at once), and what a retainer client's video owes, in exact cents.
 */
let s: Scene;
beforeAll(async () => {
  s = await createScene();
  await s.setDefaultPrice('consultation', '100.00');
  await s.setDefaultPrice('vlog', '40.00');
});
afterAll(async () => {
  await s.t.close();
});

let n = 0;
async function newClient(name: string) {
  const [row] = await s.t.db
    .insert(users)
    .values({ username: `retainer-client-${++n}`, password: 'x', role: 'client', name })
    .returning();
  return row!.id;
}
const at = (iso: string) => new Date(iso);
/** Sets a retainer as the king would have at `now` (the routes use the real clock). */
async function setRetainer(clientId: string, body: object, now: string) {
  const result = await saveRetainer(s.t.db, clientId, retainerBody.parse(body), s.id.king, at(now));
  expect(result.refused).toBeUndefined();
}
const draws = (clientId: string) =>
  s.t.db
    .select({
      video: videos.name,
      month: retainerDraws.month,
      bucket: retainerDraws.bucket,
      covered: retainerDraws.covered,
    })
    .from(retainerDraws)
    .innerJoin(videos, eq(videos.id, retainerDraws.videoId))
    .where(eq(videos.userId, clientId))
    .orderBy(asc(videos.finishDate));
const feeCharges = (clientId: string) =>
  s.t.db
    .select({
      kind: charges.kind,
      month: charges.month,
      description: charges.description,
      amount: charges.amount,
      paidAt: charges.paidAt,
    })
    .from(charges)
    .where(and(eq(charges.clientId, clientId), eq(charges.kind, 'retainer_fee')))
    .orderBy(asc(charges.month));
async function invoicingRow(id: string) {
  const rows = (await s.get('/api/admin/invoicing?dateFilter=all')) as InvoicingRow[];
  return rows.find((r) => r.id === id)!;
}
/** The invoicing table's amount of a video and how its retainer bills it. */
async function billing(id: string) {
  const row = await invoicingRow(id);
  return [row.paymentAmount, row.retainer];
}

/** A second connection pool on the test's schema (PostgreSQL), or the same database (PGlite). */
async function otherDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  const { database } = s.t;
  if (database.kind !== 'postgres') return { db: database.db, close: async () => {} };
  const { rows } = (await database.pool!.query('select current_schema() as schema')) as {
    rows: { schema: string }[];
  };
  const own = fromPostgres({
    url: readTestSettings().testDatabaseUrl!,
    searchPath: rows[0]!.schema,
    max: 2,
  });
  return { db: own.db, close: () => own.close() };
}

describe('closing a month twice, and two closes at once', () => {
  it('enters one month, one fee charge and one set of draws', async () => {
    const client = await newClient('Racer');
    await setRetainer(
      client,
      { monthlyFee: '250.10', allowance: 2, endMonth: '2024-01' },
      '2024-01-03T09:00:00Z',
    );
    for (const day of ['05', '06', '07']) {
      await s.addVideo({
        userId: client,
        type: 'vlog',
        finishDate: at(`2024-01-${day}T10:00:00Z`),
      });
    }
    const other = await otherDb();
    try {
      const now = at('2024-02-01T00:00:05Z');
      const results = await Promise.all([
        closeRetainerMonths(s.t.db, now),
        closeRetainerMonths(other.db, now),
        closeRetainerMonths(s.t.db, now),
        closeRetainerMonths(other.db, now),
      ]);
      expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other.close();
    }
    expect(await closeRetainerMonths(s.t.db, at('2024-02-20T00:00:00Z'))).toBe(0);
    const months = await s.t.db
      .select({ month: retainerMonths.month, fee: retainerMonths.fee })
      .from(retainerMonths)
      .innerJoin(retainers, eq(retainers.id, retainerMonths.retainerId))
      .where(eq(retainers.clientId, client));
    expect(months).toEqual([{ month: '2024-01-01', fee: '250.10' }]);
    expect(await feeCharges(client)).toEqual([
      {
        kind: 'retainer_fee',
        month: '2024-01-01',
        description: 'Retainer · January 2024',
        amount: '250.10',
        paidAt: null,
      },
    ]);
    expect((await draws(client)).map((d) => d.covered)).toEqual([true, true, false]);
  });
});

describe('a retainer month by month: draws, carries, a change of terms, overage, the end', () => {
  let client: string;
  const v: Record<string, string> = {};

  beforeAll(async () => {
    client = await newClient('Acme Studio');
    // Made in January 2025 from that month to April: 2 a month, one carried for a month.
    await setRetainer(
      client,
      {
        monthlyFee: '1500.00',
        allowance: 2,
        rolloverMax: 2,
        rolloverMonths: 1,
        startMonth: '2025-01',
        endMonth: '2025-04',
      },
      '2025-01-02T09:00:00Z',
    );
    // Changed on 10 February: from March, 3 a month for 1,800.00.
    await setRetainer(
      client,
      { monthlyFee: '1800.00', allowance: 3, rolloverMax: 2, rolloverMonths: 1 },
      '2025-02-10T09:00:00Z',
    );
    const add = async (
      key: string,
      iso: string,
      more: Partial<typeof videos.$inferInsert> = {},
    ) => {
      v[key] = (
        await s.addVideo({
          userId: client,
          type: 'consultation',
          name: key,
          finishDate: at(iso),
          ...more,
        })
      ).id;
    };
    await add('jan1', '2025-01-05T10:00:00Z');
    await add('feb1', '2025-02-02T10:00:00Z');
    await add('feb2', '2025-02-03T10:00:00Z');
    await add('feb3', '2025-02-04T10:00:00Z');
    await add('feb4', '2025-02-28T23:59:59Z', { paymentAmount: '75.50' });
    // Paid before the retainer covered it: it keeps its payment and draws nothing.
    await add('febPaid', '2025-02-01T10:00:00Z', {
      paymentStatus: 'paid',
      lockedPrice: '100.00',
      paidDate: at('2025-02-01T12:00:00Z'),
    });
    await add('mar1', '2025-03-01T00:00:00Z', { type: 'vlog' });
    await add('inProgress', '2025-03-02T00:00:00Z', { status: 'in_progress' });
    await add('may1', '2025-05-03T10:00:00Z');
  });

  it('an open month owes nothing yet, and mark paid skips it with its reason', async () => {
    expect(await billing(v.feb4!)).toEqual(['0.00', 'pending']);
    expect(await billing(v.jan1!)).toEqual(['0.00', 'pending']);
    // After the retainer's end month: its own price.
    expect(await billing(v.may1!)).toEqual(['100.00', null]);
    const result = await s.pay([v.feb1!, v.febPaid!]);
    expect(result).toMatchObject({
      message:
        'No videos were marked as paid. Skipped 2 videos: ' +
        "1 draws from its client's retainer; billed when the month closes, 1 already paid.",
      updated: 0,
      skippedVideos: [
        { id: v.feb1, reason: 'retainer_pending' },
        { id: v.febPaid, reason: 'already_paid' },
      ],
      total: '0.00',
    });
  });

  it('the retainers table works an open month out from the months before it', async () => {
    const feb = await s.get('/api/admin/retainers?month=2025-02');
    expect(feb).toEqual([
      {
        clientId: client,
        clientName: 'Acme Studio',
        month: '2025-02',
        fee: '1500.00',
        allowance: 2,
        rolledOver: 1,
        used: 3,
        left: 0,
        overage: 1,
        closed: false,
      },
    ]);
    expect(await s.get('/api/admin/retainers?month=2024-12')).toEqual([]);
  });

  it('closes ended months in order: draws, carries, the fee as a charge', async () => {
    const owed = async () =>
      ((await s.get('/api/admin/revenue/summary')) as { outstanding: { amount: string } })
        .outstanding.amount;
    const before = await owed();
    expect(await closeRetainerMonths(s.t.db, at('2025-03-01T00:00:00Z'))).toBe(2);
    expect(await closeRetainerMonths(s.t.db, at('2025-03-01T00:00:00Z'))).toBe(0);
    expect(await draws(client)).toEqual([
      { video: 'jan1', month: '2025-01-01', bucket: '*', covered: true },
      // January's unused one first, then February's own two; the fourth is overage.
      { video: 'feb1', month: '2025-02-01', bucket: '*', covered: true },
      { video: 'feb2', month: '2025-02-01', bucket: '*', covered: true },
      { video: 'feb3', month: '2025-02-01', bucket: '*', covered: true },
      { video: 'feb4', month: '2025-02-01', bucket: '*', covered: false },
    ]);
    expect((await feeCharges(client)).map((c) => [c.description, c.amount])).toEqual([
      ['Retainer · January 2025', '1500.00'],
      ['Retainer · February 2025', '1500.00'],
    ]);
    // Covered owes nothing, overage its typed amount; the paid one keeps its price.
    expect(await billing(v.feb1!)).toEqual(['0.00', 'covered']);
    expect(await billing(v.feb4!)).toEqual(['75.50', 'overage']);
    expect(await billing(v.febPaid!)).toEqual(['100.00', null]);
    // Outstanding gains the two fees and the overage video, which owed nothing while pending.
    expect(subtractMoney(await owed(), before)).toBe('3075.50');
    const paid = await s.pay([v.feb1!, v.feb4!]);
    expect(paid).toMatchObject({ updated: 2, total: '75.50' });
    const stored = await s.t.db
      .select({ name: videos.name, lockedPrice: videos.lockedPrice })
      .from(videos)
      .where(and(eq(videos.userId, client), eq(videos.paymentStatus, 'paid')))
      .orderBy(asc(videos.name));
    expect(stored).toEqual([
      { name: 'feb1', lockedPrice: '0.00' },
      { name: 'feb4', lockedPrice: '75.50' },
      { name: 'febPaid', lockedPrice: '100.00' },
    ]);
    expect(await s.get('/api/admin/retainers?month=2025-02')).toEqual([
      expect.objectContaining({ fee: '1500.00', rolledOver: 1, used: 3, overage: 1, closed: true }),
    ]);
  });

  it("the changed terms apply from March; the king's close finishes the retainer", async () => {
    expect(await s.get('/api/admin/retainers?month=2025-03')).toEqual([
      {
        clientId: client,
        clientName: 'Acme Studio',
        month: '2025-03',
        fee: '1800.00',
        allowance: 3,
        rolledOver: 0,
        used: 1,
        left: 2,
        overage: 0,
        closed: false,
      },
    ]);
    const res = await s.call('king', 'POST', '/api/admin/retainers/close');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Closed 2 retainer months.', closed: 2 });
    const again = await s.call('king', 'POST', '/api/admin/retainers/close');
    expect(again.json()).toEqual({ message: 'No retainer month was due to close.', closed: 0 });
    expect((await feeCharges(client)).map((c) => [c.month, c.amount])).toEqual([
      ['2025-01-01', '1500.00'],
      ['2025-02-01', '1500.00'],
      ['2025-03-01', '1800.00'],
      ['2025-04-01', '1800.00'],
    ]);
    // March's two unused carry into April (at most 2); April had no video.
    expect(await s.get('/api/admin/retainers?month=2025-04')).toEqual([
      expect.objectContaining({ allowance: 3, rolledOver: 2, used: 0, left: 5, closed: true }),
    ]);
    expect(await s.get('/api/admin/retainers?month=2025-05')).toEqual([]);
    expect((await draws(client)).map((d) => d.video)).toEqual([
      'jan1',
      'feb1',
      'feb2',
      'feb3',
      'feb4',
      'mar1',
    ]);
    expect((await invoicingRow(v.may1!)).paymentAmount).toBe('100.00');
  });
});

describe('the routes', () => {
  const current = monthOfDate(new Date());
  const next = shiftMonth(current, 1);

  it('the king sets a per-type retainer; the client sees its month', async () => {
    const put = await s.call('king', 'PUT', `/api/admin/clients/${s.id.client}/retainer`, {
      monthlyFee: '900',
      allowanceByType: { vlog: 2, consultation: 1 },
      rolloverMax: 1,
      rolloverMonths: 1,
    });
    expect(put.statusCode, put.body).toBe(200);
    const terms = {
      effectiveFrom: current,
      monthlyFee: '900.00',
      allowance: null,
      allowanceByType: { vlog: 2, consultation: 1 },
      rolloverMax: 1,
      rolloverMonths: 1,
    };
    expect(put.json()).toEqual({
      clientId: s.id.client,
      startMonth: current,
      endMonth: null,
      terms,
      nextTerms: null,
      thisMonth: {
        month: current,
        allowance: 3,
        rolledOver: 0,
        used: 0,
        left: 3,
        overage: 0,
        resetsOn: `${next}-01`,
        byType: [
          { type: 'consultation', allowance: 1, rolledOver: 0, used: 0, left: 1, overage: 0 },
          { type: 'vlog', allowance: 2, rolledOver: 0, used: 0, left: 2, overage: 0 },
        ],
      },
    });
    const made: string[] = [];
    for (const type of ['vlog', 'funny', 'vlog', 'vlog']) {
      made.push((await s.addVideo({ userId: s.id.client, type })).id);
    }
    const mine = await s.call('client', 'GET', '/api/me/retainer');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({
      month: current,
      allowance: 3,
      rolledOver: 0,
      used: 2,
      left: 1,
      overage: 2,
      resetsOn: `${next}-01`,
      byType: [
        { type: 'consultation', allowance: 1, rolledOver: 0, used: 0, left: 1, overage: 0 },
        { type: 'funny', allowance: 0, rolledOver: 0, used: 0, left: 0, overage: 1 },
        { type: 'vlog', allowance: 2, rolledOver: 0, used: 2, left: 0, overage: 1 },
      ],
    });
    // This month is open: every one of them is pending.
    for (const id of made) expect(await billing(id)).toEqual(['0.00', 'pending']);

    // A change now applies from next month; this month keeps its terms.
    const changed = await s.call('king', 'PUT', `/api/admin/clients/${s.id.client}/retainer`, {
      monthlyFee: '1000.5',
      allowance: 5,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      terms,
      nextTerms: {
        effectiveFrom: next,
        monthlyFee: '1000.50',
        allowance: 5,
        allowanceByType: null,
        rolloverMax: 0,
        rolloverMonths: 0,
      },
    });
    const table = (await s.get('/api/admin/retainers')) as { clientId: string }[];
    expect(table.find((r) => r.clientId === s.id.client)).toEqual({
      clientId: s.id.client,
      clientName: 'Zed Client',
      month: current,
      fee: '900.00',
      allowance: 3,
      rolledOver: 0,
      used: 2,
      left: 1,
      overage: 2,
      closed: false,
    });

    // Ended: after this month, and the next month's terms go.
    const ended = await s.call('king', 'DELETE', `/api/admin/clients/${s.id.client}/retainer`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ endMonth: current, nextTerms: null, terms });
    expect((await s.call('client', 'GET', '/api/me/retainer')).json()).toMatchObject({
      used: 2,
      overage: 2,
    });
    // Ending again keeps it as it is.
    const twice = await s.call('king', 'DELETE', `/api/admin/clients/${s.id.client}/retainer`);
    expect(twice.json()).toMatchObject({ endMonth: current });
  });

  it('a retainer not yet started may move its start; ending it removes it', async () => {
    const url = `/api/admin/clients/${s.id.client2}/retainer`;
    expect((await s.call('king', 'GET', url)).json()).toBeNull();
    const put = await s.call('king', 'PUT', url, {
      monthlyFee: '10',
      allowance: 1,
      startMonth: next,
      endMonth: shiftMonth(next, 2),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      startMonth: next,
      endMonth: shiftMonth(next, 2),
      terms: { effectiveFrom: next, monthlyFee: '10.00' },
      nextTerms: null,
      thisMonth: null,
    });
    const later = shiftMonth(next, 1);
    const moved = await s.call('king', 'PUT', url, {
      monthlyFee: '12',
      allowance: 2,
      startMonth: later,
    });
    expect(moved.json()).toMatchObject({
      startMonth: later,
      endMonth: shiftMonth(next, 2),
      terms: { effectiveFrom: later, monthlyFee: '12.00', allowance: 2 },
      nextTerms: null,
    });
    expect((await s.call('client2', 'GET', '/api/me/retainer')).json()).toBeNull();
    const gone = await s.call('king', 'DELETE', url);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toBeNull();
    const none = await s.call('king', 'DELETE', url);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'This client has no retainer' });
  });

  it('two first saves at once make one retainer', async () => {
    const client = await newClient('Twice');
    const url = `/api/admin/clients/${client}/retainer`;
    const answers = await Promise.all(
      ['10', '20', '30', '40'].map((fee) =>
        s.call('king', 'PUT', url, { monthlyFee: fee, allowance: 1 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await s.t.db.select().from(retainers).where(eq(retainers.clientId, client));
    expect(rows).toHaveLength(1);
  });

  it('refuses what it cannot do, with a message', async () => {
    const client = await newClient('Refused');
    const url = `/api/admin/clients/${client}/retainer`;
    const refused = async (body: object, status: number, message: string) => {
      const res = await s.call('king', 'PUT', url, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused(
      { monthlyFee: '1', allowanceByType: { nosuch: 1 } },
      400,
      'There is no video type named "nosuch"',
    );
    await refused(
      { monthlyFee: '1', allowance: 1, startMonth: shiftMonth(current, -1) },
      400,
      'A retainer cannot start in a month that has begun already',
    );
    await refused(
      { monthlyFee: '-1', allowance: 1 },
      400,
      'Monthly fee must be a valid non-negative number',
    );
    await refused({ allowance: 1 }, 400, 'Monthly fee must be a valid non-negative number');
    expect((await s.call('king', 'PUT', url, { monthlyFee: '1', allowance: 1 })).statusCode).toBe(
      200,
    );
    await refused(
      { monthlyFee: '1', allowance: 1, startMonth: next },
      409,
      'A retainer that has started keeps its start month',
    );
    await refused(
      { monthlyFee: '1', allowance: 1, endMonth: shiftMonth(current, -1) },
      400,
      'The end month must not be before this month',
    );
    const missing = await s.call('king', 'GET', `/api/admin/clients/${randomUUID()}/retainer`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Client not found' });
    const editor = await s.call('king', 'PUT', `/api/admin/clients/${s.id.editor}/retainer`, {
      monthlyFee: '1',
      allowance: 1,
    });
    expect(editor.statusCode).toBe(404);
    const bad = await s.call('king', 'GET', '/api/admin/retainers?month=2025-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Month must be in the form YYYY-MM');
    const king = await s.call('king', 'GET', '/api/me/retainer');
    expect(king.statusCode).toBe(403);
    expect(king.json()).toEqual({ message: 'Only a client has a retainer' });
  });
});

describe('the close loop', () => {
  it('closes ended months by itself once started, and stops', async () => {
    const client = await newClient('Looper');
    await setRetainer(
      client,
      { monthlyFee: '19.99', allowance: 1, endMonth: '2023-06' },
      '2023-06-01T09:00:00Z',
    );
    const closer = createRetainerCloser(s.t.db, s.t.app.log, 60_000);
    closer.start();
    try {
      await vi.waitFor(async () => {
        expect((await feeCharges(client)).map((c) => [c.description, c.amount])).toEqual([
          ['Retainer · June 2023', '19.99'],
        ]);
      });
    } finally {
      await closer.stop();
    }
  });
});
