import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../test/helper';
import { ensureKing, resetKingPassword } from './seed';

const signIn = (t: TestApp, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'king', password },
  });

describe('npm run reset-king-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says there is no king before the first start', async () => {
    await expect(
      resetKingPassword(t.db, { password: undefined, generate: () => 'unused-1' }),
    ).rejects.toThrow('There is no king yet: npm start creates it on the first start');
  });

  it('generates a new password: the old one stops working and the king is signed out', async () => {
    await ensureKing(t.db, { password: 'first-pass-1', generate: () => 'unused-1' });
    const session = await loginAs(t, 'king', 'first-pass-1');

    const result = await resetKingPassword(t.db, {
      password: undefined,
      generate: () => 'second-pass-2',
    });

    expect(result).toEqual({ username: 'king', generatedPassword: 'second-pass-2' });
    expect((await signIn(t, 'first-pass-1')).statusCode).toBe(401);
    expect((await signIn(t, 'second-pass-2')).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: session } });
    expect(me.statusCode).toBe(401);
  });

  it('takes KING_PASSWORD when it is set, and does not report it', async () => {
    const result = await resetKingPassword(t.db, {
      password: 'chosen-pass-3',
      generate: () => 'unused-2',
    });

    expect(result).toEqual({ username: 'king' });
    expect((await signIn(t, 'second-pass-2')).statusCode).toBe(401);
    expect((await signIn(t, 'chosen-pass-3')).statusCode).toBe(200);
  });
});
