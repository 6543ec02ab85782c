import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { PricingPlan, VideoTypePrice } from '@domain/invoicing';
import {
  useCreatePlan,
  useCreateRule,
  useDeletePlan,
  useDeleteRule,
  usePricingPlans,
  useUpdatePlan,
  useVideoTypes,
} from '../../../api/pricing';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatMoney } from '../lib/format';
import { readMoneyInput } from '../lib/money-input';
import { roundsBody, roundsFormValues, type RoundsFormValues } from '../lib/money-forms';
import { RoundPricingFields } from './round-pricing-fields';
import { CollapsibleCard } from './collapsible-card';
import { IconTrash } from './invoicing-icons';
import { QueryView } from './query-view';
import { buttonsColumn, DataTable } from './scroll-table';

const fail = (fallback: string) => (error: unknown) =>
  notifyError('Error', getErrorMessage(error, fallback));

function durationLabel(min: number, max: number | null): string {
  if (min === 0 && max === null) return 'Any length';
  if (max === null) return `${min}s and longer`;
  return `${min}s – ${max}s`;
}

type SmallInputProps = Omit<TextInputProps, 'size' | 'onChange'> & {
  /** Gets what was typed. */
  onValue: (value: string) => void;
};

/** A small field of this card's forms; `wide` is its width from the xs breakpoint up. */
function SmallInput({ onValue, wide, ...props }: SmallInputProps & { wide?: number }) {
  return (
    <TextInput
      size="xs"
      w={wide === undefined ? undefined : { base: '100%', xs: wide }}
      {...props}
      onChange={(e) => onValue(e.currentTarget.value)}
    />
  );
}

/** A small field of a number from 0 up, whole unless `step` says otherwise. */
const NumberField = ({ step = 1, ...props }: SmallInputProps) => (
  <SmallInput w={100} type="number" min={0} step={step} {...props} />
);

/** Adds a rule: a type, a duration range in seconds (empty maximum: no limit) and a price. */
function AddRuleForm({ plan, types }: { plan: PricingPlan; types: VideoTypePrice[] }) {
  const [typeId, setTypeId] = useState<string | null>(null);
  const [min, setMin] = useState('0');
  const [max, setMax] = useState('');
  const [price, setPrice] = useState('');
  const create = useCreateRule();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typeId) {
      notifyError('Error', 'Choose a video type for the rule');
      return;
    }
    const read = readMoneyInput(price, 'customPrice');
    if (!read.ok) {
      notifyError('Invalid Price', 'Please enter a valid price');
      return;
    }
    create.mutate(
      {
        planId: plan.id,
        videoTypeId: typeId,
        minDurationSeconds: Number(min || 0),
        maxDurationSeconds: max.trim() === '' ? null : Number(max),
        price: read.value,
      },
      {
        onSuccess: () => {
          notifySuccess('Pricing Rule Added', `${plan.displayName}: ${formatMoney(read.value)}`);
          setPrice('');
          setMax('');
          setMin('0');
        },
        onError: fail('Failed to add the pricing rule'),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={`Add a rule to ${plan.displayName}`}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label="Video type"
          size="xs"
          w={150}
          data={types.map((t) => ({ value: t.id, label: t.displayName }))}
          value={typeId}
          onChange={setTypeId}
        />
        <NumberField label="Min seconds" value={min} onValue={setMin} />
        <NumberField label="Max seconds" placeholder="No limit" value={max} onValue={setMax} />
        <NumberField label="Price" step="0.01" value={price} onValue={setPrice} />
        <Button type="submit" size="xs" loading={create.isPending}>
          Add rule
        </Button>
      </Group>
    </form>
  );
}

