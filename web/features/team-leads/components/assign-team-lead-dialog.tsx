import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { normalizeRole } from '../../../../domain/roles';
import { TEAM_LEAD_MESSAGES } from '../../../../domain/team-leads';
import { useClients } from '../../../api/clients';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTeam } from '../../team/api/get-team';
import { useAssignTeamLead } from '../api/change-team-leads';
import type { TeamLeadAssignment } from '../../../../domain/team-leads';

const nameOf = (u: { name: string | null; username: string }) => u.name || u.username;

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
  const [clientId, setClientId] = useState<string | null>(null);
  const [teamLeadId, setTeamLeadId] = useState<string | null>(null);
  const client = fixedClientId ?? clientId;
  const lead = fixedTeamLeadId ?? teamLeadId;

  const close = () => {
    if (assign.isPending) return;
    setClientId(null);
    setTeamLeadId(null);
    onClose();
  };

  const taken = (c: string, l: string) => pairs.some((p) => p.clientId === c && p.teamLeadId === l);
  const clientOptions = (clients.data ?? []).map((c) => ({
    value: c.id,
    label: `${nameOf(c)} (@${c.username})`,
    disabled: lead ? taken(c.id, lead) : false,
  }));
  const leadOptions = (team.data ?? [])
    .filter((u) => normalizeRole(u.role) === 'client_team_lead')
    .map((u) => ({
      value: u.id,
      label: `${nameOf(u)} (@${u.username})`,
      disabled: client ? taken(client, u.id) : false,
    }));

  const submit = () => {
    if (!client || !lead) return;
    assign.mutate(
      { clientId: client, teamLeadId: lead },
      {
        onSuccess: (made) => {
          notifySuccess(
            TEAM_LEAD_MESSAGES.assigned,
            `${nameOf(made.teamLead)} now leads ${nameOf(made.client)}.`,
          );
          setClientId(null);
          setTeamLeadId(null);
          onClose();
        },
        onError: (error) =>
          notifyError('Failed to assign team lead', getErrorMessage(error, 'An error occurred')),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Assign Team Lead"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A client team lead acts for the client: it sees the client&apos;s videos, comments on them
          and approves them as the client does.
        </Text>
        {!fixedClientId && (
          <Select
            label="Client"
            placeholder={clients.isLoading ? 'Loading clients...' : 'Choose a client'}
            data={clientOptions}
            value={clientId}
            onChange={setClientId}
            searchable
            nothingFoundMessage="No clients found"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {!fixedTeamLeadId && (
          <Select
            label="Team lead"
            placeholder={team.isLoading ? 'Loading team leads...' : 'Choose a team lead'}
            data={leadOptions}
            value={teamLeadId}
            onChange={setTeamLeadId}
            searchable
            nothingFoundMessage="No client team leads yet: create one on the admin page"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            disabled={!client || !lead || taken(client, lead) || assign.isPending}
          >
            {assign.isPending ? 'Assigning...' : 'Assign Team Lead'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
