import { Table, Text } from '@mantine/core';
import { useSetDefaultPrice, useVideoTypes } from '../../../api/pricing';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatMoney } from '../lib/format';
import { CollapsibleCard } from './collapsible-card';
import { MoneyEdit } from './money-edit';
import { QueryView } from './query-view';
import { DataTable } from './scroll-table';

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
      <QueryView
        query={types}
        skeleton={160}
        what="video types"
        empty={<Text c="dimmed">No video types found...</Text>}
      >
        {(data) => (
          <DataTable
            minWidth={340}
            label="Video type default prices"
            verticalSpacing={6}
            columns={['Video type', 'Default price']}
          >
            {data.map((t) => (
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
          </DataTable>
        )}
      </QueryView>
    </CollapsibleCard>
  );
}
