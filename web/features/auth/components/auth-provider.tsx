import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PublicUser } from '@domain/user';
import {
  clearStoredUser,
  readStoredUser,
  USER_STORAGE_KEY,
  writeStoredUser,
} from '../../../lib/session-storage';
import { USER_ID_STORAGE_KEY } from '../../../lib/api-client';
import { getMe, logout as logoutRequest } from '../../../api/auth';
import { getOwnUser } from '../../../api/users';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context';

/**
 * The session as the browser sees it (docs/product.md#statuses-and-the-workflow "Session"). The stored user makes the
 * first paint fast; the cookie session is the truth, so a stored user is checked with
 * GET /api/auth/me on start and dropped if the server no longer knows the session. `checked`
 * is the session's user as the server has just read it (a page the server drew, ADR 0009):
 * it needs no check, and it replaces the stored one.
 */
export function AuthProvider({
  children,
  checked = null,
}: {
  children: ReactNode;
  checked?: PublicUser | null;
}) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<PublicUser | null>(() => {
    if (!checked) return readStoredUser();
    writeStoredUser(checked);
    return checked;
  });
  const [isLoading, setIsLoading] = useState(() => user !== null && !checked);
  // The latest user for callbacks and listeners that must not be re-created on every change.
  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
  }, [user]);

  const clearSession = useCallback(() => {
    clearStoredUser();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    const stored = userRef.current;
    if (!stored || checked) return;
    let cancelled = false;
    getMe()
      .then((me) => {
        // A sign-in or sign-out since the check started decides instead.
        if (cancelled || userRef.current !== stored) return;
        if (me) {
          // Unchanged (the usual case): keep the stored object, so nothing that reads the
          // session draws again while the page is still loading.
          if (JSON.stringify(me) === JSON.stringify(stored)) return;
          writeStoredUser(me);
          setUser(me);
        } else {
          clearSession();
        }
      })
      .catch((error: unknown) => {
        // The server could not answer: keep the stored user; the next call will tell.
        console.error('Could not verify the stored session', error);
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [clearSession, checked]);

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== USER_STORAGE_KEY && event.key !== USER_ID_STORAGE_KEY)
        return;
      const next = readStoredUser();
      if (next?.id !== userRef.current?.id) queryClient.clear();
      setUser(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const login = useCallback(
    (next: PublicUser) => {
      writeStoredUser(next);
      queryClient.clear();
      setUser(next);
      setIsLoading(false);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } finally {
      clearSession();
    }
  }, [clearSession]);

  const refresh = useCallback(async () => {
    const current = userRef.current;
    if (!current) throw new Error('No user logged in');
    const fresh = await getOwnUser(current.id);
    writeStoredUser(fresh);
    setUser(fresh);
    return fresh;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, login, logout, refresh }),
    [user, isLoading, login, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
