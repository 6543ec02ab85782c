import { displayName } from '@domain/people';
import { Alert, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { LoadingState } from '../../../components/loading-state';
import { IconRefresh } from '../../../components/videos/video-icons';
import { pageTitle } from '../../../lib/site';
import { useMyClients } from '../../../api/clients';
import { VipBadge } from '../../../components/vip-badge';
import { PersonAvatar } from '../../../components/person-avatar';

/**
 * The editor's assigned clients (/assignments, docs/product.md#screens): back to the dashboard,
 * refresh, and a card per client with 'View Videos' to /dashboard?client={id}. With none, a
 * viewer who assigns clients is sent where that is done (`assignAt`, the Team tab).
 */
export function AssignedClients({ assignAt = null }: { assignAt?: string | null }) {
  const clients = useMyClients();
  useEffect(() => {
    document.title = pageTitle('Assigned Clients');
  }, []);

  return (
    <Stack gap="lg">
      <BackLink to="/dashboard" label="Back to dashboard" />
      <Group justify="space-between">
        <Title order={1} size="h2">
          Assigned Clients
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void clients.refetch()}
          loading={clients.isFetching && !clients.isLoading}
        >
          Refresh
        </Button>
      </Group>
      {clients.isLoading ? (
        <LoadingState label="Loading assigned clients..." />
      ) : clients.error ? (
        <Alert color="red" title="Failed to fetch assigned clients">
          The list could not be loaded. Try Refresh.
        </Alert>
      ) : !clients.data?.length ? (
        <Paper withBorder p="xl">
          <Stack gap="md" align="center">
            <Text ta="center" c="dimmed">
              {assignAt
                ? 'No clients are assigned to you. You assign clients to editors on the Team tab.'
                : 'No clients are assigned to you yet. A lead editor assigns clients to editors.'}
            </Text>
            {/* The one who may assign them is sent where that is done (issue 37). */}
            {assignAt && (
              <Button component={Link} to={assignAt} variant="light">
                Assign clients on the Team tab
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {clients.data.map((client) => {
            const name = displayName(client);
            return (
              <Card key={client.id} withBorder component="article" aria-label={name}>
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <PersonAvatar person={client} />
                    <Stack gap={0} miw={0}>
                      <Group gap={6}>
                        <Text fw={600} truncate>
                          {name}
                        </Text>
                        {client.isVip && <VipBadge />}
                      </Group>
                      <Text size="sm" c="dimmed">
                        @{client.username}
                      </Text>
                    </Stack>
                  </Group>
                  <Text size="sm">
                    {client.videoCount} {client.videoCount === 1 ? 'video' : 'videos'}
                  </Text>
                  <Button
                    component={Link}
                    to={`/dashboard?client=${encodeURIComponent(client.id)}`}
                    variant="light"
                    aria-label={`View Videos of ${name}`}
                  >
                    View Videos
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
