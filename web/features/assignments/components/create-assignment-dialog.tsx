import { assignableClients } from '@domain/lead-dashboard';
import { useCreateAssignment } from '../../../api/assignments';
import { useClients } from '../../../api/clients';
import { useEditors } from '../../../api/editors';
import { PairDialog, personOption } from '../../../components/pair-dialog';
import { notifySuccess } from '../../../lib/notify';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 'Create New Assignment' (docs/product.md#screens): clients (role client) not yet assigned to every
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

  const editorList = editors.data ?? [];
  const clientOptions = assignableClients(clients.data ?? [], editorList.length).map((c) =>
    personOption(c, ` · ${plural(c.editorCount, 'editor', 'editors')}`),
  );
  const editorOptions = editorList.map((e) =>
    personOption(e, ` · ${plural(e.clientCount, 'client', 'clients')}`),
  );

  return (
    <PairDialog
      opened={opened}
      onClose={onClose}
      title="Create New Assignment"
      description="Assign an editor to work with a client"
      first={{
        noun: 'client',
        loading: clients.isLoading,
        nothingFound: 'No clients left to assign',
        options: () => clientOptions,
      }}
      second={{ noun: 'editor', loading: editors.isLoading, options: () => editorOptions }}
      pending={create.isPending}
      submitLabel="Create Assignment"
      pendingLabel="Creating..."
      save={(clientId, editorId) => create.mutateAsync({ clientId, editorId })}
      onSaved={() => notifySuccess('Editor assigned successfully')}
      failure="Failed to create assignment"
    />
  );
}
