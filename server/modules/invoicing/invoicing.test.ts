import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicingRow } from '@domain/invoicing';
import { pricingPlans, videos, videoTypes } from '../../db/schema';
import {
  createScene,
  expectBadAmountsRefused,
  monthsAgo,
  type Person,
  type Scene,
} from './test-fixtures';

let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => {
  await s.t.close();
});

const rows = async (query = '') => {
  const res = await s.call('king', 'GET', `/api/admin/invoicing${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoicingRow[];
};
const row = async (id: string, query = '?dateFilter=all') => {
  const found = (await rows(query)).find((r) => r.id === id);
  if (!found) throw new Error(`row ${id} not listed`);
  return found;
};
const setDefaultPrice: Scene['setDefaultPrice'] = (...args) => s.setDefaultPrice(...args);

describe('who may call the invoicing, pricing and revenue routes', () => {
  const FORBIDDEN: Person[] = ['lead', 'editor', 'client'];

  /** Each /api/admin route of this module with a request a permitted caller may make. */
  async function adminCalls() {
    const video = await s.addVideo();
    const typeId = await s.typeId('vlog');
    const [plan] = await s.t.db
      .insert(pricingPlans)
      .values({ name: `perm-${Math.random()}`, displayName: 'Perm' })
      .returning();
    const rule = (
      await s.call('king', 'POST', `/api/admin/pricing-plans/${plan!.id}/rules`, {
        videoTypeId: typeId,
        price: '1.00',
      })
    ).json();
    const c = s.id.client;
    return [
      ['GET', '/api/admin/invoicing'],
      ['GET', '/api/admin/revenue/summary'],
      ['GET', '/api/admin/revenue/trends'],
      ['GET', '/api/admin/client-pricing'],
      ['GET', `/api/admin/client-pricing/${c}`],
      ['PATCH', '/api/admin/payment', { videoIds: [video.id] }],
      ['PATCH', '/api/admin/payment/reverse', { videoIds: [video.id] }],
      ['PATCH', `/api/admin/videos/${video.id}/payment-amount`, { paymentAmount: '1.00' }],
      ['PATCH', `/api/admin/video-types/${typeId}/price`, { defaultPrice: '1.00' }],
      ['PATCH', `/api/admin/client-pricing/${c}/${typeId}`, { price: '2.00' }],
      ['DELETE', `/api/admin/client-pricing/${c}/${typeId}`],
      ['GET', '/api/admin/pricing-plans'],
      ['POST', '/api/admin/pricing-plans', { name: `new-${Math.random()}` }],
      ['PATCH', `/api/admin/pricing-plans/${plan!.id}`, { description: 'x' }],
      ['POST', `/api/admin/pricing-plans/${plan!.id}/rules`, { videoTypeId: typeId, price: 1 }],
      ['PATCH', `/api/admin/pricing-plans/${plan!.id}/rules/${rule.id}`, { price: '3' }],
      ['PUT', `/api/admin/clients/${c}/pricing-plan`, { planId: null }],
      ['DELETE', `/api/admin/pricing-plans/${plan!.id}/rules/${rule.id}`],
      ['DELETE', `/api/admin/pricing-plans/${plan!.id}`],
      ['GET', '/api/admin/invoicing.csv?dateFilter=all'],
      ['GET', `/api/admin/invoices/${c}`],
      ['GET', '/api/admin/revenue/breakdown'],
      ['GET', '/api/admin/revenue/unpaid-aging'],
    ] as const;
  }

  it('lets the king and an admin call every route', async () => {
    for (const who of ['king', 'admin'] as const) {
      for (const [method, url, payload] of await adminCalls()) {
        const res = await s.call(who, method, url, payload);
        expect([200, 201], `${who} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });

  it('refuses lead editors, editors and clients with 403 and a message, before reading input', async () => {
    for (const [method, url, payload] of await adminCalls()) {
      for (const who of FORBIDDEN) {
        const res = await s.call(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(
          'Only the king or an admin can manage invoicing, pricing and payments',
        );
      }
      expect((await s.call('anonymous', method, url, payload)).statusCode).toBe(401);
    }
    // Even malformed input is a 403, not a validation error, for those who may not call.
    const bad = await s.call('client', 'PATCH', '/api/admin/payment', { videoIds: 'x' });
    expect(bad.statusCode).toBe(403);
  });

  it('left nothing changed by the refused calls', async () => {
    const video = await s.addVideo({ paymentAmount: '0.00' });
    for (const who of FORBIDDEN) {
      await s.call(who, 'PATCH', '/api/admin/payment', { videoIds: [video.id] });
      await s.call(who, 'PATCH', `/api/admin/videos/${video.id}/payment-amount`, {
        paymentAmount: '9.99',
      });
    }
    const [after] = await s.t.db.select().from(videos).where(eq(videos.id, video.id));
    expect(after).toMatchObject({
      paymentStatus: 'unpaid',
      paymentAmount: '0.00',
      lockedPrice: null,
    });
  });

  it('gives every signed-in user the active video types, prices only to the king and admins', async () => {
    await s.t.db
      .insert(videoTypes)
      .values({ name: 'retired-type', displayName: 'Retired', isActive: 'false' });
    for (const who of ['king', 'admin', 'lead', 'editor', 'client'] as const) {
      const res = await s.call(who, 'GET', '/api/video-types');
      expect(res.statusCode).toBe(200);
      const types = res.json() as { name: string; displayName: string; defaultPrice?: string }[];
      expect(types.map((t) => t.name)).toContain('consultation');
      expect(types.map((t) => t.name)).not.toContain('retired-type');
      expect(types.find((t) => t.name === 'before-after')?.displayName).toBe('Before & After');
      for (const t of types) {
        expect('defaultPrice' in t, who).toBe(who === 'king' || who === 'admin');
      }
    }
    expect((await s.call('anonymous', 'GET', '/api/video-types')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/invoicing', () => {
  it('lists completed videos only, with the row fields of docs/product.md#data', async () => {
    await setDefaultPrice('talking-head', '40.00');
    const done = await s.addVideo({
      type: 'talking-head',
      status: 'ready_to_post',
      assignedEditorId: s.id.editor,
      duration: 30,
    });
    const draft = await s.addVideo({ type: 'talking-head', status: 'review', finishDate: null });
    const list = await rows();
    expect(list.map((r) => r.id)).toContain(done.id);
    expect(list.map((r) => r.id)).not.toContain(draft.id);
    expect(list.every((r) => r.status === 'ready_to_post' || r.status === 'posted')).toBe(true);
    expect(await row(done.id)).toEqual({
      id: done.id,
      name: done.name,
      type: 'talking-head',
      link: done.link,
      status: 'ready_to_post',
      clientId: s.id.client,
      clientName: 'Zed Client',
      assignedEditorId: s.id.editor,
      editorName: 'Eve Editor',
      startDate: done.startDate!.toISOString(),
      finishDate: done.finishDate!.toISOString(),
      duration: 30,
      paymentAmount: '40.00',
      paymentStatus: 'unpaid',
      paidDate: null,
      lockedPrice: null,
      typedAmount: null,
      effectivePrice: '40.00',
      amountSource: 'price',
      retainer: null,
      publishedUrl: null,
      publishedAt: null,
      rounds: 0,
      includedRounds: 2,
      extraRounds: [],
      extraRoundsOwed: '0.00',
      extraRoundsTotal: '0.00',
    });
  });

  it('filters by finish date: the current month by default, all, or a custom range', async () => {
    const thisMonth = await s.addVideo({ finishDate: new Date() });
    const lastMonth = await s.addVideo({ finishDate: monthsAgo(1) });
    const old = await s.addVideo({ finishDate: new Date('2024-03-15T23:30:00Z') });
    const ids = async (q: string) => (await rows(q)).map((r) => r.id);

    expect(await ids('')).toContain(thisMonth.id);
    expect(await ids('')).not.toContain(lastMonth.id);
    expect(await ids('?dateFilter=current')).not.toContain(old.id);
    expect(await ids('?dateFilter=all')).toEqual(
      expect.arrayContaining([thisMonth.id, lastMonth.id, old.id]),
    );
    // Both ends are whole days, included.
    expect(await ids('?dateFilter=custom&from=2024-03-15&to=2024-03-15')).toEqual([old.id]);
    expect(await ids('?dateFilter=custom&from=2024-03-16')).not.toContain(old.id);
    expect(await ids('?dateFilter=custom&to=2024-03-14')).not.toContain(old.id);
    expect(await ids('?dateFilter=custom&to=2024-03-31')).toEqual([old.id]);
  });

  it('filters by client, editor, type and payment status', async () => {
    const a = await s.addVideo({
      userId: s.id.client2,
      type: 'funny',
      assignedEditorId: s.id.admin,
    });
    const b = await s.addVideo({ userId: s.id.client2, type: 'vlog' });
    await s.call('king', 'PATCH', '/api/admin/payment', { videoIds: [b.id] });
    const ids = async (q: string) => (await rows(`?dateFilter=all&${q}`)).map((r) => r.id).sort();

    expect(await ids(`clientId=${s.id.client2}`)).toEqual([a.id, b.id].sort());
    expect(await ids(`editorId=${s.id.admin}`)).toEqual([a.id]);
    expect(await ids(`clientId=${s.id.client2}&type=vlog`)).toEqual([b.id]);
    expect(await ids(`clientId=${s.id.client2}&paymentStatus=paid`)).toEqual([b.id]);
    expect(await ids(`clientId=${s.id.client2}&paymentStatus=unpaid`)).toEqual([a.id]);
    expect(await ids(`clientId=${s.id.client2}&status=ready_to_post`)).toEqual([]);
  });

  it('sorts by client name (default, case-insensitive), editor, type, amount and finish date', async () => {
    await setDefaultPrice('before-after', '5.00');
    await setDefaultPrice('personal-story', '12.00');
    const day = (d: number) => new Date(`2023-06-${String(d).padStart(2, '0')}T10:00:00Z`);
    const range = '?dateFilter=custom&from=2023-06-01&to=2023-06-30';
    const zed1 = await s.addVideo({
      type: 'personal-story',
      finishDate: day(3),
      assignedEditorId: s.id.editor,
    });
    const amy = await s.addVideo({
      userId: s.id.client2,
      type: 'before-after',
      finishDate: day(1),
      assignedEditorId: s.id.admin,
    });
    const zed2 = await s.addVideo({
      type: 'before-after',
      finishDate: day(2),
      paymentAmount: '100.00',
    });
    const order = async (q: string) => (await rows(`${range}${q}`)).map((r) => r.id);

    // 'amy client' before 'Zed Client'; the same client's rows newest first.
    expect(await order('')).toEqual([amy.id, zed1.id, zed2.id]);
    expect(await order('&sortBy=clientName&sortOrder=desc')).toEqual([zed1.id, zed2.id, amy.id]);
    // 'Ada Admin' before 'Eve Editor'; no editor last in both directions.
    expect(await order('&sortBy=editorName')).toEqual([amy.id, zed1.id, zed2.id]);
    expect(await order('&sortBy=editorName&sortOrder=desc')).toEqual([zed1.id, amy.id, zed2.id]);
    expect(await order('&sortBy=type')).toEqual([amy.id, zed2.id, zed1.id]);
    // Amounts compared as numbers: 5.00 < 12.00 < 100.00 (typed).
    expect(await order('&sortBy=amount')).toEqual([amy.id, zed1.id, zed2.id]);
    expect(await order('&sortBy=amount&sortOrder=desc')).toEqual([zed2.id, zed1.id, amy.id]);
    expect(await order('&sortBy=finishDate')).toEqual([amy.id, zed2.id, zed1.id]);
    expect(await order('&sortBy=finishDate&sortOrder=desc')).toEqual([zed1.id, zed2.id, amy.id]);

    const page = await s.call('king', 'GET', `/api/admin/invoicing${range}&limit=2&offset=1`);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((r: InvoicingRow) => r.id)).toEqual([zed1.id, zed2.id]);
  });

  it('refuses bad queries with a 400 and a clear message', async () => {
    const cases: [string, string][] = [
      ['?sortBy=price', 'Sort must be one of clientName, editorName, type, amount, finishDate'],
      ['?sortOrder=up', 'Sort order must be asc or desc'],
      ['?dateFilter=yesterday', 'Date filter must be one of current, all, custom'],
      ['?dateFilter=custom', 'Choose a start or an end date for the custom range'],
      ['?dateFilter=custom&from=2024-02-30', 'Please enter a valid date (YYYY-MM-DD)'],
      [
        '?dateFilter=custom&from=2024-03-02&to=2024-03-01',
        'The start date must not be after the end date',
      ],
      ['?paymentStatus=overdue', 'Payment status must be paid or unpaid'],
      ['?clientId=nobody', 'Client not found'],
      ['?limit=0', 'Limit must be a whole number from 1 to 5000'],
    ];
    for (const [query, message] of cases) {
      const res = await s.call('king', 'GET', `/api/admin/invoicing${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});

describe('conditional reads of the invoicing list (issue 39, item 4)', () => {
  /**
   * A page whose rows stay the same while the total grows: its ETag must name the total too (a
   * header that is part of the answer), and every answer, a 304 as well, carries the total.
   */
  it('answers a reader holding an old total with the new one, never a 304 for the old', async () => {
    const first = await s.addVideo({ finishDate: new Date('2001-01-01T00:00:00Z') });
    const url = '/api/admin/invoicing?dateFilter=all&sortBy=finishDate&limit=1';
    const read = (tag?: string) =>
      s.t.app.inject({
        url,
        headers: { cookie: s.cookie.king, ...(tag ? { 'if-none-match': tag } : {}) },
      });
    const before = await read();
    expect(before.statusCode).toBe(200);
    expect(before.json().map((r: InvoicingRow) => r.id)).toEqual([first.id]);
    const total = Number(before.headers['x-total-count']);
    const held = before.headers.etag as string;
    // Held and unchanged: 304, with the total it holds.
    const same = await read(held);
    expect(same.statusCode).toBe(304);
    expect(same.headers['x-total-count']).toBe(String(total));

    // A row on a later page: the first page's rows are the same, its total is not.
    await s.addVideo();
    const after = await read(held);
    expect(after.headers['x-total-count']).toBe(String(total + 1));
    expect(after.statusCode).toBe(200);
    expect(after.json().map((r: InvoicingRow) => r.id)).toEqual([first.id]);
    expect(after.headers.etag).not.toBe(held);
    // The new tag is confirmed, from the kept answer and from the kept tag, with the new total.
    const again = await read(after.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-total-count']).toBe(String(total + 1));
    s.t.app.readCache.clear();
    const byTag = await read(after.headers.etag as string);
    expect(byTag.statusCode).toBe(304);
    expect(byTag.headers['x-total-count']).toBe(String(total + 1));
  });
});

describe('the amount a video owes (docs/rules.md#rules-the-product-leaves-open)', () => {
  it('is the type default, then the default plan, the client plan, then the custom price', async () => {
    const type = 'action-reel';
    const typeId = await s.typeId(type);
    const short = await s.addVideo({ type, duration: 30 });
    const long = await s.addVideo({ type, duration: 600 });
    const noDuration = await s.addVideo({ type, duration: null });
    const other = await s.addVideo({ userId: s.id.client2, type, duration: 30 });
    const owed = async () =>
      Promise.all(
        [short, long, noDuration, other].map(async (v) => (await row(v.id)).paymentAmount),
      );

    await setDefaultPrice(type, '50.00');
    expect(await owed()).toEqual(['50.00', '50.00', '50.00', '50.00']);

    // The default plan prices short videos only; longer ones keep the default price.
    const defaultPlan = (
      await s.call('king', 'POST', '/api/admin/pricing-plans', {
        name: 'standard',
        isDefault: true,
      })
    ).json();
    await s.call('king', 'POST', `/api/admin/pricing-plans/${defaultPlan.id}/rules`, {
      videoTypeId: typeId,
      maxDurationSeconds: 60,
      price: '20.00',
    });
    expect(await owed()).toEqual(['20.00', '50.00', '20.00', '20.00']);

    // The client's plan, chosen by duration: the narrowest matching rule wins.
    const plan = (
      await s.call('king', 'POST', '/api/admin/pricing-plans', { name: 'long-form' })
    ).json();
    const rules = `/api/admin/pricing-plans/${plan.id}/rules`;
    await s.call('king', 'POST', rules, { videoTypeId: typeId, price: '70.00' });
    await s.call('king', 'POST', rules, {
      videoTypeId: typeId,
      minDurationSeconds: 300,
      maxDurationSeconds: 900,
      price: '90.00',
    });
    await s.call('king', 'PUT', `/api/admin/clients/${s.id.client}/pricing-plan`, {
      planId: plan.id,
    });
    expect(await owed()).toEqual(['70.00', '90.00', '70.00', '20.00']);

    // An inactive plan does not price anything.
    await s.call('king', 'PATCH', `/api/admin/pricing-plans/${plan.id}`, { isActive: false });
    expect(await owed()).toEqual(['20.00', '50.00', '20.00', '20.00']);
    await s.call('king', 'PATCH', `/api/admin/pricing-plans/${plan.id}`, { isActive: true });

    // The client's custom price beats every plan.
    await s.call('king', 'PATCH', `/api/admin/client-pricing/${s.id.client}/${typeId}`, {
      price: '33.30',
    });
    expect(await owed()).toEqual(['33.30', '33.30', '33.30', '20.00']);
    const detail = (await s.call('king', 'GET', `/api/admin/client-pricing/${s.id.client}`)).json();
    expect(detail.videoTypes.find((t: { id: string }) => t.id === typeId)).toMatchObject({
      defaultPrice: '50.00',
      customPrice: '33.30',
      hasCustomPricing: true,
      effectivePrice: '33.30',
      priceSource: 'custom',
    });
    const detail2 = (
      await s.call('king', 'GET', `/api/admin/client-pricing/${s.id.client2}`)
    ).json();
    expect(detail2.videoTypes.find((t: { id: string }) => t.id === typeId)).toMatchObject({
      customPrice: null,
      hasCustomPricing: false,
      effectivePrice: '20.00',
      priceSource: 'default_plan',
    });

    // Removing the custom price returns to the plan; removing the plan to the default plan.
    await s.call('king', 'DELETE', `/api/admin/client-pricing/${s.id.client}/${typeId}`);
    expect(await owed()).toEqual(['70.00', '90.00', '70.00', '20.00']);
    await s.call('king', 'PUT', `/api/admin/clients/${s.id.client}/pricing-plan`, { planId: null });
    expect(await owed()).toEqual(['20.00', '50.00', '20.00', '20.00']);
    await s.call('king', 'DELETE', `/api/admin/pricing-plans/${defaultPlan.id}`);
    await s.call('king', 'DELETE', `/api/admin/pricing-plans/${plan.id}`);
    expect(await owed()).toEqual(['50.00', '50.00', '50.00', '50.00']);
  });

  it('is the amount the king typed when more than zero; typing 0 returns to the price', async () => {
    await setDefaultPrice('voice-over', '15.00');
    const v = await s.addVideo({ type: 'voice-over' });
    const url = `/api/admin/videos/${v.id}/payment-amount`;

    const typed = await s.call('king', 'PATCH', url, { paymentAmount: '22.5' });
    expect(typed.statusCode).toBe(200);
    expect(typed.json()).toMatchObject({
      id: v.id,
      paymentAmount: '22.50',
      typedAmount: '22.50',
      effectivePrice: '15.00',
      amountSource: 'typed',
    });
    expect((await row(v.id)).paymentAmount).toBe('22.50');

    const cleared = await s.call('admin', 'PATCH', url, { paymentAmount: 0 });
    expect(cleared.json()).toMatchObject({
      paymentAmount: '15.00',
      typedAmount: null,
      amountSource: 'price',
    });
  });

  it('refuses to change a locked (paid) amount, with a message', async () => {
    await setDefaultPrice('consultation', '25.00');
    const v = await s.addVideo({ type: 'consultation' });
    await s.call('king', 'PATCH', '/api/admin/payment', { videoIds: [v.id] });
    const res = await s.call('king', 'PATCH', `/api/admin/videos/${v.id}/payment-amount`, {
      paymentAmount: '1.00',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This video is paid and its amount is locked at $25.00. Mark it unpaid before changing the amount.',
    );
    const [after] = await s.t.db.select().from(videos).where(eq(videos.id, v.id));
    expect(after).toMatchObject({
      paymentAmount: '0.00',
      lockedPrice: '25.00',
      paymentStatus: 'paid',
    });
  });

  it('validates the typed amount with the messages of docs/product.md#validation-and-messages', async () => {
    const v = await s.addVideo();
    const url = `/api/admin/videos/${v.id}/payment-amount`;
    await expectBadAmountsRefused(s, url, 'paymentAmount', 'Payment amount');
    const missing = await s.call('king', 'PATCH', url, {});
    expect(missing.json().message).toBe('Payment amount must be a valid non-negative number');
    const max = await s.call('king', 'PATCH', url, { paymentAmount: '99999999.99' });
    expect(max.statusCode).toBe(200);
    expect(max.json().paymentAmount).toBe('99999999.99');

    const unknown = await s.call(
      'king',
      'PATCH',
      '/api/admin/videos/6f1c1f55-7a51-4a4e-9d0e-000000000000/payment-amount',
      {
        paymentAmount: '1',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Video not found');
    const badId = await s.call('king', 'PATCH', '/api/admin/videos/42/payment-amount', {
      paymentAmount: '1',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Video not found');
  });
});
