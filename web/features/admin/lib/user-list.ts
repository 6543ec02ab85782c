import { normalizeRole, TEAM_LEADS_LABEL } from '@domain/roles';
import type { PublicUser } from '@domain/user';

/** The collapsible sections of User Management, in page order (one per role). */
export const SECTIONS = ['king', 'lead_editor', 'editor', 'client_team_lead', 'client'] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_LABELS: Record<Section, string> = {
  king: 'King',
  lead_editor: 'Lead Editors',
  editor: 'Editors',
  client_team_lead: TEAM_LEADS_LABEL,
  client: 'Clients',
};

/**
 * Role filter buttons, named as the sections except 'king', which reads 'System Admins' (the king
 * is the system admin).
 */
export const ROLE_FILTERS = ['all', ...SECTIONS] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export const ROLE_FILTER_LABELS: Record<RoleFilter, string> = {
  all: 'All Roles',
  ...SECTION_LABELS,
  king: 'System Admins',
};

/** Each role is its own section: client team leads are neither editors nor clients. */
export function sectionOf(user: Pick<PublicUser, 'role'>): Section {
  return normalizeRole(user.role);
}

/** Case-insensitive match on username or display name; an empty query matches everyone. */
export function matchesSearch(user: Pick<PublicUser, 'username' | 'name'>, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return user.username.toLowerCase().includes(q) || (user.name ?? '').toLowerCase().includes(q);
}

const sortKey = (u: Pick<PublicUser, 'username' | 'name'>) => (u.name || u.username).toLowerCase();

/** Sorted by display name (or username when none), case-insensitively. */
export function sortUsers<T extends Pick<PublicUser, 'username' | 'name'>>(users: readonly T[]) {
  return [...users].sort(
    (a, b) =>
      sortKey(a).localeCompare(sortKey(b)) ||
      a.username.toLowerCase().localeCompare(b.username.toLowerCase()),
  );
}

export interface UserSummary {
  total: number;
  admins: number;
  leadEditors: number;
  regularEditors: number;
  teamLeads: number;
  clients: number;
}

/** The summary tiles: counts of the users shown (all, or the filtered ones). */
export function summarize(users: readonly Pick<PublicUser, 'role'>[]): UserSummary {
  const count = (s: Section) => users.filter((u) => sectionOf(u) === s).length;
  return {
    total: users.length,
    admins: count('king'),
    leadEditors: count('lead_editor'),
    regularEditors: count('editor'),
    teamLeads: count('client_team_lead'),
    clients: count('client'),
  };
}

/** The users the search and role filter leave, grouped by section and sorted. */
export function groupUsers<T extends PublicUser>(
  users: readonly T[],
  query: string,
  filter: RoleFilter,
): { shown: T[]; sections: Record<Section, T[]> } {
  const shown = sortUsers(
    users.filter((u) => matchesSearch(u, query) && (filter === 'all' || sectionOf(u) === filter)),
  );
  const sections = Object.fromEntries(SECTIONS.map((s) => [s, [] as T[]])) as Record<Section, T[]>;
  for (const u of shown) sections[sectionOf(u)].push(u);
  return { shown, sections };
}

/** 'No users found' or 'N user(s) found', shown while searching. */
export const resultText = (n: number) => (n === 0 ? 'No users found' : `${n} user(s) found`);
