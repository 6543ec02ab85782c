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
  chosenTotal,
  onMarkPaid,
  onMarkUnpaid,
  markingPaid,
}: {
  filters: InvoicingFilters;
  onChange: (patch: Partial<InvoicingFilters>) => void;
  clients: Option[];
  editors: Option[];
  types: Option[];
  /** How many rows are selected, and what they add up to. */
  chosen: number;
  chosenTotal: string;
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
  const count = chosen ? ` (${chosen})` : '';
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
            <Button onClick={onMarkPaid} loading={markingPaid}>
              Mark Paid{count}
            </Button>
            <Button variant="default" onClick={onMarkUnpaid}>
              Mark Unpaid{count}
            </Button>
            {chosen > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {chosen} selected · {formatMoney(chosenTotal)}
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
