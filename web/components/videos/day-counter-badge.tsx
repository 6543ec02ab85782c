import { Badge } from '@mantine/core';
import { dayCounter } from '@domain/day-counter';
import type { DateInput } from '@domain/workflow';
import { useNow } from '../../lib/clock';
import { badgeTextColor } from './status-badge';
import { IconAlert, IconClock } from './video-icons';

const STATE_TEXT = {
  overdue: 'overdue',
  warning: 'due soon',
  normal: 'on track',
  delayed: 'delayed',
  info: 'no due date',
} as const;

/**
 * The day counter ('Day N') with its colours (docs/product.md#statuses-and-the-workflow): red with a warning mark when
 * overdue, yellow from 70% of the span, orange with a clock when delayed without a due date.
 * It stops at completion (domain dayCounter). Renders nothing without a start date. Usage: `<DayCounterBadge video={video} />`.
 */
export function DayCounterBadge({
  video,
}: {
  video: { startDate: DateInput; dueDate: DateInput; status: string; finishDate?: DateInput };
}) {
  const now = useNow();
  const counter = dayCounter(video, now);
  if (!counter) return null;
  const icon =
    counter.icon === 'warning' ? (
      <IconAlert size={12} />
    ) : counter.icon === 'clock' ? (
      <IconClock size={12} />
    ) : null;
  return (
    <Badge
      color={counter.color}
      c={badgeTextColor(counter.color)}
      variant="light"
      leftSection={icon}
      title={`${counter.label}, ${counter.stopped ? 'finished' : STATE_TEXT[counter.state]}`}
      data-state={counter.state}
    >
      {counter.label}
      {counter.state === 'overdue' || counter.state === 'delayed'
        ? ` · ${STATE_TEXT[counter.state]}`
        : ''}
    </Badge>
  );
}
