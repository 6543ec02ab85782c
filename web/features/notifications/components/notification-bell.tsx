import {
  ActionIcon,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationHref, quotedVideoName, type NotificationView } from '@domain/notifications';
import { getErrorMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/clock';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../../hooks/use-auth';
import {
  useClearAll,
  useMarkAllRead,
  useMarkNotificationRead,
  useNotificationCount,
  useNotifications,
} from '../../../api/notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { BellIcon } from './bell-icon';
import { bellLabel, NotificationBadge } from './notification-badge';
import { NotificationList } from './notification-list';

/** Copies text, falling back to a hidden field where the Clipboard API is missing (plain http). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('The browser refused to copy');
}

function DesktopAlertsButton() {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(() =>
    supported ? Notification.permission : 'denied',
  );
  if (permission !== 'default') return null;
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      Enable desktop alerts
    </Button>
  );
}

function DropdownBody({
  onOpenNotification,
  opened,
}: {
  onOpenNotification: (n: NotificationView) => void;
  opened: boolean;
}) {
  const { user } = useAuth();
  const list = useNotifications({ enabled: opened && Boolean(user) });
  const now = useNow();
  if (list.isPending) {
    return (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading notifications...</Text>
        </Group>
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Stack align="center" gap="xs" py="lg" role="alert">
        <Text size="sm">Could not load notifications.</Text>
        <Button variant="light" size="xs" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (list.data.length === 0) {
    return (
      <Stack align="center" gap={2} py="lg">
        <Text size="sm" fw={600}>
          No notifications yet
        </Text>
        <Text size="sm" c="dimmed">
          You are all caught up.
        </Text>
      </Stack>
    );
  }
  return (
    <ScrollArea.Autosize mah="min(420px, 60dvh)" type="auto" offsetScrollbars>
      <NotificationList notifications={list.data} now={now} onOpen={onOpenNotification} />
    </ScrollArea.Autosize>
  );
}

/**
 * The header's bell (SPEC.md section 2 'Header'): the unread badge, a dropdown with the list,
 * mark all read and clear all. It also keeps the live socket and runs the overdue check, since
 * it is mounted whenever someone is signed in.
 */
export function NotificationBell() {
  const { user } = useAuth();
  useLiveNotifications(user?.id);
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const countQuery = useNotificationCount({ enabled: Boolean(user) });
  const count = countQuery.data?.count ?? 0;
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllRead();
  const clearAll = useClearAll();

  const openNotification = (n: NotificationView) => {
    setOpened(false);
    if (!n.isRead) {
      markRead.mutate(n.id, {
        onError: (error) => console.warn('Could not mark the notification read', error),
      });
    }
    // Copied inside the click (browsers allow the clipboard only then), while the page moves on.
    const name = quotedVideoName(n.message);
    if (name) {
      copyText(name).then(
        () => notifySuccess('Video name copied!', name),
        () => notifyError('Copy failed', 'Your browser did not allow copying the video name.'),
      );
    }
    void navigate(notificationHref(n));
  };

  const handleMarkAll = () =>
    markAll.mutate(undefined, {
      onError: (error) =>
        notifyError(
          'Update failed',
          getErrorMessage(error, 'Failed to mark notifications as read'),
        ),
    });

  const handleClearAll = () =>
    clearAll.mutate(undefined, {
      onSuccess: () => notifySuccess('Notifications cleared'),
      onError: (error) =>
        notifyError('Clear failed', getErrorMessage(error, 'Failed to clear notifications')),
    });

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      withArrow
      arrowPosition="side"
      trapFocus
      returnFocus
      zIndex={300}
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)', padding: 8 } }}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          radius="xl"
          aria-label={bellLabel(count)}
          // A controlled Popover leaves the toggling to its target.
          onClick={() => setOpened((o) => !o)}
          pos="relative"
          style={{ overflow: 'visible' }}
        >
          <BellIcon size={22} />
          <NotificationBadge count={count} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" wrap="nowrap" px={4} pb={6} gap="xs">
          <Text fw={700} size="sm">
            Notifications
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={handleMarkAll}
              loading={markAll.isPending}
              disabled={count === 0}
            >
              Mark all read
            </Button>
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              size="compact-xs"
              onClick={handleClearAll}
              loading={clearAll.isPending}
            >
              Clear all
            </Button>
          </Group>
        </Group>
        <Divider mb={4} />
        <DropdownBody opened={opened} onOpenNotification={openNotification} />
        <Group justify="center">
          <DesktopAlertsButton />
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
