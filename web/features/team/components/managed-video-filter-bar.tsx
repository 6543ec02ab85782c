import { Chip, Group, Select, TextInput } from '@mantine/core';
import {
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  VIDEO_SORT_LABELS,
  VIDEO_SORTS,
} from '@domain/video-list';
import { FilterButtons } from '../../../components/filter-buttons';
import { RoundsFilter } from '../../../components/videos/video-list-toolbar';
import type { VideoFilters } from '../../../hooks/use-video-filters';

/**
 * The managed-user page's filters (docs/product.md#screens): status counts, name search, sort, the
 * review rounds filter, the
 * client filter when the user has assigned clients, and type chips for the types it has.
 */
export function ManagedVideoFilterBar({
  filters,
  clients,
}: {
  filters: VideoFilters;
  /** The user's assigned clients (for an editor), offered as a client filter. */
  clients: { id: string; label: string }[];
}) {
  const { state, counts, typeOptions } = filters;
  return (
    <>
      <FilterButtons
        label="Filter by status"
        radius="xl"
        options={STATUS_FILTERS.map((s) => ({
          value: s,
          label: `${s === 'all' ? 'All' : STATUS_FILTER_LABELS[s]} (${counts[s]})`,
        }))}
        value={state.status}
        onChange={filters.setStatus}
      />

      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="search"
          aria-label="Search videos by name"
          placeholder="Search videos by name..."
          value={state.search}
          onChange={(e) => filters.setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          aria-label="Sort videos"
          w={170}
          value={state.sort}
          onChange={(v) => v && filters.setSort(v)}
          data={VIDEO_SORTS.map((s) => ({ value: s, label: VIDEO_SORT_LABELS[s] }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <RoundsFilter value={state.rounds} onChange={filters.setRounds} style={{ width: 190 }} />
        {clients.length > 0 && (
          <Select
            aria-label="Filter by client"
            w={200}
            placeholder="All Clients"
            value={state.client === 'all' ? null : state.client}
            onChange={(v) => filters.setClient(v ?? 'all')}
            data={clients.map((c) => ({ value: c.id, label: c.label }))}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>

      {typeOptions.length > 0 && (
        <Chip.Group value={state.type} onChange={(v) => filters.setType(v)}>
          <Group gap={6} wrap="wrap" role="group" aria-label="Filter by type">
            <Chip value="all" size="sm">
              All types ({filters.total})
            </Chip>
            {typeOptions.map((t) => (
              <Chip key={t.type} value={t.type} size="sm">
                {t.label} ({t.count})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
    </>
  );
}
