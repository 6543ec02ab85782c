import {
  Button,
  Group,
  Image,
  Input,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useRef, type ChangeEvent } from 'react';
import type { Agency } from '@domain/invoices';
import { AGENCY_CURRENCIES, MONEY_LABELS } from '@domain/money-labels';
import { FRAME_RATE_LABELS, FRAME_RATES } from '@domain/timecode';
import { useAgencyDetails, useSaveAgencyDetails } from '../../../api/agency';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { agencyBody, agencyFormValues, type AgencyFormValues } from '../lib/money-forms';
import { CollapsibleCard } from './collapsible-card';
import classes from './money-forms.module.css';
import { QueryView } from './query-view';
import { RoundPricingFields } from './round-pricing-fields';

/** The logo's limits (the server checks the bytes too): a PNG or JPEG of at most 200 KB. */
const LOGO_TYPES = ['image/png', 'image/jpeg'];
const LOGO_MAX_BYTES = 200 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** A labelled native file input for the logo, its preview and Remove logo. */
function LogoInput({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (dataUrl: string | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const refuse = () => {
      notifyError('Invalid Logo', MONEY_LABELS.logoTooLarge);
      if (input.current) input.current.value = '';
    };
    if (!LOGO_TYPES.includes(file.type) || file.size > LOGO_MAX_BYTES) return refuse();
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      refuse();
    }
  };
  return (
    <Input.Wrapper
      label="Logo"
      labelProps={{ htmlFor: id }}
      description="PNG or JPEG, at most 200 KB; printed at the top of every invoice."
    >
      <Group gap="sm" mt={4} wrap="wrap" align="center">
        {value && <Image src={value} alt="Agency logo" className={classes.logo} />}
        <input
          ref={input}
          id={id}
          type="file"
          accept={LOGO_TYPES.join(',')}
          className={classes.file}
          style={{ flex: 1, minWidth: 200 }}
          onChange={(event) => void choose(event)}
        />
        {value && (
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
          >
            Remove logo
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}

/** The form over the saved details; saving sends the whole record. */
export function AgencyDetailsForm({
  details,
  onSave,
  saving,
}: {
  details: Agency;
  onSave: (body: Agency) => void;
  saving: boolean;
}) {
  const form = useForm<AgencyFormValues>({
    initialValues: agencyFormValues(details),
    validate: (values) => {
      const read = agencyBody(values);
      return read.ok ? {} : read.errors;
    },
  });
  const submit = form.onSubmit((values) => {
    const read = agencyBody(values);
    if (read.ok) onSave(read.body);
  });
  const v = form.getValues();
  return (
    <form onSubmit={submit} aria-label={MONEY_LABELS.agencyTitle} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Agency name" maxLength={200} {...form.getInputProps('name')} />
          <TextInput label="Tax ID" maxLength={100} {...form.getInputProps('taxId')} />
          <Textarea label="Address" rows={3} maxLength={1000} {...form.getInputProps('address')} />
          <Textarea
            label="Payment instructions"
            description="Printed on every invoice: bank details, how to pay."
            rows={3}
            maxLength={2000}
            {...form.getInputProps('paymentInstructions')}
          />
        </SimpleGrid>
        <LogoInput value={v.logo} onChange={(logo) => form.setFieldValue('logo', logo)} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Currency"
            searchable
            allowDeselect={false}
            data={[...new Set([...AGENCY_CURRENCIES, v.currency])]}
            {...form.getInputProps('currency')}
          />
          <TextInput
            label="Tax rate (%)"
            placeholder="No tax"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="0.01"
            {...form.getInputProps('taxRate')}
          />
          <TextInput
            label="Payment terms (days)"
            type="number"
            inputMode="numeric"
            min={0}
            max={365}
            step={1}
            {...form.getInputProps('paymentTermsDays')}
          />
          <Select
            label="Default frame rate"
            allowDeselect={false}
            data={FRAME_RATES.map((id) => ({ value: id, label: FRAME_RATE_LABELS[id] }))}
            {...form.getInputProps('frameRate')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {MONEY_LABELS.roundsTitle}
          </Text>
          <Text size="xs" c="dimmed">
            Review rounds every video includes, and what each further round costs, unless a plan or
            the client says otherwise.
          </Text>
          <RoundPricingFields
            includedRounds={v.includedRounds}
            roundFeeKind={v.roundFeeKind}
            roundFee={v.roundFee}
            errors={form.errors as Record<string, string | undefined>}
            onChange={(patch) => form.setValues(patch as Partial<AgencyFormValues>)}
          />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save agency details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /invoicing's Agency details: the seller of every invoice and the money defaults. */
export function AgencyDetailsCard() {
  const details = useAgencyDetails();
  const save = useSaveAgencyDetails();
  return (
    <CollapsibleCard
      title={MONEY_LABELS.agencyTitle}
      description={MONEY_LABELS.agencyDescription}
      defaultOpen={false}
    >
      <QueryView query={details} skeleton={200} what="the agency details">
        {(data) => (
          <AgencyDetailsForm
            details={data}
            saving={save.isPending}
            onSave={(body) =>
              save.mutate(body, {
                onSuccess: () => notifySuccess(MONEY_LABELS.agencySaved),
                onError: (error) =>
                  notifyError('Error', getErrorMessage(error, MONEY_LABELS.agencySaveFailed)),
              })
            }
          />
        )}
      </QueryView>
    </CollapsibleCard>
  );
}
