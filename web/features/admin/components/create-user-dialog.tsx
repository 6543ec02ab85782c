import { Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { createUserForm, creatableRoles, type AssignableRole } from '@domain/admin';
import { ROLE_LABELS, type Actor } from '@domain/roles';
import { AvatarInput } from '../../../components/avatar-input';
import { PasswordField } from '../../../components/password-field';
import { DialogButtons, GuardedModal } from '../../../components/guarded-modal';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
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
      {
        onSuccess: (user) => {
          notifySuccess('User created', `${user.username} has been created successfully.`);
          onClose();
        },
        onError: (error) =>
          notifyError('Create failed', getErrorMessage(error, 'Failed to create user')),
      },
    );
  });

  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title="Create New User"
      pending={pending}
      hideCloseWhilePending
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AvatarInput
            label="Avatar"
            description="Optional. JPEG or PNG, smaller than 2MB"
            value={form.values.avatar}
            onChange={(avatar) => form.setFieldValue('avatar', avatar)}
            removable="when-set"
            disabled={pending}
          />
          <TextInput
            label="Username"
            autoComplete="off"
            data-autofocus
            disabled={pending}
            {...form.getInputProps('username')}
          />
          <TextInput
            label="Display name"
            autoComplete="off"
            disabled={pending}
            {...form.getInputProps('name')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            disabled={pending}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            disabled={pending}
            {...form.getInputProps('confirmPassword')}
          />
          <Select
            label="Role"
            data={roleOptions}
            allowDeselect={false}
            disabled={pending}
            {...form.getInputProps('role')}
          />
          <DialogButtons
            onCancel={onClose}
            pending={pending}
            label="Create User"
            pendingLabel="Creating..."
          />
        </Stack>
      </form>
    </GuardedModal>
  );
}
