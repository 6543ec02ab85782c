import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { CALENDAR_MESSAGES, movedDueDate } from '@domain/calendar';
import { localDateText } from '@domain/video-form';
import type { VideoView } from '@domain/videos';
import { UNDO_TOAST_MS } from '@domain/workflow';
import { invalidateVideos, updateVideo, useUpdateVideo } from '../../../api/videos';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

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
    notifications.clean();
    notifications.show({
      id,
      color: 'teal',
      autoClose: UNDO_TOAST_MS,
      title,
      message: (
        <Group justify="flex-end" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            Same time of day
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void undo()}
            aria-label={`${CALENDAR_MESSAGES.undo}: ${title}`}
          >
            {CALENDAR_MESSAGES.undo}
          </Button>
        </Group>
      ),
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
