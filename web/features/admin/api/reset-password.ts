import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/** PATCH /api/admin/users/{id}/reset-password. */
export const resetPassword = ({ id, newPassword }: { id: string; newPassword: string }) =>
  apiJson<{ message: string }>(
    'PATCH',
    `/api/admin/users/${encodeURIComponent(id)}/reset-password`,
    { newPassword },
  );

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
