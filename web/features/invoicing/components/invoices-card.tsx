import { Box, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatInvoiceMoney, invoiceLabel, type InvoiceSummary } from '@domain/invoices';
import { formatIsoDay, MONEY_LABELS } from '@domain/money-labels';
import { useAgencyCurrency } from '../../../api/agency';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge';
import { useInvoices } from '../../../api/invoices';
import { useUnpaidAging } from '../../../api/revenue';
import { IssueInvoiceDialog, PdfLink } from './invoice-dialogs';
import { InvoicingPanel } from './invoicing-panel';
import { QueryView } from './query-view';
import { buttonsColumn, DataTable } from './scroll-table';

/** The issued invoices, newest first as the server sends them, each openable. */
export function InvoicesTable({
  invoices,
  onOpen,
}: {
  invoices: InvoiceSummary[];
  onOpen: (id: string) => void;
}) {
  return (
    <DataTable
      label="Issued invoices"
      minWidth={720}
      verticalSpacing={6}
      columns={[
        'Number',
        'Client',
        'Issued',
        'Due',
        { label: 'Total', ta: 'right' },
        { label: 'Balance', ta: 'right' },
        'Status',
        buttonsColumn('Actions'),
      ]}
    >
      {invoices.map((inv) => (
        <Table.Tr key={inv.id}>
          <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
            {invoiceLabel(inv.number)}
          </Table.Td>
          <Table.Td>{inv.clientName}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(inv.issueDate)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(inv.dueDate)}</Table.Td>
          <Table.Td ta="right" ff="monospace">
            {formatInvoiceMoney(inv.total, inv.currency)}
          </Table.Td>
          <Table.Td ta="right" ff="monospace">
            {formatInvoiceMoney(inv.balance, inv.currency)}
          </Table.Td>
          <Table.Td>
            <InvoiceStatusBadge status={inv.status} />
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => onOpen(inv.id)}
                aria-label={`Open ${invoiceLabel(inv.number)}`}
              >
                Open
              </Button>
              <PdfLink id={inv.id} number={inv.number} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** /invoicing's Invoices: the list, and Issue invoice for a client (with its preview). */
export function InvoicesCard({ onOpen }: { onOpen: (id: string) => void }) {
  const invoices = useInvoices();
  const [issuing, setIssuing] = useState(false);
  return (
    <InvoicingPanel
      title={MONEY_LABELS.invoicesTitle}
      aside={
        <Button size="xs" onClick={() => setIssuing(true)}>
          Issue invoice
        </Button>
      }
    >
      <QueryView
        query={invoices}
        skeleton={80}
        what="the invoices"
        empty={
          <Text c="dimmed" size="sm">
            {MONEY_LABELS.invoicesEmpty}
          </Text>
        }
      >
        {(list) => <InvoicesTable invoices={list} onOpen={onOpen} />}
      </QueryView>
      <IssueInvoiceDialog
        opened={issuing}
        onClose={() => setIssuing(false)}
        onIssued={(invoice) => {
          setIssuing(false);
          onOpen(invoice.id);
        }}
      />
    </InvoicingPanel>
  );
}

/**
 * The aging card's overdue invoices: their balances by days overdue, and each one (number,
 * client, due date, balance) to open. Nothing while none is overdue.
 */
export function OverdueInvoices({ onOpen }: { onOpen: (id: string) => void }) {
  const aging = useUnpaidAging();
  const invoices = useInvoices('overdue');
  const currency = useAgencyCurrency();
  const overdue = invoices.data ?? [];
  const buckets = aging.data?.overdueInvoices;
  if (overdue.length === 0 && !buckets?.total.invoices) return null;
  return (
    <Box mt="md" component="section" aria-label={MONEY_LABELS.overdueTitle}>
      <Text size="sm" fw={700} c="red.8" mb={4}>
        {MONEY_LABELS.overdueTitle} ({buckets?.total.invoices ?? overdue.length})
      </Text>
      {buckets && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} mb="xs">
          {buckets.buckets.map((b) => (
            <Box key={b.key}>
              <Text size="xs" c="dimmed" fw={500}>
                {b.label}
              </Text>
              <Text fw={700} ff="monospace">
                {formatInvoiceMoney(b.amount, currency)}
              </Text>
              <Text size="xs" c="dimmed">
                {b.invoices} invoice{b.invoices === 1 ? '' : 's'}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <Stack gap={4}>
        {overdue.map((inv) => (
          <Group key={inv.id} justify="space-between" wrap="nowrap" gap="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onOpen(inv.id)}
              aria-label={`Open ${invoiceLabel(inv.number)}`}
            >
              {invoiceLabel(inv.number)}
            </Button>
            <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
              {inv.clientName} · due {formatIsoDay(inv.dueDate)}
            </Text>
            <Text size="sm" ff="monospace" fw={600}>
              {formatInvoiceMoney(inv.balance, inv.currency)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}
