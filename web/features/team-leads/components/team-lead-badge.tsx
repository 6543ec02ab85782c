import { displayName } from '@domain/people';
import { RemovableBadge } from '../../../components/removable-badge';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRemoveTeamLead } from '../../../api/team-leads';
import type { TeamLeadAssignment } from '@domain/team-leads';

const nameOf = (u: { name: string | null; username: string }) => displayName(u);

/**
 * One client-team lead pair as a badge naming one side (`show`), with a × that removes it
 * (managers; the server refuses anyone else).
 */
export function TeamLeadPairBadge({
  pair,
  show,
}: {
  pair: TeamLeadAssignment;
  show: 'client' | 'teamLead';
}) {
  const remove = useRemoveTeamLead();
  const client = nameOf(pair.client);
  const lead = nameOf(pair.teamLead);
  const doRemove = () =>
    remove.mutate(
      { clientId: pair.clientId, teamLeadId: pair.teamLeadId },
      {
        onSuccess: () => notifySuccess('Team lead removed', `${lead} no longer leads ${client}.`),
        onError: (error) =>
          notifyError('Failed to remove team lead', getErrorMessage(error, 'An error occurred')),
      },
    );
  return (
    <RemovableBadge
      label={show === 'client' ? client : lead}
      color="cyan"
      action="Remove"
      actionLabel={`Remove ${lead} as team lead of ${client}`}
      onRemove={doRemove}
      disabled={remove.isPending}
    />
  );
}
