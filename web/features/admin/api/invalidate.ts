import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_STATS_KEY, ADMIN_USERS_KEY } from './keys';

/** Edit, create and delete refresh users and stats (SPEC.md section 4 'Dialog states'). */
export async function refreshUsersAndStats(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
    // Other screens' user lists may show the old name, role or avatar.
    queryClient.invalidateQueries({ queryKey: ['/api/users'] }),
  ]);
}
