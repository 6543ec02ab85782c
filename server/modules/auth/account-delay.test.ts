import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELAY } from '@domain/limits';
import { MESSAGES } from '@domain/auth';
import { signInDelays } from '../../db/schema';
import { createTestApp, secondInstance, seedUser, type TestApp } from '../../test/helper';

/**
 * Issue 37, observation 14: login was limited per address only (20 a minute), so many addresses
 * could go on guessing one account. Now an account name that failed ACCOUNT_DELAY.freeFailures
 * times makes every further attempt wait a delay that doubles with each failure, at most
 * ACCOUNT_DELAY.maxDelaySeconds, whoever asks from wherever; the right password after the wait
 * starts the count again. Registration meeting taken usernames is delayed the same way, per
 * username and per address. Each call comes from another address (behind the trusted proxy,
 * X-Forwarded-For), as an attacker's many machines would.
 */

let t: TestApp;
let addresses = 0;
const nextAddress = () => `203.0.113.${++addresses % 250}`;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  await seedUser(t, { username: 'victim', password: 'right-password' });
  await seedUser(t, { username: 'bystander', password: 'right-password' });
  for (let i = 1; i <= ACCOUNT_DELAY.freeFailures + 1; i++) {
    await seedUser(t, { username: `taken-${i}` });
  }
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, address = nextAddress()) =>
  t.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': address }, payload });
const login = (username: string, password: string) =>
  post('/api/auth/login', { username, password });
const register = (username: string, address?: string) =>
  post('/api/auth/register', { username, password: 'secret123' }, address);

/** Fails `times` sign-ins of `username`, each from another address: all plain 401s. */
async function fail(username: string, times: number) {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await login(username, 'wrong-guess')).statusCode);
  expect(codes).toEqual(Array(times).fill(401));
}

/** The wait is over (the test moves the clock of the row, not of the world). */
const waitOver = (key: string) =>
  t.db
    .update(signInDelays)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signInDelays.key, key));

function expectDelayed(res: Awaited<ReturnType<typeof login>>, seconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(seconds - 1);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
  return res.json<{ message: string }>().message;
}

describe('sign-in: a delay per account, whatever the address', () => {
  it('after the free failures, even the right password waits; the delay doubles', async () => {
    await fail('victim', ACCOUNT_DELAY.freeFailures);
    const first = ACCOUNT_DELAY.firstDelaySeconds;
    const message = expectDelayed(await login('victim', 'right-password'), first);
    expect(message).toBe(MESSAGES.accountDelayed(first));
    // Another account is not touched.
    expect((await login('bystander', 'right-password')).statusCode).toBe(200);

    await waitOver('login:victim');
    await fail('victim', 1);
    expectDelayed(await login('VICTIM', 'wrong-guess'), first * 2);
  });

  it('the right password once the wait is over starts the count again', async () => {
    await waitOver('login:victim');
    expect((await login('victim', 'right-password')).statusCode).toBe(200);
    await fail('victim', ACCOUNT_DELAY.freeFailures);
    expectDelayed(await login('victim', 'right-password'), ACCOUNT_DELAY.firstDelaySeconds);
    await waitOver('login:victim');
    expect((await login('victim', 'right-password')).statusCode).toBe(200);
  });

  it('never waits longer than the cap, however many failures', async () => {
    await fail('victim', ACCOUNT_DELAY.freeFailures);
    await t.db
      .update(signInDelays)
      .set({ failures: 60, blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInDelays.key, 'login:victim'));
    await fail('victim', 1);
    const message = expectDelayed(
      await login('victim', 'right-password'),
      ACCOUNT_DELAY.maxDelaySeconds,
    );
    expect(message).toBe(MESSAGES.accountDelayed(ACCOUNT_DELAY.maxDelaySeconds));
    expect(message).toContain('15 minutes');
  });

  it('counts in the database: failures on one instance delay the name on another', async () => {
    await seedUser(t, { username: 'shared', password: 'right-password' });
    await fail('shared', ACCOUNT_DELAY.freeFailures);
    const other = await secondInstance(t);
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'shared', password: 'right-password' },
      });
      expectDelayed(res, ACCOUNT_DELAY.firstDelaySeconds);
    } finally {
      await other.close();
    }
  });

  it('treats a name nobody has the same way (it tells no one which names exist)', async () => {
    await fail('nobody-here', ACCOUNT_DELAY.freeFailures);
    expectDelayed(await login('nobody-here', 'x'), ACCOUNT_DELAY.firstDelaySeconds);
  });
});

describe('register: the same delay for taken usernames', () => {
  it('per username: many addresses asking for one taken name are delayed', async () => {
    for (let i = 0; i < ACCOUNT_DELAY.freeFailures; i++) {
      const res = await register('taken-1');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.usernameTaken);
    }
    const res = await register('taken-1');
    expectDelayed(res, ACCOUNT_DELAY.firstDelaySeconds);
    expect(res.json().message).toBe(MESSAGES.registerDelayed(ACCOUNT_DELAY.firstDelaySeconds));
  });

  it('per address: one address trying many taken names is delayed, even for a free one', async () => {
    const address = '198.51.100.7';
    for (let i = 2; i < 2 + ACCOUNT_DELAY.freeFailures; i++) {
      expect((await register(`taken-${i}`, address)).statusCode).toBe(409);
    }
    expectDelayed(await register('free-name', address), ACCOUNT_DELAY.firstDelaySeconds);
    // Another address registers it.
    expect((await register('free-name')).statusCode).toBe(201);
  });
});
