import { Select } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { createUserForm, creatableRoles, type AssignableRole } from '@domain/admin';
import { ROLE_LABELS, type Actor } from '@domain/roles';
import {
  AvatarField,
  DisplayNameField,
  NewPasswordFields,
  UsernameField,
} from '../../../components/account-fields';
import { ConfirmDialog } from '../../../components/guarded-modal';
import { dialogToasts } from '../lib/dialog-toasts';
import { useCreateUser } from '../../../api/admin';

const EMPTY = {
  username: '',
  name: '',
  password: '',
  confirmPassword: '',
  role: 'client' as const,
  avatar: '',
};

interface CreateUserDialogProps {
  actor: Actor;
  opened: boolean;
  onClose: () => void;
}

/** Create New User, with an optional avatar; the role is never king. */
export function CreateUserDialog({ actor, opened, onClose }: CreateUserDialogProps) {
  const create = useCreateUser();
  const form = useForm<{
    username: string;
    name: string;
    password: string;
    confirmPassword: string;
    role: AssignableRole;
    avatar: string;
  }>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(createUserForm, { sync: true }),
  });

  // The form (avatar included) starts empty with role client each time it opens.
  useEffect(() => {
    if (opened) {
      form.setValues(EMPTY);
      form.clearErrors();
      create.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [opened]);

  const pending = create.isPending;
  const roleOptions = creatableRoles(actor).map((value) => ({ value, label: ROLE_LABELS[value] }));

  const submit = form.onSubmit(({ username, name, password, role, avatar }) => {
    create.mutate(
      { username: username.trim(), name: name.trim(), password, role, avatar },
      dialogToasts(
        (user) => ['User created', `${user.username} has been created successfully.`],
        ['Create failed', 'Failed to create user'],
        onClose,
      ),
    );
  });

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Create New User"
      pending={pending}
      hideCloseWhilePending
      onSubmit={submit}
      confirm={{ label: 'Create User', pendingLabel: 'Creating...' }}
    >
      <AvatarField
        form={form}
        description="Optional. JPEG or PNG, smaller than 2MB"
        disabled={pending}
      />
      <UsernameField form={form} autoComplete="off" data-autofocus disabled={pending} />
      <DisplayNameField form={form} autoComplete="off" disabled={pending} />
      <NewPasswordFields form={form} disabled={pending} />
      <Select
        label="Role"
        data={roleOptions}
        allowDeselect={false}
        disabled={pending}
        {...form.getInputProps('role')}
      />
    </ConfirmDialog>
  );
}
