import { Box, Button, Center, Loader, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import type { VideoView } from '@domain/videos';
import { useWidthQuery } from '../../../hooks/use-width-query';
import { useWindowRows } from '../../../hooks/use-window-rows';

/**
 * Cards in a responsive grid where only the rows near the screen are in the page, so a tab
 * with 100,000 videos scrolls like one with ten. Rows are measured (cards differ in height);
 * the next page is asked for when the last loaded row comes near.
 */
export function VirtualVideoGrid({
  videos,
  renderCard,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  videos: VideoView[];
  renderCard: (video: VideoView, index: number) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const wide = useWidthQuery('min', 62);
  const medium = useWidthQuery('min', 40);
  const columns = wide ? 3 : medium ? 2 : 1;
  const rows = Math.ceil(videos.length / columns);
  // Rows are measured; the list's place on the page is followed (tiles, picker above it). A
  // page the server drew places its rows at this estimate until the browser measures them: a
  // review card's height at every width (a one-line title), so the rows stay where drawn.
  const { ref: listRef, virtualizer } = useWindowRows<HTMLDivElement>(rows, 196, {
    overscan: 4,
    gap: 12,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];

  useEffect(() => {
    if (last && last.index >= rows - 3 && hasMore && !loadingMore) onLoadMore();
  }, [last, rows, hasMore, loadingMore, onLoadMore]);

  return (
    <div>
      <div
        ref={listRef}
        role="list"
        aria-label="Videos"
        style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
      >
        {items.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: 12,
            }}
          >
            {videos.slice(row.index * columns, row.index * columns + columns).map((v, i) => (
              <div role="listitem" key={v.id}>
                {renderCard(v, row.index * columns + i)}
              </div>
            ))}
          </div>
        ))}
      </div>
      {hasMore && (
        <Center py="md">
          {loadingMore ? (
            <Loader size="sm" aria-label="Loading more videos" />
          ) : (
            <Button variant="default" onClick={onLoadMore}>
              Load more
            </Button>
          )}
        </Center>
      )}
      {!hasMore && videos.length > 0 && (
        <Box py="sm">
          <Text size="sm" c="dimmed" ta="center">
            All {videos.length} shown
          </Text>
        </Box>
      )}
    </div>
  );
}
