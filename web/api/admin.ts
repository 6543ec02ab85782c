import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminStats,
  AdminUser,
  CreateUserBody,
  EditUserBody,
  ResetPasswordBody,
  VipBody,
} from '@domain/admin';
import type { MessageAnswer } from '@domain/api';
import type { PublicUser } from '@domain/user';
import { apiJson } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';
import { invalidateKeys } from '../lib/query-client';
import { invalidateUsers } from './users';

/** The admin dashboard's reads (/admin, docs/product.md#roles); each key is its GET path. */
export const adminKeys = {
  stats: ['/api/admin/stats'] as const,
  users: ['/api/admin/users'] as const,
};

/**
 * After a create, edit, delete or VIP change: the users and the counts (docs/product.md#statuses-and-the-workflow
 * 'Dialog states'), and other screens' user lists, which may show the old name, role or avatar.
 */
export const invalidateAdmin = (queryClient: QueryClient) =>
  Promise.all([
    invalidateKeys(queryClient, [adminKeys.users, adminKeys.stats]),
    invalidateUsers(queryClient),
  ]).then(() => undefined);

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** GET /api/admin/stats. */
export const getAdminStats = () => apiJson<AdminStats>('GET', '/api/admin/stats');
export const useAdminStats = () => useQuery({ queryKey: adminKeys.stats, queryFn: getAdminStats });

/** GET /api/admin/users: everyone, by name, with when they joined. */
export const getAdminUsers = () => apiJson<AdminUser[]>('GET', '/api/admin/users');
export const useAdminUsers = () => useQuery({ queryKey: adminKeys.users, queryFn: getAdminUsers });

/** A mutation that refreshes the dashboard when it succeeds. */
function useAdminMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateAdmin(queryClient) });
}

/** POST /api/admin/users. */
export const createUser = (body: CreateUserBody, headers: Record<string, string> = {}) =>
  apiJson<PublicUser>('POST', '/api/admin/users', body, headers);
export function useCreateUser() {
  const keys = useSubmissionKeys();
  return useAdminMutation((body: CreateUserBody) =>
    keys.send(body, (headers) => createUser(body, headers)),
  );
}

/** PATCH /api/admin/users/{id}: name, isAdmin and (king only) role. */
export const updateUser = ({ id, body }: { id: string; body: EditUserBody }) =>
  apiJson<PublicUser>('PATCH', userPath(id), body);
export const useUpdateUser = () => useAdminMutation(updateUser);

/** DELETE /api/admin/users/{id}: the user and everything of theirs. */
export const deleteUser = (id: string) => apiJson<MessageAnswer>('DELETE', userPath(id));
export const useDeleteUser = () => useAdminMutation(deleteUser);

/** PATCH /api/admin/users/{id}/vip; the answer carries name and username for the toast. */
export const setVip = ({ id, isVip }: VipBody & { id: string }) =>
  apiJson<PublicUser>('PATCH', `${userPath(id)}/vip`, { isVip } satisfies VipBody);
export const useSetVip = () => useAdminMutation(setVip);

/** PATCH /api/admin/users/{id}/reset-password: nothing shown changes, so nothing is read again. */
export const resetPassword = ({ id, newPassword }: ResetPasswordBody & { id: string }) =>
  apiJson<MessageAnswer>('PATCH', `${userPath(id)}/reset-password`, {
    newPassword,
  } satisfies ResetPasswordBody);
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
