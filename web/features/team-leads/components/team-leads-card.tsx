import { displayName } from '@domain/people';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { PublicUser } from '@domain/user';
import { PersonCard } from '../../../components/person-card';
import { SectionCard } from '../../../components/section-card';
import { useTeamLeadAssignments } from '../../../api/team-leads';
import { AssignTeamLeadDialog } from './assign-team-lead-dialog';
import { TeamLeadPairBadge } from './team-lead-badge';

const nameOf = (u: { name: string | null; username: string }) => displayName(u);

/**
 * The team tab's 'Client Team Leads' card (managers): each team lead with the clients it leads
 * (× removes one), and 'Assign Team Lead'. `teamLeads` are the team's users of that role.
 */
export function TeamLeadsCard({ teamLeads }: { teamLeads: readonly PublicUser[] }) {
  const pairs = useTeamLeadAssignments();
  const [assigning, setAssigning] = useState(false);
  const all = pairs.data ?? [];

  return (
    <SectionCard
      titleId="team-leads-title"
      title="Client Team Leads"
      action={<Button onClick={() => setAssigning(true)}>Assign Team Lead</Button>}
    >
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
          No client team leads yet. The king creates them on the admin page (role Client Team Lead).
        </Text>
      )}
      {pairs.isSuccess &&
        teamLeads.map((lead) => {
          const theirs = all.filter((p) => p.teamLeadId === lead.id);
          return (
            <PersonCard
              key={lead.id}
              person={lead}
              label={`Team lead ${nameOf(lead)}`}
              detail={`@${lead.username} · leads ${theirs.length} ${theirs.length === 1 ? 'client' : 'clients'}`}
            >
              {theirs.length === 0 && (
                <Text size="sm" c="dimmed">
                  No clients yet
                </Text>
              )}
              {theirs.map((p) => (
                <TeamLeadPairBadge key={p.id} pair={p} show="client" />
              ))}
            </PersonCard>
          );
        })}
      <AssignTeamLeadDialog opened={assigning} onClose={() => setAssigning(false)} pairs={all} />
    </SectionCard>
  );
}
