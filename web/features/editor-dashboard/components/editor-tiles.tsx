import { Paper, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router';
import type { FilterCounts, StatusFilter } from '@domain/video-list';
import { FilterTile, TileText } from '../../../components/filter-tile';

interface Tile {
  label: string;
  value: number | undefined;
  filter: StatusFilter;
}

/**
 * The editor's summary tiles: assigned clients (to /assignments), total, new drafts, in
 * progress, in review, ready to post. A status tile switches the list to that status. New
 * Drafts (not in docs/product.md's list; docs/rules.md) puts a client's new video one click away,
 * since the list starts on In Progress.
 */
export function EditorTiles({
  clientCount,
  counts,
  active,
  onPick,
}: {
  /** `undefined` while it loads (the tile shows a placeholder). */
  clientCount: number | undefined;
  /** `undefined` while the videos load. */
  counts: FilterCounts | undefined;
  active: StatusFilter;
  onPick: (filter: StatusFilter) => void;
}) {
  const tiles: Tile[] = [
    { label: 'Total Videos', value: counts?.all, filter: 'all' },
    { label: 'New Drafts', value: counts?.draft, filter: 'draft' },
    { label: 'In Progress', value: counts?.in_progress, filter: 'in_progress' },
    { label: 'In Review', value: counts?.review, filter: 'review' },
    { label: 'Ready to Post', value: counts?.ready_to_post, filter: 'ready_to_post' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      <Paper
        withBorder
        p="md"
        component={Link}
        to="/assignments"
        aria-label={`Assigned Clients: ${clientCount ?? '…'}. View assigned clients`}
        style={{ textDecoration: 'none', color: 'inherit' }}
      >
        <TileText label="Assigned Clients" value={clientCount} />
      </Paper>
      {tiles.map((t) => (
        <FilterTile
          key={t.label}
          label={t.label}
          value={t.value}
          pressed={active === t.filter}
          onPick={() => onPick(t.filter)}
        />
      ))}
    </SimpleGrid>
  );
}
