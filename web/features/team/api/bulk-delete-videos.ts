import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAdmin } from '../../../../domain/roles';
import type { PublicUser } from '../../../../domain/user';
import { ApiError, apiFetch } from '../../../lib/api-client';

export interface BulkDeleteOutcome {
  deleted: number;
  failed: number;
  /** The server's word on why some were not deleted (the billing lock). */
  message?: string;
}

/**
 * Deletes the selected videos. Admins (the king included) use the admin call, which deletes
 * what it can and lists the rest; others use the all-or-nothing call, whose 403 lists every
 * id that blocked it (then nothing was deleted).
 */
export async function bulkDeleteVideos(
  viewer: PublicUser,
  ids: string[],
  targetUserId: string,
): Promise<BulkDeleteOutcome> {
  if (isAdmin(viewer)) {
    const res = await apiFetch('POST', '/api/admin/videos/bulk-delete', { ids });
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, res.statusText);
    const body = JSON.parse(text) as { deleted: number; failed: string[]; message?: string };
    return { deleted: body.deleted, failed: body.failed.length, message: body.message };
  }
  const res = await apiFetch('POST', '/api/videos/bulk-delete', { ids, targetUserId });
  const text = await res.text();
  if (res.status === 403) {
    const body = JSON.parse(text) as { failed?: string[]; message?: string };
    if (Array.isArray(body.failed)) {
      return { deleted: 0, failed: body.failed.length, message: body.message };
    }
  }
  if (!res.ok) throw new ApiError(res.status, text, res.statusText);
  const body = JSON.parse(text) as { deleted: number };
  return { deleted: body.deleted, failed: 0 };
}

export function useBulkDeleteVideos(viewer: PublicUser | null, targetUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => bulkDeleteVideos(viewer!, ids, targetUserId),
    onSettled: () =>
      Promise.all(
        [['/api/videos'], ['/api/king'], ['/api/admin/videos'], ['/api/clients']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
