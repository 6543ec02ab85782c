import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_SHAPE,
  API_TOKENS_MAX,
  type ApiTokenView,
  type CreatedApiToken,
} from '@domain/api-tokens';
import { LOG_REDACT } from '../../app';
import { apiTokens, users } from '../../db/schema';
import { createTestApp, loginAs, seedUser, seedVideo, setUpSuite } from '../../test/helper';
import { openSocket } from '../../test/socket';

// A web app of two screens (the shape of app.test.ts's): a page names its user's dashboard.
const webRoot = path.join(tmpdir(), `vw-tokens-web-${randomBytes(4).toString('hex')}`);
beforeAll(async () => {
  await mkdir(path.join(webRoot, '.vite'), { recursive: true });
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>app shell</title>' +
      '<script type="module" src="/assets/index-1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true },
      'app/guards/require-auth.tsx': { file: 'assets/require-auth-1.js', imports: ['main.tsx'] },
      'app/layouts/app-layout.tsx': { file: 'assets/app-layout-1.js' },
      'app/routes/dashboard.tsx': { file: 'assets/dashboard-1.js' },
      'app/routes/client-dashboard.tsx': { file: 'assets/client-dashboard-1.js' },
    }),
  );
});
afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

const t = setUpSuite(
  [
    ['owner', 'client'],
    ['other', 'client'],
    ['editor', 'editor'],
  ],
  { app: { webRoot } },
);
const { id, cookie } = t;

/** Makes a token as `who` through the API (its session). */
async function made(who: 'owner' | 'other' | 'editor', name = 'script', expiresInDays = 30) {
  const res = await t.call(who, 'POST', '/api/me/api-tokens', { name, expiresInDays });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedApiToken;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asToken = (token: string, url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
  t.app.inject({ method, url, headers: bearer(token) });

describe('creating and listing tokens', () => {
  it('answers the secret once, with its prefix; the list and the database never hold it', async () => {
    const token = await made('owner', '  Nightly export  ', 7);
    expect(token.token).toMatch(API_TOKEN_SHAPE);
    expect(token.name).toBe('Nightly export');
    expect(token.hint).toBe(`${token.token.slice(0, 8)}…`);
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(7 * 86_400_000);

    const list = await t.call('owner', 'GET', '/api/me/api-tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.token);
    const listed = (list.json() as ApiTokenView[]).find((x) => x.id === token.id);
    expect(listed).toMatchObject({ name: 'Nightly export', lastUsedAt: null, expired: false });
    expect(listed).not.toHaveProperty('token');

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.token);
  });

  it('lists only one’s own tokens', async () => {
    const mine = await made('owner');
    const theirs = (await t.call('other', 'GET', '/api/me/api-tokens')).json() as ApiTokenView[];
    expect(theirs.map((x) => x.id)).not.toContain(mine.id);
  });

  it('refuses a missing name, a long one and an expiry not offered, with the reason', async () => {
    for (const [body, message] of [
      [{ name: ' ', expiresInDays: 30 }, API_TOKEN_MESSAGES.nameMissing],
      [{ name: 'x'.repeat(61), expiresInDays: 30 }, API_TOKEN_MESSAGES.nameLong],
      [{ name: 'ok', expiresInDays: 5 }, API_TOKEN_MESSAGES.expiry],
      [{ name: 'ok', expiresInDays: '30' }, API_TOKEN_MESSAGES.expiry],
      [{ name: 'ok' }, API_TOKEN_MESSAGES.expiry],
    ] as const) {
      const res = await t.call('owner', 'POST', '/api/me/api-tokens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it(`holds at most ${API_TOKENS_MAX} live tokens per user (409); expired ones do not count`, async () => {
    const person = await seedUser(t, { username: 'collector' });
    const theirCookie = await loginAs(t, 'collector');
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/api-tokens',
        headers: { cookie: theirCookie },
        payload: { name: 'n', expiresInDays: 7 },
      });
    for (let i = 0; i < API_TOKENS_MAX; i++) expect((await create()).statusCode).toBe(201);
    const over = await create();
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: API_TOKEN_MESSAGES.tooMany });
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.userId, person.id));
    expect((await create()).statusCode).toBe(201);
  });
});

