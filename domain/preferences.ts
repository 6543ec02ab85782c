import { addRecentSearch, MAX_FAVORITE_TYPES, MAX_RECENT_SEARCHES } from './search-suggestions';
import { isStatusFilter, VIDEO_SORTS, type StatusFilter, type VideoSort } from './video-list';
import { normalizeCustomType } from './video-types';

/**
 * Local preferences (docs/product.md#data), stored per user id or under a guest key. Anything read
 * back from storage is passed through sanitizePreferences, so a hand-edited or old value can
 * never break a limit.
 */
export interface Preset {
  id: string;
  name: string;
  filter: StatusFilter;
  typeFilter: string;
  sortBy: VideoSort;
  icon: string;
}

export interface Preferences {
  defaultFilter: StatusFilter | 'ready';
  defaultSort: VideoSort;
  favoriteTypes: string[];
  recentSearches: string[];
  customPresets: Preset[];
  lastScrollPosition: number;
  compactView: boolean;
  autoRefresh: boolean;
  /** Video lists as cards in a grid (list) or one column per status (board). */
  videoView: VideoViewMode;
}

/** The two ways a video list shows (docs/product.md#the-board). */
export const VIDEO_VIEW_MODES = ['list', 'board'] as const;
export type VideoViewMode = (typeof VIDEO_VIEW_MODES)[number];
export const VIDEO_VIEW_LABELS: Record<VideoViewMode, string> = { list: 'List', board: 'Board' };

export const GUEST_PREFERENCES_KEY = 'video-preferences:guest';
export const preferencesKey = (userId: string | null | undefined): string =>
  userId ? `video-preferences:${userId}` : GUEST_PREFERENCES_KEY;

export const DEFAULT_PREFERENCES: Preferences = {
  defaultFilter: 'ready',
  defaultSort: 'ordinal',
  favoriteTypes: [],
  recentSearches: [],
  customPresets: [],
  lastScrollPosition: 0,
  compactView: false,
  autoRefresh: false,
  videoView: 'list',
};

/** Scroll positions: saved once 100 px are scrolled, 500 ms after scrolling stops; restored after 300 ms. */
export const SCROLL_SAVE_MIN_PX = 100;
export const SCROLL_SAVE_DEBOUNCE_MS = 500;
export const SCROLL_RESTORE_DELAY_MS = 300;

export const BUILT_IN_PRESETS: readonly Preset[] = [
  {
    id: 'consultation-ready',
    name: 'Consultation Ready',
    filter: 'ready_to_post',
    typeFilter: 'consultation',
    sortBy: 'ordinal',
    icon: 'check',
  },
  {
    id: 'action-ready',
    name: 'Action Ready',
    filter: 'ready_to_post',
    typeFilter: 'action-reel',
    sortBy: 'ordinal',
    icon: 'bolt',
  },
  {
    id: 'recently-posted',
    name: 'Recently Posted',
    filter: 'posted',
    typeFilter: 'all',
    sortBy: 'ordinal',
    icon: 'send',
  },
  {
    id: 'voice-over-queue',
    name: 'Voice Over Queue',
    filter: 'in_progress',
    typeFilter: 'voice-over',
    sortBy: 'ordinal',
    icon: 'mic',
  },
];

/** With autoRefresh on, a dashboard reads its videos again this often (the spec names no period). */
export const AUTO_REFRESH_MS = 60_000;

/** At most this many custom presets, so the stored value stays small. */
export const MAX_CUSTOM_PRESETS = 20;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function sanitizePreset(value: unknown): Preset | null {
  if (!value || typeof value !== 'object') return null;
  const p = value as Record<string, unknown>;
  if (typeof p.id !== 'string' || typeof p.name !== 'string' || !p.name.trim()) return null;
  return {
    id: p.id,
    name: p.name.trim().slice(0, 60),
    filter: isStatusFilter(p.filter) ? p.filter : 'all',
    typeFilter: typeof p.typeFilter === 'string' ? p.typeFilter : 'all',
    sortBy: (VIDEO_SORTS as readonly unknown[]).includes(p.sortBy)
      ? (p.sortBy as VideoSort)
      : 'ordinal',
    icon: typeof p.icon === 'string' ? p.icon : 'star',
  };
}

