import { normalizeStatus, VIDEO_STATUSES } from './video-status';
import { typeLabel } from './video-type-labels';
import { BUILT_IN_VIDEO_TYPES, normalizeCustomType } from './video-types';
import { toTime, type DateInput } from './workflow';

// Filtering, counting and sorting of video lists (docs/product.md#screens, #data and #constants-and-limits).

// Names and labels compare with numeric parts as numbers ('Video 2' before 'Video 10').
// The app's text is English; a fixed locale keeps the order the same in every browser.
// Accent sensitivity makes 'apple' and 'Apple' equal, so the stable sort keeps their order.
// Made on first use: a browser's first collator loads its collation data, which on a slow
// phone took tens of milliseconds of a dashboard's start-up that sorts by number (ADR 0009).
let collator: Intl.Collator | undefined;
const compareText = (a: string, b: string) =>
  (collator ??= new Intl.Collator('en', { sensitivity: 'accent', numeric: true })).compare(a, b);

export const STATUS_FILTERS = ['all', ...VIDEO_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All Videos',
  draft: 'Draft',
  in_progress: 'In Progress',
  review: 'Review',
  ready_to_post: 'Ready to Post',
  posted: 'Posted',
};

/** The desktop status pills, in order; the mobile dropdown uses STATUS_FILTERS (with Draft). */
export const DESKTOP_STATUS_PILLS: readonly StatusFilter[] = [
  'in_progress',
  'review',
  'ready_to_post',
  'posted',
  'all',
];

export function isStatusFilter(value: unknown): value is StatusFilter {
  return typeof value === 'string' && (STATUS_FILTERS as readonly string[]).includes(value);
}

export function matchesStatusFilter(status: string, filter: StatusFilter): boolean {
  return filter === 'all' || normalizeStatus(status) === filter;
}

export type FilterCounts = Record<StatusFilter, number>;

export function filterCounts(videos: readonly { status: string }[]): FilterCounts {
  const counts: FilterCounts = {
    all: videos.length,
    draft: 0,
    in_progress: 0,
    review: 0,
    ready_to_post: 0,
    posted: 0,
  };
  for (const v of videos) counts[normalizeStatus(v.status)] += 1;
  return counts;
}

/** Case-insensitive 'contains'; a blank query matches everything. */
export function matchesSearch(text: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || text.toLowerCase().includes(q);
}

export interface TypeCount {
  type: string;
  label: string;
  count: number;
}

/**
 * The type filter chips: only types with at least one video, built-ins in their usual order,
 * then custom types by label.
 */
export function typeCounts(videos: readonly { type: string }[]): TypeCount[] {
  const counts = new Map<string, number>();
  for (const v of videos) {
    const type = normalizeCustomType(v.type);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const builtIns: string[] = BUILT_IN_VIDEO_TYPES.map((t) => t.name);
  const rank = (type: string) => {
    const i = builtIns.indexOf(type);
    return i === -1 ? builtIns.length : i;
  };
  return [...counts]
    .map(([type, count]) => ({ type, label: typeLabel(type), count }))
    .sort((a, b) => rank(a.type) - rank(b.type) || compareText(a.label, b.label));
}

// --- review rounds (issue 41): the "more than N rounds" filter and the rounds order ---------------

/**
 * The rounds filter: a video passes with more than `over` review rounds begun (`rounds`, the
 * video's count); null passes every video. The server's SQL says the same (listWhere,
 * server/modules/videos/videos.repository.ts).
 */
export const hasMoreRoundsThan = (video: { rounds: number }, over: number | null): boolean =>
  over === null || video.rounds > over;

/** The rounds filter's choices in the list toolbars: more than 1, 2, 3 or 5 rounds. */
export const ROUNDS_FILTERS = [1, 2, 3, 5] as const;

export const roundsFilterLabel = (over: number) =>
  `More than ${over} ${over === 1 ? 'round' : 'rounds'}`;

/** The same as a choice under the field's label "Rounds": 'More than 2'. */
export const roundsFilterOption = (over: number) => `More than ${over}`;

/**
 * The orders of GET /api/videos (`sort`): newest first (the default), or most review rounds
 * first and then newest first. Either ends with the id, so a page's cursor is exact.
 */
export const VIDEO_LIST_ORDERS = ['newest', 'rounds'] as const;
export type VideoListOrder = (typeof VIDEO_LIST_ORDERS)[number];

export const VIDEO_LIST_ORDER_LABELS: Record<VideoListOrder, string> = {
  newest: 'Newest first',
  rounds: 'Rounds (most first)',
};

export const VIDEO_SORTS = ['ordinal', 'name', 'name-desc', 'status', 'type', 'rounds'] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];
export const DEFAULT_VIDEO_SORT: VideoSort = 'ordinal';

export const VIDEO_SORT_LABELS: Record<VideoSort, string> = {
  ordinal: 'Order (#)',
  name: 'Name (A-Z)',
  'name-desc': 'Name (Z-A)',
  status: 'Status',
  type: 'Type',
  rounds: 'Rounds (most first)',
};

/** The editor dashboard's sorts (docs/product.md#screens); the spec gives no labels, these are ours. */
export const EDITOR_SORTS = [
  'ordinal',
  'dueDate',
  'newest',
  'oldest',
  'alphabetical',
  'rounds',
] as const;
export type EditorSort = (typeof EDITOR_SORTS)[number];

export const EDITOR_SORT_LABELS: Record<EditorSort, string> = {
  ordinal: 'Order (#)',
  dueDate: 'Due Date',
  newest: 'Newest',
  oldest: 'Oldest',
  alphabetical: 'Alphabetical',
  rounds: 'Rounds (most first)',
};

export interface SortableVideo {
  ordinal: string;
  name: string;
  status: string;
  type: string;
  dueDate?: DateInput;
  createdAt?: DateInput;
  rounds?: number;
}

/** Missing or unreadable values sort last, whichever the direction. */
function byNumber(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a - b) * direction;
}

const ordinalOf = (v: SortableVideo) => {
  const n = Number(v.ordinal.trim());
  return v.ordinal.trim() === '' || Number.isNaN(n) ? null : n;
};

const statusRank = (status: string) => VIDEO_STATUSES.indexOf(normalizeStatus(status));

type Compare = (a: SortableVideo, b: SortableVideo) => number;

const COMPARE: Record<VideoSort | EditorSort, Compare> = {
  ordinal: (a, b) => byNumber(ordinalOf(a), ordinalOf(b), 1),
  name: (a, b) => compareText(a.name, b.name),
  'name-desc': (a, b) => compareText(b.name, a.name),
  alphabetical: (a, b) => compareText(a.name, b.name),
  status: (a, b) => statusRank(a.status) - statusRank(b.status),
  type: (a, b) => compareText(typeLabel(a.type), typeLabel(b.type)),
  dueDate: (a, b) => byNumber(toTime(a.dueDate), toTime(b.dueDate), 1),
  newest: (a, b) => byNumber(toTime(a.createdAt), toTime(b.createdAt), -1),
  oldest: (a, b) => byNumber(toTime(a.createdAt), toTime(b.createdAt), 1),
  // As GET /api/videos?sort=rounds: most rounds first, then newest first.
  rounds: (a, b) =>
    byNumber(a.rounds ?? null, b.rounds ?? null, -1) ||
    byNumber(toTime(a.createdAt), toTime(b.createdAt), -1),
};

/** A sorted copy; ties keep their input order. */
export function sortVideos<T extends SortableVideo>(
  videos: readonly T[],
  sort: VideoSort | EditorSort,
): T[] {
  return [...videos].sort(COMPARE[sort]);
}
