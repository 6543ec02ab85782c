import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, otpauthUri, secretBytes, totp, totpStep } from './totp';

/**
 * RFC 6238 Appendix B: the seeds are the ASCII digits "1234567890" repeated to the length of
 * each hash (20, 32 and 64 bytes), codes of eight digits every 30 seconds.
 */
const seed = (length: number) => Buffer.from('1234567890'.repeat(7).slice(0, length), 'ascii');
const KEYS = { SHA1: seed(20), SHA256: seed(32), SHA512: seed(64) } as const;

const VECTORS: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('totp: RFC 6238 Appendix B', () => {
  for (const [seconds, sha1, sha256, sha512] of VECTORS) {
    it(`at ${seconds} s`, () => {
      const at = seconds * 1000;
      expect(totp(KEYS.SHA1, at, { algorithm: 'SHA1', digits: 8 })).toBe(sha1);
      expect(totp(KEYS.SHA256, at, { algorithm: 'SHA256', digits: 8 })).toBe(sha256);
      expect(totp(KEYS.SHA512, at, { algorithm: 'SHA512', digits: 8 })).toBe(sha512);
    });
  }

  it('the steps of the table (T in hex)', () => {
    expect(totpStep(59_000)).toBe(0x1);
    expect(totpStep(1111111109_000)).toBe(0x23523ec);
    expect(totpStep(20000000000_000)).toBe(0x27bc86aa);
  });
});

describe('matchTotp', () => {
  const key = KEYS.SHA1;
  const now = 1_800_000_000_000;
  const step = totpStep(now);

  it("accepts now's code and one step either side, and says which step", () => {
    expect(matchTotp(key, totp(key, now), { now })).toBe(step);
    expect(matchTotp(key, totp(key, now - 30_000), { now })).toBe(step - 1);
    expect(matchTotp(key, totp(key, now + 30_000), { now })).toBe(step + 1);
    expect(matchTotp(key, totp(key, now - 60_000), { now })).toBeNull();
    expect(matchTotp(key, totp(key, now + 60_000), { now })).toBeNull();
  });

  it('refuses a step already used, and anything that is not the six digits', () => {
    const code = totp(key, now);
    expect(matchTotp(key, code, { now, afterStep: step })).toBeNull();
    expect(matchTotp(key, code, { now, afterStep: step - 1 })).toBe(step);
    expect(matchTotp(key, `${code}0`, { now })).toBeNull();
    expect(matchTotp(key, code.slice(1), { now })).toBeNull();
    expect(matchTotp(key, '', { now })).toBeNull();
  });
});

describe('keys and the URI', () => {
  it('a new key is 160 random bits; an independent implementation agrees on its codes', () => {
    const secret = newTotpSecret();
    expect(secretBytes(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = otpauthUri(secret, 'anna');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Video%20Workflow:anna\?/);
    expect(uri).toContain(`secret=${secret}`);
    const now = Date.now();
    const theirs = new TOTP({ secret }).generate({ timestamp: now });
    expect(totp(secretBytes(secret), now)).toBe(theirs);
  });
});
