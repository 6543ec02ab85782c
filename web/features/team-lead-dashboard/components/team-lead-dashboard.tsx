import { displayName } from '@domain/people';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { VIDEO_SORTS } from '@domain/video-list';
import { DashboardSkeleton } from '../../../components/skeletons';
import { FoldingTiles, statusSummary } from '../../../components/folding-tiles';
import { PeopleLine } from '../../../components/people-line';
import { useAuth } from '../../../hooks/use-auth';
import { useDashboardVideos } from '../../../hooks/use-dashboard-videos';
import { useLedClients } from '../../../api/team-leads';
import { DashboardVideoList } from '../../../components/videos/dashboard-video-list';
import { useVideoFilters } from '../../../hooks/use-video-filters';
import { TeamLeadTiles } from './team-lead-tiles';

const nameOf = (u: { name: string | null; username: string }) => displayName(u);

/**
 * The client team lead's dashboard (issue 14, docs/rules.md#who-may-do-what): the videos of every client
 * it leads, a client filter (its clients with their video counts; also `?client=`), tiles per
 * status, the shared toolbar and cards, and the detail dialog (`?video=`, `?comment=`) with
 * comments and mentions. The cards and the dialog offer what the shared rules give a team lead
 * (domain/); the server has the last word.
 */
export function TeamLeadDashboard() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const { prefs, videos } = useDashboardVideos('Team Lead Dashboard');
  const clients = useLedClients();
  const filters = useVideoFilters(videos.data, {
    client: params.get('client') ?? 'all',
    sort: prefs.preferences.defaultSort,
  });

  const ledIds = useMemo(() => (clients.data ?? []).map((c) => c.id), [clients.data]);
  // Per client, from the list itself, so the numbers move with every change the list sees.
  const perClient = useMemo(() => {
    const counts = new Map<string, number>();
    for (const v of videos.data ?? []) counts.set(v.userId, (counts.get(v.userId) ?? 0) + 1);
    return counts;
  }, [videos.data]);
  const picked = filters.state.client;

  if (!user) return <DashboardSkeleton />;
  const none = clients.isSuccess && clients.data.length === 0;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} size="h2">
          Team Lead Dashboard
        </Title>
        <Text c="dimmed">Welcome back, {nameOf(user)}</Text>
        <PeopleLine label="Your clients:" loading={clients.isLoading} groupLabel="Your clients">
          {none ? (
            <Text size="sm">No clients yet</Text>
          ) : (
            <>
              <Button
                size="compact-sm"
                variant={picked === 'all' ? 'filled' : 'default'}
                aria-pressed={picked === 'all'}
                onClick={() => filters.setClient('all')}
              >
                All clients
              </Button>
              {(clients.data ?? []).map((c) => (
                <Button
                  key={c.id}
                  size="compact-sm"
                  variant={picked === c.id ? 'filled' : 'default'}
                  aria-pressed={picked === c.id}
                  onClick={() => filters.setClient(c.id)}
                  rightSection={
                    <Badge size="sm" variant="light" color="gray" c="dark.7">
                      {perClient.get(c.id) ?? 0}
                    </Badge>
                  }
                >
                  {nameOf(c)}
                </Button>
              ))}
            </>
          )}
        </PeopleLine>
      </Stack>
      {/* The status buttons' counts: the tiles follow every filter (client, type, search). */}
      <FoldingTiles
        summary={statusSummary(filters.counts, filters.state.status)}
        onPick={filters.setStatus}
      >
        {(pick) => (
          <TeamLeadTiles
            counts={videos.data ? filters.counts : undefined}
            active={filters.state.status}
            onPick={pick}
          />
        )}
      </FoldingTiles>
      <DashboardVideoList
        viewer={user}
        videos={videos}
        filters={filters}
        sorts={VIDEO_SORTS}
        alsoRefresh={() => void clients.refetch()}
        list={{
          showClient: true,
          teamClientIds: ledIds,
          emptyTitle: videos.data?.length ? 'No videos found' : 'No videos yet',
          emptyText: none
            ? 'A lead editor assigns the clients you lead; their videos will appear here.'
            : videos.data?.length
              ? 'No video matches these filters.'
              : 'Videos of the clients you lead will appear here.',
          emptyAction: videos.data?.length ? (
            <Button variant="default" onClick={filters.clear}>
              Clear filters
            </Button>
          ) : undefined,
        }}
      />
    </Stack>
  );
}
