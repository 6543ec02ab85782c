import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { InvoicingRow, InvoicingSortKey } from '../../../../domain/invoicing';
import { sumMoney } from '../../../../domain/money';
import { typeLabel } from '../../../../domain/video-type-labels';
import { useEditors } from '../../../api/editors';
import {
  DEFAULT_FILTERS,
  filtersReady,
  invoicingQueryString,
  useChangePayment,
  useInvoicingRows,
  useSetPaymentAmount,
  type InvoicingFilters,
} from '../../../api/invoicing';
import { useClientPricingList, useVideoTypes } from '../../../api/pricing';
import { IconLock } from '../../../components/icons';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatDay, formatMoney } from '../lib/format';
import { IconDownload, IconPlay, IconSort } from './invoicing-icons';
import { MoneyEdit } from './money-edit';
import { WatchVideoDialog } from './watch-video-dialog';
import { ScrollTable } from './scroll-table';

const COLUMNS: { key: InvoicingSortKey | null; label: string }[] = [
  { key: null, label: 'Video' },
  { key: 'clientName', label: 'Client' },
  { key: 'editorName', label: 'Editor' },
  { key: 'type', label: 'Type' },
  { key: 'finishDate', label: 'Finished' },
  { key: 'amount', label: 'Amount' },
  { key: null, label: 'Payment' },
];

