import { z } from 'zod';
import { ROLES } from './roles';

/** The URL of a user's avatar: a new version (hash of the bytes) is a new URL, cached for long. */
export function avatarUrl(userId: string, version: string | null | undefined): string | null {
  return version ? `/api/users/${userId}/avatar?v=${version}` : null;
}

export const avatarUrlSchema = z
  .string()
  .nullable()
  .describe('The avatar image URL (GET /api/users/{id}/avatar), or null without one');

/**
 * The public fields of a user: the only user shape any response carries (docs/rules.md#who-may-do-what).
 * The avatar is a URL (GET /api/users/{id}/avatar?v=…, versioned by the image's hash), never the
 * image itself: a list of people or a thread of comments stays small however large the pictures
 * are.
 */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: avatarUrlSchema,
  role: z.enum(ROLES),
  isAdmin: z.enum(['true', 'false']),
  isVip: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * A person in a list of people (search, editors, clients, mentionable): the public fields, the
 * admin flag only for viewers who see the whole directory (docs/rules.md#who-may-do-what).
 */
export const directoryUserSchema = publicUserSchema.extend({
  isAdmin: publicUserSchema.shape.isAdmin.optional(),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;

/** GET /api/king/users: the people a manager (everyone) or an editor (its clients) manages. */
export const publicUserListSchema = z.array(publicUserSchema);

/** GET /api/users/search and GET /api/videos/{id}/mentionable. */
export const directoryUserListSchema = z.array(directoryUserSchema);

/** GET /api/users/search: by name or username, among the people the caller may see. */
export const userSearchQuery = z.object({ q: z.string().trim().max(100).optional() });

/** GET /api/users/{id}/avatar: `v` is the version the URL names (see avatarUrl). */
export const avatarQuery = z.object({ v: z.string().max(64).optional() });

/** The bytes as they are: typed unknown (a Buffer on the server), binary in the document. */
const imageBytes = {
  schema: z.unknown().meta({ type: 'string', format: 'binary', description: 'The image bytes' }),
};

/** GET /api/users/{id}/avatar: the image as stored, with its own type (domain/avatar.ts)... */
export const avatarImageAnswer = {
  description: 'The image',
  content: { 'image/png': imageBytes, 'image/jpeg': imageBytes, 'image/webp': imageBytes },
};

/** ...or 304 when the caller's ETag still names it. */
export const avatarNotModified = z
  .null()
  .describe('Not modified: the ETag still names the current image');
