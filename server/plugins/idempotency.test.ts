import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '@domain/idempotency';
import type { CreatedReviewLink } from '@domain/review-links';
import { comments, idempotencyKeys, paymentEvents, videos } from '../db/schema';
import { seedVideo, setUpVideoPeople, type Method } from '../test/helper';
import { storedKeyOf } from './idempotency';
import {
  answerProblem,
  type OpenApiDocument,
  type OpenApiOperation,
} from '../test/openapi-answers';

/**
 * Issue 38, item 6 (docs/rules.md#rules-the-product-leaves-open): a retried create never duplicates. The same
 * Idempotency-Key with the same body is answered with the first answer and writes nothing twice,
 * also when both calls run at once; another body with that key is refused; another caller's key
 * is theirs; a key older than 24 hours is new again.
 */
const t = setUpVideoPeople();

const withKey = (who: string, method: Method, url: string, key: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: t.cookie[who as keyof typeof t.cookie], 'idempotency-key': key },
    payload,
  });

const videosNamed = async (name: string) =>
  (await t.db.select({ n: count() }).from(videos).where(eq(videos.name, name)))[0]!.n;

describe('POST /api/videos with an Idempotency-Key', () => {
  it('the same key posted twice creates one video and answers the first answer again', async () => {
    const key = randomUUID();
    const body = { name: 'Twice sent', link: 'https://youtu.be/abc' };
    const first = await withKey('owner', 'POST', '/api/videos', key, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await withKey('owner', 'POST', '/api/videos', key, body);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await videosNamed('Twice sent')).toBe(1);
  });

  it('two concurrent posts with one key create one video', async () => {
    const key = randomUUID();
    const body = { name: 'At once', link: 'https://youtu.be/abc' };
    const answers = await Promise.all([
      withKey('owner', 'POST', '/api/videos', key, body),
      withKey('owner', 'POST', '/api/videos', key, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await videosNamed('At once')).toBe(1);
  });

  it('refuses the same key with a different body, and writes nothing', async () => {
    const key = randomUUID();
    const link = 'https://youtu.be/abc';
    expect(
      (await withKey('owner', 'POST', '/api/videos', key, { name: 'One', link })).statusCode,
    ).toBe(201);
    const other = await withKey('owner', 'POST', '/api/videos', key, { name: 'Two', link });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await videosNamed('Two')).toBe(0);
  });

  it("another user's same key is their own", async () => {
    const key = randomUUID();
    const body = { name: 'Same key, two people', link: 'https://youtu.be/abc' };
    const mine = await withKey('owner', 'POST', '/api/videos', key, body);
    const theirs = await withKey('other', 'POST', '/api/videos', key, body);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ id: string }>().id).not.toBe(mine.json<{ id: string }>().id);
    expect(await videosNamed('Same key, two people')).toBe(2);
  });

  it('a key older than 24 hours is new again', async () => {
    const key = randomUUID();
    const body = { name: 'A day later', link: 'https://youtu.be/abc' };
    expect((await withKey('owner', 'POST', '/api/videos', key, body)).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(idempotencyKeys.key, storedKeyOf(key)));
    const later = await withKey('owner', 'POST', '/api/videos', key, body);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await videosNamed('A day later')).toBe(2);
  });

  it('refuses a key that is not 1-255 visible ASCII characters', async () => {
    const body = { name: 'Bad key', link: 'https://youtu.be/abc' };
    for (const key of ['', 'a'.repeat(256), 'with space', 'é']) {
      const res = await withKey('owner', 'POST', '/api/videos', key, body);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.invalidKey });
    }
    expect(await videosNamed('Bad key')).toBe(0);
  });

  it('a refused call keeps no key: the retry runs again', async () => {
    const key = randomUUID();
    const body = {
      name: 'For someone else',
      link: 'https://youtu.be/abc',
      targetUserId: t.id.other,
    };
    const refused = await withKey('owner', 'POST', '/api/videos', key, body);
    expect(refused.statusCode).toBe(403);
    const again = await withKey('owner', 'POST', '/api/videos', key, body);
    expect(again.statusCode).toBe(403);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const kept = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, storedKeyOf(key)));
    expect(kept).toEqual([]);
  });
});

