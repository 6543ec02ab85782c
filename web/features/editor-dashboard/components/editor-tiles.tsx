import { Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FilterCounts, StatusFilter } from '../../../../domain/video-list';

interface Tile {
  label: string;
  value: number;
  filter?: StatusFilter;
}

/**
 * The editor's summary tiles: assigned clients (to /assignments), total, new drafts, in
 * progress, in review, ready to post. A status tile switches the list to that status. New
 * Drafts (not in SPEC.md's list; docs/rules.md) puts a client's new video one click away,
 * since the list starts on In Progress.
 */
export function EditorTiles({
  clientCount,
  counts,
  active,
  onPick,
}: {
  clientCount: number;
  counts: FilterCounts;
  active: StatusFilter;
  onPick: (filter: StatusFilter) => void;
}) {
  const tiles: Tile[] = [
    { label: 'Total Videos', value: counts.all, filter: 'all' },
    { label: 'New Drafts', value: counts.draft, filter: 'draft' },
    { label: 'In Progress', value: counts.in_progress, filter: 'in_progress' },
    { label: 'In Review', value: counts.review, filter: 'review' },
    { label: 'Ready to Post', value: counts.ready_to_post, filter: 'ready_to_post' },
  ];
  const body = (label: string, value: number) => (
    <>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
    </>
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      <Paper
        withBorder
        p="md"
        component={Link}
        to="/assignments"
        aria-label={`Assigned Clients: ${clientCount}. View assigned clients`}
        style={{ textDecoration: 'none', color: 'inherit' }}
      >
        {body('Assigned Clients', clientCount)}
      </Paper>
      {tiles.map((t) => (
        <Paper
          key={t.label}
          withBorder
          p="md"
          component="button"
          type="button"
          style={{ textAlign: 'left', cursor: 'pointer', font: 'inherit', color: 'inherit' }}
          onClick={() => t.filter && onPick(t.filter)}
          aria-pressed={active === t.filter}
          aria-label={`${t.label}: ${t.value}`}
          bg={active === t.filter ? 'violet.0' : undefined}
        >
          {body(t.label, t.value)}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
