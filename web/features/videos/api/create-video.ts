import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoView } from '../../../../domain/videos';
import { apiJson } from '../../../lib/api-client';
import { refreshVideoLists } from './invalidate';

/** The global add dialog's body (SPEC.md section 7): video fields plus target, owner and editor. */
export interface CreateVideoBody {
  name: string;
  type: string;
  customType?: string;
  status: string;
  link: string;
  description: string;
  internalNotes?: string;
  dueDate: string | null;
  targetUserId: string;
  userId: string;
  assignedEditorId: string;
}

/** POST /api/videos. */
export function createVideo(body: CreateVideoBody): Promise<VideoView> {
  return apiJson<VideoView>('POST', '/api/videos', body);
}

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideo,
    // Not awaited: the caller's own callbacks should not wait for the lists to be read again.
    onSuccess: () => void refreshVideoLists(queryClient),
  });
}
