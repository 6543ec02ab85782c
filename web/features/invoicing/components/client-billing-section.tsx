import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import {
  DELIVERY_MESSAGES,
  DELIVERY_MODE_LABELS,
  DELIVERY_MODES,
  type DeliveryMode,
} from '@domain/delivery';
import { addMonths } from '@domain/invoicing';
import { formatInvoiceMoney, type ClientBilling } from '@domain/invoices';
import { MONEY_LABELS, retainerLine } from '@domain/money-labels';
import { monthLabel, type Retainer, type RetainerBody } from '@domain/retainers';
import { useAgencyCurrency } from '../../../api/agency';
import { useClientBilling, useSaveClientBilling } from '../../../api/client-billing';
import { useVideoTypes } from '../../../api/pricing';
import { useClientRetainer, useEndRetainer, useSaveRetainer } from '../../../api/retainers';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { currentMonth } from '../lib/format';
import {
  billingBody,
  billingFormValues,
  retainerBody,
  retainerFormValues,
  type BillingFormValues,
  type RetainerFormValues,
} from '../lib/money-forms';
import { ConfirmDialog } from './confirm-dialog';
import { IconTrash } from './invoicing-icons';
import { RoundPricingFields } from './round-pricing-fields';

const INHERIT = "Plan's or agency's";

