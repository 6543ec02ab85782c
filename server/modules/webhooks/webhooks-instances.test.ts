import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, webhookDeliveries } from '../../db/schema';
import type { Database } from '../../db/client';
import { unmet, titled } from '../../test/conditions';
import {
  createTestApp,
  createTestDatabase,
  seedUser,
  seedVideo,
  type TestApp,
} from '../../test/helper';
import { startReceiver, verifySignature, type Receiver } from '../../test/webhook-receiver';

/**
 * Two app instances on one PostgreSQL database send the webhook queue at once (issue 46): each
 * delivery is claimed by one of them (FOR UPDATE SKIP LOCKED, then a lease), so the receiver
 * never has two deliveries of one event in flight and gets each event once. PGlite has one
 * connection and cannot show this; the suite runs in the api-postgres project.
 */
const reason = unmet({ driver: 'postgres' });

describe.skipIf(reason !== '')(titled('two instances on PostgreSQL', reason), () => {
  let receiver: Receiver;
  let database: Database;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    receiver = await startReceiver();
    database = await createTestDatabase();
    const mail = { from: 'mail@agency.test', publicUrl: 'https://v.example' };
    one = await createTestApp({ database, mail });
    two = await createTestApp({ database, mail });
  });
  afterAll(async () => {
    await one?.app.close();
    await two?.app.close();
    await database?.close();
    await receiver?.close();
  });

  /** Both instances' senders, side by side, until neither finds anything to do. */
  async function workTogether(now?: Date) {
    for (;;) {
      const results = await Promise.all([one.app.webhooks.work(now), two.app.webhooks.work(now)]);
      if (results.every((r) => r.delivered + r.retried + r.failed === 0)) return;
    }
  }

  it('deliver each event once, never twice at the same time', async () => {
    const king = await seedUser(one, { username: 'king', role: 'king', isAdmin: 'true' });
    const client = await seedUser(one, { username: 'client' });
    const video = await seedVideo(one, { userId: client.id });
    const cookie = await (async () => {
      const res = await one.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'king', password: 'secret123' },
      });
      return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    })();
    const as = (method: 'POST' | 'PUT', url: string, payload: object) =>
      one.app.inject({ method, url, payload, headers: { cookie } });
    expect(
      (await as('PUT', '/api/admin/webhooks/settings', { allowPrivate: true })).statusCode,
    ).toBe(200);
    const made = await as('POST', '/api/admin/webhooks', {
      name: 'Receiver',
      url: receiver.url,
      events: ['comment.added'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const { secret } = made.json() as { secret: string };

    // 120 comments in one statement: 120 events, each with its delivery, by the trigger.
    await one.db.insert(comments).values(
      Array.from({ length: 120 }, (_, i) => ({
        videoId: video.id,
        userId: king.id,
        content: `Comment ${i}`,
      })),
    );
    // Every fifth answer fails first, so retries are claimed by both instances too.
    receiver.answers.push(...Array.from({ length: 120 }, (_, i) => (i % 5 === 0 ? 500 : 200)));
    await workTogether();
    await workTogether(new Date(Date.now() + 120_000));

    const ids = receiver.received
      .filter((r) => r.status === 200)
      .map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    expect(receiver.maxInFlight).toBe(1);
    for (const { headers, body } of receiver.received) {
      expect(verifySignature(secret, headers['webhook-signature'] as string, body)).toBe(true);
    }
    const [counts] = await one.db
      .select({
        delivered: sql<number>`count(*) filter (where status = 'delivered')::int`,
        workers: sql<number>`count(distinct worker)::int`,
      })
      .from(webhookDeliveries);
    expect(counts).toEqual({ delivered: 120, workers: 2 });
  });
});
