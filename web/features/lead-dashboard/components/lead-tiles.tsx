import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { LEAD_TAB_INFO, LEAD_TABS, type LeadCounts, type LeadTab } from '@domain/lead-dashboard';
import { CountSkeleton } from '../../../components/skeletons';
import classes from './lead-tiles.module.css';

const TILE_COLORS: Record<LeadTab, string> = {
  'needs-review': 'orange',
  'all-videos': 'violet',
  'in-progress': 'blue',
  overdue: 'red',
  'ready-to-post': 'teal',
  posted: 'grape',
  team: 'indigo',
};

/** The seven header tiles; each one switches to its tab. */
export function LeadTiles({
  counts,
  current,
  onPick,
}: {
  counts: LeadCounts | undefined;
  current: LeadTab;
  onPick: (tab: LeadTab) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 7 }} spacing="sm">
      {LEAD_TABS.map((tab) => {
        const info = LEAD_TAB_INFO[tab];
        return (
          <UnstyledButton
            key={tab}
            className={classes.tile}
            data-active={current === tab || undefined}
            aria-pressed={current === tab}
            onClick={() => onPick(tab)}
            // Shade 8: the count stays readable (3:1 for large text) on the active tile's grey.
            style={{ '--tile-color': `var(--mantine-color-${TILE_COLORS[tab]}-8)` }}
            data-testid={`tile-${tab}`}
          >
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" lh={1.3}>
              {info.tile}
            </Text>
            {counts ? (
              <Text fz={26} fw={700} className={classes.count} data-testid="tile-count">
                {counts[info.count]}
              </Text>
            ) : (
              <CountSkeleton lineHeight={40.3} />
            )}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
