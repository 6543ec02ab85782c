import { eq, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELAY } from '@domain/limits';
import {
  RECOVERY_CODE_COUNT,
  TICKET_ATTEMPTS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_ADDRESS_DELAY,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
} from '@domain/two-factor';
import { resetKingPassword } from '../../db/seed';
import {
  signInDelays,
  twoFactorRecoveryCodes,
  twoFactorTickets,
  users,
  userTwoFactor,
} from '../../db/schema';
import { createTestApp, seedPerson, seedUser, type TestApp } from '../../test/helper';

/**
 * Two-factor sign-in (issue 46; docs/rules.md#two-factor-sign-in): the setup, the second step of
 * sign-in on a single-purpose ticket, recovery codes, replays, the delays of wrong codes per
 * account and per address, and the king's requirement with its way back in. Codes are made by
 * an independent implementation (the otpauth package), not by server/lib/totp.ts. Calls come
 * from addresses of their own (behind the trusted proxy) unless a test is about one address.
 */

let t: TestApp;
let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses % 250}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
});
afterAll(async () => {
  await t.close();
});

type Payload = Record<string, unknown>;
function post(url: string, payload: Payload = {}, cookie?: string, address = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    payload,
  });
}
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const login = (username: string, password = 'secret123', address?: string) =>
  post('/api/auth/login', { username, password }, undefined, address);
const cookieOf = (res: Awaited<ReturnType<typeof post>>) => {
  const sid = res.cookies.find((c) => c.name === 'sid');
  return sid ? `sid=${sid.value}` : null;
};

/** The code of `secret` `offset` time steps from now, by an implementation other than ours. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret }).generate({ timestamp: Date.now() + offset * 30_000 });

/**
 * The code of the step before now, taken at least 3 s before this step ends: the server accepts
 * the step before its own (TOTP_WINDOW_STEPS) only while its clock is still in this step, and an
 * enable whose request crossed into the next step was refused as wrong (CI, 2026-12-07: 400).
 */
async function previousStepCode(secret: string): Promise<string> {
  const period = TOTP_PERIOD_SECONDS * 1000;
  await vi.waitFor(
    () => {
      if (Date.now() % period > period - 3_000) throw new Error('this time step ends within 3 s');
    },
    { timeout: 10_000 },
  );
  return codeOf(secret, -1);
}

/** A signed-in user with two-factor on (confirmed with the code of the step before now). */
async function enrolled(values: Parameters<typeof seedUser>[1]) {
  const person = await seedPerson(t, values);
  const setup = (
    await post('/api/auth/two-factor/setup', {}, person.cookie)
  ).json<TwoFactorSetup>();
  const res = await post(
    '/api/auth/two-factor/enable',
    { code: await previousStepCode(setup.secret) },
    person.cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  const { recoveryCodes } = res.json<{ recoveryCodes: string[] }>();
  return { ...person, secret: setup.secret, recoveryCodes };
}

/** The ticket of a right password for a user with a second step. */
async function ticketOf(username: string, address?: string) {
  const res = await login(username, 'secret123', address);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ twoFactor: string; ticket: string }>();
}

