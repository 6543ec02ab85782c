import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { roleLabel } from '@domain/roles';
import { BackLink } from '../../components/back-link';
import { LoadingState } from '../../components/loading-state';
import { MessageScreen } from '../../components/message-screen';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useAuth } from '../../hooks/use-auth';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { getErrorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { pageTitle } from '../../lib/site';
import type { LoginLocationState } from './login';

const SIGNED_OUT_NOTICE = 'Please log in to view your profile';

/** Profile settings (SPEC.md section 2): display name, avatar, password, log out. */
export function ProfileRoute() {
  useDocumentTitle(pageTitle('Profile Settings'));
  const { user, isLoading, logout, refresh } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // Logging out here goes to /, not to the signed-out redirect below.
  const leavingRef = useRef(false);

  useEffect(() => {
    if (isLoading || user || leavingRef.current) return;
    const state: LoginLocationState = { notice: SIGNED_OUT_NOTICE };
    void navigate('/login', { replace: true, state });
  }, [isLoading, user, navigate]);

  const handleLogout = async () => {
    leavingRef.current = true;
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

  if (isLoading) return <LoadingState label="Loading profile..." standalone />;
  if (!user) {
    return (
      <MessageScreen
        title={SIGNED_OUT_NOTICE}
        actions={
          <Button component={Link} to="/login">
            Go to Login
          </Button>
        }
      />
    );
  }

  return (
    <Box component="main" bg="gray.0" mih="100dvh">
      <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="center">
            <BackLink />
            <Button
              variant="default"
              size="sm"
              onClick={() => void handleLogout()}
              disabled={leaving}
            >
              {leaving ? 'Logging out...' : 'Log out'}
            </Button>
          </Group>

          <Stack gap={2}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Profile Settings
            </Title>
            <Text c="dimmed" size="sm" truncate>
              @{user.username} · {roleLabel(user.role)}
            </Text>
          </Stack>

          <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} component="section">
            <Stack gap="md">
              <div>
                <Title order={2} size="h4">
                  Your details
                </Title>
                <Text c="dimmed" size="sm">
                  How your name and picture appear to your team.
                </Text>
              </div>
              <ProfileForm key={user.id} user={user} onSaved={refresh} />
            </Stack>
          </Paper>

          <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} component="section">
            <Stack gap="md">
              <div>
                <Title order={2} size="h4">
                  Security
                </Title>
                <Text c="dimmed" size="sm">
                  Changing it signs you out everywhere else.
                </Text>
              </div>
              <ChangePasswordForm />
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
