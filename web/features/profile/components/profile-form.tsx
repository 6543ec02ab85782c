import { Group, Paper, Stack, Text, Title, Button } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { profileForm } from '@domain/auth';
import type { PublicUser } from '@domain/user';
import { AvatarField, DisplayNameField } from '../../../components/account-fields';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../../../api/users';
import { useEmailSettings, useSaveEmailSettings } from '../../../api/email';
import { EmailSettingsCard, useEmailSettingsForm } from './email-settings-form';

/** One card of the profile: a heading, a line on what it is for, its fields. */
export function ProfileSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} component="section">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

interface ProfileFormProps {
  user: PublicUser;
  /** Called after a save, to refresh the signed-in user. */
  onSaved: () => Promise<unknown>;
  /** Told whenever the page comes to hold, or stops holding, unsaved changes. */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Everything the profile page edits but the password: display name, avatar and the email
 * settings, saved by one 'Save Profile' with one confirmation (issue 37: a typed address was
 * lost when the details' own button was pressed). The password keeps its own form: it needs
 * the current one and signs out the other sessions.
 */
export function ProfileForm({ user, onSaved, onDirtyChange }: ProfileFormProps) {
  const update = useUpdateProfile();
  const saveEmail = useSaveEmailSettings();
  const settings = useEmailSettings();
  const details = useForm({
    mode: 'controlled',
    initialValues: { name: user.name ?? '', avatar: user.avatarUrl ?? '' },
    validate: schemaResolver(profileForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const email = useEmailSettingsForm(settings.data);
  const [pending, setPending] = useState(false);

  const dirty = details.isDirty() || (email.initialized && email.isDirty());
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const detailsChecked = details.validate();
    // Settings that could not be read are not saved (over what the server keeps).
    const withEmail = email.initialized;
    const emailChecked = withEmail ? email.validate() : { hasErrors: false };
    if (detailsChecked.hasErrors || emailChecked.hasErrors) return;

    const values = details.getValues();
    // The avatar goes only when it changed (a new image or removed): it can weigh up to 2 MB.
    const avatarChanged = values.avatar !== (user.avatarUrl ?? '');
    const savingDetails = update.mutateAsync({
      id: user.id,
      name: values.name.trim(),
      ...(avatarChanged ? { avatar: values.avatar || null } : {}),
    });
    const emailValues = email.getValues();
    const savingEmail =
      withEmail && email.isDirty()
        ? saveEmail.mutateAsync({ ...emailValues, address: emailValues.address.trim() })
        : Promise.resolve(null);

    setPending(true);
    void Promise.allSettled([savingDetails, savingEmail]).then(([savedDetails, savedEmail]) => {
      setPending(false);
      // What was saved is the new starting point, even when the other part failed.
      if (savedDetails.status === 'fulfilled') {
        const kept = {
          name: savedDetails.value.name ?? '',
          avatar: savedDetails.value.avatarUrl ?? '',
        };
        details.setInitialValues(kept);
        details.setValues(kept);
        onSaved().catch((error: unknown) => {
          console.error('Could not refresh the signed-in user', error);
        });
      }
      if (savedEmail.status === 'fulfilled' && savedEmail.value) {
        email.setInitialValues(savedEmail.value);
        email.setValues(savedEmail.value);
      }
      const failed = [savedDetails, savedEmail].find((r) => r.status === 'rejected');
      if (failed) {
        notifyError('Update failed', getErrorMessage(failed.reason, 'Failed to update profile'));
      } else {
        notifySuccess('Profile updated!', 'Your profile has been saved.');
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="lg">
        <ProfileSection
          title="Your details"
          description="How your name and picture appear to your team."
        >
          <AvatarField
            form={details}
            label="Upload avatar"
            description="JPEG or PNG, smaller than 2MB"
            removable="always"
            disabled={pending}
          />
          <DisplayNameField form={details} />
        </ProfileSection>

        <ProfileSection
          title="Email"
          description="Mentions can reach you at once; the rest waits for one digest, or not at all."
        >
          <EmailSettingsCard settings={settings} form={email} />
        </ProfileSection>

        <Group justify="flex-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save Profile'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
