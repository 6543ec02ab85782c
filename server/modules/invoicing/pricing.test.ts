import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingPlan } from '@domain/invoicing';
import { createScene, expectBadAmountsRefused, type Scene } from './test-fixtures';

let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => {
  await s.t.close();
});

const MISSING = '0c3c3a6e-5d8e-4f5e-8a4b-9f3f3f3f3f3f';
const plans = async () =>
  (await s.call('king', 'GET', '/api/admin/pricing-plans')).json() as PricingPlan[];
const createPlan = async (body: object) => {
  const res = await s.call('king', 'POST', '/api/admin/pricing-plans', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PricingPlan;
};

describe('default prices', () => {
  it('sets a type default price as a two-decimal string', async () => {
    const id = await s.typeId('vlog');
    const res = await s.call('king', 'PATCH', `/api/admin/video-types/${id}/price`, {
      defaultPrice: '19.5',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, name: 'vlog', displayName: 'Vlog', defaultPrice: '19.50' });
    const types = (await s.call('admin', 'GET', '/api/video-types')).json();
    expect(types.find((t: { id: string }) => t.id === id).defaultPrice).toBe('19.50');
  });

  it("validates with 'Default price must be a valid non-negative number' and the limit", async () => {
    const url = `/api/admin/video-types/${await s.typeId('vlog')}/price`;
    await expectBadAmountsRefused(s, url, 'defaultPrice', 'Default price');
    const max = await s.call('king', 'PATCH', url, { defaultPrice: 99999999.99 });
    expect(max.json().defaultPrice).toBe('99999999.99');
    const unknown = await s.call('king', 'PATCH', `/api/admin/video-types/${MISSING}/price`, {
      defaultPrice: '1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Video type not found');
  });
});

describe('client prices', () => {
  it('sets, replaces, lists and removes a custom price', async () => {
    const typeId = await s.typeId('funny');
    await s.call('king', 'PATCH', `/api/admin/video-types/${typeId}/price`, { defaultPrice: '10' });
    const url = `/api/admin/client-pricing/${s.id.client}/${typeId}`;

    const set = await s.call('king', 'PATCH', url, { price: '12' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      clientId: s.id.client,
      videoTypeId: typeId,
      videoTypeName: 'funny',
      price: '12.00',
    });
    expect((await s.call('admin', 'PATCH', url, { price: 0 })).json().price).toBe('0.00');

    const list = (await s.call('king', 'GET', '/api/admin/client-pricing')).json();
    expect(list.map((c: { username: string }) => c.username)).toEqual(['client2', 'client']);
    expect(list.find((c: { id: string }) => c.id === s.id.client)).toEqual({
      id: s.id.client,
      username: 'client',
      name: 'Zed Client',
      customPricing: [{ videoTypeId: typeId, videoTypeName: 'funny', price: '0.00' }],
      pricingPlan: null,
    });

    const detail = (await s.call('king', 'GET', `/api/admin/client-pricing/${s.id.client}`)).json();
    expect(detail.client).toEqual({ id: s.id.client, username: 'client', name: 'Zed Client' });
    expect(detail.videoTypes.find((t: { id: string }) => t.id === typeId)).toEqual({
      id: typeId,
      name: 'funny',
      displayName: 'Funny',
      defaultPrice: '10.00',
      customPrice: '0.00',
      hasCustomPricing: true,
      effectivePrice: '0.00',
      priceSource: 'custom',
    });

    const removed = await s.call('king', 'DELETE', url);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Custom price removed');
    const again = await s.call('king', 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This client has no custom price for this video type');
    const after = (await s.call('king', 'GET', `/api/admin/client-pricing/${s.id.client}`)).json();
    expect(after.videoTypes.find((t: { id: string }) => t.id === typeId)).toMatchObject({
      customPrice: null,
      hasCustomPricing: false,
      effectivePrice: '10.00',
      priceSource: 'default',
    });
  });

  it("validates with 'Custom price must be a valid non-negative number'", async () => {
    const url = `/api/admin/client-pricing/${s.id.client}/${await s.typeId('funny')}`;
    for (const price of ['-5', 'free', '', null]) {
      const res = await s.call('king', 'PATCH', url, { price });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Custom price must be a valid non-negative number');
    }
    const big = await s.call('king', 'PATCH', url, { price: '123456789' });
    expect(big.json().message).toBe('Custom price must be at most 99,999,999.99');
  });

  it('only prices clients, and known types', async () => {
    const typeId = await s.typeId('funny');
    for (const who of [s.id.editor, s.id.king, MISSING]) {
      const res = await s.call('king', 'PATCH', `/api/admin/client-pricing/${who}/${typeId}`, {
        price: '1',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Client not found');
      expect((await s.call('king', 'GET', `/api/admin/client-pricing/${who}`)).statusCode).toBe(
        404,
      );
    }
    const noType = await s.call(
      'king',
      'PATCH',
      `/api/admin/client-pricing/${s.id.client}/${MISSING}`,
      {
        price: '1',
      },
    );
    expect(noType.statusCode).toBe(404);
    expect(noType.json().message).toBe('Video type not found');
  });
});

describe('pricing plans', () => {
  it('creates, lists, edits and deletes plans; names are unique', async () => {
    const plan = await createPlan({ name: 'weekly', displayName: 'Weekly', description: 'Volume' });
    expect(plan).toMatchObject({
      name: 'weekly',
      displayName: 'Weekly',
      description: 'Volume',
      isActive: true,
      isDefault: false,
      clientCount: 0,
      rules: [],
    });
    const defaulted = await createPlan({ name: 'plain' });
    expect(defaulted.displayName).toBe('plain');

    const dupe = await s.call('king', 'POST', '/api/admin/pricing-plans', { name: 'weekly' });
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json().message).toBe('A pricing plan with this name already exists');
    const rename = await s.call('king', 'PATCH', `/api/admin/pricing-plans/${defaulted.id}`, {
      name: 'weekly',
    });
    expect(rename.statusCode).toBe(409);

    const edited = await s.call('king', 'PATCH', `/api/admin/pricing-plans/${plan.id}`, {
      displayName: 'Weekly volume',
      isActive: false,
    });
    expect(edited.json()).toMatchObject({ displayName: 'Weekly volume', isActive: false });

    const empty = await s.call('king', 'POST', '/api/admin/pricing-plans', { name: '  ' });
    expect(empty.json().message).toBe('Plan name is required');
    const nothing = await s.call('king', 'PATCH', `/api/admin/pricing-plans/${plan.id}`, {});
    expect(nothing.json().message).toBe('At least one field must be updated');

    expect(
      (await s.call('king', 'DELETE', `/api/admin/pricing-plans/${defaulted.id}`)).statusCode,
    ).toBe(200);
    const gone = await s.call('king', 'DELETE', `/api/admin/pricing-plans/${defaulted.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Pricing plan not found');
    expect((await plans()).map((p) => p.name)).not.toContain('plain');
  });

  it('keeps at most one default plan: making one the default clears the other', async () => {
    const a = await createPlan({ name: 'default-a', isDefault: true });
    const b = await createPlan({ name: 'default-b', isDefault: true });
    const defaults = async () => (await plans()).filter((p) => p.isDefault).map((p) => p.id);
    expect(await defaults()).toEqual([b.id]);
    await s.call('king', 'PATCH', `/api/admin/pricing-plans/${a.id}`, { isDefault: true });
    expect(await defaults()).toEqual([a.id]);
    await s.call('king', 'PATCH', `/api/admin/pricing-plans/${a.id}`, { isDefault: false });
    expect(await defaults()).toEqual([]);

    // Racing calls each succeed and leave exactly one default.
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createPlan({ name: `race-${i}` })),
    );
    const results = await Promise.all(
      many.map((p) =>
        s.call('king', 'PATCH', `/api/admin/pricing-plans/${p.id}`, { isDefault: true }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await defaults()).toHaveLength(1);
  });

  it('adds, edits and removes rules with checked durations and prices', async () => {
    const plan = await createPlan({ name: 'by-length' });
    const typeId = await s.typeId('consultation');
    const rules = `/api/admin/pricing-plans/${plan.id}/rules`;

    const created = await s.call('king', 'POST', rules, { videoTypeId: typeId, price: '15' });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toEqual({
      id: rule.id,
      planId: plan.id,
      videoTypeId: typeId,
      videoTypeName: 'consultation',
      minDurationSeconds: 0,
      maxDurationSeconds: null,
      price: '15.00',
    });

    const cases: [object, string][] = [
      [
        { videoTypeId: typeId, price: '1', minDurationSeconds: 60, maxDurationSeconds: 30 },
        'Maximum duration must be at least the minimum duration',
      ],
      [
        { videoTypeId: typeId, price: '1', minDurationSeconds: -1 },
        'Duration must be a whole number of seconds, zero or more',
      ],
      [
        { videoTypeId: typeId, price: '1', maxDurationSeconds: 1.5 },
        'Duration must be a whole number of seconds, zero or more',
      ],
      [{ videoTypeId: typeId, price: '-1' }, 'Price must be a valid non-negative number'],
      [{ videoTypeId: typeId, price: '1000000000' }, 'Price must be at most 99,999,999.99'],
      [{ price: '1' }, 'Video type not found'],
    ];
    for (const [body, message] of cases) {
      const res = await s.call('king', 'POST', rules, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const noType = await s.call('king', 'POST', rules, { videoTypeId: MISSING, price: '1' });
    expect(noType.statusCode).toBe(404);
    const noPlan = await s.call('king', 'POST', `/api/admin/pricing-plans/${MISSING}/rules`, {
      videoTypeId: typeId,
      price: '1',
    });
    expect(noPlan.statusCode).toBe(404);

    const ruleUrl = `${rules}/${rule.id}`;
    const edited = await s.call('king', 'PATCH', ruleUrl, {
      minDurationSeconds: 60,
      maxDurationSeconds: 120,
      price: '17.5',
    });
    expect(edited.json()).toMatchObject({
      minDurationSeconds: 60,
      maxDurationSeconds: 120,
      price: '17.50',
    });
    // The range is checked against the stored values too.
    const inverted = await s.call('king', 'PATCH', ruleUrl, { maxDurationSeconds: 30 });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toBe('Maximum duration must be at least the minimum duration');
    const open = await s.call('king', 'PATCH', ruleUrl, { maxDurationSeconds: null });
    expect(open.json().maxDurationSeconds).toBeNull();

    expect((await plans()).find((p) => p.id === plan.id)!.rules).toHaveLength(1);
    expect((await s.call('king', 'DELETE', ruleUrl)).statusCode).toBe(200);
    const gone = await s.call('king', 'DELETE', ruleUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Pricing rule not found');
    expect((await s.call('king', 'PATCH', ruleUrl, { price: '1' })).statusCode).toBe(404);
  });

  it('gives a client one active plan at a time', async () => {
    const first = await createPlan({ name: 'first' });
    const second = await createPlan({ name: 'second' });
    const url = `/api/admin/clients/${s.id.client2}/pricing-plan`;
    const count = async (id: string) => (await plans()).find((p) => p.id === id)!.clientCount;

    const assigned = await s.call('king', 'PUT', url, { planId: first.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toEqual({
      clientId: s.id.client2,
      pricingPlan: { id: first.id, name: 'first', displayName: 'first' },
    });
    await s.call('king', 'PUT', url, { planId: second.id });
    await s.call('king', 'PUT', url, { planId: first.id });
    expect([await count(first.id), await count(second.id)]).toEqual([1, 0]);
    const listed = (await s.call('king', 'GET', '/api/admin/client-pricing')).json();
    expect(listed.find((c: { id: string }) => c.id === s.id.client2).pricingPlan.id).toBe(first.id);

    // Racing assignments leave exactly one active plan.
    const raced = await Promise.all(
      [first, second, first, second].map((p) => s.call('king', 'PUT', url, { planId: p.id })),
    );
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await count(first.id)) + (await count(second.id))).toBe(1);

    const cleared = await s.call('king', 'PUT', url, { planId: null });
    expect(cleared.json().pricingPlan).toBeNull();
    expect([await count(first.id), await count(second.id)]).toEqual([0, 0]);

    await s.call('king', 'PATCH', `/api/admin/pricing-plans/${second.id}`, { isActive: false });
    const inactive = await s.call('king', 'PUT', url, { planId: second.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('Only an active pricing plan can be assigned to a client');
    const unknown = await s.call('king', 'PUT', url, { planId: MISSING });
    expect(unknown.statusCode).toBe(404);
    const notClient = await s.call(
      'king',
      'PUT',
      `/api/admin/clients/${s.id.editor}/pricing-plan`,
      {
        planId: first.id,
      },
    );
    expect(notClient.statusCode).toBe(404);
    const badBody = await s.call('king', 'PUT', url, {});
    expect(badBody.json().message).toBe('Pricing plan not found');
  });
});
