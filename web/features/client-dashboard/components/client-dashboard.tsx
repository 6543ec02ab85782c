import { displayName } from '@domain/people';
import { Badge, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { VIDEO_SORTS } from '@domain/video-list';
import { DashboardSkeleton } from '../../../components/skeletons';
import { PeopleLine } from '../../../components/people-line';
import { useAuth } from '../../../hooks/use-auth';
import { useDashboardVideos } from '../../../hooks/use-dashboard-videos';
import { useMyEditors } from '../../../api/editors';
import { DashboardVideoList } from '../../../components/videos/dashboard-video-list';
import { useVideoFilters } from '../../../hooks/use-video-filters';
import { MyInvoices, MyRetainerCard } from './client-money';

/**
 * The client dashboard (docs/product.md#screens): a greeting with the client's name, their assigned
 * editors, the shared toolbar (status, search, type, sort) and their own videos. `?video=`
 * and `?comment=` open the detail dialog. An empty list offers Add Video (`onAddVideo`, the
 * dialog web/app draws beside it).
 *
 * The greeting is "Welcome" on a first visit and "Welcome back" after: a first visit is one
 * where the account has no videos yet when the page opens (a new account has none; a client
 * who has added one has been here before). It is decided once per visit, so adding the first
 * video does not change it under the reader.
 *
 * A client (the role itself; the other roles that land here have no money of their own) also
 * sees its retainer's month under the greeting and its invoices under the videos (issue 42).
 */
export function ClientDashboard({ onAddVideo }: { onAddVideo: () => void }) {
  const { user } = useAuth();
  const { prefs, videos } = useDashboardVideos('Dashboard');
  const editors = useMyEditors();
  const own = videos.data?.filter((v) => v.userId === user?.id);
  const filters = useVideoFilters(own, { sort: prefs.preferences.defaultSort });
  const [firstVisit, setFirstVisit] = useState<boolean | null>(null);
  if (firstVisit === null && own) setFirstVisit(own.length === 0);

  if (!user) return <DashboardSkeleton />;
  const name = displayName(user);
  const isClient = user.role === 'client';

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        {firstVisit === null ? (
          // The heading's own height while the list that decides the greeting loads.
          <Skeleton h={34} w={280} maw="80%" radius="sm" aria-hidden="true" />
        ) : (
          <Title order={1} size="h2">
            {firstVisit ? 'Welcome' : 'Welcome back'}, {name}
          </Title>
        )}
        <PeopleLine label="Your editors:" loading={editors.isLoading}>
          {editors.data?.length ? (
            editors.data.map((e) => (
              <Badge key={e.id} variant="light" color="violet">
                {displayName(e)}
              </Badge>
            ))
          ) : (
            <Text size="sm">No editor assigned yet</Text>
          )}
        </PeopleLine>
        {isClient && <MyRetainerCard />}
      </Stack>
      <DashboardVideoList
        viewer={user}
        videos={videos}
        filters={filters}
        sorts={VIDEO_SORTS}
        board={{ clientId: user.id }}
        list={{
          emptyTitle: own?.length ? 'No videos found' : 'No videos yet',
          emptyText: own?.length
            ? 'No video matches these filters.'
            : 'Add your first video: give it a name and a type, and your editors take it from there.',
          emptyAction: own?.length ? (
            <Button variant="default" onClick={filters.clear}>
              Clear filters
            </Button>
          ) : (
            <Button onClick={onAddVideo}>Add your first video</Button>
          ),
        }}
      />
      {isClient && <MyInvoices />}
    </Stack>
  );
}
