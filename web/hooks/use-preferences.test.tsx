import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  DRAWN_PREFERENCES_COOKIE,
  preferencesFromCookie,
  preferencesKey,
  type Preferences,
} from '@domain/preferences';
import type { PublicUser } from '@domain/user';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';
import { DrawnPreferences } from '../lib/drawn-page';
import { resetPreferencesCache, usePreferences } from './use-preferences';

const person = (id: string): PublicUser => ({
  id,
  username: id,
  name: null,
  avatarUrl: null,
  role: 'client',
  isAdmin: 'false',
  isVip: false,
});

function signedInAs(user: PublicUser | null) {
  const value: AuthContextValue = {
    user,
    isLoading: false,
    login: () => {},
    logout: async () => {},
    refresh: async () => user!,
  };
  return ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
  );
}

/** The cookie the browser sends the server, as a cookie parser hands it over (decoded). */
const sentCookie = () =>
  document.cookie
    .split('; ')
    .map((c) => c.split('='))
    .filter(([name]) => name === DRAWN_PREFERENCES_COOKIE)
    .map(([, value]) => decodeURIComponent(value!))[0];

/** What the server drew a board user's page with (the cookie's part of their preferences). */
const DRAWN_BOARD: Preferences = { ...DEFAULT_PREFERENCES, videoView: 'board' };

/**
 * Renders a screen as a page the server drew with DRAWN_BOARD hydrates it, `stored` in the
 * user's storage: the preferences each of its renders saw.
 */
function hydrateDrawn(userId: string, stored: Partial<Preferences>): Preferences[] {
  localStorage.setItem(preferencesKey(userId), JSON.stringify(stored));
  const seen: Preferences[] = [];
  function Shows() {
    seen.push(usePreferences().preferences);
    return null;
  }
  const SignedIn = signedInAs(person(userId));
  render(
    <DrawnPreferences.Provider value={DRAWN_BOARD}>
      <SignedIn>
        <Shows />
      </SignedIn>
    </DrawnPreferences.Provider>,
  );
  return seen;
}

afterEach(() => {
  document.cookie = `${DRAWN_PREFERENCES_COOKIE}=; Path=/; Max-Age=0`;
  localStorage.clear();
  resetPreferencesCache();
  vi.restoreAllMocks();
});

describe('usePreferences', () => {
  it('keeps at most 10 recent searches, lowercased, newest first, without duplicates', () => {
    const { result } = renderHook(() => usePreferences(), { wrapper: signedInAs(person('u1')) });
    act(() => {
      for (let i = 1; i <= 12; i += 1) result.current.addRecentSearch(`Query ${i}`);
      result.current.addRecentSearch('QUERY 5');
    });
    const recent = result.current.preferences.recentSearches;
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe('query 5');
    expect(recent.filter((q) => q === 'query 5')).toHaveLength(1);
    expect(recent[1]).toBe('query 12');
    expect(JSON.parse(localStorage.getItem(preferencesKey('u1'))!).recentSearches).toEqual(recent);
  });

  it('keeps at most 5 favourite types; a sixth changes nothing until one is removed', () => {
    const { result } = renderHook(() => usePreferences(), { wrapper: signedInAs(person('u1')) });
    const types = ['vlog', 'funny', 'consultation', 'voice-over', 'action-reel', 'talking-head'];
    act(() => types.forEach((t) => result.current.toggleFavoriteType(t)));
    expect(result.current.preferences.favoriteTypes).toEqual(types.slice(0, 5));
    act(() => {
      result.current.toggleFavoriteType('vlog');
      result.current.toggleFavoriteType('talking-head');
    });
    expect(result.current.preferences.favoriteTypes).toEqual([
      'funny',
      'consultation',
      'voice-over',
      'action-reel',
      'talking-head',
    ]);
  });

  it('stores per user, and under the guest key when nobody is signed in', () => {
    const a = renderHook(() => usePreferences(), { wrapper: signedInAs(person('a')) });
    act(() => a.result.current.addRecentSearch('for a'));
    const guest = renderHook(() => usePreferences(), { wrapper: signedInAs(null) });
    expect(guest.result.current.preferences.recentSearches).toEqual([]);
    act(() => guest.result.current.update(() => ({ compactView: true })));
    expect(JSON.parse(localStorage.getItem(preferencesKey(null))!).compactView).toBe(true);
    expect(a.result.current.preferences.compactView).toBe(false);
  });

  it('falls back to the defaults when storage holds nonsense, and only logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(preferencesKey('u2'), '{not json');
    const { result } = renderHook(() => usePreferences(), { wrapper: signedInAs(person('u2')) });
    expect(result.current.preferences.defaultFilter).toBe('ready');
    expect(result.current.preferences.defaultSort).toBe('ordinal');
    expect(warn).toHaveBeenCalled();
  });

  it('logs a failed save and keeps working', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const { result } = renderHook(() => usePreferences(), { wrapper: signedInAs(person('u3')) });
    act(() => result.current.addRecentSearch('still here'));
    // Kept for this visit even though the browser would not store it.
    expect(result.current.preferences.recentSearches).toEqual(['still here']);
    expect(warn).toHaveBeenCalled();
  });

  it('keeps every component that uses it in step', () => {
    const wrapper = signedInAs(person('u4'));
    const first = renderHook(() => usePreferences(), { wrapper });
    const second = renderHook(() => usePreferences(), { wrapper });
    act(() => first.result.current.update(() => ({ compactView: true })));
    expect(second.result.current.preferences.compactView).toBe(true);
  });

  it('mirrors the drawn preferences in a cookie, so the server draws with them', () => {
    const { result } = renderHook(() => usePreferences(), { wrapper: signedInAs(person('u5')) });
    act(() => result.current.update(() => ({ videoView: 'board', recentSearches: ['promo'] })));
    expect(preferencesFromCookie(sentCookie(), 'u5')).toEqual({
      ...DEFAULT_PREFERENCES,
      videoView: 'board',
    });
    // Stored before the mirror existed (or the cookie cleared): mirrored on the first read.
    document.cookie = `${DRAWN_PREFERENCES_COOKIE}=; Path=/; Max-Age=0`;
    resetPreferencesCache();
    renderHook(() => usePreferences(), { wrapper: signedInAs(person('u5')) });
    expect(preferencesFromCookie(sentCookie(), 'u5').videoView).toBe('board');
  });

  it('a drawn page hydrates with what it was drawn with, then shows what is stored', () => {
    const seen = hydrateDrawn('u6', { videoView: 'board', recentSearches: ['promo'] });
    // The first render is the server's; the rest of what is stored follows.
    expect(seen[0]).toBe(DRAWN_BOARD);
    expect(seen.at(-1)).toMatchObject({ videoView: 'board', recentSearches: ['promo'] });
  });

  it('draws nothing again when what is stored is what the page was drawn with', () => {
    expect(hydrateDrawn('u7', { videoView: 'board' })).toEqual([DRAWN_BOARD]);
  });
});
