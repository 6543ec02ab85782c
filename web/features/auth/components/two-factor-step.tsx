import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES, type TwoFactorStep as Step } from '@domain/two-factor';
import type { PublicUser } from '@domain/user';
import { SubmitButton } from '../../../components/form-stack';
import {
  CodeField,
  RecoveryCodesPanel,
  TwoFactorSetupPanel,
} from '../../../components/two-factor-setup';
import { getErrorMessage } from '../../../lib/api-client';
import { enableWithTicket, startTicketSetup, verifyLoginCode } from '../../../api/two-factor';

interface TwoFactorStepProps {
  step: Step;
  username: string;
  /** Signed in: the session cookie is set. */
  onSignedIn: (user: PublicUser) => void;
  /** The ticket ended (time, wrong codes): back to the password, with why. */
  onRestart: (message: string) => void;
}

/**
 * The sign-in's second step (issue 46): a code from the app or a recovery code; or, when the
 * agency requires two-factor of this account and it has none, its setup before anything else.
 */
export function TwoFactorStep({ step, username, onSignedIn, onRestart }: TwoFactorStepProps) {
  return step.twoFactor === 'code' ? (
    <CodeStep ticket={step.ticket} onSignedIn={onSignedIn} onRestart={onRestart} />
  ) : (
    <EnrolStep
      ticket={step.ticket}
      username={username}
      onSignedIn={onSignedIn}
      onRestart={onRestart}
    />
  );
}

type StepProps = Omit<TwoFactorStepProps, 'step' | 'username'> & { ticket: string };

/** An error of a ticket's call: the ticket's end goes back to the password, others show here. */
function useErrorOf(onRestart: (message: string) => void) {
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => {
    const message = getErrorMessage(err, 'Could not check the code. Please try again.');
    if (message === TWO_FACTOR_MESSAGES.ticketExpired) onRestart(message);
    else setError(message);
  };
  return { error, setError, fail };
}

function CodeStep({ ticket, onSignedIn, onRestart }: StepProps) {
  const [code, setCode] = useState('');
  const { error, setError, fail } = useErrorOf(onRestart);
  const verify = useMutation({
    mutationFn: (typed: string) => verifyLoginCode(ticket, typed),
    onSuccess: onSignedIn,
    onError: fail,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) setError(TWO_FACTOR_MESSAGES.codeRequired);
    else verify.mutate(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Open your authenticator app and enter the code it shows for this account. Lost your phone?
          Enter one of your recovery codes instead.
        </Text>
        <CodeField
          label="Authentication code"
          description="Six digits, or a recovery code"
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
          autoFocus
          digitsOnly={false}
        />
        <SubmitButton pending={verify.isPending} label="Verify" pendingLabel="Verifying..." wide />
      </Stack>
    </form>
  );
}

function EnrolStep({ ticket, username, onSignedIn, onRestart }: StepProps & { username: string }) {
  const { error, fail } = useErrorOf(onRestart);
  const start = useMutation({ mutationFn: () => startTicketSetup(ticket), onError: fail });
  const enable = useMutation({
    mutationFn: (code: string) => enableWithTicket(ticket, code),
    onError: fail,
  });

  if (enable.data) {
    const { user, recoveryCodes } = enable.data;
    return (
      <RecoveryCodesPanel
        codes={recoveryCodes}
        username={username}
        onDone={() => onSignedIn(user)}
        doneLabel="Continue"
      />
    );
  }
  if (start.data) {
    return (
      <TwoFactorSetupPanel
        setup={start.data}
        pending={enable.isPending}
        error={error}
        onConfirm={(code) => enable.mutate(code)}
        confirmLabel="Turn on and sign in"
      />
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        The agency requires two-factor sign-in for the king and admins. Set it up now to continue:
        you need an authenticator app on your phone.
      </Text>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button size="md" fullWidth loading={start.isPending} onClick={() => start.mutate()}>
        Set up two-factor sign-in
      </Button>
    </Stack>
  );
}
