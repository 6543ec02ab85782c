import {
  DEFAULT_PREFERENCES,
  preferencesKey,
  sanitizePreferences,
  type Preferences,
} from '@domain/preferences';

/** Reads a user's preferences; any failure is logged and the defaults are used (docs/product.md#data). */
export function loadPreferences(userId: string | null | undefined): Preferences {
  try {
    const raw = localStorage.getItem(preferencesKey(userId));
    return raw ? sanitizePreferences(JSON.parse(raw)) : { ...DEFAULT_PREFERENCES };
  } catch (error) {
    console.warn('Could not load preferences; using defaults', error);
    return { ...DEFAULT_PREFERENCES };
  }
}

/** Writes a user's preferences; a failure (storage full or blocked) is only logged. */
export function savePreferences(userId: string | null | undefined, prefs: Preferences): void {
  try {
    localStorage.setItem(preferencesKey(userId), JSON.stringify(sanitizePreferences(prefs)));
  } catch (error) {
    console.warn('Could not save preferences', error);
  }
}
