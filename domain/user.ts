import { z } from 'zod';
import type { Role } from './roles';

/** The public fields of a user: the only user shape any response carries (DESIGN.md section 4). */
export interface PublicUser {
  id: string;
  username: string;
  name: string | null;
  avatar: string | null;
  role: Role;
  isAdmin: 'true' | 'false';
  isVip: boolean;
}

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(['client', 'editor', 'lead_editor', 'client_team_lead', 'king']),
  isAdmin: z.enum(['true', 'false']),
  isVip: z.boolean(),
});
