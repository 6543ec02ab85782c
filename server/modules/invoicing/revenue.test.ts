import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, monthOf } from '@domain/invoicing';
import { createScene, type Scene } from './test-fixtures';

let s: Scene;
beforeAll(async () => {
  s = await createScene();
  // Paid work placed in past months, the way the books would hold it.
  const paidIn = (paidDate: string, lockedPrice: string) =>
    s.addVideo({ paymentStatus: 'paid', paidDate: new Date(paidDate), lockedPrice });
  await paidIn('2022-01-01T00:00:00Z', '0.10'); // first instant of the month
  await paidIn('2022-01-31T23:59:59.999Z', '0.20'); // last instant
  await paidIn('2022-02-01T00:00:00Z', '5.00'); // the next month
  await paidIn('2022-03-15T12:00:00Z', '0.10');
  await paidIn('2022-03-16T12:00:00Z', '0.10');
  await paidIn('2022-03-17T12:00:00Z', '0.11');
  await paidIn('2022-06-30T12:00:00Z', '99999999.99');
  await paidIn('2022-06-30T13:00:00Z', '99999999.99');
});
afterAll(async () => {
  await s.t.close();
});

const get: Scene['get'] = (url) => s.get(url);

describe('GET /api/admin/revenue/summary', () => {
  it.each([
    // 0.10 + 0.20 = 0.30 exactly, paid at the first and at the last instant of the month.
    ['2022-01', '0.30', 2, '0.15'],
    ['2022-02', '5.00', 1, '5.00'],
    // The average rounded to the cent.
    ['2022-03', '0.31', 3, '0.10'],
    // A month with nothing paid.
    ['2022-04', '0.00', 0, '0.00'],
    // A sum beyond a single price's limit.
    ['2022-06', '199999999.98', 2, '99999999.99'],
  ])(
    'sums the locked prices paid in %s exactly: %s for %i videos, %s each on average',
    async (month, totalRevenue, totalVideos, averagePerVideo) => {
      expect(await get(`/api/admin/revenue/summary?month=${month}`)).toMatchObject({
        month,
        totalRevenue,
        totalVideos,
        averagePerVideo,
      });
    },
  );

  it('defaults to the current month and reports what completed unpaid videos owe', async () => {
    const typeId = await s.typeId('vlog');
    await s.call('king', 'PATCH', `/api/admin/video-types/${typeId}/price`, {
      defaultPrice: '0.10',
    });
    const a = await s.addVideo({ type: 'vlog' });
    await s.addVideo({ type: 'vlog', status: 'ready_to_post', paymentAmount: '0.20' });
    await s.addVideo({ type: 'vlog', status: 'review', finishDate: null }); // not completed
    expect((await get('/api/admin/revenue/summary')).outstanding).toEqual({
      amount: '0.30',
      videos: 2,
    });

    await s.call('king', 'PATCH', '/api/admin/payment', { videoIds: [a.id] });
    const summary = await get('/api/admin/revenue/summary');
    expect(summary).toEqual({
      month: monthOf(new Date()),
      totalRevenue: '0.10',
      totalVideos: 1,
      averagePerVideo: '0.10',
      outstanding: { amount: '0.20', videos: 1 },
    });
  });

  it('refuses a month that is not YYYY-MM', async () => {
    for (const month of ['2022-13', '2022-1', 'May', '2022-00', '']) {
      const res = await s.call('king', 'GET', `/api/admin/revenue/summary?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().message).toBe('Month must be in the form YYYY-MM');
    }
  });
});

describe('GET /api/admin/revenue/trends', () => {
  it('gives every month of the range, months without payments as zero', async () => {
    expect(await get('/api/admin/revenue/trends?start=2021-12&end=2022-04')).toEqual([
      { month: '2021-12', totalRevenue: '0.00', totalVideos: 0 },
      { month: '2022-01', totalRevenue: '0.30', totalVideos: 2 },
      { month: '2022-02', totalRevenue: '5.00', totalVideos: 1 },
      { month: '2022-03', totalRevenue: '0.31', totalVideos: 3 },
      { month: '2022-04', totalRevenue: '0.00', totalVideos: 0 },
    ]);
    expect(await get('/api/admin/revenue/trends?start=2022-06&end=2022-06')).toEqual([
      { month: '2022-06', totalRevenue: '199999999.98', totalVideos: 2 },
    ]);
  });

  it('defaults to the current month and the five before it', async () => {
    const current = monthOf(new Date());
    const trends = await get('/api/admin/revenue/trends');
    expect(trends.map((t: { month: string }) => t.month)).toEqual(
      [-5, -4, -3, -2, -1, 0].map((n) => addMonths(current, n)),
    );
    expect(trends.at(-1)).toMatchObject({ totalRevenue: '0.10', totalVideos: 1 });
  });

  it.each([
    ['start=2021-11', ['2021-11', '2021-12', '2022-01', '2022-02', '2022-03', '2022-04']],
    ['end=2022-02', ['2021-09', '2021-10', '2021-11', '2021-12', '2022-01', '2022-02']],
  ])('answers six months from a given start, or up to a given end (%s)', async (query, months) => {
    const trends = await get(`/api/admin/revenue/trends?${query}`);
    expect(trends.map((t: { month: string }) => t.month)).toEqual(months);
  });

  it('refuses a reversed or too long range', async () => {
    const reversed = await s.call(
      'king',
      'GET',
      '/api/admin/revenue/trends?start=2022-05&end=2022-01',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The start month must not be after the end month');
    const long = await s.call('king', 'GET', '/api/admin/revenue/trends?start=2000-01&end=2022-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Trends cover at most 120 months');
    const bad = await s.call('king', 'GET', '/api/admin/revenue/trends?start=2022/01');
    expect(bad.json().message).toBe('Month must be in the form YYYY-MM');
  });
});