function SubPanel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The buyer on the client's invoices and the client's own round pricing. */
export function BillingForm({
  billing,
  onSave,
  saving,
}: {
  billing: ClientBilling;
  onSave: (body: Omit<ClientBilling, 'deliveryMode'>) => void;
  saving: boolean;
}) {
  const form = useForm<BillingFormValues>({
    initialValues: billingFormValues(billing),
    validate: (values) => {
      const read = billingBody(values);
      return read.ok ? {} : read.errors;
    },
  });
  const v = form.getValues();
  return (
    <form
      aria-label={MONEY_LABELS.billingTitle}
      noValidate
      onSubmit={form.onSubmit((values) => {
        const read = billingBody(values);
        if (read.ok) onSave(read.body);
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Company name"
            description="Empty: the client's name"
            maxLength={200}
            {...form.getInputProps('companyName')}
          />
          <TextInput
            label="Billing email"
            description="Empty: the client's email address"
            type="email"
            maxLength={254}
            {...form.getInputProps('billingEmail')}
          />
          <Textarea
            label="Billing address"
            rows={3}
            maxLength={1000}
            {...form.getInputProps('billingAddress')}
          />
          <TextInput label="Client tax ID" maxLength={100} {...form.getInputProps('taxId')} />
        </SimpleGrid>
        <RoundPricingFields
          includedRounds={v.includedRounds}
          roundFeeKind={v.roundFeeKind}
          roundFee={v.roundFee}
          inherit={INHERIT}
          of="for this client"
          errors={form.errors as Record<string, string | undefined>}
          onChange={(patch) => form.setValues(patch)}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={saving}>
            Save billing details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The months a retainer may start or end in: from `first` on, two years. */
const monthChoices = (first: string, keep: string[]) =>
  [
    ...new Set([
      ...keep.filter(Boolean),
      ...Array.from({ length: 25 }, (_, i) => addMonths(first, i)),
    ]),
  ]
    .sort()
    .map((m) => ({ value: m, label: monthLabel(m) }));

/** The retainer's terms as a form: a new one, or a change (effective from next month). */
export function RetainerForm({
  retainer,
  typeNames,
  currency,
  onSave,
  saving,
}: {
  retainer: Retainer | null;
  /** The agency's currency, which the fee is in. */
  currency: string;
  /** Video type names (the per-type allowance's keys) and the names shown for them. */
  typeNames: { value: string; label: string }[];
  onSave: (body: RetainerBody) => void;
  saving: boolean;
}) {
  const thisMonth = currentMonth();
  const form = useForm<RetainerFormValues>({
    initialValues: retainerFormValues(retainer, thisMonth),
    validate: (values) => {
      const read = retainerBody(values);
      return read.ok ? {} : read.errors;
    },
  });
  const v = form.getValues();
  const started = retainer !== null && retainer.startMonth <= thisMonth;
  return (
    <form
      aria-label={retainer ? 'Change the retainer' : 'Start a retainer'}
      noValidate
      onSubmit={form.onSubmit((values) => {
        const read = retainerBody(values);
        if (read.ok) onSave(started ? { ...read.body, startMonth: undefined } : read.body);
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label={`Monthly fee (${currency})`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...form.getInputProps('monthlyFee')}
          />
          <TextInput
            label="Rollover limit"
            description="Unused videos carried, at most"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...form.getInputProps('rolloverMax')}
          />
          <TextInput
            label="Rollover months"
            description="How long a carried video lasts"
            type="number"
            inputMode="numeric"
            min={0}
            max={24}
            step={1}
            {...form.getInputProps('rolloverMonths')}
          />
        </SimpleGrid>
        <SegmentedControl
          aria-label="Allowance kind"
          data={[
            { value: 'total', label: 'Videos a month' },
            { value: 'byType', label: 'Per video type' },
          ]}
          {...form.getInputProps('allowanceKind')}
        />
        {v.allowanceKind === 'total' ? (
          <TextInput
            label="Allowance (videos a month)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            w={{ base: '100%', xs: 220 }}
            {...form.getInputProps('allowance')}
          />
        ) : (
          <Stack gap="xs">
            {v.byType.map((row, i) => (
              <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  label="Video type"
                  aria-label={`Allowance ${i + 1} video type`}
                  data={typeNames}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`byType.${i}.type`)}
                />
                <TextInput
                  label="Videos"
                  aria-label={`Allowance ${i + 1} videos a month`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  w={90}
                  {...form.getInputProps(`byType.${i}.count`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={`Remove allowance ${i + 1}`}
                  onClick={() => form.removeListItem('byType', i)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => form.insertListItem('byType', { type: '', count: '' })}
              >
                Add a type
              </Button>
            </Group>
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Start month"
            allowDeselect={false}
            disabled={started}
            description={started ? 'Started: changes apply from next month' : undefined}
            data={monthChoices(thisMonth, [v.startMonth])}
            {...form.getInputProps('startMonth')}
          />
          <Select
            label="End month"
            data={[
              { value: '', label: 'No end' },
              ...monthChoices(v.startMonth || thisMonth, [v.endMonth]),
            ]}
            allowDeselect={false}
            {...form.getInputProps('endMonth')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={saving}>
            {retainer ? 'Save retainer' : 'Start retainer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A retainer's terms in one line: "$500.00 a month · 10 videos · up to 3 roll over for 2 months". */
export function retainerSummary(r: Retainer['terms'], currency: string): string {
  const allowance = r.allowanceByType
    ? Object.entries(r.allowanceByType)
        .map(([type, n]) => `${n} ${type}`)
        .join(', ')
    : `${r.allowance ?? 0} videos`;
  const rollover =
    r.rolloverMax > 0 && r.rolloverMonths > 0
      ? `up to ${r.rolloverMax} roll over for ${r.rolloverMonths} month${r.rolloverMonths === 1 ? '' : 's'}`
      : 'no rollover';
  return `${formatInvoiceMoney(r.monthlyFee, currency)} a month · ${allowance} · ${rollover}`;
}

function RetainerPanel({ clientId }: { clientId: string }) {
  const retainer = useClientRetainer(clientId);
  const types = useVideoTypes();
  const save = useSaveRetainer();
  const end = useEndRetainer();
  const currency = useAgencyCurrency();
  const [ending, setEnding] = useState(false);
  const typeNames = (types.data ?? []).map((t) => ({ value: t.name, label: t.displayName }));
  if (retainer.isPending) return <Skeleton h={120} />;
  if (retainer.isError) {
    return (
      <Text c="red" role="alert">
        {getErrorMessage(retainer.error, 'Unable to load the retainer.')}
      </Text>
    );
  }
  const r = retainer.data;
  return (
    <Stack gap="sm">
      {r ? (
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {retainerSummary(r.terms, currency)}
            </Text>
            {r.nextTerms && (
              <Text size="xs">
                From {monthLabel(r.nextTerms.effectiveFrom)}:{' '}
                {retainerSummary(r.nextTerms, currency)}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              From {monthLabel(r.startMonth)}
              {r.endMonth ? ` to ${monthLabel(r.endMonth)}` : ''}
              {r.thisMonth ? ` · ${retainerLine(r.thisMonth)}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            {r.endMonth && <Badge variant="dot">Ends {monthLabel(r.endMonth)}</Badge>}
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setEnding(true)}>
              End retainer
            </Button>
          </Group>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No retainer: every video owes its price.
        </Text>
      )}
      <RetainerForm
        key={JSON.stringify(r)}
        retainer={r}
        typeNames={typeNames}
        currency={currency}
        saving={save.isPending}
        onSave={(body) =>
          save.mutate(
            { clientId, ...body },
            {
              onSuccess: () => notifySuccess(MONEY_LABELS.retainerSaved),
              onError: (error) =>
                notifyError('Error', getErrorMessage(error, MONEY_LABELS.retainerSaveFailed)),
            },
          )
        }
      />
      <ConfirmDialog
        opened={ending}
        title="End the retainer?"
        confirmLabel="End retainer"
        color="red"
        pending={end.isPending}
        onClose={() => setEnding(false)}
        onConfirm={() =>
          end.mutate(clientId, {
            onSuccess: () => {
              setEnding(false);
              notifySuccess(MONEY_LABELS.retainerEnded);
            },
            onError: (error) =>
              notifyError('Error', getErrorMessage(error, MONEY_LABELS.retainerEndFailed)),
          })
        }
      >
        {MONEY_LABELS.retainerEndConfirm}
      </ConfirmDialog>
    </Stack>
  );
}

function BillingPanel({ clientId }: { clientId: string }) {
  const billing = useClientBilling(clientId);
  const save = useSaveClientBilling();
  if (billing.isPending) return <Skeleton h={160} />;
  if (billing.isError) {
    return (
      <Text c="red" role="alert">
        {getErrorMessage(billing.error, 'Unable to load the billing details.')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <DeliveryModeChoice clientId={clientId} mode={billing.data.deliveryMode} />
      <BillingForm
        key={JSON.stringify(billing.data)}
        billing={billing.data}
        saving={save.isPending}
        onSave={(body) =>
          save.mutate(
            { clientId, ...body },
            {
              onSuccess: () => notifySuccess(MONEY_LABELS.billingSaved),
              onError: (error) =>
                notifyError('Error', getErrorMessage(error, MONEY_LABELS.billingSaveFailed)),
            },
          )
        }
      />
    </Stack>
  );
}

/**
 * When the client side sees a video's delivery link (issue 44, docs/rules.md#delivery): saved
 * at once, with Undo.
 */
function DeliveryModeChoice({ clientId, mode }: { clientId: string; mode: DeliveryMode }) {
  const save = useSaveClientBilling();
  const choose = (next: DeliveryMode, previous: DeliveryMode | null) =>
    save.mutate(
      { clientId, deliveryMode: next },
      {
        onSuccess: () => {
          notifications.clean();
          notifications.show({
            color: 'teal',
            title: DELIVERY_MESSAGES.modeSaved(next),
            message: previous ? (
              <Group gap="xs" justify="flex-end">
                <Button size="compact-xs" variant="light" onClick={() => choose(previous, null)}>
                  Undo
                </Button>
              </Group>
            ) : (
              ''
            ),
          });
        },
        onError: (error) =>
          notifyError('Error', getErrorMessage(error, MONEY_LABELS.billingSaveFailed)),
      },
    );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`delivery-mode-${clientId}`}>
        Delivery
      </Text>
      <SegmentedControl
        aria-labelledby={`delivery-mode-${clientId}`}
        value={mode}
        disabled={save.isPending}
        onChange={(value) => choose(value, mode)}
        data={DELIVERY_MODES.map((m) => ({ value: m, label: DELIVERY_MODE_LABELS[m] }))}
        fullWidth
      />
      <Text size="xs" c="dimmed">
        {mode === 'when_paid'
          ? 'The client sees a video’s delivery link once the video is paid.'
          : 'The client sees a video’s delivery link once the video is approved.'}
      </Text>
    </Stack>
  );
}

/** The chosen client's billing details and retainer, under its prices. */
export function ClientBillingSection({ clientId }: { clientId: string }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <SubPanel title={MONEY_LABELS.billingTitle}>
        <BillingPanel clientId={clientId} />
      </SubPanel>
      <SubPanel title={MONEY_LABELS.retainerTitle}>
        <RetainerPanel clientId={clientId} />
      </SubPanel>
    </SimpleGrid>
  );
}
