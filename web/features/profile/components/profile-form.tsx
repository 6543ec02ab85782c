import { schemaResolver, useForm } from '@mantine/form';
import { profileForm } from '@domain/auth';
import type { PublicUser } from '@domain/user';
import { AvatarField, DisplayNameField } from '../../../components/account-fields';
import { FormStack, SubmitButton } from '../../../components/form-stack';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../../../api/users';

interface ProfileFormProps {
  user: PublicUser;
  /** Called after a save, to refresh the signed-in user. */
  onSaved: () => Promise<unknown>;
}

/** Display name and avatar of the signed-in user. */
export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const update = useUpdateProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: user.name ?? '', avatar: user.avatarUrl ?? '' },
    validate: schemaResolver(profileForm, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    // The avatar goes only when it changed (a new image or removed): it can weigh up to 2 MB.
    const avatarChanged = values.avatar !== (user.avatarUrl ?? '');
    update.mutate(
      {
        id: user.id,
        name: values.name.trim(),
        ...(avatarChanged ? { avatar: values.avatar || null } : {}),
      },
      {
        onSuccess: (saved) => {
          form.setInitialValues({ name: saved.name ?? '', avatar: saved.avatarUrl ?? '' });
          form.setValues({ name: saved.name ?? '', avatar: saved.avatarUrl ?? '' });
          notifySuccess('Profile updated!', 'Your profile has been saved.');
          onSaved().catch((error: unknown) => {
            console.error('Could not refresh the signed-in user', error);
          });
        },
        onError: (error) => {
          notifyError('Update failed', getErrorMessage(error, 'Failed to update profile'));
        },
      },
    );
  });

  const pending = update.isPending;
  return (
    <FormStack onSubmit={submit}>
      <AvatarField
        form={form}
        label="Upload avatar"
        description="JPEG or PNG, smaller than 2MB"
        removable="always"
        disabled={pending}
      />
      <DisplayNameField form={form} />
      <SubmitButton pending={pending} label="Save Profile" pendingLabel="Saving..." />
    </FormStack>
  );
}
