import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { CALENDAR_MESSAGES, movedDueDate } from '@domain/calendar';
import { localDateText } from '@domain/video-form';
import type { VideoView } from '@domain/videos';
import { invalidateVideos, updateVideo, useUpdateVideo } from '../../../api/videos';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { notifyWithUndo } from '../../../lib/undo-toast';

/**
 * Moves a video's due date to another day at the same time of day (PATCH /api/videos/{id}, the
 * edit's own rule): the card moves at once and goes back if the server refuses, with its message;
 * a move is confirmed with Undo, which puts the date it had back.
 */
export function useDueDateMove() {
  const queryClient = useQueryClient();
  const update = useUpdateVideo();

  const confirm = (video: VideoView, before: string, day: string) => {
    const id = `due-${video.id}-${day}`;
    const undo = async () => {
      notifications.hide(id);
      try {
        await updateVideo({ id: video.id, dueDate: before });
        notifySuccess(CALENDAR_MESSAGES.undone(video.name, localDateText(new Date(before))));
      } catch (error) {
        notifyError(CALENDAR_MESSAGES.undoFailed, getErrorMessage(error, 'Please try again.'));
      } finally {
        void invalidateVideos(queryClient);
      }
    };
    const title = CALENDAR_MESSAGES.moved(video.name, day);
    notifyWithUndo({
      id,
      title,
      detail: CALENDAR_MESSAGES.sameTime,
      undoLabel: CALENDAR_MESSAGES.undo,
      onUndo: () => void undo(),
    });
  };

  return (video: VideoView, day: string) => {
    const before = video.dueDate;
    if (!before || localDateText(new Date(before)) === day) return;
    const dueDate = movedDueDate(before, day);
    if (!dueDate) return;
    update.mutate(
      { id: video.id, dueDate },
      {
        onSuccess: () => confirm(video, before, day),
        onError: (error) =>
          notifyError(CALENDAR_MESSAGES.moveFailed, getErrorMessage(error, 'Please try again.')),
      },
    );
  };
}
