import { Badge, type BadgeProps } from '@mantine/core';
import { roleGroupOf, type RoleGroup } from '@domain/people';
import { roleLabel } from '@domain/roles';

const ROLE_COLORS: Record<RoleGroup, string> = {
  king: 'grape',
  lead_editor: 'indigo',
  editor: 'blue',
  client_team_lead: 'cyan',
  client: 'gray',
};

/** A person's role, labelled and coloured the same on every screen (domain/roles.ts' labels). */
export function RoleBadge({ role, size }: { role: string; size?: BadgeProps['size'] }) {
  const color = ROLE_COLORS[roleGroupOf(role)];
  return (
    // Shade 9 text keeps the small badge text above 4.5:1 on its light background.
    <Badge size={size} variant="light" color={color} c={`${color}.9`} radius="sm">
      {roleLabel(role)}
    </Badge>
  );
}

/** The Admin badge of a person with admin privileges (the isAdmin flag). */
export function AdminBadge({ size }: { size?: BadgeProps['size'] }) {
  return (
    <Badge size={size} variant="light" color="red" c="red.9" radius="sm">
      Admin
    </Badge>
  );
}
