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
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  DAILY_DIGEST_HOUR,
  EMAIL_KIND_LABELS,
  EMAIL_KINDS,
  EMAIL_MODE_LABELS,
  EMAIL_MODES,
  emailSettingsSchema,
  emailModes,
  type EmailSettings,
} from '@domain/email';
import { LoadingState } from '../../../components/loading-state';
import { getErrorMessage } from '../../../lib/api-client';

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

/** The email settings' form: empty until the settings are read, then holding them. */
export type EmailSettingsFormState = UseFormReturnType<EmailSettings>;

/**
 * The form of one's email settings, filled in once `saved` arrives (a never-saved account gets
 * the browser's zone, the likelier one). The profile page saves it with its other fields.
 */
export function useEmailSettingsForm(saved: EmailSettings | undefined): EmailSettingsFormState {
  const form = useForm<EmailSettings>({
    mode: 'controlled',
    // Never shown: the fields wait for the saved settings (`initialized`).
    initialValues: {
      address: '',
      digest: 'daily',
      timeZone: 'UTC',
      modes: emailModes('client', {}),
    },
    validate: schemaResolver(emailSettingsSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const { initialize } = form;
  useEffect(() => {
    if (!saved) return;
    initialize({
      ...saved,
      timeZone: !saved.address && saved.timeZone === 'UTC' ? browserZone() : saved.timeZone,
    });
  }, [saved, initialize]);
  return form;
}

/** The fields, once the settings are loaded. */
function EmailSettingsFields({ form }: { form: EmailSettingsFormState }) {
  const noAddress = !form.values.address.trim();
  return (
    <Stack gap="md">
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
    </Stack>
  );
}

/** The read of one's settings as the card uses it (react-query's answer, or a test's). */
export type SettingsRead = Pick<UseQueryResult<EmailSettings>, 'data' | 'error' | 'isError'>;

/**
 * The profile's email fields for the settings as read: the failure, the wait, or the fields
 * (address, digest timing, time zone and each kind's mode), bound to `form`.
 */
export function EmailSettingsCard({
  settings,
  form,
}: {
  settings: SettingsRead;
  form: EmailSettingsFormState;
}) {
  if (settings.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {getErrorMessage(settings.error, 'Could not load your email settings')}
      </Text>
    );
  }
  if (!settings.data || !form.initialized) return <LoadingState label="Loading email settings" />;
  return <EmailSettingsFields form={form} />;
}
