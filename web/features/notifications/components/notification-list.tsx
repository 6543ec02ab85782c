import { ActionIcon, Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { quotedVideoName, relativeTime, type NotificationView } from '@domain/notifications';
import { Icon } from '../../../components/icons';
import classes from './notification-list.module.css';

interface ItemProps {
  notification: NotificationView;
  now: Date;
  onOpen: (n: NotificationView) => void;
  /** Copies the quoted video name: an action of its own, never part of opening (issue 37). */
  onCopy?: (name: string) => void;
}

const CopyIcon = () => (
  <Icon size={16}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </Icon>
);

export function NotificationItem({ notification: n, now, onOpen, onCopy }: ItemProps) {
  const name = onCopy ? quotedVideoName(n.message) : null;
  return (
    <Group gap={0} wrap="nowrap" align="flex-start">
      <NotificationButton notification={n} now={now} onOpen={onOpen} />
      {name !== null && onCopy && (
        <ActionIcon
          variant="subtle"
          color="gray.7"
          mt={6}
          aria-label={`Copy the video name "${name}"`}
          onClick={() => onCopy(name)}
        >
          <CopyIcon />
        </ActionIcon>
      )}
    </Group>
  );
}

function NotificationButton({ notification: n, now, onOpen }: ItemProps) {
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
  onCopy,
}: {
  notifications: NotificationView[];
  now: Date;
  onOpen: (n: NotificationView) => void;
  onCopy?: (name: string) => void;
}) {
  return (
    <ul className={classes.list} aria-label="Notifications" onKeyDown={moveFocus}>
      {notifications.map((n) => (
        <li key={n.id}>
          <NotificationItem notification={n} now={now} onOpen={onOpen} onCopy={onCopy} />
        </li>
      ))}
    </ul>
  );
}
