import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, RevenueBreakdown, UnpaidAging } from '@domain/invoicing';
import { toCents } from '@domain/money';
import { giveRounds } from '../../test/rounds';
import { createScene, type Scene } from './test-fixtures';
import { DAY_MS } from '@domain/day-counter';

let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => {
  await s.t.close();
});

const king = async (url: string) => {
  const res = await s.call('king', 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const setDefaultPrice: Scene['setDefaultPrice'] = (...args) => s.setDefaultPrice(...args);
const pay: Scene['pay'] = (...args) => s.pay(...args);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

describe('GET /api/admin/invoicing.csv', () => {
  it('exports the filtered rows with money as two-decimal text and safe cells', async () => {
    await setDefaultPrice('funny', '12.50');
    const evil = await s.addVideo({ name: '=HYPERLINK("http://x","y"), ok', type: 'funny' });
    const paid = await s.addVideo({ name: 'Paid one', type: 'funny', paymentAmount: '7.1' });
    await s.addVideo({ name: 'Other client', type: 'funny', userId: s.id.client2 });
    await pay([paid.id]);

    const res = await king(
      `/api/admin/invoicing.csv?dateFilter=all&type=funny&clientId=${s.id.client}&sortBy=amount&sortOrder=desc`,
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="invoicing-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // A UTF-8 byte order mark first, so Excel reads the names as UTF-8.
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Video,Type,Status,Client,Editor,Start date,Finish date,Amount (USD),Payment status,Paid date,Locked price (USD),Link,Published on,Published URL,Rounds,Extra rounds,Extra rounds (USD),Extra rounds unpaid (USD)',
    );
    expect(lines).toHaveLength(4); // header, two rows, the final empty line
    expect(lines[3]).toBe('');
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/x"",""y""\), ok",funny,posted,Zed Client,Unassigned,(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},){2}12\.50,unpaid,,,https:\/\/example\.com\/v\/\d+,,,0,0,0\.00,0\.00$/,
    );
    expect(lines[2]).toContain(',7.10,paid,');
    // Dates as Excel reads them: 'YYYY-MM-DD HH:MM:SS', UTC.
    expect(lines[2]).toMatch(/,7\.10,paid,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},7\.10,/);
    expect(evil.id).toBeTruthy();
  });

  it('gives a posted video its published day and URL, and none to one ready to post', async () => {
    await setDefaultPrice('personal-story', '5.00');
    const published = { publishedAt: '2026-04-02', publishedUrl: 'https://instagram.com/p/a,b' };
    await s.addVideo({ name: 'Out', type: 'personal-story', ...published });
    await s.addVideo({
      name: 'Kept',
      type: 'personal-story',
      status: 'ready_to_post',
      ...published,
    });
    const res = await king('/api/admin/invoicing.csv?dateFilter=all&type=personal-story');
    const lines = res.body.split('\r\n');
    expect(lines.find((l) => l.startsWith('Out,'))).toMatch(
      /,2026-04-02,"https:\/\/instagram\.com\/p\/a,b",0,0,0\.00,0\.00$/,
    );
    expect(lines.find((l) => l.startsWith('Kept,'))).toMatch(
      /,https:\/\/example\.com\/v\/\d+,,,0,0,0\.00,0\.00$/,
    );
    const rows = (await king('/api/admin/invoicing?dateFilter=all&type=personal-story')).json() as {
      name: string;
      publishedAt: string | null;
    }[];
    expect(rows.map((r) => [r.name, r.publishedAt]).sort()).toEqual([
      ['Kept', null],
      ['Out', '2026-04-02'],
    ]);
  });

  it('gives each video its review rounds, in the Rounds column and in the rows (issue 41)', async () => {
    await setDefaultPrice('before-after', '1.00');
    const rounds = { Once: 1, Thrice: 3, Never: 0 } as const;
    for (const [name, count] of Object.entries(rounds)) {
      const video = await s.addVideo({ name, type: 'before-after' });
      await giveRounds(s.t.db, video.id, count);
    }
    const res = await king('/api/admin/invoicing.csv?dateFilter=all&type=before-after');
    const lines = res.body.slice(1).split('\r\n');
    const column = lines[0]!.split(',').indexOf('Rounds');
    expect(column).toBe(14);
    expect(
      lines
        .slice(1, -1)
        .map((l) => [l.split(',')[0], l.split(',')[column]])
        .sort(),
    ).toEqual([
      ['Never', '0'],
      ['Once', '1'],
      ['Thrice', '3'],
    ]);
    const rows = (await king('/api/admin/invoicing?dateFilter=all&type=before-after')).json<
      { name: string; rounds: number }[]
    >();
    expect(rows.map((r) => [r.name, r.rounds]).sort()).toEqual([
      ['Never', 0],
      ['Once', 1],
      ['Thrice', 3],
    ]);
  });

  it('refuses bad filters with a message, like the table', async () => {
    const res = await s.call('king', 'GET', '/api/admin/invoicing.csv?sortBy=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Sort must be one of/);
  });
});

