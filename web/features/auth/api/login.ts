import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '../../../../domain/auth';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';
import { useAuth } from '../../../hooks/use-auth';

/** POST /api/auth/login: starts a session and returns the user, role included. */
export function login(body: LoginBody): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/login', body);
}

/** Signs in and stores the user (which also clears the query cache). */
export function useLogin() {
  const auth = useAuth();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => auth.login(user),
  });
}
