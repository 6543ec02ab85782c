import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type {
  CodeBody,
  DisableBody,
  Enrolled,
  RecoveryCodes,
  TwoFactorPolicy,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@domain/two-factor';
import type { PublicUser } from '@domain/user';
import { apiJson } from '../lib/api-client';

/**
 * Two-factor sign-in (issue 46; server/modules/auth/two-factor.routes.ts). Shapes:
 * domain/two-factor.ts. The sign-in's second step is plain calls: it holds a ticket, not a
 * session, and nothing of it is kept as a query.
 */

export const twoFactorKeys = {
  status: ['/api/auth/two-factor'] as const,
  policy: ['/api/admin', 'two-factor'] as const,
};

/** GET /api/auth/two-factor: the signed-in user's own state. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: () => apiJson<TwoFactorStatus>('GET', '/api/auth/two-factor'),
  });
}

/** POST /api/auth/two-factor/setup: a new key awaiting its first code. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiJson<TwoFactorSetup>('POST', '/api/auth/two-factor/setup'),
  });
}

/** A call that changes the state: the status is read again after it. */
function useStatusChange<Body, Answer>(method: string, url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiJson<Answer>(method, url, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** POST /api/auth/two-factor/enable: the first code; answers the recovery codes, once. */
export const useEnableTwoFactor = () =>
  useStatusChange<CodeBody, RecoveryCodes>('POST', '/api/auth/two-factor/enable');

/** POST /api/auth/two-factor/recovery-codes: ten new ones for a current code. */
export const useNewRecoveryCodes = () =>
  useStatusChange<CodeBody, RecoveryCodes>('POST', '/api/auth/two-factor/recovery-codes');

/** POST /api/auth/two-factor/disable: with the password or a current code. */
export const useDisableTwoFactor = () =>
  useStatusChange<DisableBody, MessageAnswer>('POST', '/api/auth/two-factor/disable');

/** POST /api/auth/login/two-factor: the ticket and a code (or a recovery code) sign in. */
export const verifyLoginCode = (ticket: string, code: string) =>
  apiJson<PublicUser>('POST', '/api/auth/login/two-factor', { ticket, code });

/** POST /api/auth/login/two-factor/setup: the setup the agency requires, on the ticket. */
export const startTicketSetup = (ticket: string) =>
  apiJson<TwoFactorSetup>('POST', '/api/auth/login/two-factor/setup', { ticket });

/** POST /api/auth/login/two-factor/enable: the first code; signed in, with recovery codes. */
export const enableWithTicket = (ticket: string, code: string) =>
  apiJson<Enrolled>('POST', '/api/auth/login/two-factor/enable', { ticket, code });

/** GET /api/admin/two-factor (king only). */
export function useTwoFactorPolicy() {
  return useQuery({
    queryKey: twoFactorKeys.policy,
    queryFn: () => apiJson<TwoFactorPolicy>('GET', '/api/admin/two-factor'),
  });
}

/** PUT /api/admin/two-factor. */
export function useSaveTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorPolicy) =>
      apiJson<TwoFactorPolicy>('PUT', '/api/admin/two-factor', body),
    onSuccess: (saved) => queryClient.setQueryData(twoFactorKeys.policy, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** DELETE /api/admin/users/{id}/two-factor (king only): for someone who lost phone and codes. */
export function useResetUserTwoFactor() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiJson<MessageAnswer>('DELETE', `/api/admin/users/${userId}/two-factor`),
  });
}
