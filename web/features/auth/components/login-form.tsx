import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { loginBody, MESSAGES } from '@domain/auth';
import { isTwoFactorStep, type TwoFactorStep as TwoFactorStepAnswer } from '@domain/two-factor';
import type { PublicUser } from '@domain/user';
import { UsernameField } from '../../../components/account-fields';
import { FormStack, SubmitButton } from '../../../components/form-stack';
import { PasswordField } from '../../../components/password-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLogin } from '../../../api/auth';
import { useAuth } from '../../../hooks/use-auth';
import { TwoFactorStep } from './two-factor-step';

/**
 * Username and password, then the second factor when the account needs one (issue 46); on
 * success the caller decides where to go.
 */
export function LoginForm({ onSuccess }: { onSuccess: (user: PublicUser) => void }) {
  const auth = useAuth();
  const login = useLogin(auth.login);
  // The ticket of a right password while the second step is asked for.
  const [step, setStep] = useState<TwoFactorStepAnswer | null>(null);
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
        onSuccess: (answer) => {
          if (isTwoFactorStep(answer)) setStep(answer);
          else signedIn(answer);
        },
        onError: (error) => {
          notifyError('Login failed', getErrorMessage(error, MESSAGES.invalidCredentials));
        },
      },
    );
  });

  function signedIn(user: PublicUser) {
    notifySuccess('Login successful!', 'Welcome back!');
    onSuccess(user);
  }

  if (step) {
    return (
      <Stack gap="xs">
        <TwoFactorStep
          step={step}
          username={form.values.username.trim()}
          onSignedIn={(user) => {
            auth.login(user);
            signedIn(user);
          }}
          onRestart={(message) => {
            setStep(null);
            form.setFieldValue('password', '');
            notifyError('Please sign in again', message);
          }}
        />
        {step.twoFactor === 'code' && (
          <Button variant="subtle" size="sm" onClick={() => setStep(null)}>
            Back to username and password
          </Button>
        )}
      </Stack>
    );
  }

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
