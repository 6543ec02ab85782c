import { displayName } from '@domain/people';
import { normalizeRole } from '@domain/roles';
import { TEAM_LEAD_MESSAGES, type TeamLeadAssignment } from '@domain/team-leads';
import { PairDialog, personOption } from '../../../components/pair-dialog';
import { useClients } from '../../../api/clients';
import { notifySuccess } from '../../../lib/notify';
import { useTeam } from '../../../api/users';
import { useAssignTeamLead } from '../../../api/team-leads';

const nameOf = (u: { name: string | null; username: string }) => displayName(u);

/**
 * 'Assign Team Lead' (managers): a client (role client) and a client team lead; a pair that
 * already exists cannot be picked. Either side may come fixed (the managed-user page).
 */
export function AssignTeamLeadDialog({
  opened,
  onClose,
  pairs,
  fixedClientId,
  fixedTeamLeadId,
}: {
  opened: boolean;
  onClose: () => void;
  /** The existing pairs, so a taken one is not offered. */
  pairs: readonly TeamLeadAssignment[];
  fixedClientId?: string;
  fixedTeamLeadId?: string;
}) {
  const clients = useClients({ enabled: opened });
  const team = useTeam(opened);
  const assign = useAssignTeamLead();

  const taken = (c: string, l: string) => pairs.some((p) => p.clientId === c && p.teamLeadId === l);

  return (
    <PairDialog
      opened={opened}
      onClose={onClose}
      title="Assign Team Lead"
      description="A client team lead acts for the client: it sees the client's videos, comments on them and approves them as the client does."
      first={{
        noun: 'client',
        loading: clients.isLoading,
        fixed: fixedClientId,
        options: (lead) =>
          (clients.data ?? []).map((c) => personOption(c, '', lead ? taken(c.id, lead) : false)),
      }}
      second={{
        noun: 'team lead',
        loading: team.isLoading,
        nothingFound: 'No client team leads yet: create one on the admin page',
        fixed: fixedTeamLeadId,
        options: (client) =>
          (team.data ?? [])
            .filter((u) => normalizeRole(u.role) === 'client_team_lead')
            .map((u) => personOption(u, '', client ? taken(client, u.id) : false)),
      }}
      taken={taken}
      pending={assign.isPending}
      submitLabel="Assign Team Lead"
      pendingLabel="Assigning..."
      save={(clientId, teamLeadId) => assign.mutateAsync({ clientId, teamLeadId })}
      onSaved={(made) =>
        notifySuccess(
          TEAM_LEAD_MESSAGES.assigned,
          `${nameOf(made.teamLead)} now leads ${nameOf(made.client)}.`,
        )
      }
      failure="Failed to assign team lead"
    />
  );
}
