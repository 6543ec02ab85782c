import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { sumMoney } from '@domain/money';
import { filtersReady, invoicingQueryString, type InvoicingFilters } from '../../../api/invoicing';
import { formatMoney, PAYMENT_LABELS } from '../lib/format';
import { IconDownload } from './invoicing-icons';
import { InvoicingPanel } from './invoicing-panel';

type Option = { value: string; label: string };

const PAYMENT_OPTIONS: Option[] = (['unpaid', 'paid'] as const).map((s) => ({
  value: s,
  label: PAYMENT_LABELS[s],
}));

/**
 * The invoicing page's 'Filters and bulk actions' card: finish date range, client, editor,
 * type and payment status; Mark Paid and Mark Unpaid for the selection with its total; the
 * CSV export of what the filters match.
 */
export function CompletedVideosFilterBar({
  filters,
  onChange,
  clients,
  editors,
  types,
  chosen,
  onMarkPaid,
  onMarkUnpaid,
  markingPaid,
}: {
  filters: InvoicingFilters;
  onChange: (patch: Partial<InvoicingFilters>) => void;
  clients: Option[];
  editors: Option[];
  types: Option[];
  /** The selected rows: their count, their total, and which each button would change. */
  chosen: readonly { paymentStatus: string; paymentAmount: string }[];
  onMarkPaid: () => void;
  onMarkUnpaid: () => void;
  markingPaid: boolean;
}) {
  // The four choices, each with its 'all' first.
  const choices: {
    key: 'clientId' | 'editorId' | 'type' | 'paymentStatus';
    label: string;
    all: string;
    options: Option[];
    searchable?: boolean;
  }[] = [
    { key: 'clientId', label: 'Client', all: 'All Clients', options: clients, searchable: true },
    { key: 'editorId', label: 'Editor', all: 'All Editors', options: editors, searchable: true },
    { key: 'type', label: 'Type', all: 'All Types', options: types },
    { key: 'paymentStatus', label: 'Payment status', all: 'All', options: PAYMENT_OPTIONS },
  ];
  // Each button counts the selected rows it would change, and is off when a selection has
  // none (a paid row cannot be marked paid again). With nothing selected both stay on, so a
  // click says 'No Selection' (docs/product.md#constants-and-limits).
  const toPay = chosen.filter((r) => r.paymentStatus !== 'paid').length;
  const toUnpay = chosen.length - toPay;
  const count = (n: number) => (n ? ` (${n})` : '');
  const idle = (n: number) => chosen.length > 0 && n === 0;
  return (
    <InvoicingPanel title="Filters and bulk actions">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Finished"
          value={filters.dateFilter}
          onChange={(v) => onChange({ dateFilter: v })}
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
              onChange={(e) => onChange({ from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={filters.to}
              onChange={(e) => onChange({ to: e.currentTarget.value })}
            />
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {choices.map((c) => (
            <Select
              key={c.key}
              label={c.label}
              searchable={c.searchable}
              data={[{ value: '', label: c.all }, ...c.options]}
              value={filters[c.key]}
              onChange={(v) => onChange({ [c.key]: v ?? '' })}
              allowDeselect={false}
            />
          ))}
        </SimpleGrid>
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="wrap">
            <Button onClick={onMarkPaid} loading={markingPaid} disabled={idle(toPay)}>
              Mark Paid{count(toPay)}
            </Button>
            <Button variant="default" onClick={onMarkUnpaid} disabled={idle(toUnpay)}>
              Mark Unpaid{count(toUnpay)}
            </Button>
            {chosen.length > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {chosen.length} selected ·{' '}
                {formatMoney(sumMoney(chosen.map((r) => r.paymentAmount)))}
              </Text>
            )}
          </Group>
          <Button
            component="a"
            href={`/api/admin/invoicing.csv${invoicingQueryString(filters)}`}
            download
            variant="light"
            leftSection={<IconDownload size={16} />}
            aria-disabled={!filtersReady(filters)}
          >
            Export CSV
          </Button>
        </Group>
      </Stack>
    </InvoicingPanel>
  );
}
