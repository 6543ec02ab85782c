import { matchesSearch, type StatusFilter } from './video-list';
import { normalizeCustomType } from './video-types';

/** The smart search box's suggestions and the local search preferences (docs/product.md#constants-and-limits). */
export const MAX_SUGGESTIONS = 8;
/** Recent searches shown while the box is empty. */
export const MAX_RECENT_WHEN_EMPTY = 5;
/** While typing: matching video names, then matching recent searches. */
export const MAX_NAME_MATCHES = 5;
export const MAX_RECENT_MATCHES = 3;
export const MAX_RECENT_SEARCHES = 10;
export const MAX_FAVORITE_TYPES = 5;
/** The list stays this long after the box loses focus, so a click on it still lands. */
export const SUGGESTIONS_HIDE_DELAY_MS = 150;

export interface SmartSuggestion {
  text: string;
  filter: StatusFilter;
  typeFilter: string;
}

/** Picking one sets the status and type filters, like the matching built-in preset. */
export const SMART_SUGGESTIONS: readonly SmartSuggestion[] = [
  { text: 'Ready consultation videos', filter: 'ready_to_post', typeFilter: 'consultation' },
  { text: 'Action reels to post', filter: 'ready_to_post', typeFilter: 'action-reel' },
  { text: 'Voice-over work queue', filter: 'in_progress', typeFilter: 'voice-over' },
];

export type SearchSuggestion =
  | { kind: 'recent'; text: string }
  | { kind: 'video'; text: string }
  | ({ kind: 'smart' } & SmartSuggestion);

/**
 * At most 8 suggestions. Empty query: up to 5 recent searches. Typing: up to 5 video names
 * containing the query (case-insensitive), then up to 3 recent searches containing it. The
 * smart suggestions (those containing the query, when typing) fill whatever room is left.
 * The same text is never listed twice.
 */
export function searchSuggestions(input: {
  query: string;
  videoNames: readonly string[];
  recentSearches: readonly string[];
}): SearchSuggestion[] {
  const query = input.query.trim();
  const seen = new Set<string>();
  const fresh = (text: string) => {
    const key = text.trim().toLowerCase();
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const pick = (texts: readonly string[], limit: number) => {
    const picked: string[] = [];
    for (const text of texts) {
      if (picked.length === limit) break;
      if (matchesSearch(text, query) && fresh(text)) picked.push(text);
    }
    return picked;
  };

  const listed: SearchSuggestion[] =
    query === ''
      ? pick(input.recentSearches, MAX_RECENT_WHEN_EMPTY).map((text) => ({ kind: 'recent', text }))
      : [
          ...pick(input.videoNames, MAX_NAME_MATCHES).map((text) => ({
            kind: 'video' as const,
            text,
          })),
          ...pick(input.recentSearches, MAX_RECENT_MATCHES).map((text) => ({
            kind: 'recent' as const,
            text,
          })),
        ];
  const smart = SMART_SUGGESTIONS.filter((s) => matchesSearch(s.text, query) && fresh(s.text));
  return [...listed, ...smart.map((s) => ({ kind: 'smart' as const, ...s }))].slice(
    0,
    MAX_SUGGESTIONS,
  );
}

/** Remembers a search: lowercased and trimmed, newest first, no duplicates, at most 10. */
export function addRecentSearch(recent: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...recent];
  return [q, ...recent.filter((r) => r.trim().toLowerCase() !== q)].slice(0, MAX_RECENT_SEARCHES);
}

/**
 * Stars or unstars a type. At most 5 favourites: starting a sixth changes nothing (the UI
 * disables it, see canAddFavoriteType) rather than silently dropping an older one.
 */
export function toggleFavoriteType(favorites: readonly string[], type: string): string[] {
  const t = normalizeCustomType(type);
  if (favorites.includes(t)) return favorites.filter((f) => f !== t);
  return canAddFavoriteType(favorites) && t !== '' ? [...favorites, t] : [...favorites];
}

export const canAddFavoriteType = (favorites: readonly string[]): boolean =>
  favorites.length < MAX_FAVORITE_TYPES;
