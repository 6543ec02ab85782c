import { beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES } from '@domain/limits';
import { buildApp } from '../app';
import { videos } from '../db/schema';
import { loginAs, setUpSuite } from '../test/helper';

/**
 * Issue 15, findings 4 and 5: 25 wrong current passwords in a row all got 400, never 429; and
 * nothing bounded how fast one user could write things that notify others. Both now have
 * per-user limits (docs/settings.md: PASSWORD_RATE_LIMIT, WRITE_RATE_LIMIT).
 */

const t = setUpSuite(
  [
    ['client', 'client'],
    ['editor', 'editor'],
    ['lead', 'lead_editor'],
    ['victim', 'client'],
    ['neighbour', 'client'],
  ],
  { app: { passwordRateLimit: 3, writeRateLimit: 4 } },
);
const { id, cookie, call } = t;
let videoId: string;

beforeAll(async () => {
  const [v] = await t.db
    .insert(videos)
    .values({
      userId: id.client!,
      assignedEditorId: id.editor!,
      ordinal: 1,
      name: 'Promo',
      link: 'https://a.io/v',
      status: 'review',
    })
    .returning();
  videoId = v!.id;
});

const changePassword = (who: keyof typeof cookie, currentPassword: string, headers = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/auth/change-password',
    headers: { cookie: cookie[who], ...headers },
    payload: { currentPassword, newPassword: 'brand-new-1' },
  });

describe('change-password is rate-limited per user and per address', () => {
  it('answers 429 with a message after PASSWORD_RATE_LIMIT attempts, even with the right password', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await changePassword('victim', `guess-${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 429, 429]);
    const refused = await changePassword('victim', 'secret123');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LIMIT_MESSAGES.passwordAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed: the old password still signs in.
    await loginAs(t, 'victim', 'secret123');
  });

  it('counts per address too: many accounts guessing from one address are stopped', async () => {
    const addressLimited = await buildApp({
      database: t.database,
      logger: false,
      passwordRateLimit: 1,
      writeRateLimit: 1000,
    });
    try {
      const codes: number[] = [];
      // Four accounts (the address allows four times a user's attempts), one guess each, then a fifth.
      for (const who of ['client', 'editor', 'lead', 'neighbour', 'victim'] as const) {
        const res = await addressLimited.inject({
          method: 'PATCH',
          url: '/api/auth/change-password',
          headers: { cookie: cookie[who] },
          payload: { currentPassword: 'wrong-one', newPassword: 'brand-new-1' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 400, 429]);
    } finally {
      await addressLimited.close();
    }
  });
});

describe('writes that notify others are rate-limited per user', () => {
  const toggle = (who: string, status: string) =>
    call(who, 'PATCH', `/api/videos/${videoId}/status`, { status });
  const comment = (who: string, content: string) =>
    call(who, 'POST', `/api/videos/${videoId}/comments`, { content });

  it('status changes and comments share WRITE_RATE_LIMIT a minute; then 429 with a message', async () => {
    const codes = [
      (await toggle('editor', 'in_progress')).statusCode,
      (await toggle('editor', 'review')).statusCode,
      (await comment('editor', '@lead please look')).statusCode,
      (await toggle('editor', 'in_progress')).statusCode,
    ];
    expect(codes).toEqual([200, 200, 201, 200]);
    const count = async () =>
      (await call('lead', 'GET', '/api/notifications/count')).json().count as number;
    const before = await count();
    const refused = await toggle('editor', 'review');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LIMIT_MESSAGES.writes);
    expect((await comment('editor', '@lead again')).statusCode).toBe(429);
    // The refused writes did nothing: the lead heard nothing more.
    expect(await count()).toBe(before);
  });

  it('is per user: another user still writes; reads are never limited', async () => {
    expect((await comment('client', 'Looks good')).statusCode).toBe(201);
    for (let i = 0; i < 10; i++) {
      const read = await call('editor', 'GET', `/api/videos/${videoId}/comments`);
      expect(read.statusCode).toBe(200);
    }
  });

  it('the documented answers include 429 on the limited calls', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.paths['/api/videos/{id}/comments']!.post!.responses['429']).toBeDefined();
    expect(doc.paths['/api/videos/{id}/status']!.patch!.responses['429']).toBeDefined();
    expect(doc.paths['/api/auth/change-password']!.patch!.responses['429']).toBeDefined();
  });
});
