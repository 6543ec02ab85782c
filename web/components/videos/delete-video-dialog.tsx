import { displayName } from '@domain/people';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { PublicUser } from '@domain/user';
import { DELETE_CONFIRM_TEXT, teamDeletionWarning } from '@domain/video-form';
import type { VideoView } from '@domain/videos';
import { CenteredModal } from '../guarded-modal';

/**
 * The single-video delete confirmation: the spec's question, the team deletion warning when
 * the video is someone else's (worded by role), and an optional reason.
 */
export function DeleteVideoDialog({
  video,
  viewer,
  opened,
  pending,
  onCancel,
  onConfirm,
}: {
  video: VideoView;
  viewer: PublicUser;
  opened: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const warning = teamDeletionWarning(viewer, video, displayName(video.owner));
  return (
    <CenteredModal opened={opened} onClose={onCancel} title="Delete video" zIndex={310}>
      <Stack gap="sm">
        <Text size="sm">{DELETE_CONFIRM_TEXT}</Text>
        {warning && (
          <Alert color="orange" title="Team deletion warning">
            {warning}
          </Alert>
        )}
        <Textarea
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button color="red.9" onClick={() => onConfirm(reason.trim())} loading={pending}>
            Delete Video
          </Button>
        </Group>
      </Stack>
    </CenteredModal>
  );
}
