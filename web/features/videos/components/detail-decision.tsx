import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import type { PublicUser } from '@domain/user';
import type { VideoView } from '@domain/videos';
import {
  allowedActions,
  startsWorkUnassigned,
  workflowSide,
  type StatusAction,
} from '@domain/workflow';
import { useStatusChange } from '../../../hooks/use-status-change';
import { MarkPostedDialog, SendBackDialog } from '../../../components/videos/lazy-dialogs';
import { StartWorkDialog } from '../../../components/videos/start-work-dialog';

/**
 * The moves the viewer may make on the video, as buttons (the same table, hook and dialogs as a
 * card's: Send Back / Request Changes ask for a note, Mark as Posted asks where). The phone's
 * video dialog shows them right under the player, as the guest page shows its decision
 * (issue 37); on a desktop the edit form's Status field is the way.
 */
export function DetailDecision({ video, viewer }: { video: VideoView; viewer: PublicUser }) {
  const { change, pendingId } = useStatusChange();
  const [sendingBack, setSendingBack] = useState<StatusAction | null>(null);
  const [posting, setPosting] = useState(false);
  const [starting, setStarting] = useState(false);
  const labelId = useId();
  const side = workflowSide(viewer);
  const actions = allowedActions(side, video.status);
  if (actions.length === 0) return null;
  const busy = pendingId === video.id;
  const run = (a: StatusAction) => {
    if (a.to === 'posted') setPosting(true);
    else if (a.takesNote) setSendingBack(a);
    else if (side === 'manager' && startsWorkUnassigned(video, !!video.assignedEditorId, a.to))
      setStarting(true);
    else change(video, a.to);
  };

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
              onClick={() => run(a)}
            >
              {a.takesNote ? `${a.label}…` : a.label}
            </Button>
          ))}
        </Group>
      </Stack>
      {sendingBack && (
        <SendBackDialog
          opened
          action={sendingBack}
          videoName={video.name}
          pending={busy}
          onClose={() => setSendingBack(null)}
          onSend={(note) => change(video, sendingBack.to, { note }, () => setSendingBack(null))}
        />
      )}
      {posting && (
        <MarkPostedDialog
          opened
          videoName={video.name}
          kept={video}
          pending={busy}
          onClose={() => setPosting(false)}
          onPost={(details) => change(video, 'posted', details, () => setPosting(false))}
        />
      )}
      {starting && (
        <StartWorkDialog
          viewer={viewer}
          videoName={video.name}
          pending={busy}
          onClose={() => setStarting(false)}
          onStart={(assignedEditorId) =>
            change(video, 'in_progress', { assignedEditorId }, () => setStarting(false))
          }
        />
      )}
    </Paper>
  );
}
