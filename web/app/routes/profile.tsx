import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { API_TOKEN_MESSAGES, CALENDAR_FEED_MESSAGES } from '@domain/api-tokens';
import { signInPath } from '@domain/auth';
import { roleLabel } from '@domain/roles';
import { BackLink } from '../../components/back-link';
import { LoadingState } from '../../components/loading-state';
import { MessageScreen } from '../../components/message-screen';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useAuth } from '../../hooks/use-auth';
import { ProfileForm, ProfileSection } from '../../features/profile/components/profile-form';
import { ApiTokensSection } from '../../features/profile/components/api-tokens-card';
import { CalendarFeedSection } from '../../features/profile/components/calendar-feed-card';
import { TwoFactorSection } from '../../features/profile/components/two-factor-section';
import { pageTitle } from '../../lib/site';
import { useLogOut } from '../layouts/account-actions';
import type { LoginLocationState } from './login';

const SIGNED_OUT_NOTICE = 'Please log in to view your profile';

/** Profile settings (docs/product.md#screens): display name, avatar, email (issue 19), password, log out. */
export function ProfileRoute() {
  useDocumentTitle(pageTitle('Profile Settings'));
  const { user, isLoading, refresh } = useAuth();
  const navigate = useNavigate();
  const { leaving, logOut } = useLogOut();
  // Typed but not saved: leaving asks first (issue 37).
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const { confirmLeave } = unsaved;

  useEffect(() => {
    // Logging out here goes to /, not to the signed-out redirect.
    if (isLoading || user || leaving) return;
    const state: LoginLocationState = { notice: SIGNED_OUT_NOTICE };
    void navigate(signInPath('/profile'), { replace: true, state });
  }, [isLoading, user, leaving, navigate]);

  if (isLoading) return <LoadingState label="Loading profile..." standalone />;
  if (!user) {
    return (
      <MessageScreen
        title={SIGNED_OUT_NOTICE}
        actions={
          <Button component={Link} to={signInPath('/profile')}>
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
            <BackLink
              onClick={(event) => {
                event.preventDefault();
                confirmLeave(() => void navigate('/'));
              }}
            />
            <Button
              variant="default"
              size="sm"
              onClick={() => confirmLeave(() => void logOut())}
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

          <ProfileForm key={user.id} user={user} onSaved={refresh} onDirtyChange={setDirty} />

          <ProfileSection title="Security" description="Changing it signs you out everywhere else.">
            <ChangePasswordForm />
          </ProfileSection>

          <TwoFactorSection username={user.username} />

          <ProfileSection title="Calendar feed" description={CALENDAR_FEED_MESSAGES.about}>
            <CalendarFeedSection />
          </ProfileSection>

          <ProfileSection title="API tokens" description={API_TOKEN_MESSAGES.about}>
            <ApiTokensSection />
          </ProfileSection>
        </Stack>
      </Container>
      {unsaved.dialog}
    </Box>
  );
}
