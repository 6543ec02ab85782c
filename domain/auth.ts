import { z } from 'zod';
import { checkAvatarDataUrl } from './avatar';

/** Validation rules and messages of docs/product.md#validation-and-messages, used by the forms and by the server. */
export const USERNAME_MIN = 3;
const USERNAME_MAX = 50;
export const PASSWORD_MIN = 6;
const PASSWORD_MAX = 200;
export const NAME_MAX = 100;

export const MESSAGES = {
  usernameShort: `Username must be at least ${USERNAME_MIN} characters`,
  usernameLong: `Username must be at most ${USERNAME_MAX} characters`,
  usernameChars: 'Username may only contain letters, numbers, dots, dashes and underscores',
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordBlank: 'Password must contain something other than spaces',
  confirmRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  currentRequired: 'Current password is required',
  newPasswordShort: `New password must be at least ${PASSWORD_MIN} characters`,
  confirmNewRequired: 'Please confirm your new password',
  nameLong: `Display name must be at most ${NAME_MAX} characters`,
  nameInvisible: 'Display name must not contain invisible or text-direction characters',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username already exists',
  currentWrong: 'Current password is incorrect',
  authRequired: 'Authentication required',
  /** Issue 37: the per-account delay of sign-in, and registration's for taken usernames. */
  accountDelayed: (seconds: number) =>
    `Too many failed sign-ins for this account. Please wait ${waitText(seconds)} and try again.`,
  registerDelayed: (seconds: number) =>
    `Too many attempts to register taken usernames. Please wait ${waitText(seconds)} and try again.`,
} as const;

/** A wait as a person reads it: '2 seconds', '1 minute', '15 minutes'. */
function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A new account's username (registration, and an admin creating a user). */
export const username = z
  .string({ error: MESSAGES.usernameShort })
  .trim()
  .min(USERNAME_MIN, MESSAGES.usernameShort)
  .max(USERNAME_MAX, MESSAGES.usernameLong)
  .regex(/^[A-Za-z0-9._-]+$/, MESSAGES.usernameChars);

/**
 * A password being set (registration, a change, an admin's create or reset, a review link's):
 * at least PASSWORD_MIN characters, else `tooShort`, at most 200, and not only blanks (six spaces
 * would pass the length rule and be guessed at once).
 */
export const newPassword = (tooShort: string) =>
  z
    .string({ error: tooShort })
    .min(PASSWORD_MIN, tooShort)
    .max(PASSWORD_MAX, MESSAGES.passwordLong)
    .regex(/\S/, MESSAGES.passwordBlank);

/** A new account's password. */
export const password = newPassword(MESSAGES.passwordShort);

/**
 * A form whose confirmPassword must repeat its `field` (the password being set); a mismatch
 * shows under the confirmation.
 */
export const confirming = <Form extends z.ZodObject>(
  form: Form,
  field: keyof z.output<Form> & string,
): Form =>
  form.refine((values: Record<string, unknown>) => values[field] === values.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/**
 * Control and format characters (Unicode Cc and Cf): line breaks, bidi overrides and isolates,
 * zero-width spaces and joiners, soft hyphens; and the line and paragraph separators (Zl, Zp).
 * In a name they make 'king\u202Egnik' look like someone else, or a line of a plain-text email
 * look like a header. Display names and video names are one line of visible text.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text);

/** A display name's rules after its own first checks: not too long, nothing invisible. */
const nameRules = (name: z.ZodString) =>
  name
    .max(NAME_MAX, MESSAGES.nameLong)
    .refine((s) => !hasInvisibleCharacters(s), MESSAGES.nameInvisible);

const displayName = nameRules(z.string({ error: 'Display name must be text' }).trim());

/** A display name that must be given: `missing` when it is empty or not there. */
export const requiredName = (missing: string) =>
  nameRules(z.string({ error: missing }).trim().min(1, missing));

/** An avatar as sent: a checked image data URL, or empty/null to remove it. */
export const avatarField = z
  .string({ error: 'Avatar must be text' })
  .nullable()
  .superRefine((value, ctx) => {
    if (!value) return;
    const result = checkAvatarDataUrl(value);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
  });

/** POST /api/auth/register. Role and isAdmin in the body are ignored: everyone registers as a client. */
export const registerBody = z.object({
  username,
  password,
  name: displayName.optional().nullable(),
  avatar: avatarField.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The registration form: the body plus the confirmation. */
export const registerForm = confirming(
  z.object({
    username,
    name: displayName.optional(),
    avatar: z.string().optional(),
    password,
    confirmPassword: z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired),
  }),
  'password',
);

export const loginBody = z.object({
  username: z.string({ error: MESSAGES.usernameRequired }).trim().min(1, MESSAGES.usernameRequired),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
});
export type LoginBody = z.infer<typeof loginBody>;

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: MESSAGES.currentRequired }).min(1, MESSAGES.currentRequired),
  newPassword: newPassword(MESSAGES.newPasswordShort),
});

export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const changePasswordForm = confirming(
  changePasswordBody.extend({
    confirmPassword: z
      .string({ error: MESSAGES.confirmNewRequired })
      .min(1, MESSAGES.confirmNewRequired),
  }),
  'newPassword',
);

/** PATCH /api/users/{id}: display name and avatar, both optional. */
export const profileUpdateBody = z.object({
  name: displayName.optional().nullable(),
  avatar: avatarField.optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/**
 * The profile form: the avatar field holds the current avatar's URL until a new image (a data
 * URL the file input has checked) or '' (removed) replaces it; only a change is sent.
 */
export const profileForm = z.object({
  name: displayName,
  avatar: z.string(),
});

/** POST /api/users/avatar. */
export const avatarUploadBody = z.object({
  imageData: z
    .string({ error: 'Image data is required' })
    .min(1, 'Image data is required')
    .superRefine((value, ctx) => {
      const result = checkAvatarDataUrl(value);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    }),
});

/** The address sign-in starts from, remembering where to go once signed in (`?next=`). */
export const signInPath = (target: string): string => `/login?next=${encodeURIComponent(target)}`;

/** An arbitrary bound: an app address is short; a longer `next` is not one of ours. */
const NEXT_MAX = 2000;
/** A base that names no real site: what `next` resolves to must still be on it. */
const OWN_ORIGIN = 'https://app.invalid';

/**
 * Where sign-in returns to (issue 37): `next` when it is an address of this app (a path, with
 * its query and fragment), normalised; null for anything else, so no link can send a person who
 * signs in to another site (`https://evil`, `//evil`, `/\evil`, `javascript:`), nor back to the
 * sign-in or registration screens.
 */
export function signInReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > NEXT_MAX || !next.startsWith('/')) return null;
  // Browsers read '\' as '/' and drop tabs and line breaks, which would turn '/\evil' or
  // '/\t/evil' into '//evil': none of them belongs in an address of the app.
  if (/[\\\p{Cc}]/u.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN || url.pathname === '/login' || url.pathname === '/register') {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