describe('GET /api/admin/invoices/{clientId}', () => {
  it("lists the client's videos finished in the month with paid and outstanding totals", async () => {
    await setDefaultPrice('vlog', '0.10');
    const inMonth = (day: number) => new Date(Date.UTC(2023, 4, day, 12));
    const a = await s.addVideo({ name: 'May A', type: 'vlog', finishDate: inMonth(2) });
    await s.addVideo({ name: 'May B', type: 'vlog', finishDate: inMonth(20) });
    await s.addVideo({
      name: 'May C',
      type: 'vlog',
      finishDate: inMonth(31),
      paymentAmount: '0.2',
    });
    await s.addVideo({ name: 'June', type: 'vlog', finishDate: new Date(Date.UTC(2023, 5, 1)) });
    await s.addVideo({ name: 'Other', type: 'vlog', finishDate: inMonth(3), userId: s.id.client2 });
    await s.addVideo({ name: 'Draft', type: 'vlog', finishDate: inMonth(4), status: 'draft' });
    await pay([a.id]);

    const invoice = (
      await king(`/api/admin/invoices/${s.id.client}?month=2023-05`)
    ).json() as Invoice;
    expect(invoice.client).toMatchObject({
      id: s.id.client,
      username: 'client',
      name: 'Zed Client',
    });
    expect(invoice.month).toBe('2023-05');
    expect(invoice.lineItems.map((l) => [l.name, l.amount, l.paymentStatus])).toEqual([
      ['May A', '0.10', 'paid'],
      ['May B', '0.10', 'unpaid'],
      ['May C', '0.20', 'unpaid'],
    ]);
    expect(invoice.totals).toEqual({
      total: '0.40',
      paid: '0.10',
      outstanding: '0.30',
      videos: 3,
      paidVideos: 1,
      unpaidVideos: 2,
    });
    const empty = (
      await king(`/api/admin/invoices/${s.id.client}?month=2001-01`)
    ).json() as Invoice;
    expect(empty.lineItems).toEqual([]);
    expect(empty.totals.total).toBe('0.00');
  });

  it('answers 404 for someone who is not a client, 400 for a bad month', async () => {
    const notClient = await s.call('king', 'GET', `/api/admin/invoices/${s.id.editor}`);
    expect(notClient.statusCode).toBe(404);
    expect(notClient.json().message).toBe('Client not found');
    const bad = await s.call('king', 'GET', `/api/admin/invoices/${s.id.client}?month=2023-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Month must be in the form YYYY-MM');
  });
});

describe('GET /api/admin/revenue/breakdown', () => {
  it("splits a month's revenue by client, type and editor, exactly", async () => {
    const paidIn = (v: Parameters<Scene['addVideo']>[0]) =>
      s.addVideo({ paymentStatus: 'paid', paidDate: new Date('2021-07-15T12:00:00Z'), ...v });
    await paidIn({ lockedPrice: '0.10', type: 'vlog', assignedEditorId: s.id.editor });
    await paidIn({ lockedPrice: '0.20', type: 'vlog', assignedEditorId: s.id.editor });
    await paidIn({ lockedPrice: '5.00', type: 'before-after', userId: s.id.client2 });
    await s.addVideo({
      paymentStatus: 'paid',
      paidDate: new Date('2021-08-01T00:00:00Z'),
      lockedPrice: '100.00',
    });

    const b = (await king('/api/admin/revenue/breakdown?month=2021-07')).json() as RevenueBreakdown;
    expect(b.month).toBe('2021-07');
    expect(b.byClient).toEqual([
      { key: s.id.client2, label: 'amy client', totalRevenue: '5.00', totalVideos: 1 },
      { key: s.id.client, label: 'Zed Client', totalRevenue: '0.30', totalVideos: 2 },
    ]);
    expect(b.byType).toEqual([
      { key: 'before-after', label: 'Before & After', totalRevenue: '5.00', totalVideos: 1 },
      { key: 'vlog', label: 'Vlog', totalRevenue: '0.30', totalVideos: 2 },
    ]);
    expect(b.byEditor).toEqual([
      { key: null, label: 'Unassigned', totalRevenue: '5.00', totalVideos: 1 },
      { key: s.id.editor, label: 'Eve Editor', totalRevenue: '0.30', totalVideos: 2 },
    ]);
  });
});

describe('GET /api/admin/revenue/unpaid-aging', () => {
  it('groups completed unpaid work by days since it was finished', async () => {
    const before = (await king('/api/admin/revenue/unpaid-aging')).json() as UnpaidAging;
    await setDefaultPrice('talking-head', '1.11');
    await s.addVideo({ type: 'talking-head', finishDate: daysAgo(45) });
    await s.addVideo({ type: 'talking-head', finishDate: daysAgo(45), paymentAmount: '2.22' });
    await s.addVideo({ type: 'talking-head', finishDate: daysAgo(200) });
    await s.addVideo({ type: 'talking-head', finishDate: daysAgo(200), status: 'review' });
    const after = (await king('/api/admin/revenue/unpaid-aging')).json() as UnpaidAging;

    expect(after.buckets.map((b) => b.key)).toEqual(['0-30', '31-60', '61-90', '90+']);
    const grew = (key: string) => {
      const was = before.buckets.find((b) => b.key === key)!;
      const now = after.buckets.find((b) => b.key === key)!;
      return [now.videos - was.videos, toCents(now.amount) - toCents(was.amount)];
    };
    expect(grew('0-30')).toEqual([0, 0n]);
    expect(grew('31-60')).toEqual([2, 333n]);
    expect(grew('61-90')).toEqual([0, 0n]);
    expect(grew('90+')).toEqual([1, 111n]);
    expect(after.total.videos - before.total.videos).toBe(3);
  });
});
