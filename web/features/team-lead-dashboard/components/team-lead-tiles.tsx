import { SimpleGrid } from '@mantine/core';
import type { FilterCounts, StatusFilter } from '@domain/video-list';
import { FilterTile } from '../../../components/filter-tile';

/** The tiles, one per status after the total; each switches the list to its status. */
const TILES: { label: string; filter: StatusFilter }[] = [
  { label: 'Total Videos', filter: 'all' },
  { label: 'Draft', filter: 'draft' },
  { label: 'In Progress', filter: 'in_progress' },
  { label: 'In Review', filter: 'review' },
  { label: 'Ready to Post', filter: 'ready_to_post' },
  { label: 'Posted', filter: 'posted' },
];

/** The team lead's summary: how many of its clients' videos are in each status. */
export function TeamLeadTiles({
  counts,
  active,
  onPick,
}: {
  /** `undefined` while the videos load (the tiles show placeholders). */
  counts: FilterCounts | undefined;
  active: StatusFilter;
  onPick: (filter: StatusFilter) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
      {TILES.map((t) => (
        <FilterTile
          key={t.filter}
          label={t.label}
          value={counts?.[t.filter]}
          pressed={active === t.filter}
          onPick={() => onPick(t.filter)}
        />
      ))}
    </SimpleGrid>
  );
}
