import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, monthOf, type RevenueTrend } from '@domain/invoicing';
import type { MarginReport, MarginRow } from '@domain/margin';
import { paymentEvents, payoutItems } from '../../db/schema';
import { createScene, PEOPLE, type Scene } from './test-fixtures';

/**
 * Margin (docs/rules.md "Margin") on a fixed data set whose every figure is worked out by hand
 * below: ledger events and locked payout items placed directly (the payout locking is another
 * part's; its rows are the data this report reads), in January to March 2022, with one payment
 * and one payout on either side of the period that must not count.
 *
 * | video   | client | type         | editor     | revenue (month)                          | payout (month)            |
 * | Alpha   | Zed    | vlog         | Eve        | 100.00 (Jan)                             | 40.00 Eve (Jan)           |
 * | Bravo   | Zed    | vlog         | Lee        | 200.00 (Feb), extra round 3: 25.00 (Feb) | 70.00 Lee (Jan), round 3: 10.00 (Feb) |
 * | Charlie | amy    | before-after | Eve        | 150.00 (Feb), reversed −150.00 (Mar)     | 60.00 Eve (Feb)           |
 * | Delta   | amy    | vlog         | unassigned | 80.00 (Mar)                              | none                      |
 * | —       | amy    | retainer fee |            | 500.00 (Mar)                             |                           |
 * | Echo    | Zed    | vlog         | Eve        | 999.00 (Apr 2022: outside)               | 33.00 Eve (Dec 2021: outside) |
 */

let s: Scene;
const video: Record<string, string> = {};

beforeAll(async () => {
  s = await createScene();
  const { id } = s;
  for (const [name, userId, type] of [
    ['Alpha', id.client, 'vlog'],
    ['Bravo', id.client, 'vlog'],
    ['Charlie', id.client2, 'before-after'],
    ['Delta', id.client2, 'vlog'],
    ['Echo', id.client, 'vlog'],
  ] as const) {
    video[name] = (await s.addVideo({ name, userId, type })).id;
  }
  const client = (key: 'client' | 'client2') => ({
    clientId: id[key],
    clientUsername: key,
    clientName: PEOPLE[key].name,
  });
  const editor = (key: 'editor' | 'lead' | null) =>
    key
      ? { editorId: id[key], editorName: PEOPLE[key].name }
      : { editorId: null, editorName: null };
  type Event = typeof paymentEvents.$inferInsert;
  const paid = (
    name: string,
    who: 'client' | 'client2',
    type: string,
    ed: 'editor' | 'lead' | null,
    amount: string,
    at: string,
    more: Partial<Event> = {},
  ): Event => ({
    event: 'paid',
    kind: 'video',
    videoId: video[name]!,
    videoName: name,
    videoType: type,
    ...client(who),
    ...editor(ed),
    amount,
    createdAt: new Date(at),
    ...more,
  });
  await s.t.db.insert(paymentEvents).values([
    paid('Alpha', 'client', 'vlog', 'editor', '100.00', '2022-01-10T12:00:00Z'),
    paid('Bravo', 'client', 'vlog', 'lead', '200.00', '2022-02-05T12:00:00Z'),
    paid('Bravo', 'client', 'vlog', 'lead', '25.00', '2022-02-20T12:00:00Z', {
      kind: 'extra_round',
      videoName: 'Bravo · Extra revision round 3',
    }),
    paid('Charlie', 'client2', 'before-after', 'editor', '150.00', '2022-02-10T12:00:00Z'),
    paid('Charlie', 'client2', 'before-after', 'editor', '150.00', '2022-03-02T12:00:00Z', {
      event: 'reversed',
    }),
    paid('Delta', 'client2', 'vlog', null, '80.00', '2022-03-15T12:00:00Z'),
    paid('Echo', 'client', 'vlog', 'editor', '999.00', '2022-04-01T00:00:00Z'),
    {
      event: 'paid',
      kind: 'retainer_fee',
      videoId: null,
      videoName: 'Retainer · March 2022',
      videoType: 'retainer',
      ...client('client2'),
      ...editor(null),
      amount: '500.00',
      // The last instant of March 2022 (UTC) is in the period; Echo's first of April is not.
      createdAt: new Date('2022-03-31T23:59:59.999Z'),
    },
  ]);
  type Item = typeof payoutItems.$inferInsert;
  const payout = (
    name: string,
    who: 'client' | 'client2',
    type: string,
    ed: 'editor' | 'lead',
    amount: string,
    month: string,
    round?: number,
  ): Item => ({
    editorId: id[ed],
    editorName: PEOPLE[ed].name,
    videoId: video[name]!,
    videoName: name,
    videoType: type,
    clientId: id[who],
    clientName: PEOPLE[who].name,
    kind: round ? 'extra_round' : 'video',
    roundNumber: round ?? null,
    amount,
    month: `${month}-01`,
    lockedAt: new Date(`${month}-15T12:00:00Z`),
  });
  await s.t.db
    .insert(payoutItems)
    .values([
      payout('Alpha', 'client', 'vlog', 'editor', '40.00', '2022-01'),
      payout('Bravo', 'client', 'vlog', 'lead', '70.00', '2022-01'),
      payout('Bravo', 'client', 'vlog', 'lead', '10.00', '2022-02', 3),
      payout('Charlie', 'client2', 'before-after', 'editor', '60.00', '2022-02'),
      payout('Echo', 'client', 'vlog', 'editor', '33.00', '2021-12'),
    ]);
});
afterAll(async () => {
  await s.t.close();
});

