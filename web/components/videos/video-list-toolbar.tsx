import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import type { CSSProperties, ReactNode, Ref } from 'react';
import type { SmartSuggestion } from '@domain/search-suggestions';
import {
  DESKTOP_STATUS_PILLS,
  ROUNDS_FILTERS,
  roundsFilterOption,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  VIDEO_SORT_LABELS,
  VIDEO_SORTS,
  type FilterCounts,
  type StatusFilter,
  type TypeCount,
} from '@domain/video-list';
import { FilterButtons } from '../filter-buttons';
import { usePhoneLayout } from '../../hooks/use-phone-layout';
import { FilterSheet } from '../phone-sheet';
import { SmartSearch } from './smart-search';
import { IconRefresh } from './video-icons';

export interface ToolbarOption {
  value: string;
  label: string;
}

export interface VideoListToolbarProps {
  statusFilter: StatusFilter;
  onStatusFilterChange: (filter: StatusFilter) => void;
  counts: FilterCounts;
  search: string;
  onSearchChange: (value: string) => void;
  videoNames: readonly string[];
  recentSearches?: readonly string[];
  onSearchCommit?: (query: string) => void;
  onSmartPick?: (suggestion: SmartSuggestion) => void;
  searchRef?: Ref<HTMLInputElement>;
  sort: string;
  onSortChange: (sort: string) => void;
  /** Defaults to the list sorts: Order (#), Name (A-Z), Name (Z-A), Status, Type, Rounds. */
  sortOptions?: readonly ToolbarOption[];
  /** The type filter, shown when given ('all' means every type). */
  typeFilter?: string;
  onTypeFilterChange?: (type: string) => void;
  typeOptions?: readonly TypeCount[];
  /** The review rounds filter (more than N rounds; null: any), shown when given. */
  roundsFilter?: number | null;
  onRoundsFilterChange?: (over: number | null) => void;
  /** The client filter appears only when enabled and there are clients. */
  clientFilterEnabled?: boolean;
  clients?: readonly ToolbarOption[];
  clientFilter?: string;
  onClientFilterChange?: (clientId: string) => void;
  onRefresh?: () => void;
  refreshing?: boolean;
  /** Drawn above the toolbar, and in the filter sheet on a phone (the saved views). */
  preferences?: ReactNode;
}

const DEFAULT_SORT_OPTIONS: ToolbarOption[] = VIDEO_SORTS.map((s) => ({
  value: s,
  label: VIDEO_SORT_LABELS[s],
}));

/**
 * The review rounds filter (issue 41): any, or more than 1, 2, 3 or 5 rounds. The lead
 * dashboard's tabs use it too, for the list they page from the server.
 */
export function RoundsFilter({
  value,
  onChange,
  style,
}: {
  value: number | null;
  onChange: (over: number | null) => void;
  style?: CSSProperties;
}) {
  return (
    <NativeSelect
      label="Rounds"
      value={value === null ? 'any' : String(value)}
      onChange={(e) => {
        const picked = e.currentTarget.value;
        onChange(picked === 'any' ? null : Number(picked));
      }}
      data={[
        { value: 'any', label: 'Any rounds' },
        ...ROUNDS_FILTERS.map((n) => ({ value: String(n), label: roundsFilterOption(n) })),
      ]}
      style={style}
    />
  );
}

/**
 * The shared list toolbar (docs/product.md#screens): client filter (All Clients), status pills with
 * counts on desktop and a status dropdown (with Draft) on phones, the smart search, an
 * optional type filter, an optional review rounds filter, the sort and an optional Refresh button. Fully controlled. On a phone
 * the search, a Filters button and the status dropdown show; the other fields (and the saved
 * views) wait in the filter sheet, so the first screen shows videos.
 *
 * Picking a suggested video asks for that video: the status and type filters go back to all,
 * so it shows whatever they were (the search box then holds its name).
 */
export function VideoListToolbar(props: VideoListToolbarProps) {
  const {
    statusFilter,
    onStatusFilterChange,
    counts,
    sort,
    onSortChange,
    sortOptions = DEFAULT_SORT_OPTIONS,
  } = props;
  const phone = usePhoneLayout();
  const showClients = Boolean(props.clientFilterEnabled && props.clients?.length);
  // In the phone's sheet the fields take its width.
  const fieldStyle = phone ? undefined : { flex: '1 1 140px', maxWidth: 240 };

  const search = (
    <SmartSearch
      value={props.search}
      onChange={props.onSearchChange}
      videoNames={props.videoNames}
      recentSearches={props.recentSearches ?? []}
      onCommit={props.onSearchCommit}
      onSmartPick={props.onSmartPick}
      onVideoPick={() => {
        onStatusFilterChange('all');
        props.onTypeFilterChange?.('all');
      }}
      inputRef={props.searchRef}
    />
  );
  const fields = (
    <>
      {showClients && (
        <NativeSelect
          label="Client"
          value={props.clientFilter ?? 'all'}
          onChange={(e) => props.onClientFilterChange?.(e.currentTarget.value)}
          data={[{ value: 'all', label: 'All Clients' }, ...(props.clients ?? [])]}
          style={fieldStyle}
        />
      )}
      {props.typeOptions && (
        <NativeSelect
          label="Type"
          value={props.typeFilter ?? 'all'}
          onChange={(e) => props.onTypeFilterChange?.(e.currentTarget.value)}
          data={[
            { value: 'all', label: 'All Types' },
            ...props.typeOptions.map((t) => ({
              value: t.type,
              label: `${t.label} (${t.count})`,
            })),
          ]}
          style={fieldStyle}
        />
      )}
      {props.onRoundsFilterChange && (
        <RoundsFilter
          value={props.roundsFilter ?? null}
          onChange={props.onRoundsFilterChange}
          style={fieldStyle}
        />
      )}
      <NativeSelect
        label="Sort by"
        value={sort}
        onChange={(e) => onSortChange(e.currentTarget.value)}
        data={[...sortOptions]}
        style={fieldStyle}
      />
      {props.onRefresh && (
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={props.onRefresh}
          loading={props.refreshing}
        >
          Refresh
        </Button>
      )}
    </>
  );

  if (phone) {
    const active =
      Number(showClients && (props.clientFilter ?? 'all') !== 'all') +
      Number(Boolean(props.typeOptions) && (props.typeFilter ?? 'all') !== 'all') +
      Number(Boolean(props.onRoundsFilterChange) && (props.roundsFilter ?? null) !== null);
    return (
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          {search}
          <FilterSheet active={active}>
            {props.preferences}
            {fields}
          </FilterSheet>
        </Group>
        <NativeSelect
          aria-label="Status filter"
          value={statusFilter}
          onChange={(e) => onStatusFilterChange(e.currentTarget.value as StatusFilter)}
          data={STATUS_FILTERS.map((f) => ({
            value: f,
            label: `${STATUS_FILTER_LABELS[f]} (${counts[f]})`,
          }))}
        />
      </Stack>
    );
  }

  return (
    <>
      {props.preferences}
      <Stack gap="sm">
        <FilterButtons
          label="Filter by status"
          visibleFrom="sm"
          gap="xs"
          size="compact-sm"
          radius="xl"
          options={DESKTOP_STATUS_PILLS.map((filter) => ({
            value: filter,
            label: `${STATUS_FILTER_LABELS[filter]} (${counts[filter]})`,
          }))}
          value={statusFilter}
          onChange={onStatusFilterChange}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          {search}
          {fields}
        </Group>
      </Stack>
    </>
  );
}
