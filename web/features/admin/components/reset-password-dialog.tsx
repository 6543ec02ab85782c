import { Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { resetPasswordForm } from '@domain/admin';
import type { PublicUser } from '@domain/user';
import { PasswordField } from '../../../components/password-field';
import { DialogButtons, GuardedModal } from '../../../components/guarded-modal';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLastDefined } from '../hooks/use-last-defined';
import { useResetPassword } from '../../../api/admin';

interface ResetPasswordDialogProps {
  user: PublicUser | null;
  onClose: () => void;
}

/** Reset Password: a new password, confirmed. The user's sessions end on the server. */
export function ResetPasswordDialog({ user: selected, onClose }: ResetPasswordDialogProps) {
  const user = useLastDefined(selected);
  const reset = useResetPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordForm, { sync: true }),
  });

  useEffect(() => {
    if (selected) form.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [selected]);

  const pending = reset.isPending;

  const submit = form.onSubmit(({ newPassword }) => {
    if (!user) return;
    reset.mutate(
      { id: user.id, newPassword },
      {
        onSuccess: () => {
          notifySuccess('Password reset', `Password has been reset for ${user.username}.`);
          onClose();
        },
        onError: (error) =>
          notifyError('Reset failed', getErrorMessage(error, 'Failed to reset password')),
      },
    );
  });

  return (
    <GuardedModal
      opened={selected !== null}
      onClose={onClose}
      title="Reset Password"
      pending={pending}
    >
      {user && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Set a new password for @{user.username}. They will be signed out everywhere.
            </Text>
            <PasswordField
              label="New password"
              autoComplete="new-password"
              data-autofocus
              {...form.getInputProps('newPassword')}
            />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
            <DialogButtons
              onCancel={onClose}
              pending={pending}
              label="Reset Password"
              pendingLabel="Resetting..."
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
