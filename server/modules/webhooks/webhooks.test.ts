import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SIGNATURE_HEADER,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_WINDOW_MS,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookPayload,
} from '@domain/webhooks';
import { comments, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { createTestApp, seedVideo, setUpSuite } from '../../test/helper';
import { startReceiver, verifySignature, type Receiver } from '../../test/webhook-receiver';
import { isPrivateAddress } from './addresses';

/**
 * Webhooks (issue 46, docs/rules.md#webhooks): signed deliveries from the database queue to a
 * real HTTP receiver, retries, a restart, "send again" and the private-address rule.
 */
const mail = { from: 'mail@agency.test', publicUrl: 'https://v.example' };
const t = setUpSuite(
  [
    ['king', 'king', 'true', 'The King'],
    ['owner', 'client', 'false', 'Olive Owner'],
    ['leadAdmin', 'lead_editor', 'true'],
  ],
  { app: { mail } },
);

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
beforeEach(async () => {
  await t.db.delete(webhookEndpoints);
  await t.db.delete(webhookEvents);
  receiver.received.length = 0;
  receiver.answers.length = 0;
  await allowPrivate(true);
});

const allowPrivate = async (allow: boolean) => {
  const res = await t.call('king', 'PUT', '/api/admin/webhooks/settings', { allowPrivate: allow });
  expect(res.statusCode, res.body).toBe(200);
};

/** Registers an endpoint as the king: the endpoint and its secret. */
async function register(body: Record<string, unknown> = {}) {
  const res = await t.call('king', 'POST', '/api/admin/webhooks', {
    name: 'Receiver',
    url: receiver.url,
    events: [...WEBHOOK_EVENTS],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: WebhookEndpointView; secret: string };
}

const deliveries = async (endpointId: string) =>
  (
    (await t.call('king', 'GET', `/api/admin/webhooks/${endpointId}/deliveries`)).json() as {
      deliveries: WebhookDeliveryView[];
    }
  ).deliveries;

const payloads = () => receiver.received.map((r) => JSON.parse(r.body) as WebhookPayload);

describe('signed deliveries', () => {
  it('sends each event signed; an independent check of the signature passes', async () => {
    const { secret } = await register();
    const made = await t.call('king', 'POST', '/api/videos', {
      name: 'Launch <teaser>',
      link: 'https://a.io/launch',
      targetUserId: t.id.owner,
    });
    expect(made.statusCode, made.body).toBe(201);
    const videoId = (made.json() as { id: string }).id;
    const commented = await t.call('king', 'POST', `/api/videos/${videoId}/comments`, {
      content: 'Looks good',
    });
    expect(commented.statusCode, commented.body).toBe(201);

    expect(await t.app.webhooks.work()).toEqual({ delivered: 2, retried: 0, failed: 0 });
    // Sent side by side: in no particular order (occurredAt orders them).
    expect(
      payloads()
        .map((p) => p.type)
        .sort(),
    ).toEqual(['comment.added', 'video.created']);
    for (const { headers, body } of receiver.received) {
      const header = headers[SIGNATURE_HEADER.toLowerCase()] as string;
      expect(verifySignature(secret, header, body)).toBe(true);
      // Another secret, another body or an old timestamp is refused.
      expect(verifySignature(`${secret}x`, header, body)).toBe(false);
      expect(verifySignature(secret, header, `${body} `)).toBe(false);
      expect(verifySignature(secret, header, body, Math.floor(Date.now() / 1000) + 301)).toBe(
        false,
      );
    }
    const created = payloads().find((p) => p.type === 'video.created');
    const comment = payloads().find((p) => p.type === 'comment.added');
    expect(created).toMatchObject({
      actor: { id: t.id.king, name: 'The King' },
      video: { id: videoId, name: 'Launch <teaser>', clientId: t.id.owner },
      data: { status: 'draft' },
      url: `https://v.example/dashboard?video=${videoId}`,
    });
    expect(comment!.data).toMatchObject({ content: 'Looks good' });
    const createdAt = receiver.received.find((r) => r.body.includes('video.created'));
    expect(createdAt!.headers['webhook-id']).toBe(created!.id);
    // Nothing is left to send.
    expect(await t.app.webhooks.work()).toEqual({ delivered: 0, retried: 0, failed: 0 });
  });

  it('the events of a version, a status change, an approval, a payment and an invoice', async () => {
    await register();
    const v = await seedVideo(t, {
      userId: t.id.owner,
      status: 'in_progress',
      paymentAmount: '12.50',
    });
    const add = await t.call('king', 'POST', `/api/videos/${v.id}/versions`, {
      link: 'https://a.io/v1.mp4',
    });
    expect(add.statusCode, add.body).toBe(201);
    const toReview = await t.call('king', 'PATCH', `/api/videos/${v.id}/status`, {
      status: 'review',
    });
    expect(toReview.statusCode, toReview.body).toBe(200);
    const approve = await t.call('owner', 'PATCH', `/api/videos/${v.id}/status`, {
      status: 'ready_to_post',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const back = await seedVideo(t, { userId: t.id.owner, status: 'in_progress' });
    await t.call('king', 'PATCH', `/api/videos/${back.id}/status`, { status: 'review' });
    const sentBack = await t.call('owner', 'PATCH', `/api/videos/${back.id}/status`, {
      status: 'in_progress',
      note: 'Shorter intro',
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    const paid = await t.call('king', 'PATCH', '/api/admin/payment', { videoIds: [v.id] });
    expect(paid.statusCode, paid.body).toBe(200);
    await seedVideo(t, {
      userId: t.id.owner,
      status: 'posted',
      finishDate: new Date(),
      paymentAmount: '3.00',
    });
    const invoiced = await t.call('king', 'POST', '/api/admin/invoices', { clientId: t.id.owner });
    expect(invoiced.statusCode, invoiced.body).toBe(201);

    await t.app.webhooks.work();
    const types = payloads().map((p) => p.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'video.version_added',
        'video.status_changed',
        'video.approved',
        'video.changes_requested',
        'video.paid',
        'invoice.issued',
      ]),
    );
    const byType = new Map(payloads().map((p) => [p.type, p]));
    expect(byType.get('video.approved')!.actor.id).toBe(t.id.owner);
    expect(byType.get('video.paid')!.data).toMatchObject({ amount: '12.50' });
    expect(byType.get('invoice.issued')!.url).toBe('https://v.example/invoicing');
    expect(byType.get('video.changes_requested')!.data).toMatchObject({ note: 'Shorter intro' });
    // Two moves of each video: to review, then approved or sent back.
    expect(types.filter((type) => type === 'video.status_changed')).toHaveLength(4);
  });

  it('only the events an endpoint chose; a disabled one gets none and keeps its queue', async () => {
    const { endpoint } = await register({ events: ['comment.added'] });
    const v = await seedVideo(t, { userId: t.id.owner });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'One' });
    await t.call('king', 'PATCH', `/api/admin/webhooks/${endpoint.id}`, { enabled: false });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Two' });
    expect(await t.app.webhooks.work()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    await t.call('king', 'PATCH', `/api/admin/webhooks/${endpoint.id}`, { enabled: true });
    await t.app.webhooks.work();
    expect(payloads().map((p) => p.data.content)).toEqual(['One']);
  });

  it('a Slack endpoint gets Slack text: who, what, the video and a link', async () => {
    await register({ format: 'slack', events: ['comment.added'] });
    const v = await seedVideo(t, { userId: t.id.owner, name: 'Q&A <cut>' });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Tighten the intro' });
    await t.app.webhooks.work();
    const [message] = receiver.received;
    expect(message!.headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
    expect(JSON.parse(message!.body)).toEqual({
      text: `*The King* commented on <https://v.example/dashboard?video=${v.id}|Q&amp;A &lt;cut&gt;>: Tighten the intro`,
    });
  });
});

describe('retries and the queue', () => {
  it('retries after a 500 with backoff, the same event and body, and logs each attempt', async () => {
    const { endpoint, secret } = await register({ events: ['comment.added'] });
    const v = await seedVideo(t, { userId: t.id.owner });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Retry me' });
    receiver.answers.push(500);
    const start = new Date();
    expect(await t.app.webhooks.work(start)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: 'pending', attempts: 1, statusCode: 500 });
    expect(new Date(log!.nextAttemptAt!).getTime()).toBe(start.getTime() + 60_000);
    // Not due yet: nothing is sent.
    expect(await t.app.webhooks.work(new Date(start.getTime() + 30_000))).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    expect(await t.app.webhooks.work(new Date(start.getTime() + 61_000))).toMatchObject({
      delivered: 1,
    });
    [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 2, statusCode: 200 });
    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(
      verifySignature(secret, second!.headers['webhook-signature'] as string, second!.body),
    ).toBe(true);
  });

  it('gives up 24 hours after the delivery was queued', async () => {
    const { endpoint } = await register({ events: ['comment.added'] });
    const v = await seedVideo(t, { userId: t.id.owner });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Never' });
    const start = new Date();
    let now = start;
    const results = [];
    for (;;) {
      receiver.answers.push(503);
      const result = await t.app.webhooks.work(now);
      results.push(result);
      if (result.failed) break;
      const [log] = await deliveries(endpoint.id);
      now = new Date(log!.nextAttemptAt!);
    }
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    const [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: 'failed', statusCode: 503, nextAttemptAt: null });
    expect(log!.attempts).toBe(results.length);
    expect(results).toHaveLength(9);
  });

  it('send again queues a new delivery of the same event', async () => {
    const { endpoint } = await register({ events: ['comment.added'] });
    const v = await seedVideo(t, { userId: t.id.owner });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Again' });
    await t.app.webhooks.work();
    const [log] = await deliveries(endpoint.id);
    const again = await t.call(
      'king',
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/${log!.id}/resend`,
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ status: 'pending', attempts: 0, eventId: log!.eventId });
    await t.app.webhooks.work();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect((await deliveries(endpoint.id)).map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
    ]);
    const unknown = await t.call(
      'king',
      'POST',
      `/api/admin/webhooks/${endpoint.id}/deliveries/${endpoint.id}/resend`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('survives a restart: a new app on the same database sends what the old one left', async () => {
    const { endpoint } = await register({ events: ['comment.added'] });
    const v = await seedVideo(t, { userId: t.id.owner });
    const first = await createTestApp({ database: t.database, mail });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Before' });
    const now = new Date();
    try {
      receiver.answers.push(500);
      expect(await first.app.webhooks.work(now)).toMatchObject({ retried: 1 });
      await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Crashed' });
      // A worker took this one and died while sending it: its lease still runs.
      await t.db
        .update(webhookDeliveries)
        .set({
          status: 'sending',
          worker: 'gone',
          attempts: 1,
          leaseUntil: new Date(now.getTime() + 60_000),
        })
        .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.attempts, 0)));
    } finally {
      await first.app.close();
    }

    const restarted = await createTestApp({ database: t.database, mail });
    try {
      // The retry is not due and the lease not over: nothing yet.
      expect(await restarted.app.webhooks.work(new Date(now.getTime() + 30_000))).toEqual({
        delivered: 0,
        retried: 0,
        failed: 0,
      });
      expect(await restarted.app.webhooks.work(new Date(now.getTime() + 120_000))).toEqual({
        delivered: 2,
        retried: 0,
        failed: 0,
      });
    } finally {
      await restarted.app.close();
    }
    const contents = payloads().map((p) => p.data.content);
    expect(contents[0]).toBe('Before');
    expect(contents.slice(1).sort()).toEqual(['Before', 'Crashed']);
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
    ]);
  });
});

describe('private addresses', () => {
  it('recognises every private range, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses private URLs unless the setting allows them', async () => {
    await allowPrivate(false);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/hook',
      'http://172.20.0.1/hook',
      'http://192.168.0.10/hook',
      'http://[fd12::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await t.call('king', 'POST', '/api/admin/webhooks', {
        name: 'Inside',
        url,
        events: ['video.created'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: WEBHOOK_MESSAGES.privateAddress });
    }
    await allowPrivate(true);
    const { endpoint } = await register();
    await allowPrivate(false);
    const moved = await t.call('king', 'PATCH', `/api/admin/webhooks/${endpoint.id}`, {
      url: 'http://127.0.0.2/',
    });
    expect(moved.statusCode).toBe(400);
  });

  it('the sender refuses a private address at connection time once the setting is off', async () => {
    // By address, and by a name that resolves to one (checked where the connection is made).
    const literal = await register({ events: ['comment.added'] });
    const named = await register({
      events: ['comment.added'],
      url: receiver.url.replace('127.0.0.1', 'localhost'),
    });
    await allowPrivate(false);
    const v = await seedVideo(t, { userId: t.id.owner });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Blocked' });
    expect(await t.app.webhooks.work()).toMatchObject({ retried: 2 });
    expect(receiver.received).toEqual([]);
    for (const { endpoint } of [literal, named]) {
      const [log] = await deliveries(endpoint.id);
      expect(log).toMatchObject({ statusCode: null, error: WEBHOOK_MESSAGES.privateAddress });
    }
  });
});

describe('the endpoints', () => {
  it('shows the secret once; lists never carry it', async () => {
    const { endpoint, secret } = await register();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    const list = await t.call('king', 'GET', '/api/admin/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json()).toMatchObject({ endpoints: [{ id: endpoint.id }] });
    const changed = await t.call('king', 'PATCH', `/api/admin/webhooks/${endpoint.id}`, {
      name: 'Renamed',
      events: ['video.paid'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain(secret);
    expect(changed.json()).toMatchObject({ name: 'Renamed', events: ['video.paid'] });
    const gone = await t.call('king', 'DELETE', `/api/admin/webhooks/${endpoint.id}`);
    expect(gone.json()).toEqual({ message: WEBHOOK_MESSAGES.deleted });
    expect((await t.call('king', 'DELETE', `/api/admin/webhooks/${endpoint.id}`)).statusCode).toBe(
      404,
    );
  });

  it('bad input gets a clear 400; an admin who is not the king gets 403', async () => {
    const bad = await t.call('king', 'POST', '/api/admin/webhooks', {
      name: 'X',
      url: 'ftp://example.com/',
      events: [],
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([WEBHOOK_MESSAGES.url, WEBHOOK_MESSAGES.events]),
    );
    const admin = await t.call('leadAdmin', 'GET', '/api/admin/webhooks');
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ message: WEBHOOK_MESSAGES.kingOnly });
  });
});

describe("in the change's transaction", () => {
  it('an event commits with its change and rolls back with it', async () => {
    await register({ events: ['comment.added'] });
    const v = await seedVideo(t, { userId: t.id.owner });
    const refused = t.db.transaction(async (tx) => {
      await tx.insert(comments).values({ videoId: v.id, userId: t.id.king, content: 'Undone' });
      expect(await tx.select().from(webhookEvents)).toHaveLength(1);
      throw new Error('rolled back');
    });
    await expect(refused).rejects.toThrow('rolled back');
    expect(await t.db.select().from(webhookEvents)).toEqual([]);
    expect(await t.db.select().from(webhookDeliveries)).toEqual([]);
  });
});

describe('no endpoint, no cost', () => {
  it('writes no event when no endpoint chose it', async () => {
    const v = await seedVideo(t, { userId: t.id.owner });
    await t.call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Quiet' });
    expect(await t.db.select().from(webhookEvents)).toEqual([]);
  });
});
