import { Alert, Button, Card, Divider, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { useAdminUsers } from '../../../api/admin';
import {
  useResetUserTwoFactor,
  useSaveTwoFactorPolicy,
  useTwoFactorPolicy,
} from '../../../api/two-factor';
import { getErrorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

/**
 * The king's two-factor settings (issue 46): the king and admins must sign in with a code
 * (turning it on needs the king's own two-factor first, as the server says, and signs out the
 * admins who have none, whose next sign-in sets it up); and turning it off for someone who lost
 * the phone and the recovery codes.
 */
export function TwoFactorRequirementSetting() {
  const policy = useTwoFactorPolicy();
  const save = useSaveTwoFactorPolicy();
  const [error, setError] = useState<string | null>(null);

  if (policy.isError)
    return (
      <Alert color="red" title="Could not load the two-factor setting">
        {getErrorMessage(policy.error, 'Please try again.')}
      </Alert>
    );
  if (!policy.data) return <LoadingState label="Loading the two-factor setting" />;

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Two-factor sign-in</Text>
        <Switch
          label="Require two-factor sign-in for the king and admins"
          description="Admins without it are signed out and set it up at their next sign-in. Turn on your own first, in your profile."
          checked={policy.data.requiredForAdmins}
          disabled={save.isPending}
          error={error}
          onChange={(event) => {
            const requiredForAdmins = event.currentTarget.checked;
            setError(null);
            save.mutate(
              { requiredForAdmins },
              {
                onSuccess: () =>
                  notifySuccess(
                    requiredForAdmins ? 'Two-factor sign-in required' : 'No longer required',
                    requiredForAdmins
                      ? 'The king and admins sign in with a code.'
                      : 'Admins choose for themselves.',
                  ),
                onError: (err) => setError(getErrorMessage(err, 'Could not save the setting.')),
              },
            );
          }}
        />
        <Divider />
        <ResetSomeone />
        <Text size="xs" c="dimmed">
          The king locked out? Running <code>npm run reset-king-password</code> on the server gives
          a new password and turns off the king’s two-factor sign-in.
        </Text>
      </Stack>
    </Card>
  );
}

/** Turns off someone's two-factor sign-in; if it is required of them, they set it up again. */
function ResetSomeone() {
  const users = useAdminUsers();
  const reset = useResetUserTwoFactor();
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return setError('Choose a person');
    reset.mutate(userId, {
      onSuccess: ({ message }) => {
        notifySuccess(message, 'They sign in with their password until they set it up again.');
        setUserId(null);
      },
      onError: (err) => setError(getErrorMessage(err, 'Could not turn it off.')),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={4}>
        <Text size="sm">
          Someone lost their phone and their recovery codes? Turn their two-factor sign-in off.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Person"
            placeholder="Search by name"
            searchable
            clearable
            data={(users.data ?? []).map((u) => ({
              value: u.id,
              label: u.name ? `${u.name} (@${u.username})` : `@${u.username}`,
            }))}
            value={userId}
            onChange={(value) => {
              setUserId(value);
              setError(null);
            }}
            error={error}
            w={{ base: '100%', xs: 280 }}
          />
          <Button type="submit" variant="default" color="red" loading={reset.isPending}>
            Turn off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
