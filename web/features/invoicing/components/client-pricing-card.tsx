import { Badge, Button, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { PRICE_SOURCES } from '@domain/invoicing';
import {
  useAssignClientPlan,
  useClientPricingDetail,
  useClientPricingList,
  usePricingPlans,
  useRemoveCustomPrice,
  useSetCustomPrice,
} from '../../../api/pricing';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatMoney } from '../lib/format';
import { ClientBillingSection } from './client-billing-section';
import { CollapsibleCard } from './collapsible-card';
import { MoneyEdit } from './money-edit';
import { QueryView } from './query-view';
import { buttonsColumn, DataTable } from './scroll-table';

/** Why the effective price applies: the same words as the plan choice and the plans' badge. */
const SOURCE_LABEL: Record<(typeof PRICE_SOURCES)[number], string> = {
  custom: 'Custom price',
  plan: "Client's plan",
  default_plan: 'Default plan',
  default: 'Default price',
};

const clientLabel = (c: { username: string; name: string | null }) =>
  c.name ? `${c.name} (@${c.username})` : `@${c.username}`;

/**
 * What the card changes for the chosen client (none chosen: nothing), each saying how it went:
 * a type's custom price set (true when saved) or removed, and the client's pricing plan.
 */
function useClientPriceChanges(clientId: string | null) {
  const setCustom = useSetCustomPrice();
  const removeCustom = useRemoveCustomPrice();
  const assignPlan = useAssignClientPlan();

  const saveCustom = async (videoTypeId: string, displayName: string, price: string) => {
    if (!clientId) return false;
    try {
      await setCustom.mutateAsync({ clientId, videoTypeId, price });
      notifySuccess('Custom Price Set', `${displayName}: ${formatMoney(price)} for this client.`);
      return true;
    } catch (error) {
      notifyError('Error', getErrorMessage(error, 'Failed to update client price'));
      return false;
    }
  };
  const remove = (videoTypeId: string, displayName: string) => {
    if (!clientId) return;
    removeCustom.mutate(
      { clientId, videoTypeId },
      {
        onSuccess: () =>
          notifySuccess('Custom Price Removed', `${displayName} is back to its usual price.`),
        onError: (error) =>
          notifyError('Error', getErrorMessage(error, 'Failed to remove client price')),
      },
    );
  };
  const choosePlan = (planId: string | null) => {
    if (!clientId) return;
    assignPlan.mutate(
      { clientId, planId: planId || null },
      {
        onSuccess: () => notifySuccess('Pricing Plan Updated'),
        onError: (error) =>
          notifyError('Error', getErrorMessage(error, 'Failed to update the pricing plan')),
      },
    );
  };
  return {
    saveCustom,
    remove,
    removing: removeCustom.isPending,
    choosePlan,
    choosingPlan: assignPlan.isPending,
  };
}

/** One client's prices: custom price per type (set or remove) and the client's pricing plan. */
export function ClientPricingCard() {
  const clients = useClientPricingList();
  const [clientId, setClientId] = useState<string | null>(null);
  const detail = useClientPricingDetail(clientId);
  const plans = usePricingPlans();
  const changes = useClientPriceChanges(clientId);
  const activePlans = (plans.data ?? []).filter((p) => p.isActive);
  // A client without a plan of its own is priced by the default plan when there is one.
  const defaultPlan = activePlans.find((p) => p.isDefault);
  const noOwnPlan = defaultPlan
    ? `Default plan (${defaultPlan.displayName})`
    : 'Default prices (no plan)';

  return (
    <CollapsibleCard
      title="Client-Specific Pricing"
      description="Custom prices, pricing plan, billing details and retainer of one client."
    >
      <QueryView
        query={clients}
        skeleton={40}
        what="clients"
        empty={<Text c="dimmed">No clients found...</Text>}
      >
        {(list) => (
          <Stack gap="md">
            <Group align="flex-end" wrap="wrap">
              <Select
                label="Client"
                placeholder="Choose a client"
                searchable
                w={{ base: '100%', sm: 300 }}
                data={list.map((c) => ({ value: c.id, label: clientLabel(c) }))}
                value={clientId}
                onChange={setClientId}
                nothingFoundMessage="No clients found..."
              />
              {clientId && detail.data && (
                <Select
                  label="Pricing plan"
                  w={{ base: '100%', sm: 260 }}
                  data={[
                    { value: '', label: noOwnPlan },
                    ...activePlans.map((p) => ({ value: p.id, label: p.displayName })),
                  ]}
                  value={detail.data.pricingPlan?.id ?? ''}
                  onChange={(v) => changes.choosePlan(v)}
                  allowDeselect={false}
                  disabled={changes.choosingPlan}
                />
              )}
            </Group>
            {!clientId ? (
              <Text c="dimmed" size="sm">
                Choose a client to see and set their prices.
              </Text>
            ) : detail.isPending ? (
              <Skeleton h={160} />
            ) : detail.isError ? (
              <Text c="red" role="alert">
                Unable to load pricing details for this client.
              </Text>
            ) : detail.data.videoTypes.length === 0 ? (
              <Text c="dimmed">No video types found...</Text>
            ) : (
              <DataTable
                minWidth={560}
                label={`Prices for ${clientLabel(detail.data.client)}`}
                verticalSpacing={6}
                columns={[
                  'Video type',
                  'Default',
                  'Custom price',
                  'Effective',
                  buttonsColumn('Actions'),
                ]}
              >
                {detail.data.videoTypes.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>{t.displayName}</Table.Td>
                    <Table.Td ff="monospace">{formatMoney(t.defaultPrice)}</Table.Td>
                    <Table.Td>
                      <MoneyEdit
                        value={t.customPrice ?? t.effectivePrice}
                        kind="customPrice"
                        label={`Custom price of ${t.displayName}`}
                        onSave={(v) => changes.saveCustom(t.id, t.displayName, v)}
                        shown={
                          t.hasCustomPricing ? undefined : (
                            <Text span size="sm" c="dimmed">
                              Not set
                            </Text>
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text span ff="monospace" fw={600} size="sm">
                          {formatMoney(t.effectivePrice)}
                        </Text>
                        <Badge
                          size="xs"
                          variant="dot"
                          color={t.priceSource === 'custom' ? 'violet' : 'gray'}
                        >
                          {SOURCE_LABEL[t.priceSource]}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {t.hasCustomPricing && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => changes.remove(t.id, t.displayName)}
                          disabled={changes.removing}
                          aria-label={`Remove custom price of ${t.displayName}`}
                        >
                          Remove
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            )}
            {clientId && <ClientBillingSection key={clientId} clientId={clientId} />}
          </Stack>
        )}
      </QueryView>
    </CollapsibleCard>
  );
}
