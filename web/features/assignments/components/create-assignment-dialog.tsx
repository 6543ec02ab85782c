import { assignableClients } from '../../../../domain/lead-dashboard';
import { useCreateAssignment } from '../../../api/assignments';
import { useClients } from '../../../api/clients';
import { useEditors } from '../../../api/editors';
import { PairDialog, personOption } from '../../../components/pair-dialog';
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
        label: 'Client',
        placeholder: clients.isLoading ? 'Loading clients...' : 'Choose a client',
        nothingFound: 'No clients left to assign',
        options: () => clientOptions,
      }}
      second={{
        label: 'Editor',
        placeholder: editors.isLoading ? 'Loading editors...' : 'Choose an editor',
        nothingFound: 'No editors found',
        options: () => editorOptions,
      }}
      pending={create.isPending}
      submitLabel="Create Assignment"
      pendingLabel="Creating..."
      onSubmit={(clientId, editorId, done) =>
        create.mutate(
          { clientId, editorId },
          {
            onSuccess: () => {
              notifySuccess('Editor assigned successfully');
              done();
            },
            onError: (error) =>
              notifyError(
                'Failed to create assignment',
                getErrorMessage(error, 'An error occurred'),
              ),
          },
        )
      }
    />
  );
}
