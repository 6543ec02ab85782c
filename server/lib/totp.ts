import { createHmac, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from '@domain/two-factor';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), written here so the standard's
 * test vectors run through the very function sign-in uses (totp.test.ts). The `otpauth` package
 * only turns keys into base32 and the otpauth:// URI that authenticator apps scan.
 */

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export interface TotpOptions {
  algorithm?: TotpAlgorithm;
  digits?: number;
  periodSeconds?: number;
}

const defaults = (opts: TotpOptions) => ({
  algorithm: opts.algorithm ?? 'SHA1',
  digits: opts.digits ?? TOTP_DIGITS,
  periodSeconds: opts.periodSeconds ?? TOTP_PERIOD_SECONDS,
});

/** The time step a moment falls in (RFC 6238 T: whole periods since the Unix epoch). */
export const totpStep = (timeMs: number, periodSeconds = TOTP_PERIOD_SECONDS): number =>
  Math.floor(timeMs / 1000 / periodSeconds);

/** RFC 4226 section 5.3: HMAC of the 8-byte counter, dynamic truncation, the last `digits`. */
function hotp(key: Uint8Array, counter: number, algorithm: TotpAlgorithm, digits: number) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm.toLowerCase(), key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of `key` at `timeMs` (six digits of HMAC-SHA-1 every 30 seconds unless told). */
export function totp(key: Uint8Array, timeMs: number, opts: TotpOptions = {}): string {
  const { algorithm, digits, periodSeconds } = defaults(opts);
  return hotp(key, totpStep(timeMs, periodSeconds), algorithm, digits);
}

/**
 * The step whose code `code` is, among now's and TOTP_WINDOW_STEPS either side, and only among
 * steps after `afterStep` (the last one used: a code is good once); null when none. Every
 * candidate is compared, in constant time, whatever matched first.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  { now = Date.now(), afterStep = null }: { now?: number; afterStep?: number | null } = {},
): number | null {
  const { algorithm, digits, periodSeconds } = defaults({});
  const current = totpStep(now, periodSeconds);
  const typed = Buffer.from(code.padEnd(digits, ' ').slice(0, digits));
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(key, step, algorithm, digits)), typed);
    if (same && code.length === digits && (afterStep === null || step > afterStep)) found = step;
  }
  return found;
}

/** A new key: 160 random bits (RFC 4226 section 4 recommends them), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const secretBytes = (base32: string): Uint8Array => Secret.fromBase32(base32).bytes;

/** The otpauth:// URI of Google Authenticator's key URI format, as the QR code carries it. */
export const otpauthUri = (base32: string, account: string): string =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
