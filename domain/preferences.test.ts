import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PRESETS,
  DEFAULT_PREFERENCES,
  drawnPreferencesCookie,
  filterFromPreference,
  GUEST_PREFERENCES_KEY,
  preferencesFromCookie,
  preferencesKey,
  sanitizePreferences,
} from './preferences';

describe('preferences', () => {
  it('has the spec defaults and the four built-in presets', () => {
    expect(DEFAULT_PREFERENCES).toMatchObject({
      defaultFilter: 'ready',
      defaultSort: 'ordinal',
      compactView: false,
      autoRefresh: false,
    });
    expect(BUILT_IN_PRESETS.map((p) => p.name)).toEqual([
      'Consultation Ready',
      'Action Ready',
      'Recently Posted',
      'Voice Over Queue',
    ]);
    expect(filterFromPreference('ready')).toBe('ready_to_post');
  });
  it('keys by user id, guest otherwise', () => {
    expect(preferencesKey('u1')).not.toBe(preferencesKey('u2'));
    expect(preferencesKey(null)).toBe(GUEST_PREFERENCES_KEY);
  });
  it('falls back to defaults for anything unreadable', () => {
    expect(sanitizePreferences('nonsense')).toEqual(DEFAULT_PREFERENCES);
    expect(sanitizePreferences({ defaultSort: 'x', lastScrollPosition: -5 })).toEqual(
      DEFAULT_PREFERENCES,
    );
  });
  it('keeps the list or board choice, and nothing else', () => {
    expect(DEFAULT_PREFERENCES.videoView).toBe('list');
    expect(sanitizePreferences({ videoView: 'board' }).videoView).toBe('board');
    expect(sanitizePreferences({ videoView: 'list' }).videoView).toBe('list');
    for (const bad of ['Board', 'grid', 1, null, { board: true }]) {
      expect(sanitizePreferences({ videoView: bad }).videoView).toBe('list');
    }
  });
  it('enforces the limits on stored lists', () => {
    const stored = {
      recentSearches: ['A', 'b', 'a', ...Array.from({ length: 20 }, (_, i) => `q${i}`)],
      favoriteTypes: ['vlog', 'Vlog', 'funny', 'consultation', 'voice-over', 'action-reel', 'x'],
    };
    const p = sanitizePreferences(stored);
    expect(p.recentSearches).toHaveLength(10);
    expect(p.recentSearches.slice(0, 2)).toEqual(['a', 'b']);
    expect(p.favoriteTypes).toEqual(['vlog', 'funny', 'consultation', 'voice-over', 'action-reel']);
  });

  it('reads the drawn preferences back from their cookie, for their own user only', () => {
    const chosen = sanitizePreferences({
      videoView: 'board',
      compactView: true,
      defaultSort: 'name',
      recentSearches: ['kept in storage only'],
    });
    // As the browser sends it and a cookie parser hands it over: decoded.
    const value = decodeURIComponent(drawnPreferencesCookie('u1', chosen));
    expect(preferencesFromCookie(value, 'u1')).toEqual({
      ...DEFAULT_PREFERENCES,
      videoView: 'board',
      compactView: true,
      defaultSort: 'name',
    });
    // Another user's (a shared browser), none, nonsense: the very defaults object.
    expect(preferencesFromCookie(value, 'u2')).toBe(DEFAULT_PREFERENCES);
    expect(preferencesFromCookie(undefined, 'u1')).toBe(DEFAULT_PREFERENCES);
    expect(preferencesFromCookie('{not json', 'u1')).toBe(DEFAULT_PREFERENCES);
    expect(preferencesFromCookie('null', 'u1')).toBe(DEFAULT_PREFERENCES);
    const defaults = decodeURIComponent(drawnPreferencesCookie('u1', DEFAULT_PREFERENCES));
    expect(preferencesFromCookie(defaults, 'u1')).toBe(DEFAULT_PREFERENCES);
    // A hand-made cookie is checked as stored preferences are, and brings nothing else.
    const forged = JSON.stringify({
      user: 'u1',
      videoView: '<script>',
      compactView: 'yes',
      customPresets: [{ id: 'p', name: 'Forged', filter: 'all' }],
    });
    expect(preferencesFromCookie(forged, 'u1')).toBe(DEFAULT_PREFERENCES);
  });
});
