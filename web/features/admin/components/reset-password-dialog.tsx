import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { resetPasswordForm } from '@domain/admin';
import { NewPasswordFields } from '../../../components/account-fields';
import { ConfirmDialog } from '../../../components/guarded-modal';
import { useUserDialog, type UserDialogProps } from '../hooks/use-user-dialog';
import { dialogToasts } from '../lib/dialog-toasts';
import { useResetPassword } from '../../../api/admin';

/** Reset Password: a new password, confirmed. The user's sessions end on the server. */
export function ResetPasswordDialog(props: UserDialogProps) {
  const reset = useResetPassword();
  const { user, dialog } = useUserDialog(props, reset.isPending);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordForm, { sync: true }),
  });

  useEffect(() => {
    if (props.user) form.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [props.user]);

  const submit = form.onSubmit(({ newPassword }) => {
    if (!user) return;
    reset.mutate(
      { id: user.id, newPassword },
      dialogToasts(
        () => ['Password reset', `Password has been reset for ${user.username}.`],
        ['Reset failed', 'Failed to reset password'],
        props.onClose,
      ),
    );
  });

  return (
    <ConfirmDialog
      {...dialog}
      title="Reset Password"
      description={
        user && <>Set a new password for @{user.username}. They will be signed out everywhere.</>
      }
      onSubmit={submit}
      confirm={{ label: 'Reset Password', pendingLabel: 'Resetting...' }}
    >
      <NewPasswordFields form={form} path="newPassword" label="New password" autoFocus />
    </ConfirmDialog>
  );
}
