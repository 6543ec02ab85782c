import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Asks before an action (docs/architecture.md: a confirmation for every action): the question,
 * Cancel (focused first) and the action's button. It cannot be closed while the action runs.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  color,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={() => !pending && onClose()}
      title={title}
      centered
    >
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
