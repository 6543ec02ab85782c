import {
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { addMonths, monthsBetween } from '@domain/invoicing';
import {
  MARGIN_GROUP_LABELS,
  MARGIN_GROUPS,
  MARGIN_MESSAGES,
  type MarginGroup,
  type MarginReport,
  type MarginRow,
} from '@domain/margin';
import { marginCsvUrl, useMargin } from '../../../api/margin';
import {
  currentMonth,
  formatMoney,
  formatMonth,
  formatMonthShort,
  recentMonths,
} from '../lib/format';
import { IconDownload } from './invoicing-icons';
import { InvoicingPanel } from './invoicing-panel';
import { QueryView } from './query-view';
import { DataTable } from './scroll-table';

const MarginTrendChart = lazy(() => import('./margin-trend-chart'));

/** Rows shown before "Show all" (the total is always of every row). */
const FIRST_ROWS = 15;
const percent = (value: string | null) => (value === null ? '—' : `${value}%`);
/** Red for a loss, as the revenue change is. */
const signColor = (amount: string) => (amount.startsWith('-') ? 'red.9' : undefined);

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} ff="monospace" c={color} data-testid={`margin-${label}`}>
        {value}
      </Text>
    </Box>
  );
}

function rowLabel(by: MarginGroup, row: MarginRow) {
  const label = by === 'month' && row.key ? formatMonth(row.key) : row.label;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" span fs={row.retainerFees ? 'italic' : undefined}>
        {label}
      </Text>
      {row.noPayout && (
        <Badge
          size="xs"
          variant="light"
          color="orange"
          title="No payout was locked for this video"
          style={{ flexShrink: 0 }}
        >
          {MARGIN_MESSAGES.noPayout}
        </Badge>
      )}
    </Group>
  );
}

/** The rows of a margin report and their total; "no payout" and the retainer row explained. */
export function MarginTable({ report }: { report: MarginReport }) {
  const { by, rows, total } = report;
  const [showAll, setShowAll] = useState(false);
  const shown = showAll || by === 'month' ? rows : rows.slice(0, FIRST_ROWS);
  if (!rows.length) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        No revenue and no payouts in this period.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <DataTable
        minWidth={520}
        label={`Margin by ${MARGIN_GROUP_LABELS[by].toLowerCase()}`}
        striped
        columns={[
          MARGIN_GROUP_LABELS[by],
          // Margin first: on a phone the table scrolls sideways, and the margin is the point.
          { label: 'Margin', ta: 'right' },
          { label: 'Margin %', ta: 'right' },
          { label: 'Revenue', ta: 'right' },
          { label: 'Payouts', ta: 'right' },
        ]}
      >
        {shown.map((r) => (
          <Table.Tr key={`${r.retainerFees ? 'retainer' : (r.key ?? 'none')}`}>
            <Table.Th scope="row" fw={400}>
              {rowLabel(by, r)}
            </Table.Th>
            <Table.Td ta="right" ff="monospace" c={signColor(r.margin)} fw={600}>
              {formatMoney(r.margin)}
            </Table.Td>
            <Table.Td ta="right">{percent(r.marginPercent)}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatMoney(r.revenue)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatMoney(r.payouts)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr fw={700}>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td ta="right" ff="monospace" c={signColor(total.margin)}>
            {formatMoney(total.margin)}
          </Table.Td>
          <Table.Td ta="right">{percent(total.marginPercent)}</Table.Td>
          <Table.Td ta="right" ff="monospace">
            {formatMoney(total.revenue)}
          </Table.Td>
          <Table.Td ta="right" ff="monospace">
            {formatMoney(total.payouts)}
          </Table.Td>
        </Table.Tr>
      </DataTable>
      {shown.length < rows.length && (
        <Button variant="subtle" size="xs" onClick={() => setShowAll(true)} w="fit-content">
          Show all {rows.length} rows
        </Button>
      )}
      {rows.some((r) => r.retainerFees) && (
        <Text size="xs" c="dimmed">
          {MARGIN_MESSAGES.retainerFees}: {MARGIN_MESSAGES.retainerNote.toLowerCase()}.
        </Text>
      )}
      {rows.some((r) => r.noPayout) && (
        <Text size="xs" c="dimmed">
          “{MARGIN_MESSAGES.noPayout}”: no payout was locked for the video, so its whole revenue is
          margin.
        </Text>
      )}
    </Stack>
  );
}

/**
 * Margin (issue 44): revenue (the payments ledger) minus editor payouts (locked payout items)
 * over a period of months, grouped by video, client, type, editor or month, with the six-month
 * trend and the CSV of what is shown.
 */
export function MarginSection() {
  const [by, setBy] = useState<MarginGroup>('client');
  const [to, setTo] = useState(currentMonth());
  const [from, setFrom] = useState(addMonths(currentMonth(), -5));
  const query = { by, from, to };
  const margin = useMargin(query);
  const months = recentMonths(36).map((m) => ({ value: m, label: formatMonth(m) }));
  return (
    <InvoicingPanel
      title="Margin"
      aside={
        <Button
          component="a"
          href={marginCsvUrl(query)}
          download
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
        >
          Margin CSV
        </Button>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Revenue paid in each month less the editor payouts locked in it.
        </Text>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Group by"
              data={MARGIN_GROUPS.map((g) => ({ value: g, label: MARGIN_GROUP_LABELS[g] }))}
              value={by}
              onChange={(v) => v && setBy(v)}
              allowDeselect={false}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <Select
              label="From"
              data={months}
              value={from}
              onChange={(v) => {
                if (!v) return;
                setFrom(v);
                if (monthsBetween(v, to) < 0) setTo(v);
              }}
              allowDeselect={false}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <Select
              label="To"
              data={months}
              value={to}
              onChange={(v) => {
                if (!v) return;
                setTo(v);
                if (monthsBetween(from, v) < 0) setFrom(v);
              }}
              allowDeselect={false}
            />
          </Grid.Col>
        </Grid>
        <QueryView query={margin} skeleton={260} what="the margin">
          {(report) => (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <Figure label="Revenue" value={formatMoney(report.total.revenue)} />
                <Figure label="Payouts" value={formatMoney(report.total.payouts)} />
                <Figure
                  label="Margin"
                  value={formatMoney(report.total.margin)}
                  color={signColor(report.total.margin)}
                />
                <Figure label="Margin %" value={percent(report.total.marginPercent)} />
              </SimpleGrid>
              <MarginTable report={report} />
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  Six months to {formatMonthShort(report.to)}
                </Text>
                <Box data-testid="margin-trend-chart" aria-hidden="true">
                  <Suspense fallback={<Skeleton h={220} />}>
                    <MarginTrendChart trend={report.trend} />
                  </Suspense>
                </Box>
              </Stack>
            </Stack>
          )}
        </QueryView>
      </Stack>
    </InvoicingPanel>
  );
}
