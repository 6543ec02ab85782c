import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { FilterCounts, StatusFilter } from '../../../../domain/video-list';

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
  counts: FilterCounts;
  active: StatusFilter;
  onPick: (filter: StatusFilter) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
      {TILES.map((t) => (
        <Paper
          key={t.filter}
          withBorder
          p="md"
          component="button"
          type="button"
          style={{ textAlign: 'left', cursor: 'pointer', font: 'inherit', color: 'inherit' }}
          onClick={() => onPick(t.filter)}
          aria-pressed={active === t.filter}
          aria-label={`${t.label}: ${counts[t.filter]}`}
          bg={active === t.filter ? 'violet.0' : undefined}
        >
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            {t.label}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {counts[t.filter]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
