import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '../../../../domain/auth';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

/** POST /api/auth/register: creates a client account; the user then signs in. */
export function register(body: RegisterBody): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
