import { Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { InvoicingRow, InvoicingSortKey } from '@domain/invoicing';
import { useSelection } from '../../../hooks/use-selection';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEditors } from '../../../api/editors';
import {
  DEFAULT_FILTERS,
  filtersReady,
  useChangePayment,
  useInvoicingRows,
  useSetPaymentAmount,
  type InvoicingFilters,
} from '../../../api/invoicing';
import { useClientPricingList, useVideoTypes } from '../../../api/pricing';
import { formatMoney } from '../lib/format';
import { CompletedVideosFilterBar } from './completed-videos-filter-bar';
import { CompletedVideosTable } from './completed-videos-table';
import { WatchVideoDialog } from './watch-video-dialog';
import { InvoicingPanel } from './invoicing-panel';
import { displayName } from '@domain/people';

/** Filters, bulk payment actions, CSV export and the table of completed videos. */
export function CompletedVideos() {
  const [filters, setFilters] = useState<InvoicingFilters>(DEFAULT_FILTERS);
  const [confirmUnpaid, setConfirmUnpaid] = useState(false);
  const [watching, setWatching] = useState<InvoicingRow | null>(null);
  const rows = useInvoicingRows(filters);
  const clients = useClientPricingList();
  const editors = useEditors();
  const types = useVideoTypes();
  const changePayment = useChangePayment();
  const setAmount = useSetPaymentAmount();

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
  const selection = useSelection(list, (r) => r.id);
  const { chosen } = selection;
  const filtered = Boolean(
    filters.clientId || filters.editorId || filters.type || filters.paymentStatus,
  );
  // A filter or sort change starts a new list: nothing stays selected.
  const change = (patch: Partial<InvoicingFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    selection.clear();
  };
  const sort = (key: InvoicingSortKey) =>
    change({
      sortBy: key,
      sortOrder: filters.sortBy === key && filters.sortOrder === 'asc' ? 'desc' : 'asc',
    });

  const anyChosen = (to: 'paid' | 'unpaid') => {
    if (!chosen.length) notifyError('No Selection', `Please select videos to mark as ${to}`);
    return chosen.length > 0;
  };
  // Only the rows the change applies to (the buttons count the same).
  const setPayment = (to: 'paid' | 'unpaid', title: string) =>
    changePayment.mutate(
      {
        videoIds: chosen
          .filter((r) => (r.paymentStatus === 'paid') !== (to === 'paid'))
          .map((r) => r.id),
        to,
      },
      {
        onSuccess: (result) => {
          notifySuccess(title, result.message);
          selection.clear();
          setConfirmUnpaid(false);
        },
        onError: (error) =>
          notifyError('Error', getErrorMessage(error, 'Failed to update payment status')),
      },
    );
  const markPaid = () => {
    if (anyChosen('paid')) setPayment('paid', 'Payment Updated');
  };
  const askUnpaid = () => {
    if (anyChosen('unpaid')) setConfirmUnpaid(true);
  };
  const paidChosen = chosen.filter((r) => r.paymentStatus === 'paid').length;
  const markUnpaid = () => setPayment('unpaid', 'Payment Status Updated');
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

  return (
    <Stack gap="md">
      <CompletedVideosFilterBar
        filters={filters}
        onChange={change}
        clients={(clients.data ?? []).map((c) => ({ value: c.id, label: displayName(c) }))}
        editors={(editors.data ?? []).map((e) => ({ value: e.id, label: displayName(e) }))}
        types={(types.data ?? []).map((t) => ({ value: t.name, label: t.displayName }))}
        chosen={chosen}
        onMarkPaid={markPaid}
        onMarkUnpaid={askUnpaid}
        markingPaid={changePayment.isPending && !confirmUnpaid}
      />

      <InvoicingPanel
        title="Completed videos"
        aside={
          rows.data && (
            <Badge variant="dot" color="gray">
              {total} video{total === 1 ? '' : 's'}
            </Badge>
          )
        }
      >
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
            <CompletedVideosTable
              rows={list}
              sort={filters}
              onSort={sort}
              allChosen={selection.allChosen}
              someChosen={selection.someChosen}
              onToggleAll={selection.toggleAll}
              isChosen={selection.isChosen}
              onToggle={selection.toggle}
              onWatch={setWatching}
              onSaveAmount={saveAmount}
            />
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
      </InvoicingPanel>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        opened={confirmUnpaid}
        onClose={() => !changePayment.isPending && setConfirmUnpaid(false)}
        title="Mark as unpaid?"
        centered
      >
        <Stack>
          <Text>
            Mark {paidChosen} selected video{paidChosen === 1 ? '' : 's'} as unpaid? Their paid
            dates and locked prices are cleared, and they owe today&apos;s price again.
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
