import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ExtraRound, InvoicingRow, InvoicingSortKey } from '@domain/invoicing';
import { typeLabel } from '@domain/video-type-labels';
import { IconLock } from '../../../components/icons';
import { PublishedLine } from '../../../components/videos/published-line';
import { extraRoundLabel, RETAINER_BILLING_LABELS } from '@domain/money-labels';
import type { InvoicingFilters } from '../../../api/invoicing';
import { formatDay, formatMoney, PAYMENT_LABELS } from '../lib/format';
import { IconPlay, IconSort } from './invoicing-icons';
import { MoneyEdit } from './money-edit';
import { ScrollTable } from './scroll-table';

const COLUMNS: { key: InvoicingSortKey | null; label: string }[] = [
  { key: null, label: 'Video' },
  { key: 'clientName', label: 'Client' },
  { key: 'editorName', label: 'Editor' },
  { key: 'type', label: 'Type' },
  { key: 'finishDate', label: 'Finished' },
  { key: null, label: 'Posted' },
  { key: 'amount', label: 'Amount' },
  { key: null, label: 'Payment' },
];

/** A video's rounds beyond those included: "Round 3 · extra $50.00", and whether paid. */
export function ExtraRounds({ rounds }: { rounds: ExtraRound[] | undefined }) {
  if (!rounds?.length) return null;
  return (
    <Stack gap={0} mt={2}>
      {rounds.map((r) => (
        <Text
          key={r.round}
          size="xs"
          c={r.paid ? 'dimmed' : 'orange.9'}
          style={{ whiteSpace: 'nowrap' }}
        >
          {extraRoundLabel(r.round, formatMoney(r.amount))}
          {r.paid ? ' · paid' : ''}
        </Text>
      ))}
    </Stack>
  );
}

interface RowActions {
  isChosen: (id: string) => boolean;
  onToggle: (id: string) => void;
  onWatch: (row: InvoicingRow) => void;
  /** Saves a typed amount; true when it was saved (the field then closes). */
  onSaveAmount: (row: InvoicingRow, paymentAmount: string) => Promise<boolean>;
}

/** The completed videos, their sortable columns and the select-all box of the loaded rows. */
export function CompletedVideosTable({
  rows,
  sort,
  onSort,
  allChosen,
  someChosen,
  onToggleAll,
  ...actions
}: RowActions & {
  rows: InvoicingRow[];
  sort: Pick<InvoicingFilters, 'sortBy' | 'sortOrder'>;
  onSort: (key: InvoicingSortKey) => void;
  allChosen: boolean;
  someChosen: boolean;
  onToggleAll: () => void;
}) {
  return (
    <ScrollTable minWidth={900} label="Completed videos (scrolls sideways)">
      <Table striped highlightOnHover fz="sm" verticalSpacing={6} aria-label="Completed videos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={40}>
              <Tooltip label="Select all loaded videos">
                <Checkbox
                  aria-label="Select all loaded videos"
                  checked={allChosen}
                  indeterminate={someChosen}
                  onChange={onToggleAll}
                />
              </Tooltip>
            </Table.Th>
            {COLUMNS.map((c) =>
              c.key ? (
                <SortHeader
                  key={c.label}
                  column={{ key: c.key, label: c.label }}
                  sort={sort}
                  onSort={onSort}
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
          {rows.map((row) => (
            <CompletedVideoRow key={row.id} row={row} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: { key: InvoicingSortKey; label: string };
  sort: Pick<InvoicingFilters, 'sortBy' | 'sortOrder'>;
  onSort: (key: InvoicingSortKey) => void;
}) {
  const active = sort.sortBy === column.key;
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {column.label}
          <IconSort size={14} sorted={active ? sort.sortOrder : null} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function CompletedVideoRow({
  row,
  isChosen,
  onToggle,
  onWatch,
  onSaveAmount,
}: RowActions & { row: InvoicingRow }) {
  const paid = row.paymentStatus === 'paid';
  return (
    <Table.Tr data-video-id={row.id}>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${row.name}`}
          checked={isChosen(row.id)}
          onChange={() => onToggle(row.id)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Tooltip label="Watch">
            <ActionIcon
              variant="light"
              size="sm"
              aria-label={`Watch ${row.name}`}
              onClick={() => onWatch(row)}
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
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.finishDate)}</Table.Td>
      <Table.Td>
        <PublishedLine
          videoName={row.name}
          publishedAt={row.publishedAt}
          publishedUrl={row.publishedUrl}
          inColumn
        />
      </Table.Td>
      <Table.Td>
        {paid ? (
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
            onSave={(v) => onSaveAmount(row, v)}
            hint={
              row.amountSource === 'typed' ? (
                <Badge size="xs" variant="dot" color="orange">
                  set
                </Badge>
              ) : undefined
            }
          />
        )}
        {row.retainer && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {RETAINER_BILLING_LABELS[row.retainer]}
          </Text>
        )}
        <ExtraRounds rounds={row.extraRounds} />
      </Table.Td>
      <Table.Td miw={104}>
        <Badge
          color={paid ? 'teal' : 'orange'}
          variant="dot"
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          {PAYMENT_LABELS[row.paymentStatus]}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
