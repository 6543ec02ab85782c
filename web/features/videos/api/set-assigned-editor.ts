import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoView } from '../../../../domain/videos';
import { apiJson } from '../../../lib/api-client';
import { refreshVideoLists } from './invalidate';

/** PATCH /api/videos/{id}/assigned-editor with an editor id or null (unassigned). */
export function setAssignedEditor({
  id,
  assignedEditorId,
}: {
  id: string;
  assignedEditorId: string | null;
}): Promise<VideoView> {
  return apiJson<VideoView>('PATCH', `/api/videos/${encodeURIComponent(id)}/assigned-editor`, {
    assignedEditorId,
  });
}

export function useSetAssignedEditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAssignedEditor,
    // Not awaited: the caller's own callbacks should not wait for the lists to be read again.
    onSettled: () => void refreshVideoLists(queryClient),
  });
}
