import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { formatInvoiceMoney } from '@domain/invoices';
import { type PayoutEvent, type Statement } from '@domain/payouts';
import {
  PAYOUT_EVENT_LABELS,
  PAYOUT_KIND_LABELS,
  PAYOUT_LABELS,
  payoutItemLabel,
} from '@domain/payout-labels';
import { StatBox } from '../../../components/stat-box';
import { formatDay } from '../lib/format';
import { DataTable } from './scroll-table';

const LIST = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** The CSV and PDF links of a statement. */
export function StatementFiles({ csv, pdf, what }: { csv: string; pdf: string; what: string }) {
  return (
    <Group gap="xs">
      <Anchor href={csv} download size="sm" aria-label={`CSV of ${what}`}>
        CSV
      </Anchor>
      <Anchor href={pdf} download size="sm" aria-label={`PDF of ${what}`}>
        PDF
      </Anchor>
    </Group>
  );
}

/** A statement's totals as three figures. */
export function StatementTotals({ statement }: { statement: Statement }) {
  const money = (v: string) => formatInvoiceMoney(v, statement.currency);
  return (
    <SimpleGrid cols={3} spacing="xs">
      <StatBox label="Total" value={money(statement.total)} valueSize={18} />
      <StatBox label="Paid" value={money(statement.paid)} valueSize={18} />
      <StatBox label="Balance" value={money(statement.balance)} valueSize={18} />
    </SimpleGrid>
  );
}

/**
 * A statement: its items (video, round, type, client, amount) and its ledger entries, a pay-out
 * with its Reverse button when `onReverse` is given and it is not reversed yet.
 */
export function StatementView({
  statement,
  onReverse,
}: {
  statement: Statement;
  onReverse?: (event: PayoutEvent) => void;
}) {
  const money = (v: string) => formatInvoiceMoney(v, statement.currency);
  return (
    <Stack gap="md">
      <StatementTotals statement={statement} />
      {statement.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {PAYOUT_LABELS.itemsEmpty}
        </Text>
      ) : (
        <>
          {/* A phone reads each item as a line, its amount beside it; wider screens a table. */}
          <Stack gap={6} hiddenFrom="sm" component="ul" style={LIST}>
            {statement.items.map((i) => (
              <Group key={i.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500}>
                    {payoutItemLabel(i)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {i.clientName} · {formatDay(i.lockedAt)}
                  </Text>
                </Stack>
                <Text size="sm" ff="monospace">
                  {money(i.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
          <Box visibleFrom="sm">
            <DataTable
              label={`Videos paid in ${statement.month}`}
              minWidth={520}
              verticalSpacing={6}
              columns={[
                'Video',
                'Kind',
                'Type',
                'Client',
                'Completed',
                { label: 'Amount', ta: 'right' },
              ]}
            >
              {statement.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{payoutItemLabel(i)}</Table.Td>
                  <Table.Td>{PAYOUT_KIND_LABELS[i.kind]}</Table.Td>
                  <Table.Td>{i.videoType}</Table.Td>
                  <Table.Td>{i.clientName}</Table.Td>
                  <Table.Td>{formatDay(i.lockedAt)}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {money(i.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Box>
        </>
      )}
      <Title order={3} fz="md">
        History
      </Title>
      {statement.events.length === 0 ? (
        <Text c="dimmed" size="sm">
          {PAYOUT_LABELS.ledgerEmpty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={LIST}>
          {statement.events.map((e) => (
            <Group key={e.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Badge
                  size="sm"
                  variant="light"
                  color={e.event === 'paid_out' ? (e.reversedById ? 'gray' : 'teal') : 'orange'}
                >
                  {PAYOUT_EVENT_LABELS[e.event]}
                </Badge>
                <Text size="sm" ff="monospace">
                  {money(e.amount)}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDay(e.createdAt)}
                  {e.actorName ? ` · ${e.actorName}` : ''}
                  {e.reversedById ? ' · reversed' : ''}
                </Text>
              </Group>
              {onReverse && e.event === 'paid_out' && !e.reversedById && (
                <Button size="compact-sm" variant="default" onClick={() => onReverse(e)}>
                  {PAYOUT_LABELS.reverse}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
