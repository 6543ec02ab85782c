import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_VIDEO_SORT,
  DESKTOP_STATUS_PILLS,
  EDITOR_SORT_LABELS,
  EDITOR_SORTS,
  filterCounts,
  isStatusFilter,
  matchesSearch,
  matchesStatusFilter,
  sortVideos,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  typeCounts,
  VIDEO_SORT_LABELS,
  VIDEO_SORTS,
  type SortableVideo,
  hasMoreRoundsThan,
  roundsFilterLabel,
} from './video-list';
import { STATUS_LABELS } from './video-status';

interface V extends SortableVideo {
  id: string;
}

const v = (id: string, fields: Partial<V> = {}): V => ({
  id,
  ordinal: '1',
  name: id,
  status: 'draft',
  type: 'consultation',
  ...fields,
});

const ids = (videos: readonly V[]) => videos.map((x) => x.id);

describe('status filters', () => {
  it('are all plus the five statuses', () => {
    expect(STATUS_FILTERS).toEqual([
      'all',
      'draft',
      'in_progress',
      'review',
      'ready_to_post',
      'posted',
    ]);
    // The status labels of docs/product.md#statuses-and-the-workflow (domain/video-status.test.ts), but 'Review'.
    expect(STATUS_FILTER_LABELS).toEqual({ ...STATUS_LABELS, all: 'All Videos', review: 'Review' });
    expect(DESKTOP_STATUS_PILLS).toEqual([
      'in_progress',
      'review',
      'ready_to_post',
      'posted',
      'all',
    ]);
  });

  it('isStatusFilter accepts exactly those values', () => {
    for (const f of STATUS_FILTERS) expect(isStatusFilter(f)).toBe(true);
    expect(isStatusFilter('ready')).toBe(false);
    expect(isStatusFilter('All')).toBe(false);
    expect(isStatusFilter(undefined)).toBe(false);
  });

  it('matchesStatusFilter: all matches everything, a status its own (aliases read)', () => {
    expect(matchesStatusFilter('posted', 'all')).toBe(true);
    expect(matchesStatusFilter('review', 'review')).toBe(true);
    expect(matchesStatusFilter('ready', 'ready_to_post')).toBe(true);
    expect(matchesStatusFilter('review', 'posted')).toBe(false);
  });
});

describe('filterCounts', () => {
  it('counts every status and the total', () => {
    const videos = [
      { status: 'draft' },
      { status: 'in_progress' },
      { status: 'in_progress' },
      { status: 'review' },
      { status: 'ready_to_post' },
      { status: 'ready' },
      { status: 'posted' },
      { status: 'posted' },
      { status: 'posted' },
    ];
    expect(filterCounts(videos)).toEqual({
      all: 9,
      draft: 1,
      in_progress: 2,
      review: 1,
      ready_to_post: 2,
      posted: 3,
    });
  });

  it('is all zeros for no videos', () => {
    expect(filterCounts([])).toEqual(Object.fromEntries(STATUS_FILTERS.map((f) => [f, 0])));
  });
});

describe('matchesSearch', () => {
  it('is a case-insensitive contains; blank matches all', () => {
    expect(matchesSearch('Morning Vlog', 'vlog')).toBe(true);
    expect(matchesSearch('Morning Vlog', '  NING v ')).toBe(true);
    expect(matchesSearch('Morning Vlog', 'evening')).toBe(false);
    expect(matchesSearch('Morning Vlog', '')).toBe(true);
    expect(matchesSearch('Morning Vlog', '   ')).toBe(true);
  });
});

describe('typeCounts', () => {
  it('lists types with videos: built-ins in order, then custom types by label', () => {
    const videos = [
      { type: 'vlog' },
      { type: 'zoo-tour' },
      { type: 'consultation' },
      { type: 'vlog' },
      { type: 'Animal Facts' },
      { type: 'before-after' },
    ];
    expect(typeCounts(videos)).toEqual([
      { type: 'consultation', label: 'Consultation', count: 1 },
      { type: 'before-after', label: 'Before & After', count: 1 },
      { type: 'vlog', label: 'Vlog', count: 2 },
      { type: 'animal-facts', label: 'Animal Facts', count: 1 },
      { type: 'zoo-tour', label: 'Zoo Tour', count: 1 },
    ]);
    expect(typeCounts([])).toEqual([]);
  });
});

