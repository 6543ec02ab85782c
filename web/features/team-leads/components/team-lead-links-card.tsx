import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { normalizeRole } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { useTeamLeadAssignments } from '../../../api/team-leads';
import { AssignTeamLeadDialog } from './assign-team-lead-dialog';
import { TeamLeadPairBadge } from './team-lead-badge';

/**
 * The managed-user page's team-lead card (managers): a client's team leads, or the clients a
 * team lead leads, each removable, and a button to add one.
 */
export function TeamLeadLinksCard({ target }: { target: PublicUser }) {
  const pairs = useTeamLeadAssignments();
  const [adding, setAdding] = useState(false);
  const isLead = normalizeRole(target.role) === 'client_team_lead';
  const all = pairs.data ?? [];
  const theirs = all.filter((p) => (isLead ? p.teamLeadId : p.clientId) === target.id);
  const title = isLead ? 'Led Clients' : 'Team Leads';

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="team-lead-links">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="team-lead-links">
          {title}
        </Title>
        <Button variant="light" onClick={() => setAdding(true)}>
          {isLead ? 'Add Client' : 'Assign Team Lead'}
        </Button>
      </Group>
      {pairs.isLoading && <Text c="dimmed">Loading...</Text>}
      {pairs.isError && (
        <Text c="red.8" role="alert">
          Failed to fetch team leads
        </Text>
      )}
      {pairs.isSuccess && theirs.length === 0 && (
        <Text c="dimmed">{isLead ? 'Leads no client yet' : 'No team lead yet'}</Text>
      )}
      <Group gap={6}>
        {theirs.map((p) => (
          <TeamLeadPairBadge key={p.id} pair={p} show={isLead ? 'client' : 'teamLead'} />
        ))}
      </Group>
      <AssignTeamLeadDialog
        opened={adding}
        onClose={() => setAdding(false)}
        pairs={all}
        fixedClientId={isLead ? undefined : target.id}
        fixedTeamLeadId={isLead ? target.id : undefined}
      />
    </Card>
  );
}
