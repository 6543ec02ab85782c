import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { assignableClients } from '../../../../domain/lead-dashboard';
import { useCreateAssignment } from '../../../api/assignments';
import { useClients } from '../../../api/clients';
import { useEditors } from '../../../api/editors';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 'Create New Assignment' (SPEC.md section 2): clients (role client) not yet assigned to every
 * editor, editors (role editor), each with their counts; confirm disabled until both are chosen.
 */
export function CreateAssignmentDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const clients = useClients();
  const editors = useEditors();
  const create = useCreateAssignment();
  const [clientId, setClientId] = useState<string | null>(null);
  const [editorId, setEditorId] = useState<string | null>(null);

  const close = () => {
    if (create.isPending) return;
    setClientId(null);
    setEditorId(null);
    onClose();
  };

  const editorList = editors.data ?? [];
  const clientOptions = assignableClients(clients.data ?? [], editorList.length).map((c) => ({
    value: c.id,
    label: `${c.name || c.username} (@${c.username}) · ${plural(c.editorCount, 'editor', 'editors')}`,
  }));
  const editorOptions = editorList.map((e) => ({
    value: e.id,
    label: `${e.name || e.username} (@${e.username}) · ${plural(e.clientCount, 'client', 'clients')}`,
  }));

  const submit = () => {
    if (!clientId || !editorId) return;
    create.mutate(
      { clientId, editorId },
      {
        onSuccess: () => {
          notifySuccess('Editor assigned successfully');
          setClientId(null);
          setEditorId(null);
          onClose();
        },
        onError: (error) =>
          notifyError('Failed to create assignment', getErrorMessage(error, 'An error occurred')),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create New Assignment"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Assign an editor to work with a client
        </Text>
        <Select
          label="Client"
          placeholder={clients.isLoading ? 'Loading clients...' : 'Choose a client'}
          data={clientOptions}
          value={clientId}
          onChange={setClientId}
          searchable
          nothingFoundMessage="No clients left to assign"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Editor"
          placeholder={editors.isLoading ? 'Loading editors...' : 'Choose an editor'}
          data={editorOptions}
          value={editorId}
          onChange={setEditorId}
          searchable
          nothingFoundMessage="No editors found"
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!clientId || !editorId || create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Assignment'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
