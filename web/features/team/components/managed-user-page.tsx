import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { mayOpenManagedUser } from '@domain/lead-dashboard';
import { canCreateVideoFor } from '@domain/permissions';
import { isManager, normalizeRole } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { invalidateAssignments, useAssignments } from '../../../api/assignments';
import { invalidateClients, useClients } from '../../../api/clients';
import { BackLink } from '../../../components/back-link';
import { LoadingState } from '../../../components/loading-state';
import { MessageCard } from '../../../components/message-screen';
import { useTeam } from '../../../api/users';
import { invalidateVideos, useUserVideos } from '../../../api/videos';
import { errorStatus } from '../../../lib/api-client';
import { pageTitle } from '../../../lib/site';
import { useAuth } from '../../../hooks/use-auth';
import { useVideoParam } from '../../../hooks/use-video-param';
import { ManagedVideos } from './managed-videos';
import { VipBadge } from '../../../components/vip-badge';
import { PersonAvatar } from '../../../components/person-avatar';
import { displayName } from '@domain/people';

/**
 * The managed-user page (/dashboard/user/{id}, /dashboard/team/user/{id}; docs/product.md#screens),
 * behind its guard: managers may open any user, an editor only a client assigned to them,
 * everyone else goes to /dashboard. The server refuses the same (403) whatever the screen does.
 * A client's or a client team lead's page shows managers `teamLeadLinks` (the team-leads
 * feature's card, from web/app); the route draws the video dialog that `?video=` opens.
 */
export function ManagedUserPage({
  userId,
  backTo,
  teamLeadLinks,
}: {
  userId: string;
  backTo: string;
  teamLeadLinks: (target: PublicUser) => ReactNode;
}) {
  const { user: viewer } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const manager = viewer ? isManager(viewer) : false;
  const editor = viewer ? normalizeRole(viewer.role) === 'editor' : false;
  const allowedRole = manager || editor;
  const team = useTeam(allowedRole);
  const assignedIds = new Set(editor ? (team.data ?? []).map((u) => u.id) : []);
  const mayOpen = viewer && allowedRole && mayOpenManagedUser(viewer, userId, assignedIds);
  const target = team.data?.find((u) => u.id === userId);
  const videos = useUserVideos(userId, Boolean(mayOpen && target));
  const assignments = useAssignments({ enabled: manager });
  const clients = useClients({ enabled: manager });
  const video = useVideoParam();
  const [refreshing, setRefreshing] = useState(false);
  useDocumentTitle(pageTitle(target ? displayName(target) : 'User'));

  // The server has the last word: a 403 (say, an assignment removed meanwhile) leaves the page.
  const refused = errorStatus(videos.error) === 403;
  useEffect(() => {
    if (refused) void navigate('/dashboard', { replace: true });
  }, [refused, navigate]);

  if (!viewer || !allowedRole) return <Navigate to="/dashboard" replace />;
  if (team.isLoading) return <LoadingState label="Loading user..." />;
  if (team.isError) {
    return (
      <Text c="red.8" role="alert">
        Failed to load this user. Try again later.
      </Text>
    );
  }
  if (!mayOpen) return <Navigate to="/dashboard" replace />;
  if (!target) {
    return (
      <Stack align="center" py="xl">
        <MessageCard
          title="User Not Found"
          actions={<BackLink to={backTo} label="Back to dashboard" />}
        >
          This user does not exist or was deleted.
        </MessageCard>
      </Stack>
    );
  }

  const targetRole = normalizeRole(target.role);
  const isTeamMember = targetRole === 'editor' || targetRole === 'lead_editor';
  const pairs = manager ? (assignments.data?.assignments ?? []) : [];
  const countOf = new Map((clients.data ?? []).map((c) => [c.id, c.videoCount]));
  const theirClients = pairs
    .filter((a) => a.editorId === target.id)
    .map((a) => ({ ...a.client, videoCount: countOf.get(a.clientId) ?? 0 }));

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        // The user and its videos (under '/api/king'); its pairs and counts.
        invalidateVideos(queryClient),
        invalidateAssignments(queryClient),
        invalidateClients(queryClient),
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Stack gap="lg">
      <BackLink to={backTo} label="Back to dashboard" />
      <Card withBorder radius="md" padding="lg">
        <Group gap="md" wrap="nowrap">
          <PersonAvatar person={target} size={64} />
          <Stack gap={4} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Title order={1} fz={{ base: 22, sm: 28 }}>
                {target.username}
              </Title>
              {target.isAdmin === 'true' && (
                <Badge color="red" variant="light" c="red.9">
                  Admin
                </Badge>
              )}
              {targetRole === 'king' && (
                <Badge color="grape" variant="light" c="grape.9">
                  King
                </Badge>
              )}
              {target.isVip && <VipBadge size="md" />}
            </Group>
            <Text c="dimmed">{target.name || 'No display name'}</Text>
          </Stack>
        </Group>
      </Card>

      {isTeamMember && manager && (
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby="assigned-clients"
        >
          <Title order={2} fz="lg" mb="sm" id="assigned-clients">
            Assigned Clients
          </Title>
          {theirClients.length === 0 ? (
            <Text c="dimmed">No clients assigned yet</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
              {theirClients.map((c) => (
                <Card key={c.id} withBorder padding="sm" radius="md">
                  <Group gap="sm" wrap="nowrap">
                    <PersonAvatar person={c} size="sm" />
                    <div>
                      <Text fw={600} size="sm">
                        {displayName(c)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.videoCount} {c.videoCount === 1 ? 'video' : 'videos'}
                      </Text>
                    </div>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Card>
      )}

      {manager &&
        (targetRole === 'client' || targetRole === 'client_team_lead') &&
        teamLeadLinks(target)}

      {videos.isLoading && <LoadingState label="Loading videos..." />}
      {videos.isError && !refused && (
        <Text c="red.8" role="alert">
          Failed to fetch user videos: {errorStatus(videos.error) ?? 'network error'}
        </Text>
      )}
      {videos.data && (
        <ManagedVideos
          target={target}
          viewer={viewer}
          videos={videos.data}
          assignedClients={theirClients.map((c) => ({ id: c.id, label: displayName(c) }))}
          onOpen={video.open}
          onRefresh={() => void refresh()}
          refreshing={refreshing || videos.isFetching}
          canAdd={canCreateVideoFor(
            { ...viewer, teamClientIds: editor ? assignedIds : new Set() },
            target,
          )}
        />
      )}
    </Stack>
  );
}
