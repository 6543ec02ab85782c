import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { PublicUser } from '@domain/user';
import type { VideoView } from '@domain/videos';
import { allowedActions, workflowSide } from '@domain/workflow';
import { useMoveDialogs } from '../../../components/videos/move-dialogs';

/**
 * The moves the viewer may make on the video, as buttons (the same table, hook and dialogs as a
 * card's: Send Back / Request Changes ask for a note, Mark as Posted asks where). The phone's
 * video dialog shows them right under the player, as the guest page shows its decision
 * (issue 37); on a desktop the edit form's Status field is the way.
 */
export function DetailDecision({ video, viewer }: { video: VideoView; viewer: PublicUser }) {
  const { move, dialogs, pendingId } = useMoveDialogs(viewer);
  const labelId = useId();
  const actions = allowedActions(workflowSide(viewer), video.status);
  if (actions.length === 0) return null;
  const busy = pendingId === video.id;

  return (
    <Paper bg="violet.0" p="sm" radius="md">
      <Stack gap="xs" role="group" aria-labelledby={labelId}>
        <Text size="sm" fw={600} id={labelId}>
          Next step
        </Text>
        <Group gap="xs">
          {actions.map((a, index) => (
            <Button
              key={a.to}
              size="sm"
              variant={index === 0 ? 'filled' : 'default'}
              disabled={busy}
              onClick={() => move(video, a)}
            >
              {a.takesNote ? `${a.label}…` : a.label}
            </Button>
          ))}
        </Group>
      </Stack>
      {dialogs}
    </Paper>
  );
}
