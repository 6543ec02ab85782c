import { Text, Timeline, Title } from '@mantine/core';
import { guestLabel } from '@domain/comments';
import { normalizeStatus, STATUS_LABELS } from '@domain/video-status';
import type { VideoView } from '@domain/videos';
import { displayName } from '@domain/people';
import { momentLabel } from '../../../lib/moment-label';

/** The status history as a compact timeline, newest first. */
export function StatusHistory({ history }: { history: VideoView['statusHistory'] }) {
  const entries = [...(history ?? [])].sort(
    (a, b) => Date.parse(b.changedAt) - Date.parse(a.changedAt),
  );
  return (
    <section aria-labelledby="status-history-title">
      <Title order={3} size="h6" mb="xs" id="status-history-title">
        Status history
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No status changes yet
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} active={0}>
          {entries.map((entry, i) => (
            <Timeline.Item
              key={`${entry.changedAt}-${i}`}
              title={
                <Text size="sm" fw={500}>
                  {entry.fromStatus
                    ? `${STATUS_LABELS[normalizeStatus(entry.fromStatus)]} → `
                    : 'Created as '}
                  {STATUS_LABELS[normalizeStatus(entry.toStatus)]}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                {momentLabel(entry.changedAt)}
                {entry.changedBy
                  ? ` · ${displayName(entry.changedBy)}`
                  : entry.guestName
                    ? ` · ${guestLabel(entry.guestName)}`
                    : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </section>
  );
}
