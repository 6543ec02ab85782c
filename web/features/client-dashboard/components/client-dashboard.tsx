import { Badge, Stack, Text, Title } from '@mantine/core';
import { VIDEO_SORTS } from '@domain/video-list';
import { LoadingState } from '../../../components/loading-state';
import { PeopleLine } from '../../../components/people-line';
import { useAuth } from '../../../hooks/use-auth';
import { useDashboardVideos } from '../../../hooks/use-dashboard-videos';
import { useMyEditors } from '../../../api/editors';
import { DashboardVideoList } from '../../../components/videos/dashboard-video-list';
import { useVideoFilters } from '../../../hooks/use-video-filters';

/**
 * The client dashboard (SPEC.md section 2): a greeting with the client's name, their assigned
 * editors, the shared toolbar (status, search, type, sort) and their own videos. `?video=`
 * and `?comment=` open the detail dialog.
 */
export function ClientDashboard() {
  const { user } = useAuth();
  const { prefs, videos } = useDashboardVideos('Dashboard');
  const editors = useMyEditors();
  const own = videos.data?.filter((v) => v.userId === user?.id);
  const filters = useVideoFilters(own, { sort: prefs.preferences.defaultSort });

  if (!user) return <LoadingState label="Loading dashboard..." />;
  const name = user.name || user.username;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} size="h2">
          Welcome back, {name}
        </Title>
        <PeopleLine label="Your editors:" loading={editors.isLoading}>
          {editors.data?.length ? (
            editors.data.map((e) => (
              <Badge key={e.id} variant="light" color="violet">
                {e.name || e.username}
              </Badge>
            ))
          ) : (
            <Text size="sm">No editor assigned yet</Text>
          )}
        </PeopleLine>
      </Stack>
      <DashboardVideoList
        viewer={user}
        videos={videos}
        filters={filters}
        sorts={VIDEO_SORTS}
        list={{
          emptyTitle: own?.length ? 'No videos found' : 'No videos yet',
          emptyText: own?.length
            ? 'No video matches these filters.'
            : 'Add your first video with the Add Video button.',
        }}
      />
    </Stack>
  );
}
