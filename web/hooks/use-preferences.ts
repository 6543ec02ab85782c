import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_PREFERENCES,
  sanitizePreferences,
  type Preferences,
  type Preset,
} from '@domain/preferences';
import { addRecentSearch, toggleFavoriteType } from '@domain/search-suggestions';
import { useAuth } from './use-auth';
import { loadPreferences, savePreferences } from '../lib/preferences-storage';

// Every component using the hook sees the same preferences: a save tells all of them.
const listeners = new Set<() => void>();
const cache = new Map<string, Preferences>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(userId: string | null): Preferences {
  const key = userId ?? '';
  let prefs = cache.get(key);
  if (!prefs) {
    prefs = loadPreferences(userId);
    // The defaults are the very object the server drew with (below): hydration then finds
    // nothing changed and draws nothing again.
    if (JSON.stringify(prefs) === JSON.stringify(DEFAULT_PREFERENCES)) prefs = DEFAULT_PREFERENCES;
    cache.set(key, prefs);
  }
  return prefs;
}

/**
 * The signed-in user's local preferences (guest key when nobody is signed in), with the
 * limits of docs/product.md#constants-and-limits applied on every change: recent searches lowercased, newest
 * first, no duplicates, at most 10; at most 5 favourite types.
 */
export function usePreferences() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  // The server, which cannot read this browser's storage, draws with the defaults, and so does
  // the browser's hydration of that page; stored preferences apply right after (ADR 0009).
  const preferences = useSyncExternalStore(
    subscribe,
    () => snapshot(userId),
    () => DEFAULT_PREFERENCES,
  );

  const update = useCallback(
    (change: (prefs: Preferences) => Partial<Preferences>) => {
      // Storage is the truth: another tab may have saved since this one last read.
      const latest = loadPreferences(userId);
      const next = sanitizePreferences({ ...latest, ...change(latest) });
      savePreferences(userId, next);
      cache.set(userId ?? '', next);
      listeners.forEach((listener) => listener());
    },
    [userId],
  );

  return {
    preferences,
    update,
    addRecentSearch: useCallback(
      (query: string) =>
        update((p) => ({ recentSearches: addRecentSearch(p.recentSearches, query) })),
      [update],
    ),
    toggleFavoriteType: useCallback(
      (type: string) =>
        update((p) => ({ favoriteTypes: toggleFavoriteType(p.favoriteTypes, type) })),
      [update],
    ),
    savePreset: useCallback(
      (preset: Preset) =>
        update((p) => ({
          customPresets: [...p.customPresets.filter((x) => x.id !== preset.id), preset],
        })),
      [update],
    ),
    removePreset: useCallback(
      (id: string) =>
        update((p) => ({ customPresets: p.customPresets.filter((x) => x.id !== id) })),
      [update],
    ),
  };
}

/** Forgets what was read, so the next read comes from storage again (tests, sign-out). */
export function resetPreferencesCache(): void {
  cache.clear();
}
