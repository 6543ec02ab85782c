import { useMemo, useState } from 'react';
import type { SmartSuggestion } from '@domain/search-suggestions';
import {
  filterCounts,
  hasMoreRoundsThan,
  matchesSearch,
  matchesStatusFilter,
  sortVideos,
  typeCounts,
  type EditorSort,
  type StatusFilter,
  type VideoSort,
} from '@domain/video-list';
import { typeLabel } from '@domain/video-type-labels';
import { normalizeCustomType } from '@domain/video-types';
import type { VideoView } from '@domain/videos';

export interface VideoFilterState {
  status: StatusFilter;
  type: string;
  search: string;
  sort: VideoSort | EditorSort;
  client: string;
  /** Only videos with more than this many review rounds; null: every video. */
  rounds: number | null;
}

/**
 * The filter, search and sort state of a video list (the dashboards, the managed-user page),
 * and what it yields: the visible videos, the status counts (of the videos matching every
 * other filter) and the type options.
 */
export function useVideoFilters(
  videos: readonly VideoView[] | undefined,
  initial: Partial<VideoFilterState> = {},
) {
  const [state, setState] = useState<VideoFilterState>({
    status: 'all',
    type: 'all',
    search: '',
    sort: 'ordinal',
    client: 'all',
    rounds: null,
    ...initial,
  });
  const set =
    <K extends keyof VideoFilterState>(key: K) =>
    (value: VideoFilterState[K]) =>
      setState((s) => ({ ...s, [key]: value }));

  const derived = useMemo(() => {
    const all = videos ?? [];
    const byClient = all.filter(
      (v) =>
        (state.client === 'all' || v.userId === state.client) && hasMoreRoundsThan(v, state.rounds),
    );
    const others = byClient.filter(
      (v) =>
        (state.type === 'all' || normalizeCustomType(v.type) === state.type) &&
        matchesSearch(v.name, state.search),
    );
    const types = typeCounts(byClient);
    // A type picked by shortcut or preset stays listed even when no video has it.
    if (state.type !== 'all' && !types.some((t) => t.type === state.type)) {
      types.push({ type: state.type, label: typeLabel(state.type), count: 0 });
    }
    return {
      visible: sortVideos(
        others.filter((v) => matchesStatusFilter(v.status, state.status)),
        state.sort,
      ),
      counts: filterCounts(others),
      typeOptions: types,
      /** How many videos the client filter leaves (every video when no client is picked). */
      total: byClient.length,
      videoNames: byClient.map((v) => v.name),
    };
  }, [videos, state]);

  const setStatus = set('status');
  const setType = set('type');
  const setSearch = set('search');
  const setSort = set('sort');
  /** A smart suggestion sets the status and type filters at once and clears the text. */
  const applySmart = (s: SmartSuggestion) =>
    setState((prev) => ({ ...prev, status: s.filter, type: s.typeFilter, search: '' }));
  return {
    state,
    setStatus,
    setType,
    setSearch,
    setSort,
    setClient: set('client'),
    setRounds: set('rounds'),
    applySmart,
    /** The shared list toolbar's filter, search and sort props, to spread on it as they are. */
    toolbar: {
      statusFilter: state.status,
      onStatusFilterChange: setStatus,
      counts: derived.counts,
      search: state.search,
      onSearchChange: setSearch,
      videoNames: derived.videoNames,
      onSmartPick: applySmart,
      sort: state.sort,
      // The toolbar offers only the sorts its list has (its sortOptions).
      onSortChange: (sort: string) => setSort(sort as VideoSort | EditorSort),
      typeFilter: state.type,
      onTypeFilterChange: setType,
      typeOptions: derived.typeOptions,
      roundsFilter: state.rounds,
      onRoundsFilterChange: set('rounds'),
    },
    /** The list's view as presets and favourites store it. */
    view: { filter: state.status, typeFilter: state.type, sortBy: state.sort },
    /**
     * A preset or favourite: status, type and sort at once. A sort this list does not offer
     * (`sorts`) falls back to the order number.
     */
    applyView: (
      view: { filter: StatusFilter; typeFilter: string; sortBy: string },
      sorts: readonly (VideoSort | EditorSort)[],
    ) =>
      setState((prev) => ({
        ...prev,
        status: view.filter,
        type: view.typeFilter,
        sort: sorts.find((s) => s === view.sortBy) ?? 'ordinal',
      })),
    clear: () =>
      setState((prev) => ({
        ...prev,
        status: 'all',
        type: 'all',
        search: '',
        client: 'all',
        rounds: null,
      })),
    ...derived,
  };
}

export type VideoFilters = ReturnType<typeof useVideoFilters>;
