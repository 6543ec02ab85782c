import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { registerForm } from '@domain/auth';
import { AvatarInput } from '../../../components/avatar-input';
import { PasswordField } from '../../../components/password-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRegister } from '../../../api/auth';

/** Self-registration (always a client, SPEC.md section 6); on success the user signs in. */
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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Username"
          description="At least 3 characters: letters, numbers, dots, dashes or underscores"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Display name"
          description="Optional: the name your team sees"
          autoComplete="name"
          {...form.getInputProps('name')}
        />
        <AvatarInput
          label="Avatar"
          description="Optional: JPEG or PNG, smaller than 2MB"
          value={form.values.avatar}
          onChange={(avatar) => form.setFieldValue('avatar', avatar)}
          removable="when-set"
          disabled={pending}
        />
        <PasswordField
          label="Password"
          description="At least 6 characters"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" disabled={pending}>
          {pending ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
