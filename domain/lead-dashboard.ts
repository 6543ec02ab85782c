import { z } from 'zod';
import { displayName, ROLE_GROUP_LABELS, ROLE_GROUPS, roleGroupOf, type RoleGroup } from './people';
import { isAdmin, isManager, normalizeRole } from './roles';
import type { VideoStatus } from './video-status';
import { filterCounts } from './video-list';
import { DAY_MS } from './day-counter';
import { DEFAULT_REVIEW_REMINDER_DAYS, lastReminderDay } from './client-turn';
import { isOverdue, toTime, type DateInput } from './workflow';
import type { FrameRate } from './timecode';

/**
 * The lead dashboard's rules (docs/product.md#screens 'Lead dashboard', #statuses-and-the-workflow 'Dashboard list
 * filtering' and section 9): its tabs, what each tab lists, the client picker strip, the team
 * sections and the assignment dialog's choices. The server and the web app both use them.
 */
export const LEAD_TABS = [
  'needs-review',
  'all-videos',
  'in-progress',
  'overdue',
  'ready-to-post',
  'posted',
  'team',
] as const;
export type LeadTab = (typeof LEAD_TABS)[number];
export type LeadVideoTab = Exclude<LeadTab, 'team'>;
export const LEAD_VIDEO_TABS = LEAD_TABS.filter((t): t is LeadVideoTab => t !== 'team');
export const DEFAULT_LEAD_TAB: LeadTab = 'needs-review';

export function isLeadTab(value: unknown): value is LeadTab {
  return typeof value === 'string' && (LEAD_TABS as readonly string[]).includes(value);
}

export const LEAD_MESSAGES = {
  managersOnly: 'Only lead editors and the king can see the lead dashboard',
  unknownClient: 'Unknown client',
  /** Why Needs My Review is empty (issue 41): review is the client's turn. */
  needsReviewWhy:
    'A video in review is the client’s turn: it comes here once its client lets every reminder pass without deciding.',
} as const;

/** GET /api/lead/summary: the tiles of every video, or of the picked client's, and a search. */
export const leadSummaryQuery = z.object({
  clientId: z.uuid({ error: LEAD_MESSAGES.unknownClient }).optional(),
  q: z.string().trim().max(200).optional(),
});
export type LeadSummaryQuery = z.input<typeof leadSummaryQuery>;

/** The seven tile counts, as GET /api/lead/summary returns them. */
export const leadCountsSchema = z.object({
  needsReview: z.number(),
  total: z.number(),
  inProgress: z.number(),
  overdue: z.number(),
  readyToPost: z.number(),
  posted: z.number(),
  teamMembers: z.number(),
});
export type LeadCounts = z.infer<typeof leadCountsSchema>;

