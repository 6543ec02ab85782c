import { useCallback, useState } from 'react';
import { sanitizePreferences, type Preferences, type Preset } from '../../../../domain/preferences';
import { addRecentSearch, toggleFavoriteType } from '../../../../domain/search-suggestions';
import { useAuth } from '../../auth/hooks/use-auth';
import { loadPreferences, savePreferences } from '../storage';

/**
 * The signed-in user's local preferences (guest key when nobody is signed in), with the
 * limits of SPEC.md section 9 applied on every change: recent searches lowercased, newest
 * first, no duplicates, at most 10; at most 5 favourite types.
 */
export function usePreferences() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [state, setState] = useState(() => ({ userId, prefs: loadPreferences(userId) }));
  // Another user signed in: read their preferences (state adjusted while rendering).
  let current = state;
  if (state.userId !== userId) {
    current = { userId, prefs: loadPreferences(userId) };
    setState(current);
  }

  const update = useCallback(
    (change: (prefs: Preferences) => Partial<Preferences>) =>
      setState((s) => {
        // Storage is the truth: several components hold this hook, each may have saved since.
        const latest = loadPreferences(s.userId);
        const prefs = sanitizePreferences({ ...latest, ...change(latest) });
        savePreferences(s.userId, prefs);
        return { ...s, prefs };
      }),
    [],
  );

  return {
    preferences: current.prefs,
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
