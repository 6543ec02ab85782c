import { ActionIcon, Avatar, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { canDeleteUser, canManageUser } from '@domain/admin';
import { normalizeRole, roleLabel, type Actor } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { IconEdit, IconKey, IconTrash } from './admin-icons';

export type UserAction = 'edit' | 'reset' | 'delete';

interface RowProps {
  user: PublicUser;
  actor: Actor;
  onAction: (action: UserAction, user: PublicUser) => void;
}

const ROLE_COLORS: Record<string, string> = {
  king: 'grape',
  lead_editor: 'indigo',
  editor: 'blue',
  client_team_lead: 'cyan',
  client: 'gray',
};

export function RoleBadge({ role }: { role: string }) {
  const color = ROLE_COLORS[normalizeRole(role)] ?? 'gray';
  return (
    // Shade 9 text keeps the small badge text above 4.5:1 on its light background.
    <Badge variant="light" color={color} c={`${color}.9`} radius="sm">
      {roleLabel(role)}
    </Badge>
  );
}

function initials(user: PublicUser) {
  return (user.name || user.username).slice(0, 2).toUpperCase();
}

export function UserAvatar({ user, size = 40 }: { user: PublicUser; size?: number }) {
  return (
    <Avatar src={user.avatarUrl || null} alt="" size={size} radius="xl" color="violet">
      {initials(user)}
    </Avatar>
  );
}

/** Which buttons this admin gets for this user (the server refuses the rest anyway). */
function allowed(actor: Actor, user: PublicUser) {
  const manage = canManageUser(actor, user);
  return { edit: manage, reset: manage, delete: canDeleteUser(actor, user) };
}

/** Detailed row: avatar, username, role, Admin badge, display name, labelled buttons. */
export function DetailedUserRow({ user, actor, onAction }: RowProps) {
  const can = allowed(actor, user);
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
              {user.isAdmin === 'true' && (
                <Badge color="red" c="red.9" variant="light" radius="sm">
                  Admin
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {user.name || 'No display name'}
            </Text>
          </div>
        </Group>
        {(can.edit || can.reset || can.delete) && (
          <Group gap="xs">
            {can.edit && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                onClick={() => onAction('edit', user)}
              >
                Edit
              </Button>
            )}
            {can.reset && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconKey size={14} />}
                onClick={() => onAction('reset', user)}
              >
                Reset Password
              </Button>
            )}
            {can.delete && (
              <Button
                size="xs"
                color="red"
                c="red.9"
                variant="light"
                leftSection={<IconTrash size={14} />}
                onClick={() => onAction('delete', user)}
              >
                Delete
              </Button>
            )}
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
  const can = allowed(actor, user);
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={6} aria-label={user.username}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <UserAvatar user={user} size={28} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {user.name || user.username}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              @{user.username} · Admin: {user.isAdmin === 'true' ? 'Yes' : 'No'}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <RoleBadge role={user.role} />
          <Group gap={2} wrap="nowrap">
            {can.edit && (
              <IconButton label="Edit" onClick={() => onAction('edit', user)}>
                <IconEdit size={16} />
              </IconButton>
            )}
            {can.reset && (
              <IconButton label="Reset Password" onClick={() => onAction('reset', user)}>
                <IconKey size={16} />
              </IconButton>
            )}
            {can.delete && (
              <IconButton label="Delete" color="red.9" onClick={() => onAction('delete', user)}>
                <IconTrash size={16} />
              </IconButton>
            )}
          </Group>
        </Group>
      </Group>
    </Paper>
  );
}
