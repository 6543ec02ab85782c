import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UNDO_TOAST_MS } from '@domain/workflow';

/**
 * The confirmation of a change that can be taken back: its title, a line of detail and, for
 * UNDO_TOAST_MS, an Undo button named after the change. The one toast of its kind on screen.
 */
export function notifyWithUndo({
  id,
  title,
  detail,
  undoLabel,
  onUndo,
}: {
  id: string;
  title: string;
  detail: string;
  undoLabel: string;
  onUndo: () => void;
}): void {
  notifications.clean();
  notifications.show({
    id,
    color: 'teal',
    autoClose: UNDO_TOAST_MS,
    title,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={onUndo}
          aria-label={`${undoLabel}: ${title}`}
        >
          {undoLabel}
        </Button>
      </Group>
    ),
  });
}
