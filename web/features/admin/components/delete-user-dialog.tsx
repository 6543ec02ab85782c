import { Stack, Text } from '@mantine/core';
import type { PublicUser } from '@domain/user';
import { DialogButtons, GuardedModal } from '../../../components/guarded-modal';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLastDefined } from '../hooks/use-last-defined';
import { useDeleteUser } from '../../../api/admin';

interface DeleteUserDialogProps {
  user: PublicUser | null;
  onClose: () => void;
}

/** Delete User: a confirmation; the server removes the user and everything of theirs. */
export function DeleteUserDialog({ user: selected, onClose }: DeleteUserDialogProps) {
  const user = useLastDefined(selected);
  const remove = useDeleteUser();
  const pending = remove.isPending;

  const confirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        notifySuccess('User deleted', `${user.username} has been successfully deleted.`);
        onClose();
      },
      onError: (error) =>
        notifyError('Delete failed', getErrorMessage(error, 'Failed to delete user')),
    });
  };

  return (
    <GuardedModal
      opened={selected !== null}
      onClose={onClose}
      title="Delete User"
      pending={pending}
    >
      {user && (
        <Stack gap="md">
          <Text>
            Are you sure you want to delete <strong>{user.username}</strong>? This action cannot be
            undone. It permanently removes the user and all of their data, including their videos.
          </Text>
          <DialogButtons
            onCancel={onClose}
            pending={pending}
            label="Delete User"
            pendingLabel="Deleting..."
            color="red.9"
            onConfirm={confirm}
            focusCancel
          />
        </Stack>
      )}
    </GuardedModal>
  );
}