describe('the other creating calls', () => {
  it('a comment posted twice, and twice at once, with one key is one comment', async () => {
    const video = await seedVideo(t, { userId: t.id.owner });
    const url = `/api/videos/${video.id}/comments`;
    const key = randomUUID();
    const first = await withKey('owner', 'POST', url, key, { content: 'Only once' });
    const again = await withKey('owner', 'POST', url, key, { content: 'Only once' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    const atOnce = randomUUID();
    const both = await Promise.all([
      withKey('owner', 'POST', url, atOnce, { content: 'At once' }),
      withKey('owner', 'POST', url, atOnce, { content: 'At once' }),
    ]);
    expect(both.map((a) => a.statusCode)).toEqual([201, 201]);
    const rows = await t.db
      .select({ content: comments.content })
      .from(comments)
      .where(eq(comments.videoId, video.id));
    expect(rows.map((r) => r.content).sort()).toEqual(['At once', 'Only once']);
  });

  it('a payment sent twice with one key is one ledger event, answered the same', async () => {
    const video = await seedVideo(t, {
      userId: t.id.owner,
      status: 'posted',
      finishDate: new Date(),
    });
    const key = randomUUID();
    const pay = () => withKey('boss', 'PATCH', '/api/admin/payment', key, { videoIds: [video.id] });
    const first = await pay();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ updated: 1 });
    // Reversed in between: without the key, the retry would pay it a second time.
    const reversed = await withKey('boss', 'PATCH', '/api/admin/payment/reverse', randomUUID(), {
      videoIds: [video.id],
    });
    expect(reversed.statusCode).toBe(200);
    const retry = await pay();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const paid = await t.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.videoId, video.id), eq(paymentEvents.event, 'paid')));
    expect(paid[0]!.n).toBe(1);
  });

  it("a guest's comment on a review link, sent twice with one key, is one comment", async () => {
    const video = await seedVideo(t, { userId: t.id.owner, status: 'review' });
    const made = await withKey('lead1', 'POST', '/api/review-links', randomUUID(), {
      videoIds: [video.id],
      expiresInDays: 7,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { token } = made.json<CreatedReviewLink>();
    const key = randomUUID();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/review/${token}/videos/${video.id}/comments`,
        headers: { 'idempotency-key': key },
        payload: { name: 'Guest', content: 'Looks good' },
      });
    const both = await Promise.all([post(), post()]);
    const third = await post();
    expect([...both, third].map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(third.json()).toEqual(both[0]!.json());
    const rows = await t.db.select().from(comments).where(eq(comments.videoId, video.id));
    expect(rows).toHaveLength(1);
  });

  it('a review link created twice with one key is one link', async () => {
    const video = await seedVideo(t, { userId: t.id.owner });
    const key = randomUUID();
    const body = { videoIds: [video.id], expiresInDays: 7 };
    const first = await withKey('lead1', 'POST', '/api/review-links', key, body);
    const again = await withKey('lead1', 'POST', '/api/review-links', key, body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const { token } = first.json<CreatedReviewLink>();
    expect(again.json<CreatedReviewLink>().token).toBe(token);
    // A copy of the database opens nothing: neither the key nor the token is stored as such.
    const stored = JSON.stringify(await t.db.select().from(idempotencyKeys));
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(key);
  });
});

describe('the API document', () => {
  it('declares the header, and the answers it brings, on every creating call', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    const creating = [
      ['post', '/api/videos'],
      ['post', '/api/videos/{id}/comments'],
      ['post', '/api/review-links'],
      ['post', '/api/review/{token}/videos/{videoId}/comments'],
      ['patch', '/api/admin/payment'],
    ] as const;
    for (const [method, path] of creating) {
      const operation = doc.paths[path]![method]! as OpenApiOperation & {
        parameters?: { in: string; name: string }[];
      };
      expect(operation.parameters, `${method} ${path}`).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      );
    }
    const key = randomUUID();
    const link = 'https://youtu.be/abc';
    const answers = [
      await withKey('owner', 'POST', '/api/videos', key, { name: 'Documented', link }),
      await withKey('owner', 'POST', '/api/videos', key, { name: 'Documented', link }),
      await withKey('owner', 'POST', '/api/videos', key, { name: 'Other', link }),
      await withKey('owner', 'POST', '/api/videos', ' ', { name: 'Other', link }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 422, 400]);
    for (const a of answers) {
      const type = String(a.headers['content-type']).split(';')[0]!;
      const answer = { path: '/api/videos', method: 'post', status: a.statusCode, type };
      expect(answerProblem(doc, { ...answer, body: a.body })).toBeNull();
    }
  });
});
