import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { guestLabel } from '@domain/comments';
import { DECISION_LABELS, VERSION_TEXTS } from '@domain/version-labels';
import { versionLabel, type RoundView } from '@domain/versions';
import type { VideoView } from '@domain/videos';
import { getErrorMessage } from '../../../lib/api-client';
import { useRounds } from '../../../api/versions';
import { momentLabel } from '../../../lib/moment-label';

const DECISION_COLORS = {
  approved: 'teal',
  changes_requested: 'orange',
  withdrawn: 'gray',
} as const;

/** Who decided a round: a person, a review link's guest, or nobody named. */
function decider(round: RoundView): string | null {
  if (round.decidedBy) return round.decidedBy.name ?? 'someone';
  if (round.decidedByGuest) return guestLabel(round.decidedByGuest);
  return null;
}

/** One round: the version sent, by whom and when; the decision, by whom and when; its note. */
export function RoundItem({ round }: { round: RoundView }) {
  const by = decider(round);
  return (
    <Stack gap={2} component="li" aria-label={VERSION_TEXTS.round(round.number)}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {VERSION_TEXTS.round(round.number)} · {versionLabel(round.version)}
        </Text>
        {round.decision ? (
          <Badge size="sm" variant="light" color={DECISION_COLORS[round.decision]} c="dark.7">
            {DECISION_LABELS[round.decision]}
          </Badge>
        ) : (
          <Badge size="sm" variant="outline" color="gray" c="dark.6">
            In review
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Sent {round.sentBy ? `by ${round.sentBy.name ?? 'someone'} ` : ''}
        {momentLabel(round.sentAt)}
      </Text>
      {round.decision && round.decidedAt && (
        <Text size="xs" c="dimmed">
          Decided {by ? `by ${by} ` : ''}
          {momentLabel(round.decidedAt)}
          {round.decidedForClient ? ` (${VERSION_TEXTS.decidedForClient})` : ''}
        </Text>
      )}
      {round.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          “{round.note}”
        </Text>
      )}
    </Stack>
  );
}

/**
 * The dialog's review rounds (issue 41), oldest first: every round a version entered review,
 * with its decision. Read only when the video has begun one.
 */
export function RoundsHistory({ video }: { video: VideoView }) {
  const rounds = useRounds(video.id, { enabled: video.rounds > 0 });
  if (video.rounds === 0) return null;
  return (
    <section aria-labelledby="rounds-history-title">
      <Title order={3} size="h6" mb="xs" id="rounds-history-title">
        Review rounds
      </Title>
      {rounds.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Loading rounds...</Text>
        </Group>
      ) : rounds.isError ? (
        <Alert color="red" variant="light" p="xs">
          {getErrorMessage(rounds.error, 'Could not load the review rounds.')}
        </Alert>
      ) : rounds.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {VERSION_TEXTS.noRounds}
        </Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rounds.data.map((r) => (
            <RoundItem key={r.number} round={r} />
          ))}
        </Stack>
      )}
    </section>
  );
}
