import { displayName } from '@domain/people';
import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { normalizeRole } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetVip } from '../../../api/admin';
import { sortUsers } from '../lib/user-list';
import { IconStar } from './admin-icons';
import { StatTile } from './stat-tile';
import { UserAvatar } from './user-rows';
import classes from './user-management.module.css';

function ClientLine({
  user,
  action,
  pending,
  onClick,
}: {
  user: PublicUser;
  action: 'Make VIP' | 'Remove VIP';
  pending: boolean;
  onClick: () => void;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={user.username}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar user={user} size={36} />
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} truncate>
                {displayName(user)}
              </Text>
              {user.isVip && (
                <Badge
                  color="yellow"
                  c="dark.7"
                  variant="light"
                  radius="sm"
                  leftSection={<IconStar size={10} />}
                >
                  VIP
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              @{user.username}
            </Text>
          </div>
        </Group>
        <Button
          size="xs"
          variant={action === 'Make VIP' ? 'filled' : 'default'}
          loading={pending}
          onClick={onClick}
          style={{ flexShrink: 0 }}
        >
          {action}
        </Button>
      </Group>
    </Paper>
  );
}

/** The tab's two lists: VIP clients lose the flag, regular ones (scrolling past 24rem) get it. */
const LISTS = {
  vip: {
    title: 'VIP Clients',
    name: 'VIP clients',
    empty: 'No VIP clients yet',
    action: 'Remove VIP',
  },
  regular: {
    title: 'Regular Clients',
    name: 'Regular clients',
    empty: 'All clients are VIP!',
    action: 'Make VIP',
  },
} as const;

function ClientList({
  list,
  clients,
  pendingId,
  onToggle,
}: {
  list: keyof typeof LISTS;
  clients: PublicUser[];
  pendingId: string | null;
  onToggle: (user: PublicUser) => void;
}) {
  const { title, name, empty, action } = LISTS[list];
  const items = (
    <ul className={classes.list} aria-label={name}>
      {clients.map((u) => (
        <ClientLine
          key={u.id}
          user={u}
          action={action}
          pending={pendingId === u.id}
          onClick={() => onToggle(u)}
        />
      ))}
    </ul>
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="lg" mb="sm">
        {title}
      </Title>
      {clients.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : list === 'regular' ? (
        // Focusable so keyboard users can scroll it too.
        <Box className={classes.scroll} tabIndex={0} role="region" aria-label={`${name} list`}>
          {items}
        </Box>
      ) : (
        items
      )}
    </Paper>
  );
}

/** The VIP Management tab: clients split into VIP and regular, toggled one by one. */
export function VipManagement({ users }: { users: PublicUser[] }) {
  const setVip = useSetVip();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const clients = sortUsers(users.filter((u) => normalizeRole(u.role) === 'client'));
  const vip = clients.filter((u) => u.isVip);
  const regular = clients.filter((u) => !u.isVip);

  const toggle = (user: PublicUser) => {
    setPendingId(user.id);
    setVip.mutate(
      { id: user.id, isVip: !user.isVip },
      {
        onSuccess: (saved) => {
          const who = displayName(saved);
          notifySuccess(
            'VIP status updated',
            saved.isVip ? `${who} is now VIP` : `${who} is no longer VIP`,
          );
        },
        onError: (error) =>
          notifyError('VIP update failed', getErrorMessage(error, 'Failed to update VIP status')),
        onSettled: () => setPendingId(null),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Title order={2} fz={{ base: 20, sm: 24 }}>
        VIP Client Management
      </Title>
      <SimpleGrid cols={{ base: 3 }} spacing="sm">
        <StatTile label="VIP Clients" value={vip.length} color="yellow" />
        <StatTile label="Regular Clients" value={regular.length} />
        <StatTile label="Total Clients" value={clients.length} />
      </SimpleGrid>

      <ClientList list="vip" clients={vip} pendingId={pendingId} onToggle={toggle} />
      <ClientList list="regular" clients={regular} pendingId={pendingId} onToggle={toggle} />
    </Stack>
  );
}
