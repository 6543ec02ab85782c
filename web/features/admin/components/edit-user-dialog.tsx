import { Select, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import {
  ASSIGNABLE_ROLES,
  canChangeRoleAndAdmin,
  canToggleAdmin,
  editUserForm,
  editUserPayload,
  isRoleFixed,
  type AssignableRole,
} from '@domain/admin';
import { normalizeRole, ROLE_LABELS, type Actor } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { ConfirmDialog } from '../../../components/guarded-modal';
import { useUserDialog, type UserDialogProps } from '../hooks/use-user-dialog';
import { dialogToasts } from '../lib/dialog-toasts';
import { useUpdateUser } from '../../../api/admin';

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

interface EditUserDialogProps extends UserDialogProps {
  actor: Actor;
  /** Called after saving one's own account, to refresh the signed-in user. */
  onSavedSelf: () => void;
}

function initialValues(user: PublicUser | null) {
  const role = user ? normalizeRole(user.role) : 'client';
  return {
    name: user?.name ?? '',
    isAdmin: user?.isAdmin === 'true',
    role: (ASSIGNABLE_ROLES as readonly string[]).includes(role) ? (role as AssignableRole) : null,
  };
}

/** Edit User: the display name; for the king also the role and the admin switch. */
export function EditUserDialog({ actor, onSavedSelf, ...props }: EditUserDialogProps) {
  const selected = props.user;
  const update = useUpdateUser();
  const { user, dialog } = useUserDialog(props, update.isPending);
  const form = useForm({
    mode: 'controlled',
    initialValues: initialValues(user),
    validate: schemaResolver(editUserForm, { sync: true }),
  });

  // Each opening starts from the user's current values.
  useEffect(() => {
    if (!selected) return;
    form.setValues(initialValues(selected));
    form.resetDirty();
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [selected]);

  const king = canChangeRoleAndAdmin(actor);

  const submit = form.onSubmit((values) => {
    if (!user) return;
    update.mutate(
      { id: user.id, body: editUserPayload(actor, user, values) },
      dialogToasts(
        () => ['User updated', 'User has been successfully updated.'],
        ['Update failed', 'Failed to update user'],
        () => {
          if (user.id === actor.id) onSavedSelf();
          props.onClose();
        },
      ),
    );
  });

  return (
    <ConfirmDialog
      {...dialog}
      title="Edit User"
      description={user && <>Editing @{user.username}</>}
      onSubmit={submit}
      confirm={{ label: 'Save Changes', pendingLabel: 'Saving...' }}
    >
      {user && (
        <>
          <TextInput
            label="Name"
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
          />
          {king &&
            (isRoleFixed(user) ? (
              <div>
                <Text size="sm" fw={500}>
                  Role
                </Text>
                <Text size="sm">System Admin (King)</Text>
                <Text size="xs" c="dimmed">
                  The king role cannot be modified for security reasons.
                </Text>
              </div>
            ) : (
              <Select
                label="Role"
                placeholder="Keep the current role"
                data={ROLE_OPTIONS}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('role')}
              />
            ))}
          {king && (
            <Switch
              label="Admin Privileges"
              description={
                canToggleAdmin(actor, user)
                  ? 'Can open the admin dashboard and manage users'
                  : 'You cannot change your own admin privileges'
              }
              disabled={!canToggleAdmin(actor, user)}
              {...form.getInputProps('isAdmin', { type: 'checkbox' })}
            />
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
