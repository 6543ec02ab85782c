import { isAdmin, normalizeRole, ROLES, TEAM_LEADS_LABEL, type Role } from './roles';

/**
 * People as every screen counts, groups, names and draws them (issue 17, "one number, one
 * answer"): the team tab, /admin, the lead dashboard's Team Members tile and the server's
 * answers that carry the same counts all read them from here.
 */

/** The role groups, in page order: each role is its own group (a team lead is no client). */
export const ROLE_GROUPS = ['king', 'lead_editor', 'editor', 'client_team_lead', 'client'] as const;
export type RoleGroup = (typeof ROLE_GROUPS)[number];

/** The group of a stored role text (docs/product.md#roles's reading: unknown reads as client). */
export const roleGroupOf = (role: string | null | undefined): RoleGroup => normalizeRole(role);

/** Each group's name in the plural (the team tab's sections, the role filters, the tiles). */
export const ROLE_GROUP_LABELS: Record<RoleGroup, string> = {
  king: 'System Admins',
  lead_editor: 'Lead Editors',
  editor: 'Editors',
  client_team_lead: TEAM_LEADS_LABEL,
  client: 'Clients',
};

/** The people counts every screen shows. */
export interface PeopleCounts {
  /** Everyone (the Team Members and Total Users tiles). */
  total: number;
  /** Role king: the System Admins tile and section. */
  systemAdmins: number;
  /** Who has admin privileges (isAdmin: the flag, the king always): the /admin hint. */
  admins: number;
  leadEditors: number;
  regularEditors: number;
  /** Lead and regular editors together (the All Editors tile). */
  allEditors: number;
  teamLeads: number;
  clients: number;
}

/** How many people of each group, and with admin privileges, among `people`. */
export function peopleCounts(
  people: readonly { role: string; isAdmin?: string | null }[],
): PeopleCounts {
  const by = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const p of people) by[roleGroupOf(p.role)] += 1;
  return {
    total: people.length,
    systemAdmins: by.king,
    admins: people.filter((p) => isAdmin({ role: p.role, isAdmin: p.isAdmin ?? 'false' })).length,
    leadEditors: by.lead_editor,
    regularEditors: by.editor,
    allEditors: by.lead_editor + by.editor,
    teamLeads: by.client_team_lead,
    clients: by.client,
  };
}

/** 'N with admin privileges': the admin count beside Total Users on /admin. */
export const adminCountText = (n: number) => `${n} with admin privileges`;

/** The name a person goes by: the display name, else the username. */
export const displayName = (p: { name: string | null; username: string }) => p.name || p.username;

/**
 * A person's initials on every avatar: the first letters of the first two words of the name it
 * goes by (dots, dashes and underscores part words too, as in 'editor.sam'), or one letter for a
 * one-word name. 'Marcus Reid' is MR, 'Maya Chen' MC, 'King' K.
 */
export function initials(p: { name: string | null; username: string }): string {
  const words = displayName(p)
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toLocaleUpperCase('en'))
    .join('');
}
