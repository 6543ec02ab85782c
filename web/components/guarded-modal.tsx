import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormStack } from './form-stack';

/** The app's centred dialog, its close button named for screen readers ('Close' unless told). */
export function CenteredModal({
  closeLabel = 'Close',
  ...props
}: ModalProps & { closeLabel?: string }) {
  return <Modal closeButtonProps={{ 'aria-label': closeLabel }} centered {...props} />;
}

interface GuardedModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  pending: boolean;
  hideCloseWhilePending?: boolean;
  children: ReactNode;
}

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
}: GuardedModalProps) {
  return (
    <CenteredModal
      opened={opened}
      onClose={() => {
        if (!pending) onClose();
      }}
      closeLabel="Close dialog"
      title={title}
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      withCloseButton={!(hideCloseWhilePending && pending)}
    >
      {children}
    </CenteredModal>
  );
}

/** The confirm button of a `ConfirmDialog`. */
interface ConfirmButton {
  label: string;
  /** Its label while the call runs. */
  pendingLabel: string;
  color?: string;
  /** Called instead of submitting the dialog's form. */
  onConfirm?: () => void;
  /** Focus starts on Cancel (a destructive confirm). */
  focusCancel?: boolean;
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
}: ConfirmButton & { onCancel: () => void; pending: boolean }) {
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

/**
 * A guarded dialog: an optional dimmed `description` line, the body, then Cancel and the
 * `confirm` button. With `onSubmit` the body is a form that the confirm submits; without, the
 * confirm calls `confirm.onConfirm`.
 */
export function ConfirmDialog({
  description,
  onSubmit,
  confirm,
  children,
  ...modal
}: Omit<GuardedModalProps, 'children'> & {
  description?: ReactNode;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  confirm: ConfirmButton;
  children?: ReactNode;
}) {
  const body = (
    <>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      {children}
      <DialogButtons onCancel={modal.onClose} pending={modal.pending} {...confirm} />
    </>
  );
  return (
    <GuardedModal {...modal}>
      {onSubmit ? (
        <FormStack onSubmit={onSubmit}>{body}</FormStack>
      ) : (
        <Stack gap="md">{body}</Stack>
      )}
    </GuardedModal>
  );
}
