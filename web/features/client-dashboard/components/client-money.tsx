import { Anchor, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatInvoiceMoney, invoiceLabel, type InvoiceSummary } from '@domain/invoices';
import type { RetainerCard as MyRetainer } from '@domain/retainers';
import { formatIsoDay, MONEY_LABELS, retainerLine } from '@domain/money-labels';
import { invoicePdfUrl, useMyInvoices } from '../../../api/invoices';
import { useMyRetainer } from '../../../api/retainers';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge';

/** "7 of 10 this month · 2 rolled over · resets on 1 January", titled; nothing without one. */
export function RetainerCard({ retainer }: { retainer: MyRetainer | null | undefined }) {
  if (!retainer) return null;
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      component="section"
      aria-label={MONEY_LABELS.myRetainerTitle}
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          {MONEY_LABELS.myRetainerTitle}:
        </Text>
        <Text size="sm">{retainerLine(retainer)}</Text>
      </Group>
    </Paper>
  );
}

/** The client's invoices, newest first, each with its PDF. */
export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  if (invoices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {MONEY_LABELS.myInvoicesEmpty}
      </Text>
    );
  }
  return (
    <div
      role="group"
      aria-label="Your invoices (scrolls sideways)"
      tabIndex={0}
      style={{ overflowX: 'auto' }}
    >
      {/* What a phone shows first: the number, what it costs, whether paid, the PDF. */}
      <Table fz="sm" miw={520} aria-label={MONEY_LABELS.myInvoicesTitle} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Number</Table.Th>
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">PDF</Table.Th>
            <Table.Th scope="col">Due</Table.Th>
            <Table.Th scope="col">Issued</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((inv) => {
            const label = invoiceLabel(inv.number);
            return (
              <Table.Tr key={inv.id}>
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {label}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatInvoiceMoney(inv.total, inv.currency)}
                </Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge status={inv.status} />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    href={invoicePdfUrl(inv.id, 'me')}
                    download={`${label}.pdf`}
                    aria-label={`Download ${label} PDF`}
                  >
                    Download
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(inv.dueDate)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(inv.issueDate)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The signed-in client's retainer line, from GET /api/me/retainer. */
export function MyRetainerCard() {
  const retainer = useMyRetainer();
  return <RetainerCard retainer={retainer.data} />;
}

/** The signed-in client's invoices, from GET /api/me/invoices; no section before the first. */
export function MyInvoices() {
  const invoices = useMyInvoices();
  if (invoices.isPending) return <Skeleton h={60} aria-hidden="true" />;
  if (invoices.isError || invoices.data.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="my-invoices-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="my-invoices-title">
          {MONEY_LABELS.myInvoicesTitle}
        </Title>
        <InvoiceList invoices={invoices.data} />
      </Stack>
    </Paper>
  );
}
