import { Badge, type BadgeProps } from '@mantine/core';
import { normalizeStatus, STATUS_LABELS, type VideoStatus } from '@domain/video-status';

/**
 * A video's status as a coloured badge ('In Progress', 'In Review', ...). Reusable anywhere a
 * status is shown: `<StatusBadge status={video.status} />`.
 */
export const STATUS_COLORS: Record<VideoStatus, string> = {
  draft: 'gray',
  in_progress: 'blue',
  review: 'orange',
  ready_to_post: 'teal',
  posted: 'grape',
};

/**
 * Text colour of a light badge: Mantine's default light-variant text is under 4.5:1 on its own
 * tint for the warm and green hues, so those use dark text and the rest the darkest shade.
 */
export function badgeTextColor(color: string): string {
  return ['yellow', 'orange', 'green', 'lime', 'teal', 'cyan'].includes(color)
    ? 'dark.7'
    : `${color}.9`;
}

export function StatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const s = normalizeStatus(status);
  return (
    <Badge color={STATUS_COLORS[s]} c={badgeTextColor(STATUS_COLORS[s])} variant="light" {...props}>
      {STATUS_LABELS[s]}
    </Badge>
  );
}