const PERIOD = 'from=2022-01&to=2022-03';
const report = async (query: string) => (await s.get(`/api/admin/margin?${query}`)) as MarginReport;
/** A row as [label, revenue, payouts, margin, margin %] with its flags where set. */
const brief = (r: MarginRow) => [
  r.label,
  r.revenue,
  r.payouts,
  r.margin,
  r.marginPercent,
  ...(r.noPayout ? ['no payout'] : []),
  ...(r.retainerFees ? ['retainer fees'] : []),
];

describe('GET /api/admin/margin: revenue minus payouts, exactly', () => {
  it('by month: each month of the period, its revenue less the payouts locked in it', async () => {
    const r = await report(`by=month&${PERIOD}`);
    expect([r.by, r.from, r.to]).toEqual(['month', '2022-01', '2022-03']);
    expect(r.rows.map(brief)).toEqual([
      // 100.00 − (40.00 + 70.00)
      ['2022-01', '100.00', '110.00', '-10.00', '-10.0'],
      // (200.00 + 25.00 + 150.00) − (10.00 + 60.00)
      ['2022-02', '375.00', '70.00', '305.00', '81.3'],
      // (−150.00 + 80.00 + 500.00) − 0: the reversal counts in its own month
      ['2022-03', '430.00', '0.00', '430.00', '100.0'],
    ]);
    expect(r.rows.map((row) => row.key)).toEqual(['2022-01', '2022-02', '2022-03']);
    expect(r.total).toEqual({
      revenue: '905.00',
      payouts: '180.00',
      margin: '725.00',
      marginPercent: '80.1',
    });
  });

  it("by month, the revenue is the revenue trend's: the same ledger, the same months", async () => {
    const trend = (await s.get(
      '/api/admin/revenue/trends?start=2022-01&end=2022-03',
    )) as RevenueTrend;
    const r = await report(`by=month&${PERIOD}`);
    expect(r.rows.map((row) => row.revenue)).toEqual(trend.map((m) => m.totalRevenue));
  });

  it('by client: the retainer fee is its client’s revenue', async () => {
    const r = await report(`by=client&${PERIOD}`);
    expect(r.rows.map(brief)).toEqual([
      // (150.00 − 150.00 + 80.00 + 500.00) − 60.00
      ['amy client', '580.00', '60.00', '520.00', '89.7'],
      // (100.00 + 200.00 + 25.00) − (40.00 + 70.00 + 10.00)
      ['Zed Client', '325.00', '120.00', '205.00', '63.1'],
    ]);
    expect(r.rows.map((row) => row.key)).toEqual([s.id.client2, s.id.client]);
    expect(r.total.margin).toBe('725.00');
  });

  it('by type: retainer fees are a row of their own', async () => {
    const r = await report(`by=type&${PERIOD}`);
    expect(r.rows.map(brief)).toEqual([
      ['Retainer fees', '500.00', '0.00', '500.00', '100.0', 'retainer fees'],
      // (100.00 + 200.00 + 25.00 + 80.00) − (40.00 + 70.00 + 10.00)
      ['Vlog', '405.00', '120.00', '285.00', '70.4'],
      // paid and reversed: no revenue, and a margin of minus its payout
      ['Before & After', '0.00', '60.00', '-60.00', null],
    ]);
    expect(r.rows.map((row) => row.key)).toEqual([null, 'vlog', 'before-after']);
  });

  it('by editor: the editor of the payment, and of the payout; unassigned work apart', async () => {
    const r = await report(`by=editor&${PERIOD}`);
    expect(r.rows.map(brief)).toEqual([
      ['Retainer fees', '500.00', '0.00', '500.00', '100.0', 'retainer fees'],
      // (200.00 + 25.00) − (70.00 + 10.00)
      ['Lee Lead', '225.00', '80.00', '145.00', '64.4'],
      ['Unassigned', '80.00', '0.00', '80.00', '100.0'],
      // (100.00 + 150.00 − 150.00) − (40.00 + 60.00)
      ['Eve Editor', '100.00', '100.00', '0.00', '0.0'],
    ]);
    expect(r.rows.map((row) => row.key)).toEqual([null, s.id.lead, null, s.id.editor]);
  });

  it('by video: extra rounds count with their video; a video without a payout says so', async () => {
    const r = await report(`by=video&${PERIOD}`);
    expect(r.rows.map(brief)).toEqual([
      ['Retainer fees', '500.00', '0.00', '500.00', '100.0', 'retainer fees'],
      ['Bravo', '225.00', '80.00', '145.00', '64.4'],
      ['Delta', '80.00', '0.00', '80.00', '100.0', 'no payout'],
      ['Alpha', '100.00', '40.00', '60.00', '60.0'],
      ['Charlie', '0.00', '60.00', '-60.00', null],
    ]);
    expect(r.rows[1]!.key).toBe(video.Bravo);
  });

  it('every grouping adds up to the same total', async () => {
    for (const by of ['video', 'client', 'type', 'editor', 'month']) {
      expect((await report(`by=${by}&${PERIOD}`)).total, by).toEqual({
        revenue: '905.00',
        payouts: '180.00',
        margin: '725.00',
        marginPercent: '80.1',
      });
    }
  });

  it('carries the six months ending with the period’s last, whatever the grouping', async () => {
    const r = await report(`by=client&${PERIOD}`);
    expect(r.trend).toEqual([
      { month: '2021-10', revenue: '0.00', payouts: '0.00', margin: '0.00', marginPercent: null },
      { month: '2021-11', revenue: '0.00', payouts: '0.00', margin: '0.00', marginPercent: null },
      // Echo's payout locked in December, its payment falls in April
      {
        month: '2021-12',
        revenue: '0.00',
        payouts: '33.00',
        margin: '-33.00',
        marginPercent: null,
      },
      {
        month: '2022-01',
        revenue: '100.00',
        payouts: '110.00',
        margin: '-10.00',
        marginPercent: '-10.0',
      },
      {
        month: '2022-02',
        revenue: '375.00',
        payouts: '70.00',
        margin: '305.00',
        marginPercent: '81.3',
      },
      {
        month: '2022-03',
        revenue: '430.00',
        payouts: '0.00',
        margin: '430.00',
        marginPercent: '100.0',
      },
    ]);
  });

  it('one end of the period alone gives the six months from or up to it', async () => {
    const up = await report('by=month&to=2022-03');
    expect([up.from, up.to]).toEqual(['2021-10', '2022-03']);
    const on = await report('by=month&from=2022-01');
    expect([on.from, on.to]).toEqual(['2022-01', '2022-06']);
    // April holds Echo's payment, which no payout of the period pays for
    expect(on.rows.find((m) => m.key === '2022-04')?.margin).toBe('999.00');
  });

  it('follows the king’s payments: mark paid adds revenue to this month, Mark Unpaid takes it back', async () => {
    const v = await s.addVideo({ name: 'Live one', type: 'vlog', paymentAmount: '12.34' });
    const byVideo = async () => (await report('by=video')).rows.find((r) => r.key === v.id) ?? null;
    // The default period: the last six months, up to the current one.
    const plain = await report('by=video');
    expect([plain.from, plain.to]).toEqual([
      addMonths(monthOf(new Date()), -5),
      monthOf(new Date()),
    ]);
    expect(await byVideo()).toBeNull();
    await s.payAll([v.id]);
    expect(brief((await byVideo())!)).toEqual([
      'Live one',
      '12.34',
      '0.00',
      '12.34',
      '100.0',
      'no payout',
    ]);
    await s.payAll([v.id], true);
    // Paid and reversed in the same month: nothing is left.
    expect(await byVideo()).toBeNull();
  });

  it('refuses a grouping or a period it does not know, with a message', async () => {
    const bad = async (query: string) => {
      const res = await s.call('king', 'GET', `/api/admin/margin?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('by=nope')).toBe(
      'Group by must be one of: video, client, type, editor, month',
    );
    expect(await bad('from=2022-13')).toBe('Month must be in the form YYYY-MM');
    expect(await bad('from=2022-03&to=2022-01')).toBe(
      'The start month must not be after the end month',
    );
    expect(await bad('from=2000-01&to=2022-01')).toBe('Trends cover at most 120 months');
  });

  it('is the king’s and admins’ only: an editor and a client are refused', async () => {
    for (const who of ['editor', 'client', 'lead'] as const) {
      const res = await s.call(who, 'GET', `/api/admin/margin?${PERIOD}`);
      expect(res.statusCode, who).toBe(403);
      expect(res.body).not.toContain('725.00');
    }
    expect((await s.call('admin', 'GET', `/api/admin/margin?${PERIOD}`)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/margin.csv', () => {
  it('is the table and its total as CSV, notes included', async () => {
    const res = await s.call('king', 'GET', `/api/admin/margin.csv?by=video&${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="margin-by-video-2022-01-2022-03.csv"',
    );
    expect(res.body).toBe(
      '\uFEFF' +
        [
          'Video,Revenue (USD),Payouts (USD),Margin (USD),Margin %,Note',
          'Retainer fees,500.00,0.00,500.00,100.0,"A retainer fee belongs to a client and a month, not to a video, type or editor"',
          'Bravo,225.00,80.00,145.00,64.4,',
          'Delta,80.00,0.00,80.00,100.0,no payout',
          'Alpha,100.00,40.00,60.00,60.0,',
          'Charlie,0.00,60.00,-60.00,,',
          'Total 2022-01 to 2022-03,905.00,180.00,725.00,80.1,',
          '',
        ].join('\r\n'),
    );
  });

  it('by client, the same figures as the report', async () => {
    const res = await s.call('king', 'GET', `/api/admin/margin.csv?by=client&${PERIOD}`);
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Client,Revenue (USD),Payouts (USD),Margin (USD),Margin %,Note',
      'amy client,580.00,60.00,520.00,89.7,',
      'Zed Client,325.00,120.00,205.00,63.1,',
      'Total 2022-01 to 2022-03,905.00,180.00,725.00,80.1,',
      '',
    ]);
  });
});
