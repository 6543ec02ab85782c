import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { displayName } from '@domain/people';
import { normalizeRole } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { PersonAvatar } from '../../../components/person-avatar';
import { AdminBadge, RoleBadge } from '../../../components/role-badge';
import { VipBadge } from '../../../components/vip-badge';

/**
 * One person on the team tab, aware of assignments: an editor lists the clients they work
 * with, a client team lead the clients it leads, a client the editors assigned to them. The
 * name opens their managed-user page.
 */
export function MemberCard({
  member,
  linked,
  compact,
}: {
  member: PublicUser;
  /** The member's other side: clients of an editor or team lead, editors of a client. */
  linked: PublicUser[];
  compact: boolean;
}) {
  const role = normalizeRole(member.role);
  const linkedLabel = role === 'client' ? 'Editors' : 'Clients';
  const showLinked = role === 'client' || role === 'editor' || role === 'client_team_lead';
  return (
    <Card
      withBorder
      padding={compact ? 'xs' : 'sm'}
      radius="md"
      component="article"
      aria-label={displayName(member)}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {!compact && <PersonAvatar person={member} size="md" />}
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Anchor component={Link} to={`/dashboard/team/user/${member.id}`} fw={600}>
              {displayName(member)}
            </Anchor>
            <RoleBadge size="sm" role={member.role} />
            {member.isAdmin === 'true' && <AdminBadge size="sm" />}
            {member.isVip && <VipBadge />}
          </Group>
          <Text size="sm" c="dimmed">
            @{member.username}
          </Text>
          {showLinked && !compact && (
            <Text size="sm">
              <Text span c="dimmed">
                {linkedLabel}:{' '}
              </Text>
              {linked.length
                ? linked.map(displayName).join(', ')
                : role === 'client'
                  ? 'Unassigned'
                  : 'None yet'}
            </Text>
          )}
          {showLinked && compact && (
            <Text size="xs" c="dimmed">
              {linked.length} {linkedLabel.toLowerCase()}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
