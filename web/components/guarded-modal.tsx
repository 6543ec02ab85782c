import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A centred dialog that cannot be closed (close button, Escape, a click outside) while its
 * call runs, so the outcome is never lost.
 */
export function GuardedModal({
  opened,
  onClose,
  title,
  pending,
  hideCloseWhilePending = false,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  pending: boolean;
  hideCloseWhilePending?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!pending) onClose();
      }}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={title}
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      withCloseButton={!(hideCloseWhilePending && pending)}
      centered
    >
      {children}
    </Modal>
  );
}

/**
 * A dialog's Cancel and confirm buttons, both disabled while the call runs (the confirm then
 * says so). The confirm submits the dialog's form unless it has its own `onConfirm`.
 */
export function DialogButtons({
  onCancel,
  pending,
  label,
  pendingLabel,
  color,
  onConfirm,
  focusCancel = false,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  color?: string;
  onConfirm?: () => void;
  /** Focus starts on Cancel (a destructive confirm). */
  focusCancel?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button
        variant="default"
        onClick={onCancel}
        disabled={pending}
        data-autofocus={focusCancel || undefined}
      >
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={color}
        onClick={onConfirm}
        disabled={pending}
      >
        {pending ? pendingLabel : label}
      </Button>
    </Group>
  );
}
