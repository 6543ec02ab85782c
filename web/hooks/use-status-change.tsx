import { STATUS_LABELS, normalizeStatus } from '@domain/video-status';
import { getErrorMessage } from '../lib/api-client';
import { notifyError, notifySuccess } from '../lib/notify';
import { useUpdateVideoStatus, type StatusChange } from '../api/videos';

/** What a move may carry besides the status: a Send Back note, or where a video was posted. */
export type StatusExtras = Omit<StatusChange, 'id' | 'status'>;

/**
 * Moves a video to another status from a card or list: the change shows at once, and on error
 * it is rolled back with an 'Update Failed' toast (SPEC.md sections 4 and 8).
 */
export function useStatusChange() {
  const mutation = useUpdateVideoStatus();
  const change = (id: string, status: string, extras: StatusExtras = {}, onDone?: () => void) =>
    mutation.mutate(
      { id, status, ...extras },
      {
        onSuccess: () => {
          onDone?.();
          notifySuccess('Status Updated', `Moved to ${STATUS_LABELS[normalizeStatus(status)]}.`);
        },
        onError: (error) =>
          notifyError(
            'Update Failed',
            getErrorMessage(error, 'Failed to update video status. Please try again.'),
          ),
      },
    );
  return { change, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