describe('setting it up from the profile', () => {
  it('shows a QR code, the key and the URI once; a first code turns it on with ten codes', async () => {
    const anna = await seedPerson(t, { username: 'anna' });
    const status = () => get('/api/auth/two-factor', anna.cookie);
    expect((await status()).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });

    const started = await post('/api/auth/two-factor/setup', {}, anna.cookie);
    expect(started.statusCode).toBe(200);
    const setup = started.json<TwoFactorSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toBe(
      `otpauth://totp/Video%20Workflow:anna?issuer=Video%20Workflow&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toMatch(/^<svg/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not on before its first code: sign-in still takes the password alone.
    expect(cookieOf(await login('anna'))).not.toBeNull();

    const wrong = await post('/api/auth/two-factor/enable', { code: '000000' }, anna.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.codeWrong });

    const res = await post(
      '/api/auth/two-factor/enable',
      { code: codeOf(setup.secret) },
      anna.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await status()).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      required: false,
    });

    // Stored hashed; the key is never answered again, by no route.
    const stored = await t.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, anna.id));
    expect(stored.map((r) => r.codeHash).join()).not.toContain(recoveryCodes[0]!.slice(0, 5));
    const again = await post('/api/auth/two-factor/setup', {}, anna.cookie);
    expect(again.statusCode).toBe(409);
    const king = await seedPerson(t, { username: 'anna-king', role: 'king', isAdmin: 'true' });
    for (const [url, cookie] of [
      ['/api/auth/me', anna.cookie],
      ['/api/auth/two-factor', anna.cookie],
      [`/api/users/${anna.id}`, king.cookie],
      ['/api/king/users', king.cookie],
      ['/api/users/search?q=anna', king.cookie],
    ] as const) {
      const answer = await get(url, cookie);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).not.toContain(setup.secret);
    }
    // One king per agency: the requirement's test below has its own.
    await t.db.delete(users).where(eq(users.id, king.id));
  });

  it('turning it on ends the other sessions begun with the password alone', async () => {
    const other = await seedPerson(t, { username: 'ben' });
    const second = cookieOf(await login('ben'))!;
    const setup = (
      await post('/api/auth/two-factor/setup', {}, other.cookie)
    ).json<TwoFactorSetup>();
    await post('/api/auth/two-factor/enable', { code: codeOf(setup.secret) }, other.cookie);
    expect((await get('/api/auth/me', other.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', second)).statusCode).toBe(401);
  });

  it('turns off with the password or a current code, not a wrong one', async () => {
    const cleo = await enrolled({ username: 'cleo' });
    const off = (body: Payload) => post('/api/auth/two-factor/disable', body, cleo.cookie);
    expect((await off({})).statusCode).toBe(400);
    expect((await off({ password: 'wrong-one' })).statusCode).toBe(400);
    expect((await off({ code: '123456' })).statusCode).toBe(400);
    // A recovery code is for signing in, not for turning it off.
    expect((await off({ code: cleo.recoveryCodes[0]! })).statusCode).toBe(400);
    expect((await off({ code: codeOf(cleo.secret) })).json()).toEqual({
      message: TWO_FACTOR_MESSAGES.disabled,
    });
    expect(cookieOf(await login('cleo'))).not.toBeNull();
    expect((await off({ password: 'secret123' })).statusCode).toBe(409);

    const dan = await enrolled({ username: 'dan' });
    const res = await post('/api/auth/two-factor/disable', { password: 'secret123' }, dan.cookie);
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, dan.id));
    expect(rows).toEqual([]);
  });

  it('new recovery codes replace the old ones, for a current code', async () => {
    const eve = await enrolled({ username: 'eve' });
    const res = await post(
      '/api/auth/two-factor/recovery-codes',
      { code: codeOf(eve.secret) },
      eve.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    const { ticket } = await ticketOf('eve');
    const old = await post('/api/auth/login/two-factor', { ticket, code: eve.recoveryCodes[0] });
    expect(old.statusCode).toBe(401);
    const ok = await post('/api/auth/login/two-factor', { ticket, code: fresh[0] });
    expect(ok.statusCode).toBe(200);
  });
});

describe('signing in with a second factor', () => {
  it('the password alone gives a ticket, no session; the code then signs in', async () => {
    const finn = await enrolled({ username: 'finn' });
    const first = await login('finn');
    expect(first.statusCode).toBe(200);
    expect(cookieOf(first)).toBeNull();
    expect(first.headers['set-cookie']).toBeUndefined();
    const step = first.json<{ twoFactor: string; ticket: string; expiresAt: string }>();
    expect(step.twoFactor).toBe('code');
    expect(Date.parse(step.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(first.body).not.toContain(finn.id);

    // The ticket is no session: not as a cookie, not as a bearer token.
    for (const headers of [
      { cookie: `sid=${step.ticket}` },
      { authorization: `Bearer ${step.ticket}` },
    ]) {
      const me = await t.app.inject({ url: '/api/auth/me', headers });
      expect(me.statusCode).toBe(401);
    }
    // A wrong code, then the right one.
    const wrong = await post('/api/auth/login/two-factor', { ticket: step.ticket, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.codeWrong });
    const code = codeOf(finn.secret);
    const res = await post('/api/auth/login/two-factor', { ticket: step.ticket, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: finn.id, username: 'finn' });
    const cookie = cookieOf(res)!;
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200);

    // The ticket is used up; the code cannot be used again on a new one, within its window.
    const reused = await post('/api/auth/login/two-factor', { ticket: step.ticket, code });
    expect(reused.json()).toEqual({ message: TWO_FACTOR_MESSAGES.ticketExpired });
    const replay = await post('/api/auth/login/two-factor', {
      ticket: (await ticketOf('finn')).ticket,
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: TWO_FACTOR_MESSAGES.codeUsed });
  });

  it('each recovery code works once, typed in any case with or without the dash', async () => {
    const gus = await enrolled({ username: 'gus' });
    const [first, second] = gus.recoveryCodes as [string, string];
    const use = async (code: string) =>
      post('/api/auth/login/two-factor', { ticket: (await ticketOf('gus')).ticket, code });
    expect((await use(first)).statusCode).toBe(200);
    expect((await use(first)).statusCode).toBe(401);
    expect((await use(` ${second.toUpperCase().replace('-', ' ')} `)).statusCode).toBe(200);
    const left = (await get('/api/auth/two-factor', gus.cookie)).json<{
      recoveryCodesLeft: number;
    }>();
    expect(left.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
  });

  it('a ticket ends: after its minutes, after its wrong codes, and serves one purpose', async () => {
    const hal = await enrolled({ username: 'hal' });
    // Past its end.
    const late = await ticketOf('hal');
    await t.db
      .update(twoFactorTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(twoFactorTickets.userId, hal.id));
    const res = await post('/api/auth/login/two-factor', {
      ticket: late.ticket,
      code: codeOf(hal.secret),
    });
    expect(res.json()).toEqual({ message: TWO_FACTOR_MESSAGES.ticketExpired });

    // Its wrong codes used up (each from another address, the account's delay lifted).
    const { ticket } = await ticketOf('hal');
    for (let i = 0; i < TICKET_ATTEMPTS; i++) {
      expect(
        (await post('/api/auth/login/two-factor', { ticket, code: '000000' })).statusCode,
      ).toBe(401);
      await t.db.delete(signInDelays).where(eq(signInDelays.key, `two-factor:${hal.id}`));
    }
    const after = await post('/api/auth/login/two-factor', { ticket, code: codeOf(hal.secret) });
    expect(after.json()).toEqual({ message: TWO_FACTOR_MESSAGES.ticketExpired });

    // A code ticket does not set up; nothing but its step takes it.
    const other = await ticketOf('hal');
    expect(
      (await post('/api/auth/login/two-factor/setup', { ticket: other.ticket })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/login/two-factor', { ticket: 'made-up', code: '123456' })).statusCode,
    ).toBe(401);
  });

  it('users without two-factor sign in with the password, as before', async () => {
    await seedUser(t, { username: 'ivy' });
    const res = await login('ivy');
    expect(res.json()).toMatchObject({ username: 'ivy' });
    expect(cookieOf(res)).not.toBeNull();
  });
});

describe('wrong codes are delayed', () => {
  it('per account, from whatever address, even for the right code', async () => {
    const jo = await enrolled({ username: 'jo' });
    for (let i = 0; i < ACCOUNT_DELAY.freeFailures; i++) {
      const { ticket } = await ticketOf('jo');
      expect(
        (await post('/api/auth/login/two-factor', { ticket, code: '000000' })).statusCode,
      ).toBe(401);
    }
    const { ticket } = await ticketOf('jo');
    const res = await post('/api/auth/login/two-factor', { ticket, code: codeOf(jo.secret) });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json<{ message: string }>().message).toMatch(/^Too many wrong codes/);
    // The profile's calls with a code wait as well: no guessing there with a stolen session.
    const off = await post('/api/auth/two-factor/disable', { code: '000000' }, jo.cookie);
    expect(off.statusCode).toBe(429);

    await t.db
      .update(signInDelays)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInDelays.key, `two-factor:${jo.id}`));
    const ok = await post('/api/auth/login/two-factor', { ticket, code: codeOf(jo.secret) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('per address, across accounts, leaving other addresses alone', async () => {
    const address = '192.0.2.77';
    const perUser = ACCOUNT_DELAY.freeFailures - 1;
    const people = Math.ceil(TWO_FACTOR_ADDRESS_DELAY.freeFailures / perUser);
    let failures = 0;
    for (let p = 0; p < people; p++) {
      await enrolled({ username: `kim-${p}` });
      for (let i = 0; i < perUser && failures < TWO_FACTOR_ADDRESS_DELAY.freeFailures; i++) {
        const { ticket } = await ticketOf(`kim-${p}`);
        const res = await post(
          '/api/auth/login/two-factor',
          { ticket, code: '000000' },
          undefined,
          address,
        );
        expect(res.statusCode).toBe(401);
        failures++;
      }
    }
    const lee = await enrolled({ username: 'lee' });
    const { ticket } = await ticketOf('lee');
    const here = await post(
      '/api/auth/login/two-factor',
      { ticket, code: codeOf(lee.secret) },
      undefined,
      address,
    );
    expect(here.statusCode).toBe(429);
    const elsewhere = await post('/api/auth/login/two-factor', {
      ticket,
      code: codeOf(lee.secret),
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe("the king's requirement for the king and admins", () => {
  it('needs the king to have it first; then admins without it set it up at sign-in', async () => {
    const king = await seedPerson(t, { username: 'req-king', role: 'king', isAdmin: 'true' });
    const admin = await seedPerson(t, { username: 'req-admin', role: 'editor', isAdmin: 'true' });
    const client = await seedPerson(t, { username: 'req-client' });
    const put = (requiredForAdmins: boolean, cookie = king.cookie) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/two-factor',
        headers: { cookie },
        payload: { requiredForAdmins },
      });
    expect((await put(true, admin.cookie)).statusCode).toBe(403);
    const first = await put(true);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ message: TWO_FACTOR_MESSAGES.kingFirst });

    const setup = (
      await post('/api/auth/two-factor/setup', {}, king.cookie)
    ).json<TwoFactorSetup>();
    await post('/api/auth/two-factor/enable', { code: codeOf(setup.secret) }, king.cookie);
    expect((await put(true)).json()).toEqual({ requiredForAdmins: true });
    expect((await get('/api/admin/two-factor', king.cookie)).json()).toEqual({
      requiredForAdmins: true,
    });

    // The admin's password-only session ended; the client's did not.
    expect((await get('/api/auth/me', admin.cookie)).statusCode).toBe(401);
    expect((await get('/api/auth/me', client.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', king.cookie)).statusCode).toBe(200);
    expect(cookieOf(await login('req-client'))).not.toBeNull();

    // The admin's sign-in leads to the setup before anything else.
    const step = await ticketOf('req-admin');
    expect(step.twoFactor).toBe('enrol');
    const asCode = await post('/api/auth/login/two-factor', {
      ticket: step.ticket,
      code: '123456',
    });
    expect(asCode.statusCode).toBe(401);
    const started = await post('/api/auth/login/two-factor/setup', { ticket: step.ticket });
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json<TwoFactorSetup>();
    const wrong = await post('/api/auth/login/two-factor/enable', {
      ticket: step.ticket,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(401);
    const done = await post('/api/auth/login/two-factor/enable', {
      ticket: step.ticket,
      code: codeOf(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    const enrolledAnswer = done.json<{ user: { id: string }; recoveryCodes: string[] }>();
    expect(enrolledAnswer.user.id).toBe(admin.id);
    expect(enrolledAnswer.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const adminCookie = cookieOf(done)!;
    const status = (await get('/api/auth/two-factor', adminCookie)).json();
    expect(status).toEqual({ enabled: true, recoveryCodesLeft: 10, required: true });

    // Required: it cannot be turned off, by the admin nor the king.
    const off = await post('/api/auth/two-factor/disable', { password: 'secret123' }, adminCookie);
    expect(off.statusCode).toBe(403);
    expect((await ticketOf('req-admin')).twoFactor).toBe('code');

    // An admin who lost the phone and the codes: the king turns it off; the next sign-in sets
    // it up again (required). Nobody else may.
    const reset = (cookie: string, id = admin.id) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${id}/two-factor`,
        headers: { cookie },
      });
    expect((await reset(adminCookie)).statusCode).toBe(403);
    const turnedOff = await reset(king.cookie);
    expect(turnedOff.json()).toEqual({ message: TWO_FACTOR_MESSAGES.resetFor('req-admin') });
    expect((await reset(king.cookie)).statusCode).toBe(409);
    expect((await reset(king.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await ticketOf('req-admin')).twoFactor).toBe('enrol');

    // npm run reset-king-password: the king without the phone gets back in, and sets it up again.
    await resetKingPassword(t.db, { password: 'new-king-pass', generate: () => 'unused' });
    const back = await login('req-king', 'new-king-pass');
    expect(back.json<{ twoFactor: string }>().twoFactor).toBe('enrol');

    expect((await put(false, adminCookie)).statusCode).toBe(403);
  });
});
