import { useQuery } from '@tanstack/react-query';
import { ADMIN_STATS_KEY } from './keys';

export interface AdminStats {
  userCount: number;
  adminCount: number;
  videoCount: number;
}

/** GET /api/admin/stats through the default query function. */
export const useAdminStats = () => useQuery<AdminStats>({ queryKey: ADMIN_STATS_KEY });
