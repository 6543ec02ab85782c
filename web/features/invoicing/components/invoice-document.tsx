import { Box, Divider, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatInvoiceMoney,
  invoiceLabel,
  type InvoiceDetail,
  type InvoiceLine,
} from '@domain/invoices';
import { formatIsoDay, INVOICE_LINE_KIND_LABELS } from '@domain/money-labels';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge';
import classes from './invoice-print.module.css';
import { DataTable } from './scroll-table';

/** What the document draws: an issued invoice, or a preview (no number, dates nor payments). */
export interface InvoiceDocumentData {
  currency: string;
  seller: InvoiceDetail['seller'] | null;
  buyer: InvoiceDetail['buyer'];
  lines: (Pick<InvoiceLine, 'kind' | 'description' | 'amount'> & { paid?: boolean })[];
  subtotal: string;
  taxRate: string | null;
  tax: string;
  total: string;
  issued?: Pick<InvoiceDetail, 'number' | 'issueDate' | 'dueDate' | 'paid' | 'balance' | 'status'>;
}

function Lines({ text }: { text: string }) {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => (
      <Text key={i} size="sm">
        {line}
      </Text>
    ));
}

function Party({
  heading,
  name,
  address,
  taxId,
  email,
}: {
  heading: string;
  name: string;
  address: string;
  taxId: string;
  email?: string;
}) {
  return (
    <Box>
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        {heading}
      </Text>
      <Text fw={600}>{name || '—'}</Text>
      <Lines text={address} />
      {taxId && <Text size="sm">Tax ID: {taxId}</Text>}
      {email && <Text size="sm">{email}</Text>}
    </Box>
  );
}

function TotalLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text className={classes.amount} fw={strong ? 700 : 600}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * An invoice as it prints: the seller (with the logo) and the number and dates, the buyer, the
 * lines, the totals with the tax once on the subtotal, and the payment instructions. Money in
 * the invoice's own currency.
 */
export function InvoiceDocument({ invoice }: { invoice: InvoiceDocumentData }) {
  const money = (value: string) => formatInvoiceMoney(value, invoice.currency);
  const { issued, seller } = invoice;
  return (
    <Box className={classes.sheet} data-testid="invoice-document">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          {seller?.logo && <Image src={seller.logo} alt="Logo" h={56} w="auto" fit="contain" />}
          {seller && (
            <Party
              heading="From"
              name={seller.name}
              address={seller.address}
              taxId={seller.taxId}
            />
          )}
        </Stack>
        <Box ta="right">
          <Title order={2} fz={28}>
            {issued ? 'Invoice' : 'Invoice preview'}
          </Title>
          {issued ? (
            <>
              <Text fw={700}>{invoiceLabel(issued.number)}</Text>
              <Text size="sm">Issued {formatIsoDay(issued.issueDate)}</Text>
              <Text size="sm">Due {formatIsoDay(issued.dueDate)}</Text>
              <InvoiceStatusBadge mt={4} size="md" status={issued.status} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Not issued yet: number and dates are given when it is issued.
            </Text>
          )}
        </Box>
      </Group>
      <Divider my="md" />
      <Party
        heading="Bill to"
        name={invoice.buyer.name}
        address={invoice.buyer.address}
        taxId={invoice.buyer.taxId}
        email={invoice.buyer.email}
      />
      <Box mt="md">
        <DataTable
          minWidth={320}
          label="Invoice lines"
          verticalSpacing={6}
          columns={[
            '#',
            'Description',
            'Kind',
            { label: 'Amount', ta: 'right', className: classes.amount },
          ]}
        >
          {invoice.lines.map((line, i) => (
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>
                {line.description}
                {line.paid && (
                  <Text span size="xs" c="teal.8" ml={6}>
                    Paid
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{INVOICE_LINE_KIND_LABELS[line.kind]}</Table.Td>
              <Table.Td className={classes.amount}>{money(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Box>
      <Stack gap={4} mt="md" ml="auto" maw={320}>
        <TotalLine label="Subtotal" value={money(invoice.subtotal)} />
        {invoice.taxRate !== null && (
          <TotalLine label={`Tax (${invoice.taxRate}%)`} value={money(invoice.tax)} />
        )}
        <TotalLine label="Total" value={money(invoice.total)} strong />
        {issued && (
          <>
            <TotalLine label="Paid" value={money(issued.paid)} />
            <Divider />
            <TotalLine label="Balance due" value={money(issued.balance)} strong />
          </>
        )}
      </Stack>
      {seller?.paymentInstructions && (
        <Box mt="lg">
          <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
            How to pay
          </Text>
          <Lines text={seller.paymentInstructions} />
        </Box>
      )}
    </Box>
  );
}
