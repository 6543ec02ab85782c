import {
  Flex,
  Group,
  Input,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  DAILY_DIGEST_HOUR,
  EMAIL_KIND_LABELS,
  EMAIL_KINDS,
  EMAIL_MODE_LABELS,
  EMAIL_MODES,
  emailSettingsSchema,
  type EmailSettings,
} from '@domain/email';
import { FormStack, SubmitButton } from '../../../components/form-stack';
import { LoadingState } from '../../../components/loading-state';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEmailSettings, useSaveEmailSettings } from '../../../api/email';

const MODE_OPTIONS = EMAIL_MODES.map((mode) => ({ value: mode, label: EMAIL_MODE_LABELS[mode] }));
const DIGEST_OPTIONS = [
  { value: 'hourly', label: 'Hourly' },
  { value: 'daily', label: `Daily at ${DAILY_DIGEST_HOUR}:00` },
];

/** The browser's zones (every IANA name it knows), the saved one first if it is not among them. */
function zoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The form, once the settings are loaded. */
function EmailSettingsFields({ settings }: { settings: EmailSettings }) {
  const save = useSaveEmailSettings();
  // Never saved (no address yet): the browser's zone is the likelier one.
  const initial = {
    ...settings,
    timeZone: !settings.address && settings.timeZone === 'UTC' ? browserZone() : settings.timeZone,
  };
  const form = useForm({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(emailSettingsSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { ...values, address: values.address.trim() },
      {
        onSuccess: (saved) => {
          form.setInitialValues(saved);
          form.setValues(saved);
          notifySuccess('Email settings saved');
        },
        onError: (error) => {
          notifyError('Save failed', getErrorMessage(error, 'Failed to save email settings'));
        },
      },
    );
  });

  const noAddress = !form.values.address.trim();
  return (
    <FormStack onSubmit={submit}>
      <TextInput
        label="Email address"
        description="Leave it empty to get no email."
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        {...form.getInputProps('address')}
      />
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4} miw={200}>
          <Input.Label id="digest-label">Digest</Input.Label>
          <SegmentedControl
            aria-labelledby="digest-label"
            data={DIGEST_OPTIONS}
            disabled={noAddress}
            {...form.getInputProps('digest')}
          />
        </Stack>
        <Select
          label="Time zone"
          searchable
          miw={200}
          data={zoneOptions(form.values.timeZone)}
          allowDeselect={false}
          disabled={noAddress}
          {...form.getInputProps('timeZone')}
        />
      </Group>
      <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
        <Input.Label component="legend" mb={4}>
          What to email you
        </Input.Label>
        {EMAIL_KINDS.map((kind) => (
          <Flex
            key={kind}
            direction={{ base: 'column', xs: 'row' }}
            justify="space-between"
            align={{ base: 'flex-start', xs: 'center' }}
            gap={4}
          >
            <Text size="sm" id={`email-kind-${kind}`}>
              {EMAIL_KIND_LABELS[kind]}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby={`email-kind-${kind}`}
              data={MODE_OPTIONS}
              disabled={noAddress}
              {...form.getInputProps(`modes.${kind}`)}
            />
          </Flex>
        ))}
      </Stack>
      <SubmitButton pending={save.isPending} label="Save Email Settings" pendingLabel="Saving..." />
    </FormStack>
  );
}

/** The read of one's settings as the card uses it (react-query's answer, or a test's). */
type SettingsRead = Pick<UseQueryResult<EmailSettings>, 'data' | 'error' | 'isError'>;

/** The profile's email card: address, digest timing, time zone and each kind's mode. */
export function EmailSettingsForm() {
  return <EmailSettingsCard settings={useEmailSettings()} />;
}

/** The card for the settings as read: the failure, the wait, or the form. */
export function EmailSettingsCard({ settings }: { settings: SettingsRead }) {
  if (settings.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {getErrorMessage(settings.error, 'Could not load your email settings')}
      </Text>
    );
  }
  if (!settings.data) return <LoadingState label="Loading email settings" />;
  return <EmailSettingsFields settings={settings.data} />;
}
