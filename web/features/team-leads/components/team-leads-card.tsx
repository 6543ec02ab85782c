import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PublicUser } from '../../../../domain/user';
import { useTeamLeadAssignments } from '../../../api/team-leads';
import { AssignTeamLeadDialog } from './assign-team-lead-dialog';
import { TeamLeadPairBadge } from './team-lead-badge';

const nameOf = (u: { name: string | null; username: string }) => u.name || u.username;

/**
 * The team tab's 'Client Team Leads' card (managers): each team lead with the clients it leads
 * (× removes one), and 'Assign Team Lead'. `teamLeads` are the team's users of that role.
 */
export function TeamLeadsCard({ teamLeads }: { teamLeads: readonly PublicUser[] }) {
  const pairs = useTeamLeadAssignments();
  const [assigning, setAssigning] = useState(false);
  const all = pairs.data ?? [];

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="team-leads-title"
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="team-leads-title">
            Client Team Leads
          </Title>
          <Button onClick={() => setAssigning(true)}>Assign Team Lead</Button>
        </Group>
        {pairs.isLoading && (
          <Text c="dimmed" role="status">
            Loading team leads...
          </Text>
        )}
        {pairs.isError && (
          <Text c="red.8" role="alert">
            Failed to fetch team leads
          </Text>
        )}
        {pairs.isSuccess && teamLeads.length === 0 && (
          <Text c="dimmed">
            No client team leads yet. The king creates them on the admin page (role Client Team
            Lead).
          </Text>
        )}
        {pairs.isSuccess &&
          teamLeads.map((lead) => {
            const theirs = all.filter((p) => p.teamLeadId === lead.id);
            return (
              <Card
                key={lead.id}
                withBorder
                padding="sm"
                radius="md"
                component="article"
                aria-label={`Team lead ${nameOf(lead)}`}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <Avatar src={lead.avatarUrl} alt="" name={nameOf(lead)} size="md" />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {nameOf(lead)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        @{lead.username} · leads {theirs.length}{' '}
                        {theirs.length === 1 ? 'client' : 'clients'}
                      </Text>
                    </div>
                  </Group>
                  <Group gap={6}>
                    {theirs.length === 0 && (
                      <Text size="sm" c="dimmed">
                        No clients yet
                      </Text>
                    )}
                    {theirs.map((p) => (
                      <TeamLeadPairBadge key={p.id} pair={p} show="client" />
                    ))}
                  </Group>
                </Group>
              </Card>
            );
          })}
      </Stack>
      <AssignTeamLeadDialog opened={assigning} onClose={() => setAssigning(false)} pairs={all} />
    </Card>
  );
}
