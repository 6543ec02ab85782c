import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

/*
 * Issue 20, login p99 on the embedded default: argon2 hashes take their turn, at most one per
 * core at once (docs/decisions/0011-embedded-database-in-a-process-of-its-own.md).
 */
describe('password hashes', () => {
  it('leave a thread of libuv free while many run: a file read does not wait for them all', async () => {
    const stored = await hashPassword('right password');
    const logins = 24;
    let verified = 0;
    const verifying = Array.from({ length: logins }, () =>
      verifyPassword(stored, 'right password').then((ok) => {
        verified++;
        return ok;
      }),
    );
    // libuv runs file reads on the same four threads: with every hash handed to it at once,
    // this read waited until all but the last three hashes were done.
    await readFile(fileURLToPath(import.meta.url));
    const verifiedBeforeRead = verified;
    expect(await Promise.all(verifying)).toEqual(Array(logins).fill(true));
    expect(verifiedBeforeRead).toBeLessThan(logins / 2);
  });

  it('tell a wrong password from the right one (argon2id, the stored parameters)', async () => {
    const stored = await hashPassword('right password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'right password')).toBe(true);
    expect(await verifyPassword(stored, 'wrong password')).toBe(false);
  });
});
