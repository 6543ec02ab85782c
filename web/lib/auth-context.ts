import { createContext } from 'react';
import type { PublicUser } from '@domain/user';

export interface AuthContextValue {
  /** The signed-in user, or null. */
  user: PublicUser | null;
  /** True while a stored user is being checked against the server session. */
  isLoading: boolean;
  /** Stores a freshly signed-in user and clears the query cache. */
  login: (user: PublicUser) => void;
  /** Ends the server session; local state is cleared even when that call fails. */
  logout: () => Promise<void>;
  /** Replaces the stored user with a fresh copy from the server. */
  refresh: () => Promise<PublicUser>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
