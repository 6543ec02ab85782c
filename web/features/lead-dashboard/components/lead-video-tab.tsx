import { Group, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../../hooks/use-auth';
import { LEAD_TAB_INFO, leadTabFilter, type LeadVideoTab as Tab } from '@domain/lead-dashboard';
import { LoadingState } from '../../../components/loading-state';
import { VideoCard } from '../../../components/videos/video-card';
import { useLeadVideos } from '../api/get-lead-videos';
import { VirtualVideoGrid } from './virtual-video-grid';

/** One video tab: its title with the count, and its list (paged in SQL, virtualised). */
export function LeadVideoTab({
  tab,
  search,
  clientId,
  count,
  onOpen,
}: {
  tab: Tab;
  search: string;
  clientId: string | null;
  count: number | null;
  onOpen: (videoId: string) => void;
}) {
  const { user } = useAuth();
  const info = LEAD_TAB_INFO[tab];
  const list = useLeadVideos(leadTabFilter(tab, search), clientId, true);
  const videos = list.data?.pages.flatMap((p) => p.videos) ?? [];
  const titleId = `lead-tab-title-${tab}`;

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Group gap="xs" align="baseline">
        <Title order={2} fz="xl" id={titleId}>
          {search ? `${info.title}: search results` : info.title}
        </Title>
        <Text c="dimmed" fw={600} data-testid="tab-count">
          ({count ?? '…'})
        </Text>
      </Group>
      {list.isLoading && <LoadingState label="Loading videos..." />}
      {list.isError && (
        <Text c="red.8" role="alert">
          Failed to load videos. Try Refresh.
        </Text>
      )}
      {list.isSuccess && videos.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {info.empty}
        </Text>
      )}
      {user && videos.length > 0 && (
        <VirtualVideoGrid
          videos={videos}
          hasMore={Boolean(list.hasNextPage)}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          renderCard={(video, index) => (
            <VideoCard video={video} viewer={user} onOpen={onOpen} showClient index={index} />
          )}
        />
      )}
    </Stack>
  );
}
