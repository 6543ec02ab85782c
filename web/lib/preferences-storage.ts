import {
  DEFAULT_PREFERENCES,
  DRAWN_PREFERENCES_COOKIE,
  drawnPreferencesCookie,
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
  mirrorDrawnPreferences(userId, prefs);
}

/** A year, in seconds: the mirror lasts as long as a browser keeps it. */
const MIRROR_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Mirrors the signed-in user's drawn preferences (domain/preferences.ts) in their cookie, so
 * the server draws the next page with them (ADR 0009); nothing when the cookie already says so.
 * A browser that refuses the cookie only gets its pages drawn with the defaults.
 */
export function mirrorDrawnPreferences(
  userId: string | null | undefined,
  prefs: Preferences,
): void {
  if (!userId || typeof document === 'undefined') return;
  const cookie = `${DRAWN_PREFERENCES_COOKIE}=${drawnPreferencesCookie(userId, prefs)}`;
  if (document.cookie.split('; ').includes(cookie)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookie}; Path=/; Max-Age=${MIRROR_MAX_AGE_S}; SameSite=Lax${secure}`;
}