/** Any stored value made into valid preferences: unknown parts fall back to the defaults. */
export function sanitizePreferences(value: unknown): Preferences {
  if (!value || typeof value !== 'object') return { ...DEFAULT_PREFERENCES };
  const v = value as Record<string, unknown>;
  const recent = strings(v.recentSearches)
    .reverse()
    .reduce<string[]>((list, q) => addRecentSearch(list, q), [])
    .slice(0, MAX_RECENT_SEARCHES);
  const favorites = [...new Set(strings(v.favoriteTypes).map(normalizeCustomType))]
    .filter(Boolean)
    .slice(0, MAX_FAVORITE_TYPES);
  const scroll = typeof v.lastScrollPosition === 'number' ? v.lastScrollPosition : 0;
  return {
    defaultFilter:
      v.defaultFilter === 'ready' || isStatusFilter(v.defaultFilter)
        ? v.defaultFilter
        : DEFAULT_PREFERENCES.defaultFilter,
    defaultSort: (VIDEO_SORTS as readonly unknown[]).includes(v.defaultSort)
      ? (v.defaultSort as VideoSort)
      : DEFAULT_PREFERENCES.defaultSort,
    favoriteTypes: favorites,
    recentSearches: recent,
    customPresets: (Array.isArray(v.customPresets) ? v.customPresets : [])
      .map(sanitizePreset)
      .filter((p): p is Preset => p !== null)
      .slice(0, MAX_CUSTOM_PRESETS),
    lastScrollPosition: Number.isFinite(scroll) && scroll > 0 ? Math.round(scroll) : 0,
    compactView: v.compactView === true,
    autoRefresh: v.autoRefresh === true,
    videoView: (VIDEO_VIEW_MODES as readonly unknown[]).includes(v.videoView)
      ? (v.videoView as VideoViewMode)
      : DEFAULT_PREFERENCES.videoView,
  };
}

/** The stored 'ready' default stands for the Ready to Post filter. */
export const filterFromPreference = (value: Preferences['defaultFilter']): StatusFilter =>
  value === 'ready' ? 'ready_to_post' : value;

/**
 * The preferences that change how a dashboard's first screen is drawn. The browser mirrors them
 * in a cookie (DRAWN_PREFERENCES_COOKIE) beside its storage, so that the server draws a page
 * with them (ADR 0009): a user who chose the board gets the board drawn, not the list redrawn as
 * the board once the browser has read its storage (issue 47).
 */
export const DRAWN_PREFERENCE_FIELDS = [
  'videoView',
  'compactView',
  'defaultFilter',
  'defaultSort',
  'autoRefresh',
] as const satisfies readonly (keyof Preferences)[];

export const DRAWN_PREFERENCES_COOKIE = 'vw-prefs';

/** The cookie's value: whose preferences these are and the drawn ones, as URI-encoded JSON. */
export function drawnPreferencesCookie(userId: string, prefs: Preferences): string {
  const drawn: Record<string, unknown> = { user: userId };
  for (const field of DRAWN_PREFERENCE_FIELDS) drawn[field] = prefs[field];
  return encodeURIComponent(JSON.stringify(drawn));
}

/**
 * The preferences to draw `userId`'s page with, from the cookie's value as a cookie parser
 * gives it (decoded): the defaults with the drawn fields it holds, each checked as stored
 * preferences are. The very defaults object when the cookie is absent, unreadable, another
 * user's (a shared browser) or says nothing but the defaults.
 */
export function preferencesFromCookie(value: string | undefined, userId: string): Preferences {
  if (!value) return DEFAULT_PREFERENCES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return DEFAULT_PREFERENCES;
  }
  if (!parsed || typeof parsed !== 'object' || (parsed as { user?: unknown }).user !== userId) {
    return DEFAULT_PREFERENCES;
  }
  const read = sanitizePreferences(parsed);
  const drawn: Preferences = { ...DEFAULT_PREFERENCES };
  for (const field of DRAWN_PREFERENCE_FIELDS) {
    (drawn as unknown as Record<string, unknown>)[field] = read[field];
  }
  return sameDrawnPreferences(drawn, DEFAULT_PREFERENCES) ? DEFAULT_PREFERENCES : drawn;
}

/** Whether two users' screens draw alike: the same value in every drawn field. */
export const sameDrawnPreferences = (a: Preferences, b: Preferences): boolean =>
  DRAWN_PREFERENCE_FIELDS.every((field) => a[field] === b[field]);
