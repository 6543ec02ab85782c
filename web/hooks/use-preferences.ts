import { startTransition, useCallback, useContext, useEffect, useState } from 'react';
import {
  DEFAULT_PREFERENCES,
  sanitizePreferences,
  type Preferences,
  type Preset,
} from '@domain/preferences';
import { addRecentSearch, toggleFavoriteType } from '@domain/search-suggestions';
import { useAuth } from './use-auth';
import { DrawnPreferences, drawnPageHolds } from '../lib/drawn-page';
import {
  loadPreferences,
  mirrorDrawnPreferences,
  savePreferences,
} from '../lib/preferences-storage';

// Every component using the hook sees the same preferences: a save tells all of them.
const listeners = new Set<() => void>();
const cache = new Map<string, Preferences>();

/**
 * The user's stored preferences, read once and kept. Stored ones equal to what the page was
 * drawn with are that very object (the defaults, for most users), so a screen that hydrated with
 * it finds nothing changed and draws nothing again.
 */
function snapshot(userId: string | null, drawn: Preferences | null): Preferences {
  const key = userId ?? '';
  let prefs = cache.get(key);
  if (!prefs) {
    prefs = loadPreferences(userId);
    const same = drawn ?? DEFAULT_PREFERENCES;
    if (JSON.stringify(prefs) === JSON.stringify(same)) prefs = same;
    // Stored before the cookie mirrored them, or the cookie since cleared: the next page the
    // server draws is drawn with them.
    mirrorDrawnPreferences(userId, prefs);
    cache.set(key, prefs);
  }
  return prefs;
}

/**
 * The signed-in user's local preferences (guest key when nobody is signed in), with the
 * limits of docs/product.md#constants-and-limits applied on every change: recent searches lowercased, newest
 * first, no duplicates, at most 10; at most 5 favourite types.
 *
 * A page the server drew hydrates with the preferences it was drawn with (the drawn ones the
 * browser mirrors in a cookie, the defaults for the rest), so a user who chose the board gets
 * the board drawn and hydrated as drawn (ADR 0009). The stored ones then follow in a transition,
 * which React draws in slices (what the cookie does not hold: recent searches, saved views);
 * a change the user makes applies at once.
 */
export function usePreferences() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const drawn = useContext(DrawnPreferences);
  const [held, setHeld] = useState(() => ({
    userId,
    preferences: drawn !== null && drawnPageHolds() ? drawn : snapshot(userId, drawn),
  }));
  const preferences = held.userId === userId ? held.preferences : snapshot(userId, drawn);

  useEffect(() => {
    const show = (next: Preferences) =>
      setHeld((now) =>
        now.userId === userId && now.preferences === next ? now : { userId, preferences: next },
      );
    const listener = () => show(snapshot(userId, drawn));
    listeners.add(listener);
    startTransition(() => show(snapshot(userId, drawn)));
    return () => {
      listeners.delete(listener);
    };
  }, [userId, drawn]);

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