describe('calling with a token', () => {
  it('acts as its user, with the same answers as the session, and notes its use', async () => {
    const token = await made('editor');
    const v = await seedVideo(t, { userId: id.owner, assignedEditorId: id.editor, name: 'Mine' });
    const hidden = await seedVideo(t, { userId: id.other, name: 'Not mine' });
    const me = await asToken(token.token, '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: id.editor, role: 'editor' });
    const viaToken = (await asToken(token.token, '/api/videos')).json() as { id: string }[];
    const viaCookie = (await t.call('editor', 'GET', '/api/videos')).json() as { id: string }[];
    expect(viaToken.map((x) => x.id).sort()).toEqual(viaCookie.map((x) => x.id).sort());
    expect(viaToken.map((x) => x.id)).toContain(v.id);
    expect((await asToken(token.token, `/api/videos/${hidden.id}`)).statusCode).toBe(404);

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('follows its user: a role taken away acts on the next call, a deleted user’s tokens go', async () => {
    const person = await seedUser(t, { username: 'demoted', role: 'lead_editor' });
    const theirCookie = await loginAs(t, 'demoted');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/api-tokens',
      headers: { cookie: theirCookie },
      payload: { name: 'lead', expiresInDays: 7 },
    });
    const { token } = res.json() as CreatedApiToken;
    expect((await asToken(token, '/api/lead/summary')).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'editor' }).where(eq(users.id, person.id));
    expect((await asToken(token, '/api/lead/summary')).statusCode).toBe(403);
    await t.db.delete(users).where(eq(users.id, person.id));
    expect((await asToken(token, '/api/auth/me')).statusCode).toBe(401);
    const left = await t.db.select().from(apiTokens).where(eq(apiTokens.userId, person.id));
    expect(left).toEqual([]);
  });

  it('gets 401 once revoked, and only its owner may revoke it (404 for anyone else)', async () => {
    const token = await made('owner', 'to revoke');
    expect((await t.call('other', 'DELETE', `/api/me/api-tokens/${token.id}`)).statusCode).toBe(
      404,
    );
    expect((await asToken(token.token, '/api/auth/me')).statusCode).toBe(200);
    const revoked = await t.call('owner', 'DELETE', `/api/me/api-tokens/${token.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: API_TOKEN_MESSAGES.revoked('to revoke') });
    const refused = await asToken(token.token, '/api/auth/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: API_TOKEN_MESSAGES.invalid });
    const list = (await t.call('owner', 'GET', '/api/me/api-tokens')).json() as ApiTokenView[];
    expect(list.map((x) => x.id)).not.toContain(token.id);
    // Revoked once: a second revoke finds nothing.
    expect((await t.call('owner', 'DELETE', `/api/me/api-tokens/${token.id}`)).statusCode).toBe(
      404,
    );
  });

  it('gets 401 once expired, and the list says so', async () => {
    const token = await made('owner', 'short');
    await t.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, token.id));
    expect((await asToken(token.token, '/api/auth/me')).statusCode).toBe(401);
    const list = (await t.call('owner', 'GET', '/api/me/api-tokens')).json() as ApiTokenView[];
    expect(list.find((x) => x.id === token.id)?.expired).toBe(true);
  });

  it('refuses a mistyped, unknown or other-scheme credential with 401, never falling back to the cookie', async () => {
    const token = await made('owner');
    for (const authorization of [
      `Bearer ${token.token}x`,
      `Bearer ${token.token.slice(0, -1)}${token.token.endsWith('A') ? 'B' : 'A'}`,
      `Bearer vwt_${'A'.repeat(43)}`,
      'Bearer ',
      `Basic ${Buffer.from('owner:secret123').toString('base64')}`,
      token.token,
    ]) {
      const res = await t.app.inject({
        url: '/api/auth/me',
        headers: { authorization, cookie: cookie.owner },
      });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('is refused (403) on the credential routes: tokens, the calendar feed, the password', async () => {
    const token = await made('owner');
    for (const [method, url] of [
      ['GET', '/api/me/api-tokens'],
      ['POST', '/api/me/api-tokens'],
      ['DELETE', `/api/me/api-tokens/${token.id}`],
      ['GET', '/api/me/calendar-feed'],
      ['POST', '/api/me/calendar-feed'],
      ['PATCH', '/api/auth/change-password'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token.token),
        payload: {
          name: 'x',
          expiresInDays: 7,
          currentPassword: 'secret123',
          newPassword: 'x12345',
        },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: API_TOKEN_MESSAGES.sessionOnly });
    }
    // Nothing changed: the token still works, no other token was made.
    expect((await asToken(token.token, '/api/auth/me')).statusCode).toBe(200);
  });

  it('keeps the cross-site check: a write from a foreign Origin is refused as with a cookie', async () => {
    const token = await made('owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { ...bearer(token.token), origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('never opens the socket: its handshake with only a token is refused (401)', async () => {
    const token = await made('owner');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await expect(
      openSocket(`ws://${host}/ws`, {
        headers: { ...bearer(token.token), origin: `http://${host}` },
      }),
    ).rejects.toThrow('HTTP 401');
    // The same handshake with the session opens (the refusal is the token's, not the test's).
    const socket = await openSocket(`ws://${host}/ws`, {
      headers: { cookie: cookie.owner, origin: `http://${host}` },
    });
    socket.ws.close();
  });

  it('never opens the web app: a page with only a token is the signed-out page', async () => {
    const token = await made('owner');
    const signedIn = await t.app.inject({ url: '/dashboard', headers: { cookie: cookie.owner } });
    expect(signedIn.body).toContain('client-dashboard-1.js');
    const withToken = await t.app.inject({ url: '/dashboard', headers: bearer(token.token) });
    const signedOut = await t.app.inject({ url: '/dashboard' });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toBe(signedOut.body);
    expect(withToken.body).not.toContain('client-dashboard-1.js');
  });
});

describe('logs', () => {
  it('never hold a token: neither the secret sent nor the one answered', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ logger: { level: 'info', stream, redact: LOG_REDACT } });
    try {
      await seedUser(logged, { username: 'logtoken' });
      const theirCookie = await loginAs(logged, 'logtoken');
      const res = await logged.app.inject({
        method: 'POST',
        url: '/api/me/api-tokens',
        headers: { cookie: theirCookie },
        payload: { name: 'logged', expiresInDays: 7 },
      });
      const { token } = res.json() as CreatedApiToken;
      await logged.app.inject({ url: '/api/auth/me', headers: bearer(token) });
      await logged.app.inject({ url: '/api/auth/me', headers: bearer(`${token}x`) });
      expect(lines.join('')).toContain('/api/auth/me');
      expect(lines.join('')).not.toContain(token);
      expect(lines.join('')).not.toContain(token.slice(8));
    } finally {
      await logged.close();
    }
  });
});
