import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { VideoView } from '@domain/videos';
import { MOVE_MESSAGES } from '@domain/workflow';
import { getErrorMessage } from '../lib/api-client';
import { notifyError, notifySuccess } from '../lib/notify';
import { notifyWithUndo } from '../lib/undo-toast';
import {
  invalidateVideos,
  updateVideoStatus,
  useUpdateVideoStatus,
  type StatusChange,
} from '../api/videos';

/** What a move may carry besides the status: a Send Back note, or where a video was posted. */
export type StatusExtras = Omit<StatusChange, 'id' | 'status' | 'wasUnassigned' | 'undo'>;

const failed = (error: unknown) =>
  notifyError(
    'Update Failed',
    getErrorMessage(error, 'Failed to update video status. Please try again.'),
  );

/**
 * The one confirmation of every status move (issue 37): what happened and, for a few seconds,
 * Undo, which asks the server for the reverse move as an undo (PATCH .../status with
 * `undo: true`; the server allows it to whoever made the move, for a while). `video` is the
 * server's answer to the move: its latest history entry says where the video came from.
 * `wasUnassigned`: the video had no editor before, so an undo lets go of the one the move set.
 */
export function useMoveConfirmation() {
  const queryClient = useQueryClient();
  return (video: VideoView, { wasUnassigned = false }: { wasUnassigned?: boolean } = {}) => {
    const latest = video.statusHistory?.at(-1);
    const from = latest?.toStatus === video.status ? latest.fromStatus : null;
    const title = MOVE_MESSAGES.moved(video.name, video.status);
    notifications.clean();
    if (!from) {
      notifySuccess(title);
      return;
    }
    const id = `move-${video.id}-${latest!.changedAt}`;
    const undo = async () => {
      notifications.hide(id);
      try {
        await updateVideoStatus({
          id: video.id,
          status: from,
          undo: true,
          ...(wasUnassigned && video.assignedEditorId && { assignedEditorId: null }),
        });
        notifySuccess(MOVE_MESSAGES.undone(video.name, from));
      } catch (error) {
        notifyError(MOVE_MESSAGES.undoFailed, getErrorMessage(error, 'Please try again.'));
      } finally {
        void invalidateVideos(queryClient);
      }
    };
    notifyWithUndo({
      id,
      title,
      detail: MOVE_MESSAGES.from(from),
      undoLabel: MOVE_MESSAGES.undo,
      onUndo: () => void undo(),
    });
  };
}

/**
 * Moves a video to another status from a card or list: the change shows at once and is
 * confirmed with Undo (useMoveConfirmation); on error it is rolled back with an 'Update Failed'
 * toast (docs/product.md#statuses-and-the-workflow and #errors). Both belong to the mutation, so they show even when the
 * card that moved has left the list.
 */
export function useStatusChange() {
  const confirm = useMoveConfirmation();
  const mutation = useUpdateVideoStatus({
    onSuccess: (video, change) => confirm(video, { wasUnassigned: change.wasUnassigned }),
    onError: failed,
  });
  const change = (
    video: Pick<VideoView, 'id' | 'assignedEditorId'>,
    status: string,
    extras: StatusExtras = {},
    onDone?: () => void,
  ) =>
    mutation.mutate(
      { id: video.id, status, ...extras, wasUnassigned: !video.assignedEditorId },
      { onSuccess: () => onDone?.() },
    );
  return { change, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
