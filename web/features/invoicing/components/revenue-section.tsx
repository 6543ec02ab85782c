import {
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { addMonths, type BreakdownEntry } from '@domain/invoicing';
import { percentChange } from '@domain/money';
import {
  useRevenueBreakdown,
  useRevenueSummary,
  useRevenueTrends,
  useUnpaidAging,
} from '../../../api/revenue';
import { getErrorMessage } from '../../../lib/api-client';
import {
  currentMonth,
  formatMoney,
  formatMonth,
  formatMonthShort,
  recentMonths,
} from '../lib/format';
import { IconDownload } from './invoicing-icons';
import { QueryView } from './query-view';
import { DataTable } from './scroll-table';
import { InvoicingPanel } from './invoicing-panel';

const RevenueTrendChart = lazy(() => import('./revenue-trend-chart'));

/** 'N/A' or a signed percent with one decimal, e.g. '+12.5%'. */
function changeLabel(change: string): string {
  if (change === 'N/A') return 'N/A';
  return `${change.startsWith('-') ? '' : '+'}${change}%`;
}

function StatCard({
  label,
  value,
  detail,
}: {
  label: string;
  value: string;
  detail?: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} ff="monospace" data-testid={`stat-${label}`}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" component="div">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** Revenue cards for the chosen month (current by default) with the month-over-month change. */
export function RevenueCards({
  month,
  onMonthChange,
}: {
  month: string;
  onMonthChange: (month: string) => void;
}) {
  const summary = useRevenueSummary(month);
  const previous = useRevenueSummary(addMonths(month, -1));
  const months = recentMonths(24);
  if (!months.includes(month)) months.push(month);

  const change =
    summary.data && previous.data
      ? percentChange(previous.data.totalRevenue, summary.data.totalRevenue)
      : null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="lg">
          Revenue for {formatMonth(month)}
        </Title>
        <Select
          label="Month"
          w={200}
          data={months.map((m) => ({ value: m, label: formatMonth(m) }))}
          value={month}
          onChange={(v) => v && onMonthChange(v)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {summary.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : summary.isError ? (
        <Text c="red" role="alert">
          {getErrorMessage(summary.error, 'Unable to load the revenue summary.')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <StatCard
            label="Total Revenue"
            value={formatMoney(summary.data.totalRevenue)}
            detail={
              change === null ? (
                <Loader size="xs" aria-label="Loading the change" />
              ) : (
                <>
                  <Text
                    span
                    size="xs"
                    fw={600}
                    c={change === 'N/A' ? 'dimmed' : change.startsWith('-') ? 'red.8' : 'teal.8'}
                  >
                    {changeLabel(change)}
                  </Text>{' '}
                  vs {formatMonth(addMonths(month, -1))}
                </>
              )
            }
          />
          <StatCard
            label="Videos Paid"
            value={String(summary.data.totalVideos)}
            detail="Marked paid this month"
          />
          <StatCard
            label="Average per Video"
            value={formatMoney(summary.data.averagePerVideo)}
            detail="Revenue ÷ videos paid"
          />
          <StatCard
            label="Outstanding"
            value={formatMoney(summary.data.outstanding.amount)}
            detail={`${summary.data.outstanding.videos} completed video${summary.data.outstanding.videos === 1 ? '' : 's'} unpaid`}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The six months ending with the current one: a bar chart and the same numbers as a table. */
export function RevenueTrends() {
  const end = currentMonth();
  const start = addMonths(end, -5);
  const trends = useRevenueTrends(start, end);
  return (
    <InvoicingPanel title="Six-month trend">
      <QueryView query={trends} skeleton={220} what="the revenue trend">
        {(trend) => (
          <Stack gap="md">
            <Box data-testid="revenue-trend-chart" aria-hidden="true">
              <Suspense fallback={<Skeleton h={220} />}>
                <RevenueTrendChart trend={trend} />
              </Suspense>
            </Box>
            <DataTable
              minWidth={420}
              label="Revenue by month"
              striped
              columns={[
                'Month',
                { label: 'Revenue', ta: 'right' },
                { label: 'Videos', ta: 'right' },
                { label: 'Change', ta: 'right' },
              ]}
            >
              {trend.map((m, i) => (
                <Table.Tr key={m.month}>
                  <Table.Th scope="row" fw={500}>
                    {formatMonthShort(m.month)}
                  </Table.Th>
                  <Table.Td ta="right" ff="monospace">
                    {formatMoney(m.totalRevenue)}
                  </Table.Td>
                  <Table.Td ta="right">{m.totalVideos}</Table.Td>
                  <Table.Td ta="right">
                    {changeLabel(
                      i === 0 ? 'N/A' : percentChange(trend[i - 1]?.totalRevenue, m.totalRevenue),
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Stack>
        )}
      </QueryView>
    </InvoicingPanel>
  );
}

function BreakdownTable({ label, entries }: { label: string; entries: BreakdownEntry[] }) {
  if (!entries.length) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        No revenue this month.
      </Text>
    );
  }
  return (
    <DataTable
      minWidth={360}
      label={`Revenue by ${label}`}
      columns={[
        label[0]!.toUpperCase() + label.slice(1),
        { label: 'Videos', ta: 'right' },
        { label: 'Revenue', ta: 'right' },
      ]}
    >
      {entries.map((e) => (
        <Table.Tr key={`${e.key ?? 'none'}-${e.label}`}>
          <Table.Td>{e.label}</Table.Td>
          <Table.Td ta="right">{e.totalVideos}</Table.Td>
          <Table.Td ta="right" ff="monospace">
            {formatMoney(e.totalRevenue)}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** The chosen month's revenue by client, type and editor. */
export function RevenueBreakdownCard({ month }: { month: string }) {
  const breakdown = useRevenueBreakdown(month);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" align="center" wrap="wrap" gap="xs" mb="sm">
        <Title order={2} fz="lg">
          Revenue breakdown · {formatMonth(month)}
        </Title>
        {/* The month's payments and reversals as they were booked (the ledger). */}
        <Button
          component="a"
          href={`/api/admin/payments.csv?month=${month}`}
          download
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
        >
          Payments CSV
        </Button>
      </Group>
      <QueryView query={breakdown} skeleton={120} what="the revenue breakdown">
        {(data) => (
          <Tabs defaultValue="client" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="client">By client</Tabs.Tab>
              <Tabs.Tab value="type">By type</Tabs.Tab>
              <Tabs.Tab value="editor">By editor</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="client" pt="sm">
              <BreakdownTable label="client" entries={data.byClient} />
            </Tabs.Panel>
            <Tabs.Panel value="type" pt="sm">
              <BreakdownTable label="type" entries={data.byType} />
            </Tabs.Panel>
            <Tabs.Panel value="editor" pt="sm">
              <BreakdownTable label="editor" entries={data.byEditor} />
            </Tabs.Panel>
          </Tabs>
        )}
      </QueryView>
    </Paper>
  );
}

/** Completed unpaid work by days since it was finished; `children`: the overdue invoices. */
export function UnpaidAgingCard({ children }: { children?: React.ReactNode }) {
  const aging = useUnpaidAging();
  return (
    <InvoicingPanel
      title="Unpaid work by age"
      aside={
        aging.data && (
          <Badge variant="dot" color={aging.data.total.videos ? 'orange' : 'gray'}>
            {formatMoney(aging.data.total.amount)} · {aging.data.total.videos} video
            {aging.data.total.videos === 1 ? '' : 's'}
          </Badge>
        )
      }
    >
      <QueryView query={aging} skeleton={80} what="unpaid work">
        {(data) => (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {data.buckets.map((b) => (
              <Box key={b.key}>
                <Text size="xs" c="dimmed" fw={500}>
                  {b.label}
                </Text>
                <Text fw={700} ff="monospace">
                  {formatMoney(b.amount)}
                </Text>
                <Text size="xs" c="dimmed">
                  {b.videos} video{b.videos === 1 ? '' : 's'}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </QueryView>
      {children}
    </InvoicingPanel>
  );
}