describe('hasMoreRoundsThan', () => {
  it('passes a video with more than N review rounds, and every video with no filter', () => {
    expect([0, 1, 2, 3].map((rounds) => hasMoreRoundsThan({ rounds }, 1))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(hasMoreRoundsThan({ rounds: 0 }, null)).toBe(true);
    expect(hasMoreRoundsThan({ rounds: 0 }, 0)).toBe(false);
    expect(roundsFilterLabel(1)).toBe('More than 1 round');
    expect(roundsFilterLabel(3)).toBe('More than 3 rounds');
  });
});

describe('sort options', () => {
  it('label the management sorts, ordinal first and default', () => {
    expect(VIDEO_SORTS).toEqual(['ordinal', 'name', 'name-desc', 'status', 'type', 'rounds']);
    expect(DEFAULT_VIDEO_SORT).toBe('ordinal');
    expect(VIDEO_SORTS.map((s) => VIDEO_SORT_LABELS[s])).toEqual([
      'Order (#)',
      'Name (A-Z)',
      'Name (Z-A)',
      'Status',
      'Type',
      'Rounds (most first)',
    ]);
  });

  it('list the editor dashboard sorts', () => {
    expect(EDITOR_SORTS).toEqual([
      'ordinal',
      'dueDate',
      'newest',
      'oldest',
      'alphabetical',
      'rounds',
    ]);
    expect(Object.keys(EDITOR_SORT_LABELS)).toEqual([...EDITOR_SORTS]);
  });
});

describe('sortVideos', () => {
  it('ordinal: numerically, not as text; unreadable ordinals last', () => {
    const videos = [
      v('ten', { ordinal: '10' }),
      v('bad', { ordinal: 'x' }),
      v('two', { ordinal: '2' }),
      v('empty', { ordinal: '' }),
      v('one', { ordinal: '1' }),
      v('hundred', { ordinal: '100' }),
    ];
    expect(ids(sortVideos(videos, 'ordinal'))).toEqual([
      'one',
      'two',
      'ten',
      'hundred',
      'bad',
      'empty',
    ]);
  });

  it('rounds: most review rounds first, then newest first, as GET /api/videos?sort=rounds', () => {
    const at = (day: number) => `2026-01-0${day}T00:00:00.000Z`;
    const videos = [
      v('one-old', { rounds: 1, createdAt: at(1) }),
      v('three', { rounds: 3, createdAt: at(2) }),
      v('none', { rounds: 0, createdAt: at(3) }),
      v('one-new', { rounds: 1, createdAt: at(4) }),
    ];
    expect(ids(sortVideos(videos, 'rounds'))).toEqual(['three', 'one-new', 'one-old', 'none']);
  });

  it('returns a copy and leaves the input alone', () => {
    const videos = [v('b', { ordinal: '2' }), v('a', { ordinal: '1' })];
    const sorted = sortVideos(videos, 'ordinal');
    expect(sorted).not.toBe(videos);
    expect(ids(videos)).toEqual(['b', 'a']);
  });

  it('name: A-Z case-insensitively, numbers in names by value, ties in input order', () => {
    const videos = [
      v('1', { name: 'banana' }),
      v('2', { name: 'Apple' }),
      v('3', { name: 'Video 10' }),
      v('4', { name: 'apple' }),
      v('5', { name: 'Video 2' }),
      v('6', { name: 'cherry' }),
    ];
    expect(ids(sortVideos(videos, 'name'))).toEqual(['2', '4', '1', '6', '5', '3']);
    expect(ids(sortVideos(videos, 'alphabetical'))).toEqual(['2', '4', '1', '6', '5', '3']);
  });

  it('name-desc: Z-A, ties still in input order', () => {
    const videos = [
      v('1', { name: 'banana' }),
      v('2', { name: 'Apple' }),
      v('3', { name: 'apple' }),
      v('4', { name: 'Cherry' }),
    ];
    expect(ids(sortVideos(videos, 'name-desc'))).toEqual(['4', '1', '2', '3']);
  });

  it('status: workflow order draft .. posted, stable within a status', () => {
    const videos = [
      v('p', { status: 'posted' }),
      v('r1', { status: 'review' }),
      v('d', { status: 'draft' }),
      v('rp', { status: 'ready_to_post' }),
      v('r2', { status: 'review' }),
      v('ip', { status: 'in_progress' }),
    ];
    expect(ids(sortVideos(videos, 'status'))).toEqual(['d', 'ip', 'r1', 'r2', 'rp', 'p']);
  });

  it('type: by label, stable within a type', () => {
    const videos = [
      v('vo', { type: 'voice-over' }),
      v('c1', { type: 'consultation' }),
      v('ar', { type: 'action-reel' }),
      v('ba', { type: 'before-after' }),
      v('c2', { type: 'consultation' }),
      v('x', { type: 'custom-thing' }),
    ];
    expect(ids(sortVideos(videos, 'type'))).toEqual(['ar', 'ba', 'c1', 'c2', 'x', 'vo']);
  });

  it('dueDate: earliest first, no due date last', () => {
    const videos = [
      v('none', { dueDate: null }),
      v('late', { dueDate: '2025-07-01T00:00:00Z' }),
      v('early', { dueDate: '2025-06-01T00:00:00Z' }),
      v('mid', { dueDate: new Date('2025-06-15T00:00:00Z') }),
    ];
    expect(ids(sortVideos(videos, 'dueDate'))).toEqual(['early', 'mid', 'late', 'none']);
  });

  it('newest and oldest: by creation time, unknown last in both', () => {
    const videos = [
      v('b', { createdAt: '2025-02-01T00:00:00Z' }),
      v('unknown'),
      v('a', { createdAt: '2025-01-01T00:00:00Z' }),
      v('c', { createdAt: '2025-03-01T00:00:00Z' }),
    ];
    expect(ids(sortVideos(videos, 'newest'))).toEqual(['c', 'b', 'a', 'unknown']);
    expect(ids(sortVideos(videos, 'oldest'))).toEqual(['a', 'b', 'c', 'unknown']);
  });
});

describe('the collator', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // A browser's first Intl.Collator loads its collation data: tens of milliseconds on a slow
  // phone, paid by a dashboard's start-up although its default sort is by number (ADR 0009).
  it('is made when names are first compared, not when the module loads or sorts by number', async () => {
    const Collator = Intl.Collator;
    const made = vi.spyOn(Intl, 'Collator').mockImplementation(function collator(
      ...args: ConstructorParameters<typeof Collator>
    ) {
      return new Collator(...args);
    } as typeof Collator);
    vi.resetModules();
    const fresh = await import('./video-list');
    const videos = [v('b', { ordinal: '2' }), v('a', { ordinal: '1' })];
    expect(ids(fresh.sortVideos(videos, 'ordinal'))).toEqual(['a', 'b']);
    expect(made).not.toHaveBeenCalled();
    expect(ids(fresh.sortVideos(videos, 'name'))).toEqual(['a', 'b']);
    expect(ids(fresh.sortVideos(videos, 'name-desc'))).toEqual(['b', 'a']);
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });
});
