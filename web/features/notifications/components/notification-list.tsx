import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { relativeTime, type NotificationView } from '@domain/notifications';
import classes from './notification-list.module.css';

interface ItemProps {
  notification: NotificationView;
  now: Date;
  onOpen: (n: NotificationView) => void;
}

export function NotificationItem({ notification: n, now, onOpen }: ItemProps) {
  const high = n.priority === 'high';
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={n.isRead ? undefined : true}
      onClick={() => onOpen(n)}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} data-unread={n.isRead ? undefined : true} aria-hidden="true" />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between" align="baseline">
            <Text size="sm" fw={n.isRead ? 500 : 700} lineClamp={1}>
              {!n.isRead && <VisuallyHidden>Unread: </VisuallyHidden>}
              {n.title}
              {high && <VisuallyHidden> (high priority)</VisuallyHidden>}
            </Text>
            <Text component="span" size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              <time dateTime={n.createdAt}>{relativeTime(n.createdAt, now)}</time>
            </Text>
          </Group>
          <Text size="sm" c={n.isRead ? 'dimmed' : undefined} className={classes.message}>
            {n.message}
          </Text>
          {high && (
            <Text component="span" size="xs" fw={600} c="red.9" aria-hidden="true">
              High priority
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** Arrow keys move between the items as well as Tab does. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('button')];
  const at = buttons.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  event.preventDefault();
  const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

export function NotificationList({
  notifications,
  now,
  onOpen,
}: {
  notifications: NotificationView[];
  now: Date;
  onOpen: (n: NotificationView) => void;
}) {
  return (
    <ul className={classes.list} aria-label="Notifications" onKeyDown={moveFocus}>
      {notifications.map((n) => (
        <li key={n.id}>
          <NotificationItem notification={n} now={now} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
