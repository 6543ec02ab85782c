import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { VIDEO_SORTS } from '../../../../domain/video-list';
import { AUTO_REFRESH_MS } from '../../../../domain/preferences';
import { LoadingState } from '../../../components/loading-state';
import { pageTitle } from '../../../lib/site';
import { useAuth } from '../../../hooks/use-auth';
import { usePreferences } from '../../../hooks/use-preferences';
import { useScrollMemory } from '../../../hooks/use-scroll-memory';
import { useRefreshVideos, useVideos } from '../../videos/api/get-videos';
import { useMyEditors } from '../../../api/editors';
import { ListPreferencesBar } from '../../../components/videos/list-preferences-bar';
import { VideoDetailDialog } from '../../videos/components/lazy-dialogs';
import { VideoList } from '../../../components/videos/video-list';
import { VideoListToolbar } from '../../../components/videos/video-list-toolbar';
import { useVideoFilters } from '../../../hooks/use-video-filters';
import { useVideoParam } from '../../../hooks/use-video-param';

/**
 * The client dashboard (SPEC.md section 2): a greeting with the client's name, their assigned
 * editors, the shared toolbar (status, search, type, sort) and their own videos. `?video=`
 * and `?comment=` open the detail dialog.
 */
export function ClientDashboard() {
  const { user } = useAuth();
  const prefs = usePreferences();
  const videos = useVideos({
    refetchInterval: prefs.preferences.autoRefresh ? AUTO_REFRESH_MS : false,
  });
  const reload = useRefreshVideos();
  const editors = useMyEditors();
  const own = videos.data?.filter((v) => v.userId === user?.id);
  const filters = useVideoFilters(own, { sort: prefs.preferences.defaultSort });
  const { videoId, open, close } = useVideoParam();
  useScrollMemory(videos.isSuccess);

  useEffect(() => {
    document.title = pageTitle('Dashboard');
  }, []);

  if (!user) return <LoadingState label="Loading dashboard..." />;
  const name = user.name || user.username;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} size="h2">
          Welcome back, {name}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Your editors:
          </Text>
          {editors.isLoading ? (
            <Text size="sm" c="dimmed">
              Loading...
            </Text>
          ) : editors.data?.length ? (
            editors.data.map((e) => (
              <Badge key={e.id} variant="light" color="violet">
                {e.name || e.username}
              </Badge>
            ))
          ) : (
            <Text size="sm">No editor assigned yet</Text>
          )}
        </Group>
      </Stack>
      <ListPreferencesBar view={filters.view} onApply={(v) => filters.applyView(v, VIDEO_SORTS)} />
      <VideoListToolbar
        statusFilter={filters.state.status}
        onStatusFilterChange={filters.setStatus}
        counts={filters.counts}
        search={filters.state.search}
        onSearchChange={filters.setSearch}
        videoNames={filters.videoNames}
        recentSearches={prefs.preferences.recentSearches}
        onSearchCommit={prefs.addRecentSearch}
        onSmartPick={filters.applySmart}
        sort={filters.state.sort}
        onSortChange={(s) => filters.setSort(s as typeof filters.state.sort)}
        typeFilter={filters.state.type}
        onTypeFilterChange={filters.setType}
        typeOptions={filters.typeOptions}
        onRefresh={() => void reload.refresh()}
        refreshing={reload.refreshing}
      />
      <VideoList
        videos={filters.visible}
        viewer={user}
        onOpen={open}
        isLoading={videos.isLoading}
        error={videos.error}
        onRetry={() => void videos.refetch()}
        emptyTitle={own?.length ? 'No videos found' : 'No videos yet'}
        emptyText={
          own?.length
            ? 'No video matches these filters.'
            : 'Add your first video with the Add Video button.'
        }
        compact={prefs.preferences.compactView}
      />
      <VideoDetailDialog videoId={videoId} opened={videoId !== null} onClose={close} />
    </Stack>
  );
}
