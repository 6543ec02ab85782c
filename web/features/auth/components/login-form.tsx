import { schemaResolver, useForm } from '@mantine/form';
import { loginBody, MESSAGES } from '@domain/auth';
import type { PublicUser } from '@domain/user';
import { UsernameField } from '../../../components/account-fields';
import { FormStack, SubmitButton } from '../../../components/form-stack';
import { PasswordField } from '../../../components/password-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLogin } from '../../../api/auth';
import { useAuth } from '../../../hooks/use-auth';

/** Username and password; on success the caller decides where to go. */
export function LoginForm({ onSuccess }: { onSuccess: (user: PublicUser) => void }) {
  const login = useLogin(useAuth().login);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginBody, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (user) => {
          notifySuccess('Login successful!', 'Welcome back!');
          onSuccess(user);
        },
        onError: (error) => {
          notifyError('Login failed', getErrorMessage(error, MESSAGES.invalidCredentials));
        },
      },
    );
  });

  return (
    <FormStack onSubmit={submit}>
      <UsernameField form={form} autoComplete="username" />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
      <SubmitButton pending={login.isPending} label="Sign In" pendingLabel="Signing in..." wide />
    </FormStack>
  );
}
