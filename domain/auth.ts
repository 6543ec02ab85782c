import { z } from 'zod';
import { checkAvatarDataUrl } from './avatar';

/** Validation rules and messages of SPEC.md section 5, used by the forms and by the server. */
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
export const NAME_MAX = 100;

export const MESSAGES = {
  usernameShort: 'Username must be at least 3 characters',
  usernameLong: 'Username must be at most 50 characters',
  usernameChars: 'Username may only contain letters, numbers, dots, dashes and underscores',
  passwordShort: 'Password must be at least 6 characters',
  passwordLong: 'Password must be at most 200 characters',
  confirmRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  currentRequired: 'Current password is required',
  newPasswordShort: 'New password must be at least 6 characters',
  confirmNewRequired: 'Please confirm your new password',
  nameLong: 'Display name must be at most 100 characters',
  nameInvisible: 'Display name must not contain invisible or text-direction characters',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username already exists',
  currentWrong: 'Current password is incorrect',
  authRequired: 'Authentication required',
} as const;

const username = z
  .string({ error: MESSAGES.usernameShort })
  .trim()
  .min(USERNAME_MIN, MESSAGES.usernameShort)
  .max(50, MESSAGES.usernameLong)
  .regex(/^[A-Za-z0-9._-]+$/, MESSAGES.usernameChars);

const password = z
  .string({ error: MESSAGES.passwordShort })
  .min(PASSWORD_MIN, MESSAGES.passwordShort)
  .max(200, MESSAGES.passwordLong);

/**
 * Control and format characters (Unicode Cc and Cf): bidi overrides and isolates, zero-width
 * spaces and joiners, soft hyphens. In a name they make 'king\u202Egnik' look like someone else.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text);

const displayName = z
  .string({ error: 'Display name must be text' })
  .trim()
  .max(NAME_MAX, MESSAGES.nameLong)
  .refine((s) => !hasInvisibleCharacters(s), MESSAGES.nameInvisible);

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
export const registerForm = z
  .object({
    username,
    name: displayName.optional(),
    avatar: z.string().optional(),
    password,
    confirmPassword: z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const loginBody = z.object({
  username: z.string({ error: MESSAGES.usernameRequired }).trim().min(1, MESSAGES.usernameRequired),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
});
export type LoginBody = z.infer<typeof loginBody>;

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: MESSAGES.currentRequired }).min(1, MESSAGES.currentRequired),
  newPassword: z
    .string({ error: MESSAGES.newPasswordShort })
    .min(PASSWORD_MIN, MESSAGES.newPasswordShort)
    .max(200, MESSAGES.passwordLong),
});

export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const changePasswordForm = changePasswordBody
  .extend({
    confirmPassword: z
      .string({ error: MESSAGES.confirmNewRequired })
      .min(1, MESSAGES.confirmNewRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

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
