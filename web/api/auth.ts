import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type { ChangePasswordBody, LoginBody, RegisterBody } from '@domain/auth';
import { isTwoFactorStep, type LoginAnswer } from '@domain/two-factor';
import type { PublicUser } from '@domain/user';
import { apiFetch, apiJson, apiRequest, throwIfNotOk } from '../lib/api-client';

/**
 * The session (server/modules/auth). Nothing here is cached as a query: the signed-in user lives
 * in the auth context and the browser's storage (web/features/auth), which clears the whole
 * query cache at every sign-in and sign-out.
 */

/** GET /api/auth/me: the user of the session cookie, or null when there is no valid session. */
export async function getMe(): Promise<PublicUser | null> {
  const response = await apiFetch('GET', '/api/auth/me');
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as PublicUser;
}

/**
 * POST /api/auth/login: starts a session and returns the user, role included; or, when a second
 * factor is needed, a ticket for it and no session (web/api/two-factor.ts).
 */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return apiJson<LoginAnswer>('POST', '/api/auth/login', body);
}

/** Signs in; `onSignedIn` stores the user (which also clears the query cache), if signed in. */
export function useLogin(onSignedIn: (user: PublicUser) => void) {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isTwoFactorStep(answer)) onSignedIn(answer);
    },
  });
}

/** POST /api/auth/logout with an empty body: ends the server session. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

/** POST /api/auth/register: creates a client account; the user then signs in. */
export function register(body: RegisterBody): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** PATCH /api/auth/change-password; the server ends the user's other sessions. */
export function changePassword(body: ChangePasswordBody): Promise<MessageAnswer> {
  return apiJson<MessageAnswer>('PATCH', '/api/auth/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