/** A plan's own extra-round pricing (empty: the agency's), saved with its own button. */
function PlanRoundsForm({ plan }: { plan: PricingPlan }) {
  const saved = {
    includedRounds: plan.includedRounds,
    roundFeeKind: plan.roundFeeKind,
    roundFee: plan.roundFee,
  };
  const [draft, setDraft] = useState<RoundsFormValues>(() => roundsFormValues(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdatePlan();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = roundsBody(draft);
    setErrors(read.ok ? {} : read.errors);
    if (!read.ok) return;
    update.mutate(
      { id: plan.id, ...read.body },
      {
        onSuccess: () => notifySuccess('Plan Rounds Saved', plan.displayName),
        onError: fail('Failed to update the pricing plan'),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={`Extra rounds of ${plan.displayName}`} noValidate>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Extra revision rounds
        </Text>
        <RoundPricingFields
          {...draft}
          inherit="Agency default"
          of={`of ${plan.displayName}`}
          errors={errors}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" variant="light" loading={update.isPending}>
            Save rounds
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PlanCard({ plan, types }: { plan: PricingPlan; types: VideoTypePrice[] }) {
  const update = useUpdatePlan();
  const removeRule = useDeleteRule();
  const removePlan = useDeletePlan();
  const [confirming, setConfirming] = useState(false);
  const typeName = (id: string) => types.find((t) => t.id === id)?.displayName ?? 'Unknown type';

  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{plan.displayName}</Text>
            {plan.isDefault && <Badge color="violet">Default</Badge>}
            <Badge color={plan.isActive ? 'teal' : 'gray'} variant="dot">
              {plan.isActive ? 'Active' : 'Inactive'}
            </Badge>
            <Text size="xs" c="dimmed">
              {plan.clientCount} client{plan.clientCount === 1 ? '' : 's'}
            </Text>
          </Group>
          <Group gap="xs">
            <Switch
              size="xs"
              label="Active"
              checked={plan.isActive}
              disabled={update.isPending}
              onChange={(e) =>
                update.mutate(
                  { id: plan.id, isActive: e.currentTarget.checked },
                  { onError: fail('Failed to update the pricing plan') },
                )
              }
            />
            {!plan.isDefault && (
              <Button
                size="compact-xs"
                variant="light"
                disabled={update.isPending}
                onClick={() =>
                  update.mutate(
                    { id: plan.id, isDefault: true },
                    {
                      onSuccess: () =>
                        notifySuccess('Default Plan Set', `${plan.displayName} is the default.`),
                      onError: fail('Failed to update the pricing plan'),
                    },
                  )
                }
              >
                Make default
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
              aria-label={`Delete plan ${plan.displayName}`}
            >
              Delete plan
            </Button>
          </Group>
        </Group>
        {plan.description && (
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        )}
        {plan.rules.length === 0 ? (
          <Text size="sm" c="dimmed">
            No rules yet: this plan falls back to the default prices.
          </Text>
        ) : (
          <DataTable
            minWidth={380}
            label={`Rules of ${plan.displayName}`}
            verticalSpacing={4}
            columns={['Video type', 'Duration', 'Price', buttonsColumn('Remove')]}
          >
            {plan.rules.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{typeName(r.videoTypeId)}</Table.Td>
                <Table.Td>{durationLabel(r.minDurationSeconds, r.maxDurationSeconds)}</Table.Td>
                <Table.Td ff="monospace">{formatMoney(r.price)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Remove the ${typeName(r.videoTypeId)} rule`}
                    disabled={removeRule.isPending}
                    onClick={() =>
                      removeRule.mutate(
                        { planId: plan.id, ruleId: r.id },
                        { onError: fail('Failed to remove the pricing rule') },
                      )
                    }
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
        <AddRuleForm plan={plan} types={types} />
        <PlanRoundsForm plan={plan} />
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete pricing plan"
        centered
      >
        <Stack>
          <Text>
            Delete <strong>{plan.displayName}</strong> and its rules? Its clients go back to the
            default prices. Paid videos keep their locked prices.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              loading={removePlan.isPending}
              onClick={() => {
                // mutateAsync: this card unmounts once the refreshed list no longer has the plan,
                // and a per-call onSuccess would then never run.
                removePlan
                  .mutateAsync(plan.id)
                  .then(
                    () => notifySuccess('Pricing Plan Deleted', plan.displayName),
                    fail('Failed to delete the pricing plan'),
                  );
              }}
            >
              Delete plan
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** The create-plan form's fields before anything is typed. */
const NEW_PLAN = { name: '', description: '', isDefault: false };

/** Pricing plans: rules by type and duration, one default plan, assigned per client. */
export function PricingPlansCard() {
  const plans = usePricingPlans();
  const types = useVideoTypes();
  const create = useCreatePlan();
  const [draft, setDraft] = useState(NEW_PLAN);
  const { name, description, isDefault } = draft;
  const change = (patch: Partial<typeof NEW_PLAN>) => setDraft((d) => ({ ...d, ...patch }));
  // A text field's value and what it types, as a form library's input props.
  const field = (key: 'name' | 'description') => ({
    value: draft[key],
    onValue: (value: string) => change({ [key]: value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      notifyError('Error', 'Plan name is required');
      return;
    }
    create.mutate(
      { name: name.trim(), description, isDefault },
      {
        onSuccess: (plan) => {
          notifySuccess('Pricing Plan Created', plan.displayName);
          setDraft(NEW_PLAN);
        },
        onError: fail('Failed to create the pricing plan'),
      },
    );
  };

  return (
    <CollapsibleCard
      title="Pricing Plans"
      description="Price by type and duration; a client's plan comes before the default plan."
      defaultOpen={false}
    >
      <Stack gap="md">
        <form onSubmit={submit} aria-label="Create a pricing plan">
          <Group align="flex-end" gap="xs" wrap="wrap">
            <SmallInput label="Plan name" wide={180} maxLength={100} {...field('name')} />
            <SmallInput label="Description" wide={240} maxLength={1000} {...field('description')} />
            <Checkbox
              label="Default plan"
              size="xs"
              mb={6}
              checked={isDefault}
              onChange={(e) => change({ isDefault: e.currentTarget.checked })}
            />
            <Button type="submit" size="xs" loading={create.isPending}>
              Create plan
            </Button>
          </Group>
        </form>
        <QueryView
          query={plans}
          waiting={types.isPending}
          skeleton={80}
          what="pricing plans"
          empty={
            <Text c="dimmed" size="sm">
              No pricing plans yet.
            </Text>
          }
        >
          {(list) =>
            list.map((plan) => <PlanCard key={plan.id} plan={plan} types={types.data ?? []} />)
          }
        </QueryView>
      </Stack>
    </CollapsibleCard>
  );
}
