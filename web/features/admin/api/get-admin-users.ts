import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/user';
import { ADMIN_USERS_KEY } from './keys';

export type AdminUser = PublicUser & { createdAt: string };

/** GET /api/admin/users through the default query function. */
export const useAdminUsers = () => useQuery<AdminUser[]>({ queryKey: ADMIN_USERS_KEY });
