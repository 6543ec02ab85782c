import { Badge, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatInvoiceMoney } from '@domain/invoices';
import { MONEY_LABELS } from '@domain/money-labels';
import { useAgencyCurrency } from '../../../api/agency';
import { useRetainerMonth } from '../../../api/retainers';
import { currentMonth, formatMonth, recentMonths } from '../lib/format';
import { InvoicingPanel } from './invoicing-panel';
import { QueryView } from './query-view';
import { DataTable } from './scroll-table';

/**
 * Retainers: one row per client's retainer in the chosen month (this one by default), fees in
 * the agency's currency (they go on invoices).
 */
export function RetainersCard() {
  const [month, setMonth] = useState(currentMonth());
  const rows = useRetainerMonth(month);
  const currency = useAgencyCurrency();
  return (
    <InvoicingPanel
      title={MONEY_LABELS.retainersTitle}
      aside={
        <Select
          aria-label="Retainer month"
          size="xs"
          w={170}
          allowDeselect={false}
          data={recentMonths(24).map((m) => ({ value: m, label: formatMonth(m) }))}
          value={month}
          onChange={(m) => m && setMonth(m)}
        />
      }
    >
      <QueryView
        query={rows}
        skeleton={80}
        what="the retainers"
        empty={
          <Text c="dimmed" size="sm">
            {MONEY_LABELS.retainersEmpty}
          </Text>
        }
      >
        {(list) => (
          <DataTable
            label={`Retainers in ${formatMonth(month)}`}
            minWidth={620}
            verticalSpacing={6}
            columns={[
              'Client',
              'Used',
              'Rolled over',
              'Left',
              'Overage',
              { label: 'Fee', ta: 'right' },
              'Month',
            ]}
          >
            {list.map((r) => (
              <Table.Tr key={r.clientId}>
                <Table.Td>{r.clientName}</Table.Td>
                <Table.Td>
                  {r.used} of {r.allowance}
                </Table.Td>
                <Table.Td>{r.rolledOver}</Table.Td>
                <Table.Td>{r.left}</Table.Td>
                <Table.Td>
                  {r.overage > 0 ? (
                    <Text span c="orange.8" fw={600} size="sm">
                      {r.overage}
                    </Text>
                  ) : (
                    0
                  )}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatInvoiceMoney(r.fee, currency)}
                </Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="dot" color={r.closed ? 'gray' : 'blue'}>
                    {r.closed ? 'Closed' : 'Open'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </InvoicingPanel>
  );
}
