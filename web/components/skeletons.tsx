import {
  Box,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  VisuallyHidden,
  type SimpleGridProps,
} from '@mantine/core';

/**
 * Placeholders shaped like what is loading (issue 17): the page keeps its layout while the data
 * arrives, so nothing jumps when it does. Each is hidden from screen readers; the one that
 * stands for a whole area says what is loading as a status.
 */

/** A tile's number while its count loads, as tall as the line of the figure it stands for. */
export function CountSkeleton({ lineHeight = 33.6 }: { lineHeight?: number }) {
  return (
    <Box h={lineHeight} display="flex" style={{ alignItems: 'center' }} aria-hidden="true">
      <Skeleton h={24} w={44} radius="sm" />
    </Box>
  );
}

/** One video card's shape: number and name, badges, the client and editor lines, the buttons. */
function VideoCardSkeleton() {
  return (
    <Card withBorder padding="md" h="100%" aria-hidden="true">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Skeleton h={20} w="60%" radius="sm" />
          <Skeleton h={20} w={72} radius="xl" />
        </Group>
        <Group gap="xs">
          <Skeleton h={20} w={88} radius="xl" />
          <Skeleton h={20} w={56} radius="xl" />
        </Group>
        <Skeleton h={14} w="55%" radius="sm" my={5} />
        <Skeleton h={14} w="40%" radius="sm" my={5} />
        <Group gap="xs" pt="xs">
          <Skeleton h={30} w={96} radius="sm" />
          <Skeleton h={30} w={64} radius="sm" />
        </Group>
      </Stack>
    </Card>
  );
}

/** A grid of card placeholders in the list's own columns; `label` is announced as a status. */
export function VideoCardsSkeleton({
  label,
  count = 6,
  compact = false,
}: {
  label: string;
  count?: number;
  compact?: boolean;
}) {
  return (
    <Box role="status" aria-live="polite" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <SimpleGrid
        cols={compact ? { base: 1, sm: 2, lg: 4 } : { base: 1, sm: 2, lg: 3 }}
        spacing="md"
      >
        {Array.from({ length: count }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** Tile placeholders: a label line over a number, in the tiles' own grid. */
export function TilesSkeleton({ count, cols }: { count: number; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="sm" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Paper key={i} withBorder p="md">
          <Skeleton h={12} w="70%" radius="sm" mb={6} />
          <CountSkeleton />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The tiles a dashboard shows under its heading, to draw their placeholders in its shape. */
export interface DashboardShape {
  tiles?: { count: number; cols: SimpleGridProps['cols'] };
}

/**
 * A whole dashboard while it loads (docs/product.md#screens: 'Loading dashboard...', said to screen
 * readers): the heading and greeting, the role's tiles, the toolbar and the first cards.
 */
export function DashboardSkeleton({
  shape = {},
  label = 'Loading dashboard...',
}: {
  shape?: DashboardShape;
  label?: string;
}) {
  return (
    <Stack
      gap="lg"
      role="status"
      aria-live="polite"
      aria-busy="true"
      data-testid="dashboard-skeleton"
    >
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap={10} aria-hidden="true">
        <Skeleton h={32} w={260} maw="80%" radius="sm" />
        <Skeleton h={16} w={200} maw="60%" radius="sm" />
      </Stack>
      {shape.tiles && <TilesSkeleton count={shape.tiles.count} cols={shape.tiles.cols} />}
      <Skeleton h={36} radius="sm" aria-hidden="true" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
