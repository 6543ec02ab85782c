import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@domain/audit';
import { parseCsv } from '@domain/csv';
import { IDEMPOTENCY_HEADER } from '@domain/idempotency';
import { monthOfDate } from '@domain/retainers';
import { auditEvents, editorRates, payoutEvents } from '../../db/schema';
import { createScene, type Scene } from '../invoicing/test-fixtures';

/**
 * The audit log (issue 46 part 6, docs/rules.md "Audit log"): every change to people, prices,
 * plans, retainers, payments, payouts, invoices and the agency's details leaves exactly one
 * entry, with who, from where, what, before and after, the secrets masked; a refused change
 * and a replayed answer leave none; nobody changes or deletes an entry, through the API or the
 * database; the king reads, filters and exports it.
 */
let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => {
  await s.t.close();
});

const entries = () => s.t.db.select().from(auditEvents).orderBy(desc(auditEvents.at));
const count = async () =>
  (await s.t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;

type Who = Parameters<Scene['call']>[0];
type Method = Parameters<Scene['call']>[1];

/**
 * Makes the call, expecting `status`, and answers the one entry it left (it must leave exactly
 * one, of `kind` and `action`).
 */
async function audited(
  who: Who,
  method: Method,
  url: string,
  body: object | undefined,
  { kind, action, status = 200 }: { kind: string; action: string; status?: number },
) {
  const before = await count();
  const res = await s.call(who, method, url, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(await count()).toBe(before + 1);
  const [entry] = await entries();
  expect(entry).toMatchObject({ kind, action, actorId: s.id[who as 'king'] });
  return { entry: entry!, answer: res.body ? (res.json() as unknown) : null };
}

describe('people', () => {
  let userId: string;
  it('a create, with who and from where', async () => {
    const { entry } = await audited(
      'king',
      'POST',
      '/api/admin/users',
      { username: 'newbie', name: 'New Bie', password: 'secret-pass-1', role: 'editor' },
      { kind: 'people', action: 'user.create', status: 201 },
    );
    expect(entry.actorName).toBe('The King');
    expect(entry.address).toBe('127.0.0.1');
    expect(entry.subject).toBe('newbie');
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ username: 'newbie', role: 'editor' });
    expect(JSON.stringify(entry)).not.toContain('secret-pass-1');
    userId = (entry.after as { id: string }).id;
  });

  it('a role change and the admin flag, before and after', async () => {
    const { entry } = await audited(
      'king',
      'PATCH',
      `/api/admin/users/${userId}`,
      { name: 'New Bie', role: 'lead_editor', isAdmin: 'true' },
      { kind: 'people', action: 'user.edit' },
    );
    expect(entry.before).toMatchObject({ role: 'editor', isAdmin: 'false' });
    expect(entry.after).toMatchObject({ role: 'lead_editor', isAdmin: 'true' });
  });

  it('a password reset, without the password', async () => {
    const { entry } = await audited(
      'king',
      'PATCH',
      `/api/admin/users/${userId}/reset-password`,
      { newPassword: 'another-pass-2' },
      { kind: 'people', action: 'user.reset-password' },
    );
    expect(entry.subject).toBe('newbie');
    expect(JSON.stringify(entry)).not.toContain('another-pass-2');
  });

  it('a VIP change', async () => {
    await audited(
      'king',
      'PATCH',
      `/api/admin/users/${s.id.client2}/vip`,
      { isVip: true },
      { kind: 'people', action: 'user.vip' },
    );
  });

  it('a delete; a refused one leaves nothing', async () => {
    const { entry } = await audited('king', 'DELETE', `/api/admin/users/${userId}`, undefined, {
      kind: 'people',
      action: 'user.delete',
    });
    expect(entry.before).toMatchObject({ username: 'newbie' });
    const before = await count();
    expect((await s.call('king', 'DELETE', `/api/admin/users/${userId}`)).statusCode).toBe(404);
    expect((await s.call('editor', 'POST', '/api/admin/users', {})).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('prices and plans', () => {
  it('a default price', async () => {
    const typeId = await s.typeId('vlog');
    const { entry } = await audited(
      'king',
      'PATCH',
      `/api/admin/video-types/${typeId}/price`,
      { defaultPrice: '123.45' },
      { kind: 'prices', action: 'type-price.set' },
    );
    expect(entry.after).toMatchObject({ defaultPrice: '123.45' });
    expect(entry.subject).toBe('Vlog');
  });

  it("a client's price, set and removed", async () => {
    const url = `/api/admin/client-pricing/${s.id.client}/${await s.typeId('funny')}`;
    await audited(
      'king',
      'PATCH',
      url,
      { price: '50.00' },
      {
        kind: 'prices',
        action: 'client-price.set',
      },
    );
    const { entry } = await audited('king', 'DELETE', url, undefined, {
      kind: 'prices',
      action: 'client-price.remove',
    });
    expect(entry.before).toMatchObject({ price: '50.00' });
  });

  it('a plan, its rule and its client', async () => {
    const { answer } = await audited(
      'king',
      'POST',
      '/api/admin/pricing-plans',
      { name: 'gold', displayName: 'Gold' },
      { kind: 'plans', action: 'plan.create', status: 201 },
    );
    const planId = (answer as { id: string }).id;
    await audited(
      'king',
      'PATCH',
      `/api/admin/pricing-plans/${planId}`,
      { description: 'Best' },
      {
        kind: 'plans',
        action: 'plan.edit',
      },
    );
    const rule = await audited(
      'king',
      'POST',
      `/api/admin/pricing-plans/${planId}/rules`,
      { videoTypeId: await s.typeId('vlog'), minDurationSeconds: 0, price: '80.00' },
      { kind: 'plans', action: 'rule.create', status: 201 },
    );
    const ruleId = (rule.answer as { id: string }).id;
    await audited(
      'king',
      'PATCH',
      `/api/admin/pricing-plans/${planId}/rules/${ruleId}`,
      { price: '90.00' },
      { kind: 'plans', action: 'rule.edit' },
    );
    await audited(
      'king',
      'PUT',
      `/api/admin/clients/${s.id.client}/pricing-plan`,
      { planId },
      { kind: 'plans', action: 'client-plan.set' },
    );
    await audited(
      'king',
      'PUT',
      `/api/admin/clients/${s.id.client}/pricing-plan`,
      { planId: null },
      { kind: 'plans', action: 'client-plan.set' },
    );
    await audited(
      'king',
      'DELETE',
      `/api/admin/pricing-plans/${planId}/rules/${ruleId}`,
      undefined,
      { kind: 'plans', action: 'rule.delete' },
    );
    const { entry } = await audited(
      'king',
      'DELETE',
      `/api/admin/pricing-plans/${planId}`,
      undefined,
      { kind: 'plans', action: 'plan.delete' },
    );
    expect(entry.before).toMatchObject({ name: 'gold', description: 'Best' });
  });
});

describe('money', () => {
  it('payments: marked paid, reversed, an amount typed; a replayed answer leaves nothing', async () => {
    const video = await s.addVideo({ paymentAmount: '40.00' });
    const key = { [IDEMPOTENCY_HEADER]: 'audit-pay-1' };
    const before = await count();
    const first = await s.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/payment',
      headers: { cookie: s.cookie.king, ...key },
      payload: { videoIds: [video.id] },
    });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await s.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/payment',
      headers: { cookie: s.cookie.king, ...key },
      payload: { videoIds: [video.id] },
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await count()).toBe(before + 1);
    const [paid] = await entries();
    expect(paid).toMatchObject({ kind: 'payments', action: 'payment.paid', subject: '1 video' });
    expect(paid!.before).toEqual([expect.objectContaining({ paymentStatus: 'unpaid' })]);

    await audited(
      'king',
      'PATCH',
      '/api/admin/payment/reverse',
      { videoIds: [video.id] },
      {
        kind: 'payments',
        action: 'payment.reverse',
      },
    );
    const { entry } = await audited(
      'king',
      'PATCH',
      `/api/admin/videos/${video.id}/payment-amount`,
      { paymentAmount: '45.50' },
      { kind: 'payments', action: 'payment-amount.set' },
    );
    expect(entry.before).toMatchObject({ paymentAmount: '40.00' });
    expect(entry.after).toMatchObject({ paymentAmount: '45.50' });
  });

  it('retainers: set, ended, months closed', async () => {
    const url = `/api/admin/clients/${s.id.client2}/retainer`;
    await audited(
      'king',
      'PUT',
      url,
      { monthlyFee: '1000.00', allowance: 4, startMonth: monthOfDate(new Date()) },
      { kind: 'retainers', action: 'retainer.set' },
    );
    await audited('king', 'DELETE', url, undefined, { kind: 'retainers', action: 'retainer.end' });
    await audited('king', 'POST', '/api/admin/retainers/close', undefined, {
      kind: 'retainers',
      action: 'retainers.close',
    });
  });

  it('payouts: a rate set and removed, a pay-out and its reversal', async () => {
    await audited(
      'king',
      'PUT',
      '/api/admin/editor-rates',
      { videoType: 'vlog', rate: '25.00' },
      { kind: 'payouts', action: 'rate.set' },
    );
    const [rate] = await s.t.db.select().from(editorRates);
    const video = (
      await s.addVideo({
        assignedEditorId: s.id.editor,
        type: 'vlog',
        status: 'review',
        finishDate: null,
      })
    ).id;
    // Completing it locks its payout (docs/rules.md "Payouts").
    expect(
      (await s.call('client', 'PATCH', `/api/videos/${video}/status`, { status: 'ready_to_post' }))
        .statusCode,
    ).toBe(200);
    const month = monthOfDate(new Date());
    await audited('king', 'POST', `/api/admin/payouts/${s.id.editor}/${month}/pay-out`, undefined, {
      kind: 'payouts',
      action: 'payout.pay-out',
    });
    const [paidOut] = await s.t.db.select().from(payoutEvents);
    const { entry } = await audited(
      'king',
      'POST',
      `/api/admin/payout-events/${paidOut!.id}/reverse`,
      undefined,
      { kind: 'payouts', action: 'payout.reverse' },
    );
    expect(entry.before).toMatchObject({ amount: '25.00' });
    await audited('king', 'DELETE', `/api/admin/editor-rates/${rate!.id}`, undefined, {
      kind: 'payouts',
      action: 'rate.remove',
    });
  });

  it("invoices: the agency's and a client's details, an issue, a payment, a send", async () => {
    await audited(
      'king',
      'PUT',
      '/api/admin/agency',
      { name: 'Studio North', email: 'books@studio.example' },
      { kind: 'agency', action: 'agency.set' },
    );
    await audited(
      'king',
      'PUT',
      `/api/admin/clients/${s.id.client}/billing`,
      {
        companyName: 'Zed Industries',
        billingAddress: '9 Dock Rd',
        taxId: '',
        billingEmail: 'zed@client.example',
      },
      { kind: 'invoices', action: 'client-billing.set' },
    );
    await s.addVideo({ paymentAmount: '70.00' });
    const issued = await audited(
      'king',
      'POST',
      '/api/admin/invoices',
      { clientId: s.id.client },
      { kind: 'invoices', action: 'invoice.issue', status: 201 },
    );
    const invoiceId = (issued.answer as { id: string }).id;
    expect(issued.entry.subject).toBeTruthy();
    await audited('king', 'POST', `/api/admin/invoices/${invoiceId}/send`, undefined, {
      kind: 'invoices',
      action: 'invoice.send',
    });
    const { entry } = await audited(
      'king',
      'POST',
      `/api/admin/invoices/${invoiceId}/pay`,
      undefined,
      { kind: 'invoices', action: 'invoice.pay' },
    );
    expect(entry.subject).toBe(issued.entry.subject);
  });
});

describe('integrations', () => {
  it('API tokens: a create (its secret masked) and a revoke', async () => {
    const { entry, answer } = await audited(
      'editor',
      'POST',
      '/api/me/api-tokens',
      { name: 'Sheets sync', expiresInDays: 30 },
      { kind: 'tokens', action: 'token.create', status: 201 },
    );
    const secret = (answer as { token: string; id: string }).token;
    expect(entry.subject).toBe('Sheets sync');
    expect(JSON.stringify(entry)).not.toContain(secret);
    await audited(
      'editor',
      'DELETE',
      `/api/me/api-tokens/${(answer as { id: string }).id}`,
      undefined,
      { kind: 'tokens', action: 'token.revoke' },
    );
  });

  it('the calendar feed: made and turned off, its address never kept', async () => {
    const { entry, answer } = await audited('client', 'POST', '/api/me/calendar-feed', undefined, {
      kind: 'tokens',
      action: 'calendar-feed.reset',
      status: 201,
    });
    expect(JSON.stringify(entry)).not.toContain((answer as { url: string }).url);
    // Reading its state changes nothing, and writes nothing to the log.
    const before = await count();
    expect((await s.call('client', 'GET', '/api/me/calendar-feed')).statusCode).toBe(200);
    expect(await count()).toBe(before);
    await audited('client', 'DELETE', '/api/me/calendar-feed', undefined, {
      kind: 'tokens',
      action: 'calendar-feed.off',
    });
  });

  it('webhooks: an endpoint made (its secret masked), changed and deleted; the setting', async () => {
    await audited(
      'king',
      'PUT',
      '/api/admin/webhooks/settings',
      { allowPrivate: true },
      {
        kind: 'webhooks',
        action: 'webhook.settings',
      },
    );
    const made = await audited(
      'king',
      'POST',
      '/api/admin/webhooks',
      { name: 'Ops', url: 'http://127.0.0.1:9/hook', events: ['video.created'] },
      { kind: 'webhooks', action: 'webhook.create', status: 201 },
    );
    const {
      endpoint: { id },
      secret,
    } = made.answer as { endpoint: { id: string }; secret: string };
    expect(secret).toBeTruthy();
    expect(JSON.stringify(made.entry)).not.toContain(secret);
    const { entry } = await audited(
      'king',
      'PATCH',
      `/api/admin/webhooks/${id}`,
      { name: 'Ops room' },
      { kind: 'webhooks', action: 'webhook.edit' },
    );
    expect(entry.before).toMatchObject({ name: 'Ops' });
    expect(entry.after).toMatchObject({ name: 'Ops room' });
    await audited('king', 'DELETE', `/api/admin/webhooks/${id}`, undefined, {
      kind: 'webhooks',
      action: 'webhook.delete',
    });
  });
});

describe('the log itself', () => {
  it('is read, filtered and exported by the king only', async () => {
    const page = await s.call('king', 'GET', '/api/admin/audit?kind=people&limit=3');
    expect(page.statusCode, page.body).toBe(200);
    const { events, total } = page.json<AuditPage>();
    expect(events).toHaveLength(3);
    expect(total).toBe(5);
    expect(events.every((e) => e.kind === 'people')).toBe(true);
    expect(events[0]!.action).toBe('user.delete');
    const found = await s.call('king', 'GET', '/api/admin/audit?q=password');
    expect(found.json<AuditPage>().events.map((e) => e.action)).toEqual(['user.reset-password']);
    const csv = await s.call('king', 'GET', '/api/admin/audit.csv?kind=payouts');
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body)!;
    expect(rows[0]).toEqual([
      'When (UTC)',
      'Who',
      'Address',
      'Kind',
      'Action',
      'Subject',
      'Before',
      'After',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r[4])
        .sort(),
    ).toEqual(['payout.pay-out', 'payout.reverse', 'rate.remove', 'rate.set']);
    for (const who of ['admin', 'lead', 'editor', 'client'] as const) {
      expect((await s.call(who, 'GET', '/api/admin/audit')).statusCode).toBe(403);
    }
    expect((await s.call('anonymous', 'GET', '/api/admin/audit')).statusCode).toBe(401);
  });

  it('cannot be changed or deleted: no route does it, and the database refuses', async () => {
    const [entry] = await entries();
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect((await s.call('king', method, '/api/admin/audit', {})).statusCode).toBe(404);
      expect((await s.call('king', method, `/api/admin/audit/${entry!.id}`, {})).statusCode).toBe(
        404,
      );
    }
    const refused = async (write: Promise<unknown>) => {
      const error = await write.then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string }; message: string },
      );
      expect(error?.cause?.message ?? error?.message).toMatch(/append-only/);
    };
    await refused(
      s.t.db.update(auditEvents).set({ action: 'nothing' }).where(eq(auditEvents.id, entry!.id)),
    );
    await refused(s.t.db.delete(auditEvents).where(eq(auditEvents.id, entry!.id)));
  });
});