function SortHeader({
  column,
  filters,
  onSort,
}: {
  column: { key: InvoicingSortKey; label: string };
  filters: InvoicingFilters;
  onSort: (key: InvoicingSortKey) => void;
}) {
  const active = filters.sortBy === column.key;
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? (filters.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {column.label}
          <IconSort size={14} sorted={active ? filters.sortOrder : null} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Filters, bulk payment actions, CSV export and the table of completed videos. */
export function CompletedVideos() {
  const [filters, setFilters] = useState<InvoicingFilters>(DEFAULT_FILTERS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmUnpaid, setConfirmUnpaid] = useState(false);
  const [watching, setWatching] = useState<InvoicingRow | null>(null);
  const rows = useInvoicingRows(filters);
  const clients = useClientPricingList();
  const editors = useEditors();
  const types = useVideoTypes();
  const changePayment = useChangePayment();
  const setAmount = useSetPaymentAmount();

  const change = (patch: Partial<InvoicingFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setSelected(new Set());
  };
  const sort = (key: InvoicingSortKey) =>
    change({
      sortBy: key,
      sortOrder: filters.sortBy === key && filters.sortOrder === 'asc' ? 'desc' : 'asc',
    });

  // The loaded pages, in order. A row that moved between pages while they were fetched (a
  // payment changed its sort place) is shown once.
  const list = useMemo(() => {
    const seen = new Set<string>();
    return (rows.data?.pages ?? [])
      .flatMap((page) => page.rows)
      .filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
  }, [rows.data]);
  const total = rows.data?.pages.at(-1)?.total ?? 0;
  const progressLine = useRef<HTMLParagraphElement>(null);
  const loadingMore = useRef(false);
  const loadMore = () => {
    loadingMore.current = true;
    void rows.fetchNextPage();
  };
  // The button goes away with the last page: keyboard focus moves to the line that says so
  // instead of falling back to the top of the page.
  useEffect(() => {
    if (!loadingMore.current || rows.isFetchingNextPage) return;
    loadingMore.current = false;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!rows.hasNextPage && lost) progressLine.current?.focus();
  }, [rows.hasNextPage, rows.isFetchingNextPage]);
  const chosen = list.filter((r) => selected.has(r.id));
  const allChosen = list.length > 0 && chosen.length === list.length;
  const filtered = Boolean(
    filters.clientId || filters.editorId || filters.type || filters.paymentStatus,
  );
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const markPaid = () => {
    if (!chosen.length) {
      notifyError('No Selection', 'Please select videos to mark as paid');
      return;
    }
    changePayment.mutate(
      { videoIds: chosen.map((r) => r.id), to: 'paid' },
      {
        onSuccess: (result) => {
          notifySuccess('Payment Updated', result.message);
          setSelected(new Set());
        },
        onError: (error) =>
          notifyError('Error', getErrorMessage(error, 'Failed to update payment status')),
      },
    );
  };
  const askUnpaid = () => {
    if (!chosen.length) {
      notifyError('No Selection', 'Please select videos to mark as unpaid');
      return;
    }
    setConfirmUnpaid(true);
  };
  const markUnpaid = () => {
    changePayment.mutate(
      { videoIds: chosen.map((r) => r.id), to: 'unpaid' },
      {
        onSuccess: (result) => {
          notifySuccess('Payment Status Updated', result.message);
          setSelected(new Set());
          setConfirmUnpaid(false);
        },
        onError: (error) =>
          notifyError('Error', getErrorMessage(error, 'Failed to update payment status')),
      },
    );
  };
  const saveAmount = async (row: InvoicingRow, paymentAmount: string) => {
    try {
      await setAmount.mutateAsync({ id: row.id, paymentAmount });
      notifySuccess(
        'Amount Updated',
        // Zero clears the typed amount (domain/invoicing.ts): the video owes its price again.
        paymentAmount === '0.00'
          ? `${row.name} owes its price again.`
          : `${row.name}: ${formatMoney(paymentAmount)}`,
      );
      return true;
    } catch (error) {
      notifyError('Error', getErrorMessage(error, 'Failed to update payment amount'));
      return false;
    }
  };

  const csvHref = `/api/admin/invoicing.csv${invoicingQueryString(filters)}`;
  const selectedTotal = sumMoney(chosen.map((r) => r.paymentAmount));

  return (
    <Stack gap="md">
      <Paper
        component="section"
        aria-label="Filters and bulk actions"
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
      >
        <Title order={2} fz="lg" mb="sm">
          Filters and bulk actions
        </Title>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Finished"
            value={filters.dateFilter}
            onChange={(v) => change({ dateFilter: v as InvoicingFilters['dateFilter'] })}
            data={[
              { value: 'current', label: 'Current month' },
              { value: 'all', label: 'All time' },
              { value: 'custom', label: 'Custom range' },
            ]}
            w={{ base: '100%', sm: 'auto' }}
          />
          {filters.dateFilter === 'custom' && (
            <Group gap="sm" wrap="wrap">
              <TextInput
                type="date"
                label="From"
                value={filters.from}
                onChange={(e) => change({ from: e.currentTarget.value })}
              />
              <TextInput
                type="date"
                label="To"
                value={filters.to}
                onChange={(e) => change({ to: e.currentTarget.value })}
              />
            </Group>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Select
              label="Client"
              searchable
              data={[
                { value: '', label: 'All Clients' },
                ...(clients.data ?? []).map((c) => ({ value: c.id, label: c.name || c.username })),
              ]}
              value={filters.clientId}
              onChange={(v) => change({ clientId: v ?? '' })}
              allowDeselect={false}
            />
            <Select
              label="Editor"
              searchable
              data={[
                { value: '', label: 'All Editors' },
                ...(editors.data ?? []).map((e) => ({ value: e.id, label: e.name || e.username })),
              ]}
              value={filters.editorId}
              onChange={(v) => change({ editorId: v ?? '' })}
              allowDeselect={false}
            />
            <Select
              label="Type"
              data={[
                { value: '', label: 'All Types' },
                ...(types.data ?? []).map((t) => ({ value: t.name, label: t.displayName })),
              ]}
              value={filters.type}
              onChange={(v) => change({ type: v ?? '' })}
              allowDeselect={false}
            />
            <Select
              label="Payment status"
              data={[
                { value: '', label: 'All' },
                { value: 'unpaid', label: 'Unpaid' },
                { value: 'paid', label: 'Paid' },
              ]}
              value={filters.paymentStatus}
              onChange={(v) =>
                change({ paymentStatus: (v ?? '') as InvoicingFilters['paymentStatus'] })
              }
              allowDeselect={false}
            />
          </SimpleGrid>
          <Group gap="sm" wrap="wrap" justify="space-between">
            <Group gap="sm" wrap="wrap">
              <Button onClick={markPaid} loading={changePayment.isPending && !confirmUnpaid}>
                Mark Paid{chosen.length ? ` (${chosen.length})` : ''}
              </Button>
              <Button variant="default" onClick={askUnpaid}>
                Mark Unpaid{chosen.length ? ` (${chosen.length})` : ''}
              </Button>
              {chosen.length > 0 && (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {chosen.length} selected · {formatMoney(selectedTotal)}
                </Text>
              )}
            </Group>
            <Button
              component="a"
              href={csvHref}
              download
              variant="light"
              leftSection={<IconDownload size={16} />}
              aria-disabled={!filtersReady(filters)}
            >
              Export CSV
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper
        component="section"
        aria-label="Completed videos"
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
      >
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            Completed videos
          </Title>
          {rows.data && (
            <Badge variant="dot" color="gray">
              {total} video{total === 1 ? '' : 's'}
            </Badge>
          )}
        </Group>
        {!filtersReady(filters) ? (
          <Text c="dimmed">Choose a start or an end date for the custom range.</Text>
        ) : rows.isPending ? (
          <Skeleton h={200} />
        ) : rows.isError && !rows.isFetchNextPageError ? (
          <Text c="red" role="alert">
            {getErrorMessage(rows.error, 'Unable to load completed videos.')}
          </Text>
        ) : list.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            {filtered ? 'No videos found' : 'No completed videos found'}
          </Text>
        ) : (
          <>
            <ScrollTable minWidth={900} label="Completed videos (scrolls sideways)">
              <Table
                striped
                highlightOnHover
                fz="sm"
                verticalSpacing={6}
                aria-label="Completed videos"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w={40}>
                      <Tooltip label="Select all loaded videos">
                        <Checkbox
                          aria-label="Select all loaded videos"
                          checked={allChosen}
                          indeterminate={chosen.length > 0 && !allChosen}
                          onChange={() =>
                            setSelected(allChosen ? new Set() : new Set(list.map((r) => r.id)))
                          }
                        />
                      </Tooltip>
                    </Table.Th>
                    {COLUMNS.map((c) =>
                      c.key ? (
                        <SortHeader
                          key={c.label}
                          column={{ key: c.key, label: c.label }}
                          filters={filters}
                          onSort={sort}
                        />
                      ) : (
                        <Table.Th key={c.label} scope="col">
                          {c.label}
                        </Table.Th>
                      ),
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((row) => (
                    <Table.Tr key={row.id} data-video-id={row.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${row.name}`}
                          checked={selected.has(row.id)}
                          onChange={() => toggle(row.id)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Tooltip label="Watch">
                            <ActionIcon
                              variant="light"
                              size="sm"
                              aria-label={`Watch ${row.name}`}
                              onClick={() => setWatching(row)}
                            >
                              <IconPlay size={12} />
                            </ActionIcon>
                          </Tooltip>
                          <Text size="sm" fw={500} lineClamp={2}>
                            {row.name}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>{row.clientName || 'Unknown Client'}</Table.Td>
                      <Table.Td>
                        {row.assignedEditorId ? row.editorName || 'Unknown Editor' : 'Unassigned'}
                      </Table.Td>
                      <Table.Td>{typeLabel(row.type)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDay(row.finishDate)}
                      </Table.Td>
                      <Table.Td>
                        {row.paymentStatus === 'paid' ? (
                          <Stack gap={0}>
                            <Group gap={4} wrap="nowrap">
                              <IconLock size={14} />
                              <Text size="sm" fw={600} ff="monospace">
                                {formatMoney(row.lockedPrice ?? row.paymentAmount)}
                              </Text>
                            </Group>
                            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                              Historical price, locked {formatDay(row.paidDate)}
                            </Text>
                          </Stack>
                        ) : (
                          <MoneyEdit
                            value={row.paymentAmount}
                            kind="paymentAmount"
                            label={`Amount of ${row.name}`}
                            onSave={(v) => saveAmount(row, v)}
                            hint={
                              row.amountSource === 'typed' ? (
                                <Badge size="xs" variant="dot" color="orange">
                                  set
                                </Badge>
                              ) : undefined
                            }
                          />
                        )}
                      </Table.Td>
                      <Table.Td miw={104}>
                        <Badge
                          color={row.paymentStatus === 'paid' ? 'teal' : 'orange'}
                          variant="dot"
                          style={{ flexShrink: 0, overflow: 'visible' }}
                        >
                          {row.paymentStatus === 'paid' ? 'Paid' : 'Unpaid'}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            {/* After the last page the line stays, so a screen reader hears that all are shown. */}
            {(rows.hasNextPage || total > list.length || (rows.data?.pages.length ?? 0) > 1) && (
              <Group gap="sm" mt="sm" justify="space-between" wrap="wrap">
                <Text size="sm" c="dimmed" aria-live="polite" ref={progressLine} tabIndex={-1}>
                  {list.length < total
                    ? `Showing ${list.length} of ${total} videos`
                    : `Showing all ${list.length} videos`}
                </Text>
                {rows.hasNextPage && (
                  <Button
                    variant="default"
                    onClick={loadMore}
                    loading={rows.isFetchingNextPage}
                    disabled={rows.isFetchingNextPage}
                  >
                    Load more
                  </Button>
                )}
              </Group>
            )}
            {rows.isFetchNextPageError && (
              <Text c="red" size="sm" role="alert" mt="xs">
                {getErrorMessage(rows.error, 'Unable to load more videos.')}
              </Text>
            )}
          </>
        )}
      </Paper>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        opened={confirmUnpaid}
        onClose={() => !changePayment.isPending && setConfirmUnpaid(false)}
        title="Mark as unpaid?"
        centered
      >
        <Stack>
          <Text>
            Mark {chosen.length} selected video{chosen.length === 1 ? '' : 's'} as unpaid? Their
            paid dates and locked prices are cleared, and they owe today&apos;s price again.
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setConfirmUnpaid(false)}
              disabled={changePayment.isPending}
              data-autofocus
            >
              Cancel
            </Button>
            <Button color="orange" onClick={markUnpaid} loading={changePayment.isPending}>
              Mark Unpaid
            </Button>
          </Group>
        </Stack>
      </Modal>
      <WatchVideoDialog row={watching} onClose={() => setWatching(null)} />
    </Stack>
  );
}
