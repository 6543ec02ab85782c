import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { displayName } from '@domain/people';
import type { PublicUser } from '@domain/user';
import type { VideoView } from '@domain/videos';
import {
  clientDecisions,
  WORKFLOW_MESSAGES,
  workflowSide,
  type ClientDecision as Decision,
} from '@domain/workflow';
import { ConfirmDialog } from '../../../components/guarded-modal';
import { SendBackDialog } from '../../../components/videos/lazy-dialogs';
import { useStatusChange } from '../../../hooks/use-status-change';

/**
 * A manager's decision for the client on a video waiting for it in review (issue 41;
 * clientDecisions in domain/workflow.ts): never a card's button, only here in the detail dialog,
 * each behind a confirmation that names the client, and sent with `forClient: true` so the round
 * records it as the manager's decision for the client.
 */
export function ClientDecisionPanel({ video, viewer }: { video: VideoView; viewer: PublicUser }) {
  const { change, pendingId } = useStatusChange();
  const [asking, setAsking] = useState<Decision | null>(null);
  const labelId = useId();
  const decisions = clientDecisions(workflowSide(viewer), video.status);
  if (decisions.length === 0) return null;
  const client = displayName(video.owner);
  const pending = pendingId === video.id;
  const close = () => setAsking(null);

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs" role="group" aria-labelledby={labelId}>
        <Text size="sm" fw={600} id={labelId}>
          Waiting for {client}
        </Text>
        <Text size="sm" c="dimmed">
          The client decides. Decide for them only when they asked you to.
        </Text>
        <Group gap="xs">
          {decisions.map((d) => (
            <Button
              key={d.to}
              size="xs"
              variant="default"
              disabled={pending}
              onClick={() => setAsking(d)}
            >
              {`${d.label}…`}
            </Button>
          ))}
        </Group>
      </Stack>
      {asking && !asking.takesNote && (
        <ConfirmDialog
          opened
          title={asking.label}
          pending={pending}
          onClose={close}
          description={WORKFLOW_MESSAGES.approveForClient(client)}
          confirm={{
            label: asking.label,
            pendingLabel: 'Approving…',
            onConfirm: () => change(video, asking.to, { forClient: true }, close),
          }}
        />
      )}
      {asking?.takesNote && (
        <SendBackDialog
          opened
          action={asking}
          videoName={video.name}
          intro={WORKFLOW_MESSAGES.requestChangesForClient(client)}
          pending={pending}
          onClose={close}
          onSend={(note) => change(video, asking.to, { note, forClient: true }, close)}
        />
      )}
    </Paper>
  );
}
