import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole } from '../../../../domain/admin';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';
import { refreshUsersAndStats } from './invalidate';

export interface CreateUserInput {
  username: string;
  name: string;
  password: string;
  role: AssignableRole;
  /** A data URL, or '' for none (SPEC.md section 7). */
  avatar: string;
}

/** POST /api/admin/users. */
export const createUser = (body: CreateUserInput) =>
  apiJson<PublicUser>('POST', '/api/admin/users', body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => refreshUsersAndStats(queryClient),
  });
}
