import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordForm, MESSAGES } from '@domain/auth';
import { PasswordField } from '../../../components/password-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../../../api/auth';

/** Current, new and confirmed password (SPEC.md section 5, "Change password"). */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(changePasswordForm, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          notifySuccess('Password changed!', 'Your password has been updated.');
          form.reset();
        },
        onError: (error) => {
          const message = getErrorMessage(error, 'Failed to change password');
          if (message === MESSAGES.currentWrong) form.setFieldError('currentPassword', message);
          notifyError('Password change failed', message);
        },
      },
    );
  });

  const pending = changePassword.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label="New password"
          description="At least 6 characters"
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Changing...' : 'Change Password'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