export const leadSummarySchema = z.object({
  counts: leadCountsSchema,
  /** Videos whose name matches the search (null without one): every tab's count while searching. */
  matches: z.number().nullable(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/**
 * THE rule of "Needs My Review" (issue 41; docs/rules.md "The workflow"): a video in review is the
 * client's turn, so it waits for a lead editor only once its client has let every reminder pass:
 * in review for longer than the last reminder day (agency_settings, 7 days by default). Then the
 * lead calls the client or decides for them (the dialog's "Approve for the client"). One rule for
 * the tile, the tab, its count and its list; its SQL twin is needsLeadWhere
 * (server/modules/scope/readable.ts).
 */
export function needsLead(
  video: { status: string; statusSince?: DateInput },
  now: Date,
  reminderDays: readonly number[] = DEFAULT_REVIEW_REMINDER_DAYS,
): boolean {
  const since = toTime(video.statusSince ?? null);
  return (
    video.status === 'review' &&
    since !== null &&
    since <= now.getTime() - lastReminderDay(reminderDays) * DAY_MS
  );
}

/**
 * The tiles' video counts over a list of videos: the definition GET /api/lead/summary answers in
 * one SQL scan, and the status counts of every dashboard (filterCounts) read the same way.
 */
export function leadVideoCounts(
  videos: readonly { status: string; dueDate: DateInput; statusSince?: DateInput }[],
  now: Date,
  reminderDays: readonly number[] = DEFAULT_REVIEW_REMINDER_DAYS,
): Omit<LeadCounts, 'teamMembers'> {
  const c = filterCounts(videos);
  return {
    needsReview: videos.filter((v) => needsLead(v, now, reminderDays)).length,
    total: c.all,
    inProgress: c.in_progress,
    overdue: videos.filter((v) => isOverdue(v, now)).length,
    readyToPost: c.ready_to_post,
    posted: c.posted,
  };
}

export interface LeadTabInfo {
  /** The tile's label. */
  tile: string;
  /** The list's title. */
  title: string;
  /** The list's empty message (docs/product.md wording); the team tab has its own. */
  empty: string;
  count: keyof LeadCounts;
}

export const LEAD_TAB_INFO: Record<LeadTab, LeadTabInfo> = {
  'needs-review': {
    tile: 'Needs My Review',
    title: 'Needs My Review',
    empty: 'Nothing needs your review',
    count: 'needsReview',
  },
  'all-videos': {
    tile: 'Total Videos',
    title: 'All Videos',
    empty: 'No videos found',
    count: 'total',
  },
  'in-progress': {
    tile: 'In Progress',
    title: 'In Progress',
    empty: 'No videos in progress',
    count: 'inProgress',
  },
  overdue: { tile: 'Overdue', title: 'Overdue', empty: 'No overdue videos', count: 'overdue' },
  'ready-to-post': {
    tile: 'Ready to Post',
    title: 'Ready to Post',
    empty: 'No videos ready to post',
    count: 'readyToPost',
  },
  posted: { tile: 'Posted', title: 'Posted', empty: 'No posted videos', count: 'posted' },
  team: {
    tile: 'Team Members',
    title: 'Team',
    empty: 'No team members found',
    count: 'teamMembers',
  },
};

export interface LeadListFilter {
  status?: VideoStatus;
  /** The overdue rule (isOverdue in domain/workflow.ts): past due and not ready to post or posted. */
  overdue?: boolean;
  /** The Needs My Review rule (needsLead): in review past the last reminder day. */
  needsLead?: boolean;
  q?: string;
}

const TAB_STATUS: Partial<Record<LeadVideoTab, VideoStatus>> = {
  'in-progress': 'in_progress',
  'ready-to-post': 'ready_to_post',
  posted: 'posted',
};

/**
 * What a video tab lists. With a non-empty search every tab shows all matches, whatever the
 * status or due date (docs/product.md#statuses-and-the-workflow); all-videos is every video filtered by the search.
 */
export function leadTabFilter(tab: LeadVideoTab, search: string): LeadListFilter {
  const q = search.trim();
  if (q) return { q };
  if (tab === 'overdue') return { overdue: true };
  if (tab === 'needs-review') return { needsLead: true };
  const status = TAB_STATUS[tab];
  return status ? { status } : {};
}

/** The count shown in a tab's title: its tile count, or the number of matches when searching. */
export function leadTabCount(
  tab: LeadTab,
  counts: LeadCounts,
  search: string,
  matches: number | null,
): number {
  if (tab !== 'team' && search.trim() && matches !== null) return matches;
  return counts[LEAD_TAB_INFO[tab].count];
}

export interface PickerClient {
  id: string;
  isVip: boolean;
  videoCount: number;
  name: string | null;
  username: string;
}

/** Client picker limits (docs/product.md#screens 'Other dialogs and behaviours'). */
export const PICKER_TOP_NON_VIP = 3;
export const PICKER_DROPDOWN_MAX = 20;

/**
 * The picker: every VIP client plus the 3 non-VIP clients with the most videos on the strip
 * (VIPs first, then by video count, then by name); the next 20 non-VIP in a dropdown.
 */
export function clientPicker<T extends PickerClient>(
  clients: readonly T[],
): { strip: T[]; dropdown: T[] } {
  const byCount = (a: T, b: T) =>
    b.videoCount - a.videoCount ||
    displayName(a).localeCompare(displayName(b), 'en', { sensitivity: 'base' });
  const vip = clients.filter((c) => c.isVip).sort(byCount);
  const others = clients.filter((c) => !c.isVip).sort(byCount);
  return {
    strip: [...vip, ...others.slice(0, PICKER_TOP_NON_VIP)],
    dropdown: others.slice(PICKER_TOP_NON_VIP, PICKER_TOP_NON_VIP + PICKER_DROPDOWN_MAX),
  };
}

/**
 * The Create New Assignment dialog offers a client only while some editor is not yet assigned
 * to it: a client assigned to every editor cannot be picked again (docs/product.md#validation-and-messages).
 */
export function assignableClients<T extends { editorCount: number }>(
  clients: readonly T[],
  editorTotal: number,
): T[] {
  return clients.filter((c) => c.editorCount < editorTotal);
}

/**
 * Team sections, in the order the team tab shows them: the role groups of domain/people.ts
 * (client team leads are a group of their own, neither clients nor editors, as on /admin).
 */
export const TEAM_SECTIONS = ROLE_GROUPS.map((key) => ({ key, label: ROLE_GROUP_LABELS[key] }));
export type TeamSectionKey = RoleGroup;

export interface TeamMember {
  id: string;
  username: string;
  name: string | null;
  role: string;
}

export const teamSectionOf = roleGroupOf;

/** Matches a team search: username or display name, case-insensitively. */
export function matchesMember(member: TeamMember, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return member.username.toLowerCase().includes(q) || (member.name ?? '').toLowerCase().includes(q);
}

/** Members by section (sorted by name, case-insensitively), after search and role filter. */
export function teamSections<T extends TeamMember>(
  members: readonly T[],
  search: string,
  roleFilter: TeamSectionKey | 'all',
): { key: TeamSectionKey; label: string; members: T[] }[] {
  const sorted = members
    .filter((m) => matchesMember(m, search))
    .sort((a, b) => displayName(a).localeCompare(displayName(b), 'en', { sensitivity: 'base' }));
  return TEAM_SECTIONS.filter((s) => roleFilter === 'all' || s.key === roleFilter).map((s) => ({
    key: s.key,
    label: s.label,
    members: sorted.filter((m) => teamSectionOf(m.role) === s.key),
  }));
}

/**
 * Which optional columns the managed-user table shows (docs/product.md#screens): king and lead
 * editor see Client and Assigned Editor; editor sees Client; others see Assigned Editor.
 */
export function managedUserColumns(viewer: { role: string; isAdmin: string }): {
  client: boolean;
  assignedEditor: boolean;
} {
  const role = normalizeRole(viewer.role);
  if (role === 'king' || role === 'lead_editor' || isAdmin(viewer)) {
    return { client: true, assignedEditor: true };
  }
  if (role === 'editor') return { client: true, assignedEditor: false };
  return { client: false, assignedEditor: true };
}

/**
 * Who may open a managed user (the page and GET /api/king/users/{id}/videos): managers any
 * user; an editor only a client assigned to them. The page sends everyone else back to
 * /dashboard; the server answers 403.
 */
export function mayOpenManagedUser(
  viewer: { role: string; isAdmin: string },
  targetId: string,
  assignedClientIds: ReadonlySet<string>,
): boolean {
  if (isManager(viewer)) return true;
  return normalizeRole(viewer.role) === 'editor' && assignedClientIds.has(targetId);
}

/** The toast text after a bulk delete (docs/product.md#errors). */
export function bulkDeleteMessage(deleted: number, failed: number): string {
  if (failed === 0) return `${deleted} ${deleted === 1 ? 'video' : 'videos'} deleted.`;
  return `${deleted} videos deleted. ${failed} failed to delete.`;
}

/** The form's defaults: next number after the videos shown, consultation, in progress. */
export function managedAddVideoDefaults(videoCount: number) {
  return {
    name: '',
    link: '',
    type: 'consultation',
    status: 'in_progress',
    ordinal: videoCount + 1,
    /** The agency's rate (issue 43). */
    frameRate: '' as FrameRate | '',
  };
}
