/** Roles and the role rules of docs/product.md#roles, shared by server and web. */
export const ROLES = ['client', 'editor', 'lead_editor', 'client_team_lead', 'king'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Client',
  editor: 'Editor',
  lead_editor: 'Lead Editor',
  client_team_lead: 'Client Team Lead',
  king: 'System Admin (King)',
};

/** The heading of the client team leads' group on the team tab and on /admin. */
export const TEAM_LEADS_LABEL = 'Client Team Leads';

/**
 * Which reading of an ambiguous role text to use. The spec has two readings of 'admin'
 * (lead_editor in general, king in the video-management views) and one admin helper that keeps
 * unknown roles as 'unknown' instead of falling back to client.
 */
export type RoleReading = 'general' | 'video-management' | 'admin-helper';

/**
 * The role texts stored for clients ('user' is the legacy default role). SQL filters on the
 * role column use it; in code, `normalizeRole` reads both as 'client'.
 */
export const CLIENT_ROLE_TEXTS: readonly string[] = ['client', 'user'];

function canonical(raw: string | null | undefined): string {
  return (raw ?? '').trim().toLowerCase().replace(/\s+/g, '_');
}

export function normalizeRole(
  raw: string | null | undefined,
  reading: 'admin-helper',
): Role | 'unknown';
export function normalizeRole(
  raw: string | null | undefined,
  reading?: 'general' | 'video-management',
): Role;
export function normalizeRole(
  raw: string | null | undefined,
  reading: RoleReading = 'general',
): Role | 'unknown' {
  const value = canonical(raw);
  if (CLIENT_ROLE_TEXTS.includes(value)) return 'client';
  switch (value) {
    case 'editor':
      return 'editor';
    case 'lead_editor':
      return 'lead_editor';
    case 'client_team_lead':
      return 'client_team_lead';
    case 'king':
      return 'king';
    case 'admin':
      return reading === 'video-management' ? 'king' : 'lead_editor';
    case 'boss':
      return 'lead_editor';
    default:
      return reading === 'admin-helper' ? 'unknown' : 'client';
  }
}

export function roleLabel(role: string | null | undefined): string {
  return ROLE_LABELS[normalizeRole(role)];
}

/** The minimal view of a user that permission rules need. */
export interface Actor {
  id: string;
  role: string;
  isAdmin: string;
}

export const isAdmin = (u: Pick<Actor, 'role' | 'isAdmin'>): boolean =>
  u.isAdmin === 'true' || normalizeRole(u.role) === 'king';

export const isKing = (u: Pick<Actor, 'role'>): boolean => normalizeRole(u.role) === 'king';

/** Staff: editor, lead_editor, client_team_lead or king (role only). */
export const isStaffRole = (role: string): boolean => normalizeRole(role) !== 'client';

/** Staff, also counting administrators. */
export const isStaff = (u: Pick<Actor, 'role' | 'isAdmin'>): boolean =>
  isStaffRole(u.role) || u.isAdmin === 'true';

/**
 * Who sees every person in the user lists (search, editors, clients, mentionable) with the admin
 * flag: editors, lead editors, the king and admins. A client and a client team lead see only the
 * people they work with (docs/rules.md#who-may-do-what).
 */
export const seesWholeDirectory = (u: Pick<Actor, 'role' | 'isAdmin'>): boolean => {
  const role = normalizeRole(u.role);
  return role === 'editor' || role === 'lead_editor' || role === 'king' || u.isAdmin === 'true';
};

/**
 * Who may be a video's assigned editor (docs/product.md#validation-and-messages): an editor or a lead editor, by role;
 * anyone else is refused with VIDEO_MESSAGES.editorInvalid.
 */
export const mayBeAssignedEditor = (u: Pick<Actor, 'role'>): boolean => {
  const role = normalizeRole(u.role);
  return role === 'editor' || role === 'lead_editor';
};

/** Manager: lead_editor, king or admin (docs/rules.md#who-may-do-what). */
export const isManager = (u: Pick<Actor, 'role' | 'isAdmin'>): boolean => {
  const role = normalizeRole(u.role);
  return role === 'lead_editor' || role === 'king' || u.isAdmin === 'true';
};
