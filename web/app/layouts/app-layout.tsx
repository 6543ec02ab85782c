import { displayName } from '@domain/people';
import {
  Badge,
  Box,
  Burger,
  Button,
  Container,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { hasPayouts, PAYOUT_LABELS } from '@domain/payout-labels';
import { isKing, normalizeRole } from '@domain/roles';
import { IconCalendar, IconVideo } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { PhoneSheet } from '../../components/phone-sheet';
import { PersonAvatar } from '../../components/person-avatar';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useVideoCount } from '../../api/videos';
import { usePhoneLayout } from '../../hooks/use-phone-layout';
import { AddVideoDialog } from '../../features/videos/components/lazy-dialogs';
import { IconPlus, IconUser } from '../../components/videos/video-icons';
import { useAccountActions } from './account-actions';

/** The phone bottom bar; toasts.module.css lifts the toasts above it. */
const BOTTOM_BAR_HEIGHT = 64;

/**
 * The signed-in frame (docs/product.md#screens 'Header'): title, total videos, Add Video, the
 * notifications bell and the avatar menu (avatar upload, Profile, Refresh Account, Admin
 * Dashboard for admins, Invoice for the king, Log out). On phones: a hamburger menu and a
 * bottom bar with Add and Profile. The global Add New Video dialog lives here.
 */
/** Nobody yet (the header renders before the user loads): an avatar without initials. */
const SIGNED_OUT = { name: null, username: '' };

