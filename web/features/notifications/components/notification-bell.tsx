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
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_UNDO_MS,
  notificationHref,
  type NotificationView,
} from '@domain/notifications';
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
  useRestoreCleared,
} from '../../../api/notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { BellIcon } from './bell-icon';
import { bellLabel, NotificationBadge } from './notification-badge';
import { NotificationList } from './notification-list';

/** The toast after a clear all, with its Undo button for NOTIFICATION_UNDO_MS. */
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

/** docs/product.md's copy of the quoted video name, now only when asked for (issue 37). */
const copyVideoName = (name: string) =>
  copyText(name).then(
    () => notifySuccess('Video name copied!', name),
    () => notifyError('Copy failed', 'Your browser did not allow copying the video name.'),
  );

const CLEARED_TOAST = 'notifications-cleared';

/** How many were cleared, in words. */
const clearedCount = (n: number) => `${n} ${n === 1 ? 'notification' : 'notifications'} removed`;

function showClearedToast(deleted: number, onUndo: () => void) {
  notifications.clean();
  notifications.show({
    id: CLEARED_TOAST,
    title: NOTIFICATION_MESSAGES.cleared,
    color: 'teal',
    autoClose: NOTIFICATION_UNDO_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{clearedCount(deleted)}</Text>
        <Button size="compact-sm" variant="light" onClick={onUndo}>
          Undo
        </Button>
      </Group>
    ),
  });
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
      <NotificationList
        notifications={list.data}
        now={now}
        onOpen={onOpenNotification}
        onCopy={(name) => void copyVideoName(name)}
      />
    </ScrollArea.Autosize>
  );
}

/**
 * The header's bell (docs/product.md#screens 'Header'): the unread badge, a dropdown with the list,
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
  const restore = useRestoreCleared();
  // Clear all asks first, in the dropdown's header (issue 37).
  const [confirmingClear, setConfirmingClear] = useState(false);
  // The clear that may still be undone from the dropdown too (where keyboard focus is).
  const [lastClear, setLastClear] = useState<{ undoId: string; deleted: number } | null>(null);
  useEffect(() => {
    if (!lastClear) return;
    const timer = setTimeout(() => setLastClear(null), NOTIFICATION_UNDO_MS);
    return () => clearTimeout(timer);
  }, [lastClear]);
  // Cancel puts the focus back on the Clear all button it came from.
  const clearButton = useRef<HTMLButtonElement>(null);
  const backToClear = useRef(false);
  useEffect(() => {
    if (confirmingClear || !backToClear.current) return;
    backToClear.current = false;
    clearButton.current?.focus();
  }, [confirmingClear]);
  const toggle = (o: boolean) => {
    setOpened(o);
    if (!o) setConfirmingClear(false);
  };

  const openNotification = (n: NotificationView) => {
    toggle(false);
    if (!n.isRead) {
      markRead.mutate(n.id, {
        onError: (error) => console.warn('Could not mark the notification read', error),
      });
    }
    // Opening never touches the clipboard (issue 37): copying the name has its own button.
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

  const undo = (undoId: string) => {
    setLastClear(null);
    notifications.hide(CLEARED_TOAST);
    restore.mutate(
      { undoId },
      {
        onSuccess: () => notifySuccess(NOTIFICATION_MESSAGES.restored),
        onError: (error) =>
          notifyError(
            'Undo failed',
            getErrorMessage(error, NOTIFICATION_MESSAGES.nothingToRestore),
          ),
      },
    );
  };

  const handleClearAll = () => {
    setConfirmingClear(false);
    clearAll.mutate(undefined, {
      onSuccess: ({ deleted, undoId }) => {
        // Nothing went: nothing to undo.
        if (!deleted) return notifySuccess(NOTIFICATION_MESSAGES.cleared);
        setLastClear({ undoId, deleted });
        showClearedToast(deleted, () => undo(undoId));
      },
      onError: (error) =>
        notifyError('Clear failed', getErrorMessage(error, 'Failed to clear notifications')),
    });
  };

  return (
    <Popover
      opened={opened}
      onChange={toggle}
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
          onClick={() => toggle(!opened)}
          pos="relative"
          style={{ overflow: 'visible' }}
        >
          <BellIcon size={22} />
          <NotificationBadge count={count} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {confirmingClear ? (
          <Stack gap={6} px={4} pb={6} role="group" aria-label="Clear all notifications">
            <Text size="sm">{NOTIFICATION_MESSAGES.confirmClear}</Text>
            <Group justify="flex-end" gap={4} wrap="nowrap">
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => {
                  backToClear.current = true;
                  setConfirmingClear(false);
                }}
              >
                Cancel
              </Button>
              <Button
                color="red"
                size="compact-sm"
                onClick={handleClearAll}
                // The answer to the question just asked: where a keyboard user already is.
                data-autofocus
                autoFocus
              >
                Yes, clear all
              </Button>
            </Group>
          </Stack>
        ) : (
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
                ref={clearButton}
                onClick={() => setConfirmingClear(true)}
                loading={clearAll.isPending}
              >
                Clear all
              </Button>
            </Group>
          </Group>
        )}
        <Divider mb={4} />
        {lastClear && (
          <Group justify="space-between" wrap="nowrap" px={4} pb={4} gap="xs">
            <Text size="sm" c="dimmed">
              {clearedCount(lastClear.deleted)}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => undo(lastClear.undoId)}
              // Focus stays in the dropdown, on what may be wanted next.
              autoFocus
            >
              Undo
            </Button>
          </Group>
        )}
        <DropdownBody opened={opened} onOpenNotification={openNotification} />
        <Group justify="center">
          <DesktopAlertsButton />
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
