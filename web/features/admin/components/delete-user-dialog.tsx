import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/guarded-modal';
import { useUserDialog, type UserDialogProps } from '../hooks/use-user-dialog';
import { dialogToasts } from '../lib/dialog-toasts';
import { useDeleteUser } from '../../../api/admin';

/** Delete User: a confirmation; the server removes the user and everything of theirs. */
export function DeleteUserDialog(props: UserDialogProps) {
  const remove = useDeleteUser();
  const { user, dialog } = useUserDialog(props, remove.isPending);

  const confirm = () => {
    if (!user) return;
    remove.mutate(
      user.id,
      dialogToasts(
        () => ['User deleted', `${user.username} has been successfully deleted.`],
        ['Delete failed', 'Failed to delete user'],
        props.onClose,
      ),
    );
  };

  return (
    <ConfirmDialog
      {...dialog}
      title="Delete User"
      confirm={{
        label: 'Delete User',
        pendingLabel: 'Deleting...',
        color: 'red.9',
        onConfirm: confirm,
        focusCancel: true,
      }}
    >
      {user && (
        <Text>
          Are you sure you want to delete <strong>{user.username}</strong>? This action cannot be
          undone. It permanently removes the user and all of their data, including their videos.
        </Text>
      )}
    </ConfirmDialog>
  );
}
