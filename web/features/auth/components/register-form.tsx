import { schemaResolver, useForm } from '@mantine/form';
import { registerForm } from '@domain/auth';
import {
  AvatarField,
  DisplayNameField,
  NEW_PASSWORD_HINT,
  NewPasswordFields,
  USERNAME_HINT,
  UsernameField,
} from '../../../components/account-fields';
import { FormStack, SubmitButton } from '../../../components/form-stack';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRegister } from '../../../api/auth';

/** Self-registration (always a client, docs/product.md#roles); on success the user signs in. */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const register = useRegister();
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', name: '', avatar: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerForm, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    const name = values.name.trim();
    register.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        name: name || undefined,
        avatar: values.avatar || undefined,
      },
      {
        onSuccess: () => {
          notifySuccess(
            'Registration successful!',
            'Your account has been created. You can now log in.',
          );
          onSuccess();
        },
        onError: (error) => {
          notifyError(
            'Registration failed',
            getErrorMessage(error, 'An error occurred during registration'),
          );
        },
      },
    );
  });

  const pending = register.isPending;
  return (
    <FormStack onSubmit={submit}>
      <UsernameField form={form} description={USERNAME_HINT} autoComplete="username" />
      <DisplayNameField form={form} description="Optional: the name your team sees" />
      <AvatarField form={form} disabled={pending} />
      <NewPasswordFields form={form} description={NEW_PASSWORD_HINT} />
      <SubmitButton
        pending={pending}
        label="Create Account"
        pendingLabel="Creating account..."
        wide
      />
    </FormStack>
  );
}
