import {
  ROLE_GROUP_LABELS,
  ROLE_GROUPS,
  roleGroupOf,
  type RoleGroup,
  displayName,
} from '@domain/people';
import type { PublicUser } from '@domain/user';

/** The collapsible sections of User Management, in page order: the role groups. */
export const SECTIONS = ROLE_GROUPS;
export type Section = RoleGroup;

/** The role groups' names, except the king's section, which docs/product.md names 'King'. */
export const SECTION_LABELS: Record<Section, string> = { ...ROLE_GROUP_LABELS, king: 'King' };

/** Role filter buttons, named as the role groups everywhere ('System Admins' for the king). */
export const ROLE_FILTERS = ['all', ...SECTIONS] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export const ROLE_FILTER_LABELS: Record<RoleFilter, string> = {
  all: 'All Roles',
  ...ROLE_GROUP_LABELS,
};

/** Each role is its own section: client team leads are neither editors nor clients. */
export function sectionOf(user: Pick<PublicUser, 'role'>): Section {
  return roleGroupOf(user.role);
}

/** Case-insensitive match on username or display name; an empty query matches everyone. */
export function matchesSearch(user: Pick<PublicUser, 'username' | 'name'>, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return user.username.toLowerCase().includes(q) || (user.name ?? '').toLowerCase().includes(q);
}

const sortKey = (u: Pick<PublicUser, 'username' | 'name'>) => displayName(u).toLowerCase();

/** Sorted by display name (or username when none), case-insensitively. */
export function sortUsers<T extends Pick<PublicUser, 'username' | 'name'>>(users: readonly T[]) {
  return [...users].sort(
    (a, b) =>
      sortKey(a).localeCompare(sortKey(b)) ||
      a.username.toLowerCase().localeCompare(b.username.toLowerCase()),
  );
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
