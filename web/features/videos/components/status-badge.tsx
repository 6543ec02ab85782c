import { Badge, type BadgeProps } from '@mantine/core';
import { normalizeStatus, STATUS_LABELS, type VideoStatus } from '../../../../domain/video-status';

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

export function StatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const s = normalizeStatus(status);
  return (
    <Badge color={STATUS_COLORS[s]} variant="light" {...props}>
      {STATUS_LABELS[s]}
    </Badge>
  );
}
