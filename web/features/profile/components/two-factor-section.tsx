import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@domain/two-factor';
import { LoadingState } from '../../../components/loading-state';
import { PasswordField } from '../../../components/password-field';
import {
  CodeField,
  RecoveryCodesPanel,
  TwoFactorSetupPanel,
} from '../../../components/two-factor-setup';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../../../api/two-factor';
import { ProfileSection } from './profile-form';

/** What the section shows besides its state: a setup, codes to save, or a form of the "on" state. */
type Panel =
  | { kind: 'none' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'new-codes' }
  | { kind: 'disable' };

/**
 * Two-factor sign-in in the profile (issue 46): turn it on (QR code, key, a first code, then the
 * recovery codes once), make new recovery codes, turn it off with the password or a code.
 */
export function TwoFactorSection({ username }: { username: string }) {
  const status = useTwoFactorStatus();
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const close = () => setPanel({ kind: 'none' });
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();

  const body = () => {
    if (status.isError)
      return (
        <Alert color="red" title="Could not load two-factor sign-in">
          {getErrorMessage(status.error, 'Please try again.')}
        </Alert>
      );
    if (!status.data) return <LoadingState label="Loading two-factor sign-in" />;
    if (panel.kind === 'codes')
      return <RecoveryCodesPanel codes={panel.codes} username={username} onDone={close} />;
    if (panel.kind === 'setup')
      return (
        <TwoFactorSetupPanel
          setup={panel.setup}
          pending={enable.isPending}
          error={enable.error ? getErrorMessage(enable.error, TWO_FACTOR_MESSAGES.codeWrong) : null}
          onConfirm={(code) =>
            enable.mutate(
              { code },
              {
                onSuccess: ({ recoveryCodes }) => {
                  notifySuccess(TWO_FACTOR_MESSAGES.enabled, 'Signing in now takes a code too.');
                  setPanel({ kind: 'codes', codes: recoveryCodes });
                },
              },
            )
          }
          onCancel={() => {
            enable.reset();
            close();
          }}
        />
      );
    const { enabled, recoveryCodesLeft, required } = status.data;
    if (!enabled)
      return (
        <Stack gap="sm" align="flex-start">
          <Badge color="gray" variant="light">
            Off
          </Badge>
          {required && (
            <Alert color="yellow" variant="light" role="status">
              The agency requires it for your account: turn it on now.
            </Alert>
          )}
          <Button
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: (setup) => {
                  enable.reset();
                  setPanel({ kind: 'setup', setup });
                },
                onError: (err) =>
                  notifyError('Could not start', getErrorMessage(err, 'Please try again.')),
              })
            }
          >
            Turn on two-factor sign-in
          </Button>
        </Stack>
      );
    return (
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="teal" variant="light">
            On
          </Badge>
          <Text size="sm" c={recoveryCodesLeft < 3 ? 'red' : 'dimmed'}>
            {recoveryCodesLeft === 1
              ? '1 recovery code left'
              : `${recoveryCodesLeft} recovery codes left`}
          </Text>
        </Group>
        {panel.kind === 'new-codes' ? (
          <NewCodesForm onDone={(codes) => setPanel({ kind: 'codes', codes })} onCancel={close} />
        ) : panel.kind === 'disable' ? (
          <DisableForm onCancel={close} onDone={close} />
        ) : (
          <Group gap="sm" wrap="wrap">
            <Button variant="default" onClick={() => setPanel({ kind: 'new-codes' })}>
              New recovery codes
            </Button>
            {required ? (
              <Text size="sm" c="dimmed">
                The agency requires it for your account: it cannot be turned off.
              </Text>
            ) : (
              <Button variant="default" color="red" onClick={() => setPanel({ kind: 'disable' })}>
                Turn off
              </Button>
            )}
          </Group>
        )}
      </Stack>
    );
  };

  return (
    <ProfileSection
      title="Two-factor sign-in"
      description="After your password, a code from an authenticator app on your phone."
    >
      {body()}
    </ProfileSection>
  );
}

/** A current code makes ten new recovery codes (the old ones stop working). */
function NewCodesForm({
  onDone,
  onCancel,
}: {
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const make = useNewRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MESSAGES.codeRequired);
    make.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes),
        onError: (err) => setError(getErrorMessage(err, TWO_FACTOR_MESSAGES.codeWrong)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">Your old recovery codes stop working when the new ones are made.</Text>
        <CodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
          autoFocus
        />
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={make.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={make.isPending}>
            Make new codes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turning it off takes the password or a current code of the app. */
function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password && !code.trim()) return setError(TWO_FACTOR_MESSAGES.passwordOrCode);
    disable.mutate(password ? { password } : { code }, {
      onSuccess: () => {
        notifySuccess(TWO_FACTOR_MESSAGES.disabled, 'Signing in takes your password only.');
        onDone();
      },
      onError: (err) => setError(getErrorMessage(err, 'Could not turn it off. Please try again.')),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setError(null);
          }}
          autoFocus
        />
        <CodeField
          label="Or a code from the app"
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={disable.isPending}>
            Turn off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
