import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuth } from '../../../hooks/use-auth';
import { LEAD_TAB_INFO, leadTabFilter, type LeadVideoTab as Tab } from '@domain/lead-dashboard';
import { EmptyState } from '../../../components/empty-state';
import { VideoCardsSkeleton } from '../../../components/skeletons';
import { VideoCard } from '../../../components/videos/video-card';
import { getMatchingVideoIds, useVideoPages } from '../../../api/videos';
import { BulkActionBar } from '../../../components/videos/bulk-action-bar';
import { VideoBoard } from '../../../components/videos/video-board';
import { useVideoViewMode } from '../../../components/videos/video-view-switch';
import { useVideoSelection } from '../../../hooks/use-video-selection';
import type { VideoListOrder } from '@domain/video-list';
import { VirtualVideoGrid } from './virtual-video-grid';

/**
 * One video tab: its title with the count, and its list (paged in SQL, virtualised) or, by the
 * user's choice, its board (docs/product.md#the-board). An empty
 * list keeps docs/product.md's message as its title; `empty` says why and offers what to do.
 */
export function LeadVideoTab({
  tab,
  search,
  clientId,
  rounds,
  sort,
  count,
  onOpen,
  empty,
}: {
  tab: Tab;
  search: string;
  clientId: string | null;
  /** More than this many review rounds only; null: every video. */
  rounds: number | null;
  sort: VideoListOrder;
  /** The tab's count (its tile's), for the list without the rounds filter. */
  count: number | null;
  onOpen: (videoId: string) => void;
  empty: { text: string; action?: ReactNode };
}) {
  const { user } = useAuth();
  const info = LEAD_TAB_INFO[tab];
  const [mode] = useVideoViewMode();
  const board = mode === 'board';
  const filter = leadTabFilter(tab, search);
  // The board reads its own columns: the tab's list is not read meanwhile.
  const list = useVideoPages(filter, clientId, !board, { rounds, sort });
  const videos = list.data?.pages.flatMap((p) => p.videos) ?? [];
  const selection = useVideoSelection();
  const order = videos.map((v) => v.id);
  // "Select all matching": every video of the tab's filter, not only the pages loaded.
  const matching = () =>
    getMatchingVideoIds({
      status: filter.status,
      overdue: filter.overdue ? 'true' : undefined,
      needsLead: filter.needsLead ? 'true' : undefined,
      q: filter.q || undefined,
      clientId: clientId ?? undefined,
      roundsOver: rounds ?? undefined,
    });
  // The tiles do not count by rounds: narrowed, the title counts what has loaded ('50+').
  const shown =
    rounds === null
      ? (count ?? '…')
      : list.isSuccess
        ? `${videos.length}${list.hasNextPage ? '+' : ''}`
        : '…';
  const titleId = `lead-tab-title-${tab}`;

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Group gap="xs" align="baseline">
        <Title order={2} fz="xl" id={titleId}>
          {search ? `${info.title}: search results` : info.title}
        </Title>
        <Text c="dimmed" fw={600} data-testid="tab-count">
          ({shown})
        </Text>
      </Group>
      {board && user && (
        <VideoBoard
          viewer={user}
          onOpen={onOpen}
          showClient
          headingOrder={3}
          // A tab's own status is the board's columns; its other rules narrow every column.
          query={{
            q: filter.q || undefined,
            overdue: filter.overdue ? 'true' : undefined,
            needsLead: filter.needsLead ? 'true' : undefined,
            clientId: clientId ?? undefined,
            roundsOver: rounds ?? undefined,
          }}
        />
      )}
      {!board && list.isLoading && <VideoCardsSkeleton label="Loading videos..." />}
      {!board && list.isError && (
        <Text c="red.8" role="alert">
          Failed to load videos. Try Refresh.
        </Text>
      )}
      {!board && list.isSuccess && videos.length === 0 && (
        <EmptyState title={info.empty} text={empty.text} action={empty.action} />
      )}
      {!board && user && videos.length > 0 && (
        <BulkActionBar selection={selection} shown={videos} matching={matching} />
      )}
      {!board && user && videos.length > 0 && (
        <VirtualVideoGrid
          videos={videos}
          hasMore={Boolean(list.hasNextPage)}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          renderCard={(video, index) => (
            <VideoCard
              video={video}
              viewer={user}
              onOpen={onOpen}
              showClient
              index={index}
              selection={{
                selected: selection.isSelected(video.id),
                onToggle: (range) => selection.toggle(video.id, { range, order }),
              }}
            />
          )}
        />
      )}
    </Stack>
  );
}
