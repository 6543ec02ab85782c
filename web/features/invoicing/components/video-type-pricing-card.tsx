import { Skeleton, Table, Text } from '@mantine/core';
import { useSetDefaultPrice, useVideoTypes } from '../../../api/pricing';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatMoney } from '../lib/format';
import { CollapsibleCard } from './collapsible-card';
import { MoneyEdit } from './money-edit';
import { ScrollTable } from './scroll-table';

/** Each video type's default price, editable inline. */
export function VideoTypePricingCard() {
  const types = useVideoTypes();
  const setPrice = useSetDefaultPrice();

  const save = async (id: string, displayName: string, defaultPrice: string) => {
    try {
      await setPrice.mutateAsync({ id, defaultPrice });
      notifySuccess(
        'Price Updated',
        `${displayName} now costs ${formatMoney(defaultPrice)} by default.`,
      );
      return true;
    } catch (error) {
      notifyError('Error', getErrorMessage(error, 'Failed to update video type price'));
      return false;
    }
  };

  return (
    <CollapsibleCard
      title="Video Type Pricing"
      description="Default price of each video type; a client's custom price or plan overrides it."
    >
      {types.isPending ? (
        <Skeleton h={160} />
      ) : types.isError ? (
        <Text c="red" role="alert">
          {getErrorMessage(types.error, 'Unable to load video types.')}
        </Text>
      ) : types.data.length === 0 ? (
        <Text c="dimmed">No video types found...</Text>
      ) : (
        <ScrollTable minWidth={340} label="Video type default prices (scrolls sideways)">
          <Table fz="sm" aria-label="Video type default prices" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Video type</Table.Th>
                <Table.Th scope="col">Default price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{t.displayName}</Table.Td>
                  <Table.Td>
                    <MoneyEdit
                      value={t.defaultPrice ?? '0.00'}
                      kind="defaultPrice"
                      label={`Default price of ${t.displayName}`}
                      onSave={(v) => save(t.id, t.displayName, v)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </CollapsibleCard>
  );
}
