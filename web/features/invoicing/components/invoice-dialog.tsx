import {
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Invoice } from '@domain/invoicing';
import { typeLabel } from '@domain/video-type-labels';
import { useClientPricingList } from '../../../api/pricing';
import { useInvoice } from '../../../api/revenue';
import { getErrorMessage } from '../../../lib/api-client';
import { currentMonth, formatDay, formatMoney, formatMonth, recentMonths } from '../lib/format';
import classes from './invoice-print.module.css';
import { IconPrinter } from './invoicing-icons';
import { DataTable } from './scroll-table';
import { InvoicingPanel } from './invoicing-panel';
import { PublishedLine } from '../../../components/videos/published-line';
import { displayName } from '@domain/people';

/** A stable, readable invoice number: month and the client's id prefix. */
const invoiceNumber = (invoice: Invoice) =>
  `INV-${invoice.month.replace('-', '')}-${invoice.client.id.slice(0, 8).toUpperCase()}`;

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { totals } = invoice;
  return (
    <Box className={classes.sheet}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Box>
          <Title order={2} fz={28}>
            Invoice
          </Title>
          <Text size="sm" c="dimmed">
            {invoiceNumber(invoice)}
          </Text>
        </Box>
        <Box ta="right">
          <Text fw={700}>Video Management Dashboard</Text>
          <Text size="sm">Issued {formatDay(invoice.issuedAt)}</Text>
          <Text size="sm">Period: {formatMonth(invoice.month)}</Text>
        </Box>
      </Group>
      <Divider my="md" />
      <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
        Bill to
      </Text>
      <Text fw={600}>{displayName(invoice.client)}</Text>
      <Text size="sm" c="dimmed" mb="md">
        @{invoice.client.username}
      </Text>
      {invoice.lineItems.length === 0 ? (
        <Text c="dimmed" py="md">
          No completed videos for this client in {formatMonth(invoice.month)}.
        </Text>
      ) : (
        <DataTable
          minWidth={560}
          label="Invoice line items"
          verticalSpacing={6}
          columns={[
            '#',
            'Video',
            'Type',
            'Finished',
            'Status',
            { label: 'Amount', className: classes.amount },
          ]}
        >
          {invoice.lineItems.map((item, i) => (
            <Table.Tr key={item.id}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>
                {item.name}
                <PublishedLine
                  videoName={item.name}
                  publishedAt={item.publishedAt}
                  publishedUrl={item.publishedUrl}
                />
              </Table.Td>
              <Table.Td>{typeLabel(item.type)}</Table.Td>
              <Table.Td>{formatDay(item.finishDate)}</Table.Td>
              <Table.Td>
                {item.paymentStatus === 'paid' ? `Paid ${formatDay(item.paidDate)}` : 'Outstanding'}
              </Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(item.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <Stack gap={4} mt="md" ml="auto" maw={300}>
        <Group justify="space-between">
          <Text size="sm">
            Total ({totals.videos} video{totals.videos === 1 ? '' : 's'})
          </Text>
          <Text className={classes.amount} fw={600}>
            {formatMoney(totals.total)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Paid ({totals.paidVideos})</Text>
          <Text className={classes.amount}>{formatMoney(totals.paid)}</Text>
        </Group>
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Balance due</Text>
          <Text className={classes.amount} fw={700}>
            {formatMoney(totals.outstanding)}
          </Text>
        </Group>
        <Badge
          variant="dot"
          color={totals.unpaidVideos ? 'orange' : 'teal'}
          ml="auto"
          className={classes.noPrint}
        >
          {totals.unpaidVideos ? 'Outstanding' : 'Paid in full'}
        </Badge>
      </Stack>
    </Box>
  );
}

function InvoiceDialog({
  clientId,
  month,
  onClose,
}: {
  clientId: string | null;
  month: string;
  onClose: () => void;
}) {
  const invoice = useInvoice(clientId, month);
  const opened = clientId !== null;
  useEffect(() => {
    if (!opened) return;
    document.body.classList.add('printing-invoice');
    return () => document.body.classList.remove('printing-invoice');
  }, [opened]);

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Printable invoice"
      size="xl"
    >
      {invoice.isPending ? (
        <Skeleton h={240} />
      ) : invoice.isError ? (
        <Text c="red" role="alert">
          {getErrorMessage(invoice.error, 'Unable to load the invoice.')}
        </Text>
      ) : (
        <Stack>
          <InvoiceSheet invoice={invoice.data} />
          <Group justify="flex-end" className={classes.noPrint}>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              Print or save as PDF
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Chooses a client and a month and opens that month's invoice, ready to print. */
export function InvoiceCard() {
  const clients = useClientPricingList();
  const [clientId, setClientId] = useState<string | null>(null);
  const [month, setMonth] = useState(currentMonth());
  const [open, setOpen] = useState(false);
  return (
    <InvoicingPanel title="Printable invoice">
      {clients.data && clients.data.length === 0 ? (
        <Text c="dimmed">No clients found...</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Invoice client"
            placeholder="Choose a client"
            searchable
            data={(clients.data ?? []).map((c) => ({ value: c.id, label: displayName(c) }))}
            value={clientId}
            onChange={setClientId}
          />
          <Select
            label="Invoice month"
            data={recentMonths(24).map((m) => ({ value: m, label: formatMonth(m) }))}
            value={month}
            onChange={(v) => v && setMonth(v)}
            allowDeselect={false}
          />
          <Button
            mt={{ base: 0, sm: 25 }}
            leftSection={<IconPrinter size={16} />}
            disabled={!clientId}
            onClick={() => setOpen(true)}
          >
            Open invoice
          </Button>
        </SimpleGrid>
      )}
      <InvoiceDialog
        clientId={open ? clientId : null}
        month={month}
        onClose={() => setOpen(false)}
      />
    </InvoicingPanel>
  );
}
