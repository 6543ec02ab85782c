import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Popover,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { CALENDAR_MESSAGES, ENTRY_LABELS, type CalendarEntry } from '@domain/calendar';
import { localDateText } from '@domain/video-form';
import type { VideoView } from '@domain/videos';
import { badgeTextColor, StatusBadge } from '../../../components/videos/status-badge';
import { IconCalendar, IconGrip } from './calendar-icons';
import classes from './calendar.module.css';

/** The type the drag carries: the video's id (the day that takes it moves its due date). */
export const DRAG_TYPE = 'application/x-video-id';

/**
 * One video on a day: its name (opens the detail dialog), its status, and what the day is to it
 * (due, overdue or posted), in words as well as colour. A due date the viewer may change has a
 * drag handle and "Move to another day", a date field for the keyboard and for phones.
 */
export function CalendarCard({
  entry,
  movable,
  onOpen,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  entry: CalendarEntry<VideoView>;
  movable: boolean;
  onOpen: (id: string) => void;
  onMove: (video: VideoView, day: string) => void;
  onDragStart: (video: VideoView) => void;
  onDragEnd: () => void;
}) {
  const { video, kind, overdue } = entry;
  const state = overdue ? 'overdue' : kind;
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      className={classes.card}
      data-state={state}
      data-testid="calendar-card"
      data-video-id={video.id}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, video.id);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(video);
      }}
      onDragEnd={onDragEnd}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        {movable && (
          <span className={classes.grip} data-testid="drag-handle" title="Drag to another day">
            <IconGrip size={14} />
          </span>
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <UnstyledButton className={classes.name} onClick={() => onOpen(video.id)}>
            {video.name}
          </UnstyledButton>
          <Group gap={4}>
            {state !== 'due' && (
              <Badge
                size="xs"
                variant={overdue ? 'filled' : 'light'}
                color={overdue ? 'red.8' : 'teal'}
                c={overdue ? 'white' : badgeTextColor('teal')}
              >
                {ENTRY_LABELS[state]}
              </Badge>
            )}
            {kind === 'due' && <StatusBadge status={video.status} size="xs" />}
          </Group>
        </Stack>
        {movable && video.dueDate && <MoveToDate video={video} onMove={onMove} />}
      </Group>
    </Paper>
  );
}

/** "Move to another day": a date field and a button, for the keyboard and for touch. */
function MoveToDate({
  video,
  onMove,
}: {
  video: VideoView;
  onMove: (video: VideoView, day: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setDay(localDateText(new Date(video.dueDate!)));
    setError(null);
    setOpened(true);
  };
  const submit = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setError(CALENDAR_MESSAGES.noDate);
      return;
    }
    setOpened(false);
    onMove(video, day);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-end" withArrow>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Move “${video.name}” to another day`}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconCalendar size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Move the due date
            </Text>
            <TextInput
              type="date"
              label="New due day"
              value={day}
              error={error}
              onChange={(event) => setDay(event.currentTarget.value)}
              data-autofocus
            />
            <Button type="submit" size="xs">
              Move
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
