import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordForm, MESSAGES } from '@domain/auth';
import { NEW_PASSWORD_HINT, NewPasswordFields } from '../../../components/account-fields';
import { FormStack, SubmitButton } from '../../../components/form-stack';
import { PasswordField } from '../../../components/password-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../../../api/auth';

/** Current, new and confirmed password (docs/product.md#validation-and-messages, "Change password"). */
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
    <FormStack onSubmit={submit}>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        {...form.getInputProps('currentPassword')}
      />
      <NewPasswordFields
        form={form}
        path="newPassword"
        label="New password"
        confirmLabel="Confirm new password"
        description={NEW_PASSWORD_HINT}
      />
      <SubmitButton pending={pending} label="Change Password" pendingLabel="Changing..." />
    </FormStack>
  );
}
