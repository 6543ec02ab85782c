import { displayName } from '@domain/people';
import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { canDeleteUser, canManageUser } from '@domain/admin';
import type { Actor } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { IconEdit, IconKey, IconTrash } from './admin-icons';
import { PersonAvatar } from '../../../components/person-avatar';
import { AdminBadge, RoleBadge } from '../../../components/role-badge';

export type UserAction = 'edit' | 'reset' | 'delete';

interface RowProps {
  user: PublicUser;
  actor: Actor;
  onAction: (action: UserAction, user: PublicUser) => void;
}

export function UserAvatar({ user, size = 40 }: { user: PublicUser; size?: number }) {
  return <PersonAvatar person={user} size={size} />;
}

/** The actions on a user, in button order; Delete is drawn in red. */
const ACTIONS = [
  { action: 'edit', label: 'Edit', Icon: IconEdit },
  { action: 'reset', label: 'Reset Password', Icon: IconKey },
  { action: 'delete', label: 'Delete', Icon: IconTrash },
] as const;

/** The actions this admin gets for this user (the server refuses the rest anyway). */
function allowed(actor: Actor, user: PublicUser) {
  const manage = canManageUser(actor, user);
  const can = { edit: manage, reset: manage, delete: canDeleteUser(actor, user) };
  return ACTIONS.filter((a) => can[a.action]);
}

/** Detailed row: avatar, username, role, Admin badge, display name, labelled buttons. */
export function DetailedUserRow({ user, actor, onAction }: RowProps) {
  const actions = allowed(actor, user);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={user.username}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <UserAvatar user={user} />
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} truncate>
                {user.username}
              </Text>
              <RoleBadge role={user.role} />
              {user.isAdmin === 'true' && <AdminBadge />}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {user.name || 'No display name'}
            </Text>
          </div>
        </Group>
        {actions.length > 0 && (
          <Group gap="xs">
            {actions.map(({ action, label, Icon }) => (
              <Button
                key={action}
                size="xs"
                {...(action === 'delete'
                  ? { color: 'red', c: 'red.9', variant: 'light' }
                  : { variant: 'default' })}
                leftSection={<Icon size={14} />}
                onClick={() => onAction(action, user)}
              >
                {label}
              </Button>
            ))}
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function IconButton({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="subtle" color={color ?? 'gray'} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Compact row: avatar, name, @username, role, Admin Yes or No, icon buttons. */
export function CompactUserRow({ user, actor, onAction }: RowProps) {
  const actions = allowed(actor, user);
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={6} aria-label={user.username}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <UserAvatar user={user} size={28} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {displayName(user)}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              @{user.username} · Admin: {user.isAdmin === 'true' ? 'Yes' : 'No'}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <RoleBadge role={user.role} />
          <Group gap={2} wrap="nowrap">
            {actions.map(({ action, label, Icon }) => (
              <IconButton
                key={action}
                label={label}
                color={action === 'delete' ? 'red.9' : undefined}
                onClick={() => onAction(action, user)}
              >
                <Icon size={16} />
              </IconButton>
            ))}
          </Group>
        </Group>
      </Group>
    </Paper>
  );
}
