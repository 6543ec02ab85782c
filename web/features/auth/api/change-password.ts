import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

/** PATCH /api/auth/change-password; the server ends the user's other sessions. */
export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return apiJson<{ message: string }>('PATCH', '/api/auth/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
