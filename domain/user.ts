import { z } from 'zod';
import type { Role } from './roles';

/**
 * The public fields of a user: the only user shape any response carries (DESIGN.md section 4).
 * The avatar is a URL, never the image itself: a list of people or a thread of comments stays
 * small however large the pictures are.
 */
export interface PublicUser {
  id: string;
  username: string;
  name: string | null;
  /** GET /api/users/{id}/avatar?v=…, versioned by the image's hash; null without an avatar. */
  avatarUrl: string | null;
  role: Role;
  isAdmin: 'true' | 'false';
  isVip: boolean;
}

/** The URL of a user's avatar: a new version (hash of the bytes) is a new URL, cached for long. */
export function avatarUrl(userId: string, version: string | null | undefined): string | null {
  return version ? `/api/users/${userId}/avatar?v=${version}` : null;
}

export const avatarUrlSchema = z
  .string()
  .nullable()
  .describe('The avatar image URL (GET /api/users/{id}/avatar), or null without one');

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: avatarUrlSchema,
  role: z.enum(['client', 'editor', 'lead_editor', 'client_team_lead', 'king']),
  isAdmin: z.enum(['true', 'false']),
  isVip: z.boolean(),
});

/**
 * A person in a list of people (search, editors, clients, mentionable): the public fields, the
 * admin flag only for viewers who see the whole directory (DESIGN.md section 4).
 */
export const directoryUserSchema = publicUserSchema.extend({
  isAdmin: publicUserSchema.shape.isAdmin.optional(),
});
export type DirectoryUser = Omit<PublicUser, 'isAdmin'> & { isAdmin?: PublicUser['isAdmin'] };
