import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { IconVideo } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { getErrorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';

/** The signed-in frame: a small header (the full header is a later issue) and <main>. */
export function AppLayout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const handleLogout = async () => {
    setLeaving(true);
    try {
      await logout();
      notifySuccess('Logged out', 'See you soon.');
    } catch (error) {
      notifyError('Logout failed', getErrorMessage(error, 'Could not reach the server'));
    } finally {
      void navigate('/');
    }
  };

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap={8} wrap="nowrap" miw={0}>
              <Box c="violet.7" display="flex" aria-hidden="true">
                <IconVideo size={24} />
              </Box>
              <Text fw={700} fz={{ base: 'sm', sm: 'lg' }} lh={1.25}>
                Video Management Dashboard
              </Text>
            </Group>
            <Group component="nav" aria-label="Account" gap="sm" wrap="nowrap">
              <NotificationBell />
              <Anchor component={Link} to="/profile" fw={500} size="sm">
                Profile
              </Anchor>
              <Button
                variant="default"
                size="xs"
                onClick={() => void handleLogout()}
                disabled={leaving}
              >
                {leaving ? 'Logging out...' : 'Log out'}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={<LoadingState label="Loading page..." />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </Box>
  );
}
