import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, loginAs, seedUser, type TestApp } from '../../test/helper';
import { MESSAGES } from '@domain/auth';
import { DAY_MS as DAY } from '@domain/day-counter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
const changePassword = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/auth/change-password', headers: { cookie }, payload });
/** A POST whose body is this text, sent as JSON (what no client library would send). */
const postRaw = (url: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
/** The status GET /api/auth/me answers with this cookie: 200 signed in, 401 not. */
const meStatus = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode;

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/"password"/);
  expect(body).not.toMatch(/\$argon2/);
}

describe('register', () => {
  it('creates a client with a hashed password and returns public fields only', async () => {
    const res = await register({ username: 'alice', password: 'secret123', name: 'Alice A' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'alice',
      name: 'Alice A',
      role: 'client',
      isAdmin: 'false',
      isVip: false,
    });
    expect(Object.keys(user).sort()).toEqual([
      'avatarUrl',
      'id',
      'isAdmin',
      'isVip',
      'name',
      'role',
      'username',
    ]);
    expectNoSecrets(res.body);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'alice'));
    expect(row!.password).not.toBe('secret123');
    expect(row!.password).toMatch(/^\$argon2id\$/);
  });

  it('ignores role and isAdmin in the body: always a plain client', async () => {
    const res = await register({
      username: 'sneaky',
      password: 'secret123',
      role: 'king',
      isAdmin: 'true',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'client', isAdmin: 'false' });
    const [row] = await t.db.select().from(users).where(eq(users.username, 'sneaky'));
    expect(row).toMatchObject({ role: 'client', isAdmin: 'false' });
  });

  it('refuses short usernames and passwords with the spec messages', async () => {
    const short = await register({ username: 'ab', password: 'secret123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Username must be at least 3 characters');
    expect(short.json().errors[0].path).toBe('username');
    const weak = await register({ username: 'bobby', password: '12345' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must be at least 6 characters');
  });

  it('refuses a password of only spaces or other blanks (issue 37, obs 16)', async () => {
    for (const password of ['      ', ' \t \n  ', '\u00a0'.repeat(8)]) {
      const res = await register({ username: 'blanky', password });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json().message).toBe(MESSAGES.passwordBlank);
    }
    // Spaces inside a password are fine; only an all-blank one is refused.
    expect((await register({ username: 'blanky', password: '  a b  ' })).statusCode).toBe(201);
  });

  it('refuses missing fields and wrong types with 400, never 500', async () => {
    for (const payload of [
      {},
      { username: 123, password: 'secret123' },
      { username: 'carol' },
      [],
    ]) {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('answers 409 when the username is taken, whatever the case', async () => {
    await register({ username: 'dupe', password: 'secret123' });
    const res = await register({ username: 'DUPE', password: 'secret123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username already exists');
  });

  it('accepts a real PNG avatar and refuses SVG or a PNG label on other bytes', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const ok = await register({ username: 'pictured', password: 'secret123', avatar: png });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().avatarUrl).toMatch(/^\/api\/users\/[\w-]+\/avatar\?v=\w+$/);
    const svg = await register({
      username: 'svg-user',
      password: 'secret123',
      avatar: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    });
    expect(svg.statusCode).toBe(400);
    const fake = await register({
      username: 'fake-png',
      password: 'secret123',
      avatar: 'data:image/png;base64,PGh0bWw+PC9odG1sPg==',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Avatar must be a PNG, JPEG or WebP image');
  });
});

describe('bad bodies', () => {
  it('answers 400 with a message on malformed JSON', async () => {
    const res = await postRaw('/api/auth/login', '{"username": "x",');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body is not valid JSON');
  });

  it('answers 413 on an oversize body', async () => {
    const res = await login({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it('refuses __proto__ payloads', async () => {
    const res = await postRaw(
      '/api/auth/register',
      '{"username":"protouser","password":"secret123","__proto__":{"role":"king"}}',
    );
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('login and sessions', () => {
  it('logs in with the right password and returns the user with its role', async () => {
    await seedUser(t, { username: 'eddie', role: 'editor' });
    const res = await login({ username: 'eddie', password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'eddie', role: 'editor' });
    expectNoSecrets(res.body);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
  });

  it('refuses a wrong password or an unknown user with the same 401 message', async () => {
    for (const payload of [
      { username: 'eddie', password: 'wrong-pass' },
      { username: 'nobody', password: 'secret123' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid username or password');
    }
  });

  it('requires username and password with the spec messages', async () => {
    const res = await login({ username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Username is required',
      'Password is required',
    ]);
  });

  it('gives a new session id at every login, and the old one keeps no access once replaced', async () => {
    const first = await loginAs(t, 'eddie');
    const again = await login({ username: 'eddie', password: 'secret123' }, { cookie: first });
    const second = `sid=${again.cookies.find((c) => c.name === 'sid')!.value}`;
    expect(second).not.toBe(first);
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(second)).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await loginAs(t, 'eddie');
    const token = cookie.slice('sid='.length);
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => r.id === token)).toBe(false);
  });

  it('ends the session at logout', async () => {
    const cookie = await loginAs(t, 'eddie');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await meStatus(cookie)).toBe(401);
  });

  it('reads the role from the database on every request', async () => {
    const u = await seedUser(t, { username: 'demoted', role: 'lead_editor' });
    const cookie = await loginAs(t, 'demoted');
    await t.db.update(users).set({ role: 'client' }).where(eq(users.id, u.id));
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json().role).toBe('client');
  });
});

describe('identity comes from the session only', () => {
  it('answers 401 to a request carrying a real user id in x-user-id but no session', async () => {
    const king = await seedUser(t, { username: 'king-x', role: 'king', isAdmin: 'true' });
    for (const url of ['/api/auth/me', `/api/users/${king.id}`, '/api/users/search']) {
      const res = await t.app.inject({ url, headers: { 'x-user-id': king.id } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication required');
    }
  });

  it('ignores a forged x-user-id when there is a session', async () => {
    const king = await seedUser(t, { username: 'king-y', role: 'king', isAdmin: 'true' });
    await seedUser(t, { username: 'plainclient' });
    const cookie = await loginAs(t, 'plainclient');
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { cookie, 'x-user-id': king.id },
    });
    expect(me.json().username).toBe('plainclient');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${king.id}`,
      headers: { cookie, 'x-user-id': king.id },
      payload: { name: 'Pwned' },
    });
    expect(patch.statusCode).toBe(403);
  });
});

describe('change password', () => {
  it('checks the current password, ends other sessions and keeps this one', async () => {
    await seedUser(t, { username: 'changer' });
    const here = await loginAs(t, 'changer');
    const elsewhere = await loginAs(t, 'changer');
    const wrong = await changePassword(here, {
      currentPassword: 'nope-nope',
      newPassword: 'newsecret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await changePassword(here, { currentPassword: 'secret123', newPassword: 'abc' });
    expect(short.json().message).toBe('New password must be at least 6 characters');
    const blank = await changePassword(here, {
      currentPassword: 'secret123',
      newPassword: '      ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MESSAGES.passwordBlank);
    const ok = await changePassword(here, {
      currentPassword: 'secret123',
      newPassword: 'newsecret',
    });
    expect(ok.statusCode).toBe(200);
    expect(await meStatus(elsewhere)).toBe(401);
    expect(await meStatus(here)).toBe(200);
    await expect(loginAs(t, 'changer', 'secret123')).rejects.toThrow(/401/);
    await loginAs(t, 'changer', 'newsecret');
  });
});

describe('session lifetime (issue 15, finding 7): idle timeout beside the absolute limit', () => {
  const sessionOf = async (cookie: string) => {
    const all = await t.db.select().from(sessions);
    // The cookie holds the token; the table its hash: find the one this cookie opened.
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
    return all.find((s) => s.id === hash)!;
  };

  it('a new session ends after 7 idle days, not 30', async () => {
    await seedUser(t, { username: 'idler' });
    const cookie = await loginAs(t, 'idler');
    const row = await sessionOf(cookie);
    const left = row.expiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan(7 * DAY - 60_000);
    expect(left).toBeLessThanOrEqual(7 * DAY);
  });

  it('a session idle for 7 days is over; one in use moves its end forward', async () => {
    await seedUser(t, { username: 'regular' });
    const used = await loginAs(t, 'regular');
    const idle = await loginAs(t, 'regular');
    // Last used 6 days ago: one day left. A request gives it 7 days from now.
    const usedRow = await sessionOf(used);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + DAY) })
      .where(eq(sessions.id, usedRow.id));
    expect(await meStatus(used)).toBe(200);
    const moved = (await sessionOf(used)).expiresAt.getTime() - Date.now();
    expect(moved).toBeGreaterThan(7 * DAY - 60_000);
    // Not used for 7 days: its end has passed.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, (await sessionOf(idle)).id));
    expect(await meStatus(idle)).toBe(401);
  });

  it('use never carries a session past 30 days after sign-in', async () => {
    await seedUser(t, { username: 'veteran' });
    const cookie = await loginAs(t, 'veteran');
    const row = await sessionOf(cookie);
    const began = Date.now() - 29.5 * DAY;
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(began), expiresAt: new Date(Date.now() + 60 * 60 * 1000 - 1) })
      .where(eq(sessions.id, row.id));
    expect(await meStatus(cookie)).toBe(200);
    const end = (await sessionOf(cookie)).expiresAt.getTime();
    expect(end).toBeLessThanOrEqual(began + 30 * DAY);
    expect(end).toBeGreaterThan(Date.now() + 11 * 60 * 60 * 1000);
  });

  it('reads both limits from the settings', async () => {
    const { readSettings } = await import('../../env');
    expect(readSettings({})).toMatchObject({ sessionIdleDays: 7, sessionMaxDays: 30 });
    expect(readSettings({ SESSION_IDLE_DAYS: '2', SESSION_MAX_DAYS: '10' })).toMatchObject({
      sessionIdleDays: 2,
      sessionMaxDays: 10,
    });
    expect(() => readSettings({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
    const short = await createTestApp({ database: t.database, sessionIdleDays: 1 });
    try {
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'idler', password: 'secret123' },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'sid')!;
      expect(cookie.maxAge).toBe((30 * DAY) / 1000);
      const row = await sessionOf(`sid=${cookie.value}`);
      expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(DAY);
    } finally {
      await short.app.close();
    }
  });
});

describe('origin check and rate limit', () => {
  it('refuses unsafe methods from a foreign Origin', async () => {
    const res = await login(
      { username: 'eddie', password: 'secret123' },
      { origin: 'https://evil.example', host: 'localhost:5000' },
    );
    expect(res.statusCode).toBe(403);
    const same = await login(
      { username: 'eddie', password: 'secret123' },
      { origin: 'http://localhost:5000', host: 'localhost:5000' },
    );
    expect(same.statusCode).toBe(200);
  });

  it('compares scheme, host and port, not the host alone (issue 15, finding 7)', async () => {
    // The request is plain http on localhost:5000: another scheme or port is another site.
    for (const origin of [
      'https://localhost:5000',
      'http://localhost:5001',
      'http://localhost',
      'null',
      'http://localhost:5000.evil.example',
    ]) {
      const res = await login(
        { username: 'eddie', password: 'secret123' },
        { origin, host: 'localhost:5000' },
      );
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().message).toBe('Cross-site request refused');
    }
  });

  it('rate-limits login with a 429 and a message', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'x-user', password: 'whatever' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toMatch(/Too many attempts/);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
