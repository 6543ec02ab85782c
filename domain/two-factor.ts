import { z } from 'zod';
import { isAdmin, type Actor } from './roles';
import { publicUserSchema } from './user';

/**
 * Two-factor sign-in (issue 46; docs/rules.md#two-factor-sign-in): a time-based one-time code
 * (TOTP, RFC 6238) from an authenticator app after the password, or one of ten single-use
 * recovery codes. The king may require it of the king and the admins.
 */

/** What every authenticator app reads: HMAC-SHA-1, six digits, a new code every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after now is accepted too (a slow hand, a clock a little off). */
export const TOTP_WINDOW_STEPS = 1;
/** The name authenticator apps show above the account. */
export const TOTP_ISSUER = 'Video Workflow';

export const RECOVERY_CODE_COUNT = 10;

/** Whether the king's setting makes two-factor sign-in a must for `user` (the king, admins). */
export const twoFactorRequiredOf = (
  user: Pick<Actor, 'role' | 'isAdmin'>,
  requiredForAdmins: boolean,
): boolean => requiredForAdmins && isAdmin(user);

/**
 * The ticket between the password and the code: one purpose, a few minutes, a few tries. Enrolling
 * (scanning a QR code, typing a first code) is given longer than typing a code.
 */
export const TICKET_MINUTES = { code: 5, enrol: 15 } as const;
export const TICKET_ATTEMPTS = 5;

/**
 * Wrong codes are also counted per address (sign-in-delays.ts), more leniently than per user:
 * several people of one office share an address.
 */
export const TWO_FACTOR_ADDRESS_DELAY = {
  freeFailures: 20,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterMinutes: 60,
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app',
  codeWrong: 'That code is not right. Check the time on your phone and try again.',
  codeUsed: 'That code was just used. Wait for the next one and try again.',
  ticketRequired: 'Sign in with your password first',
  ticketExpired: 'Your sign-in took too long or had too many wrong codes. Please sign in again.',
  passwordOrCode: 'Enter your password or a current code',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notStarted: 'Start the setup again: no setup is waiting for a code.',
  notOn: 'Two-factor sign-in is not on',
  requiredCannotDisable:
    'The agency requires two-factor sign-in for the king and admins: it cannot be turned off.',
  kingOnly: 'Only the king may change this setting',
  kingFirst: 'Turn on two-factor sign-in for your own account first, then require it.',
  delayed: (seconds: number) =>
    `Too many wrong codes. Please wait ${seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again.`,
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  resetFor: (username: string) => `Two-factor sign-in is off for ${username}`,
} as const;

/** A code as typed: digits of the app (spaces allowed) or a recovery code. */
const code = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(40, TWO_FACTOR_MESSAGES.codeWrong)
  .describe('Six digits from the authenticator app (or, where accepted, a recovery code)');

const ticket = z
  .string({ error: TWO_FACTOR_MESSAGES.ticketRequired })
  .min(1, TWO_FACTOR_MESSAGES.ticketRequired)
  .max(200, TWO_FACTOR_MESSAGES.ticketExpired)
  .describe('The ticket POST /api/auth/login answered after the password');

/** The digits of an app's code without the spaces people type, or null if it is not one. */
export function appCodeDigits(typed: string): string | null {
  const digits = typed.replace(/\s+/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
}

/** A recovery code as compared: lower case, no spaces or dashes ('ABCDE-12345' = 'abcde12345'). */
export const normalizeRecoveryCode = (typed: string): string =>
  typed.toLowerCase().replace(/[\s-]+/g, '');

/** POST /api/auth/login when the password was right but a second step is needed. */
export const twoFactorStepSchema = z
  .object({
    twoFactor: z
      .enum(['code', 'enrol'])
      .describe("'code': send a code; 'enrol': the agency requires two-factor, set it up first"),
    ticket: z.string().describe('Single-purpose, short-lived: not a session'),
    expiresAt: z.string().describe('When the ticket ends (ISO 8601)'),
  })
  .describe('The password was right; the second step follows (no session yet)');
export type TwoFactorStep = z.infer<typeof twoFactorStepSchema>;

/** POST /api/auth/login answers the user (signed in) or the second step. */
export const loginAnswerSchema = z.union([publicUserSchema, twoFactorStepSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export const isTwoFactorStep = (answer: LoginAnswer): answer is TwoFactorStep => 'ticket' in answer;

/** POST /api/auth/login/two-factor: the ticket and a code (an app's, or a recovery code). */
export const ticketCodeBody = z.object({ ticket, code });
/** POST /api/auth/login/two-factor/setup. */
export const ticketBody = z.object({ ticket });

/** A code of the app (enable, new recovery codes). */
export const codeBody = z.object({ code });
export type CodeBody = z.infer<typeof codeBody>;

/** POST /api/auth/two-factor/disable: the password or a current code of the app. */
export const disableBody = z
  .object({
    password: z.string().max(200).optional().describe('The account password'),
    code: code.optional(),
  })
  .refine((b) => Boolean(b.password) || Boolean(b.code), {
    message: TWO_FACTOR_MESSAGES.passwordOrCode,
    path: ['password'],
  });
export type DisableBody = z.infer<typeof disableBody>;

/** GET /api/auth/two-factor: the caller's own state; never the secret. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  required: z
    .boolean()
    .describe('The agency requires it of this account (it cannot be turned off)'),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The setup's start: the only answer that ever carries the secret, before it is confirmed. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('The key in base32, to type into an app that cannot scan'),
  uri: z.string().describe('The otpauth:// URI the QR code holds'),
  qrCode: z.string().describe('The QR code as an SVG data URL'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).describe('Shown once: only their hashes are kept'),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/auth/login/two-factor/enable: signed in, with the codes to keep. */
export const enrolledSchema = recoveryCodesSchema.extend({ user: publicUserSchema });
export type Enrolled = z.infer<typeof enrolledSchema>;

/** GET/PUT /api/admin/two-factor: the king's setting. */
export const twoFactorPolicySchema = z.object({
  requiredForAdmins: z.boolean().describe('The king and admins must sign in with a code'),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;