export function AppLayout() {
  const account = useAccountActions();
  const { user } = account;
  const videoCount = useVideoCount({ enabled: Boolean(user) });
  const [adding, setAdding] = useState(false);
  const [menuOpen, menu] = useDisclosure(false);
  const name = user ? displayName(user) : '';
  const admin = user?.isAdmin === 'true';
  const king = user ? isKing(user) : false;
  const payee = user ? hasPayouts(user) : false;
  const total = videoCount.data?.count;
  const phone = usePhoneLayout();
  // Until the count arrives the badge holds its place unseen, so the header does not grow
  // (on a phone it flows in the title's line) and push the page down when it comes.
  const totalBadge = (
    <Badge
      component="span"
      variant="light"
      color="violet"
      style={{
        flexShrink: 0,
        verticalAlign: 'middle',
        visibility: total === undefined ? 'hidden' : undefined,
      }}
      aria-hidden={total === undefined || undefined}
      data-testid={total === undefined ? undefined : 'total-videos'}
    >
      {total ?? 0} {total === 1 ? 'video' : 'videos'}
    </Badge>
  );

  return (
    <Box mih="100dvh" bg="gray.0">
      <input
        ref={account.fileInput}
        type="file"
        accept="image/*"
        hidden
        aria-label="Upload avatar"
        data-testid="avatar-file"
        onChange={(e) => void account.onFile(e.currentTarget.files?.[0])}
      />
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
              {phone ? (
                // The count flows after the title's last word, so the title keeps two lines.
                <Text fw={700} fz="sm" lh={1.25}>
                  Video Management Dashboard {totalBadge}
                </Text>
              ) : (
                <>
                  <Text fw={700} fz={{ base: 'sm', sm: 'lg' }} lh={1.25}>
                    Video Management Dashboard
                  </Text>
                  {totalBadge}
                </>
              )}
            </Group>
            <Group component="nav" aria-label="Account" gap="sm" wrap="nowrap">
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to="/calendar"
                leftSection={<IconCalendar size={16} />}
                visibleFrom="sm"
              >
                Calendar
              </Button>
              <Button
                size="xs"
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding(true)}
                visibleFrom="sm"
              >
                Add Video
              </Button>
              <NotificationBell />
              <Box visibleFrom="sm">
                <Menu position="bottom-end" width={220} shadow="md">
                  <Menu.Target>
                    <UnstyledButton aria-label="Account menu" style={{ borderRadius: '50%' }}>
                      <PersonAvatar person={user ?? SIGNED_OUT} />
                    </UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Label>{name}</Menu.Label>
                    <Menu.Item onClick={account.chooseAvatar} disabled={account.uploading}>
                      {account.uploading ? 'Uploading avatar...' : 'Change avatar'}
                    </Menu.Item>
                    <Menu.Item component={Link} to="/profile">
                      Profile
                    </Menu.Item>
                    <Menu.Item onClick={() => void account.refreshAccount()}>
                      Refresh Account
                    </Menu.Item>
                    {admin && (
                      <Menu.Item component={Link} to="/admin">
                        Admin Dashboard
                      </Menu.Item>
                    )}
                    {payee && (
                      <Menu.Item component={Link} to="/payouts">
                        {PAYOUT_LABELS.myPayouts}
                      </Menu.Item>
                    )}
                    {king && (
                      <Menu.Item component={Link} to="/invoicing">
                        Invoice
                      </Menu.Item>
                    )}
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      onClick={() => void account.logOut()}
                      disabled={account.leaving}
                    >
                      {account.leaving ? 'Logging out...' : 'Log out'}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Box>
              <Burger
                hiddenFrom="sm"
                opened={menuOpen}
                onClick={menu.toggle}
                aria-label="Open menu"
                size="sm"
              />
            </Group>
          </Group>
        </Container>
      </Box>
      <PhoneSheet side="right" title="Menu" opened={menuOpen} onClose={menu.close}>
        <Stack gap={4}>
          <Group gap="sm" mb="sm">
            <PersonAvatar person={user ?? SIGNED_OUT} />
            <Stack gap={0}>
              <Text fw={600}>{name}</Text>
              {user && (
                <Text size="sm" c="dimmed">
                  {normalizeRole(user.role).replaceAll('_', ' ')}
                  {total !== undefined ? ` · ${total} videos` : ''}
                </Text>
              )}
            </Stack>
          </Group>
          <NavLink
            component="button"
            label="Change avatar"
            onClick={() => {
              menu.close();
              account.chooseAvatar();
            }}
          />
          <NavLink component={Link} to="/calendar" label="Calendar" onClick={menu.close} />
          <NavLink component={Link} to="/profile" label="Profile" onClick={menu.close} />
          <NavLink
            component="button"
            label="Refresh Account"
            onClick={() => {
              menu.close();
              void account.refreshAccount();
            }}
          />
          {admin && (
            <NavLink component={Link} to="/admin" label="Admin Dashboard" onClick={menu.close} />
          )}
          {payee && (
            <NavLink
              component={Link}
              to="/payouts"
              label={PAYOUT_LABELS.myPayouts}
              onClick={menu.close}
            />
          )}
          {king && (
            <NavLink component={Link} to="/invoicing" label="Invoice" onClick={menu.close} />
          )}
          <NavLink
            component="button"
            label="Log out"
            c="red.8"
            onClick={() => {
              menu.close();
              void account.logOut();
            }}
          />
        </Stack>
      </PhoneSheet>
      <Box component="main" pb={{ base: BOTTOM_BAR_HEIGHT, sm: 0 }}>
        <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={<LoadingState label="Loading page..." />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <Box
        component="nav"
        aria-label="Quick actions"
        hiddenFrom="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        h={BOTTOM_BAR_HEIGHT}
        bg="white"
        px="md"
        style={{
          borderTop: '1px solid var(--mantine-color-gray-3)',
          zIndex: 150,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-around',
        }}
      >
        <Button
          variant="subtle"
          leftSection={<IconPlus size={18} />}
          onClick={() => setAdding(true)}
        >
          Add
        </Button>
        <Button
          variant="subtle"
          component={Link}
          to="/calendar"
          leftSection={<IconCalendar size={18} />}
        >
          Calendar
        </Button>
        <Button
          variant="subtle"
          component={Link}
          to="/profile"
          leftSection={<IconUser size={18} />}
        >
          Profile
        </Button>
      </Box>
      <AddVideoDialog opened={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}
