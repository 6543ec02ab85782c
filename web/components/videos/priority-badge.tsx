import { Badge } from '@mantine/core';
import { isVideoPriority, PRIORITY_COLORS, PRIORITY_LABELS } from '@domain/video-priority';

/** A video's priority as a badge, shown only when it is not normal (issue 45). */
export function PriorityBadge({ priority }: { priority: string }) {
  if (!isVideoPriority(priority) || priority === 'normal') return null;
  return (
    <Badge
      color={PRIORITY_COLORS[priority]}
      variant={priority === 'low' ? 'outline' : 'filled'}
      aria-label={`Priority: ${PRIORITY_LABELS[priority]}`}
    >
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}
