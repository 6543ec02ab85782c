import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  TextInput,
  type SelectProps,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { managedAddVideoDefaults } from '@domain/lead-dashboard';
import { managedAddVideoForm, type ManagedAddVideoForm } from '@domain/managed-video-form';
import { STATUS_LABELS } from '@domain/video-status';
import { initialStatuses, workflowSide } from '@domain/workflow';
import { useAuth } from '../../../hooks/use-auth';
import { BUILT_IN_VIDEO_TYPES } from '@domain/video-types';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateVideo } from '../../../api/videos';
import { FrameRateSelect } from '../../../components/videos/frame-rate-select';

const TYPE_OPTIONS = BUILT_IN_VIDEO_TYPES.map((t) => ({ value: t.name, label: t.displayName }));

/** A required choice of the form; its list opens over the dialog. */
const RequiredSelect = (props: SelectProps) => (
  <Select withAsterisk allowDeselect={false} comboboxProps={{ withinPortal: true }} {...props} />
);

/**
 * The managed-user page's Add Video dialog (docs/product.md#validation-and-messages): order = count + 1, type
 * consultation, status in progress; 'Video added' on success, 'Add failed' otherwise.
 */
export function AddUserVideoDialog({
  opened,
  onClose,
  userId,
  videoCount,
}: {
  opened: boolean;
  onClose: () => void;
  userId: string;
  videoCount: number;
}) {
  const add = useCreateVideo();
  const { user } = useAuth();
  const startStatuses = user ? initialStatuses(workflowSide(user)) : [];
  const statusOptions = startStatuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
  const form = useForm<ManagedAddVideoForm>({
    initialValues: managedAddVideoDefaults(videoCount),
    validate: schemaResolver(managedAddVideoForm, { sync: true }),
  });
  const { setValues, resetDirty } = form;

  // Each opening starts from fresh defaults (the count may have changed since).
  useEffect(() => {
    if (opened) {
      setValues(managedAddVideoDefaults(videoCount));
      resetDirty();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, [opened]);

  const submit = form.onSubmit((values) => {
    add.mutate(
      {
        name: values.name.trim(),
        link: values.link.trim(),
        type: values.type,
        status: values.status,
        targetUserId: userId,
        ...(values.frameRate && { frameRate: values.frameRate }),
      },
      {
        onSuccess: (video) => {
          notifySuccess('Video added', `"${video.name}" was added as #${video.ordinal}.`);
          onClose();
        },
        onError: (error) =>
          notifyError('Add failed', getErrorMessage(error, 'Failed to add video')),
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={() => !add.isPending && onClose()}
      title="Add Video"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label="Link"
            withAsterisk
            placeholder="https://..."
            {...form.getInputProps('link')}
          />
          <RequiredSelect label="Type" data={TYPE_OPTIONS} {...form.getInputProps('type')} />
          <RequiredSelect label="Status" data={statusOptions} {...form.getInputProps('status')} />
          <FrameRateSelect
            description="Its notes' times and the marker files count frames at it"
            value={form.values.frameRate}
            onChange={(rate) => form.setFieldValue('frameRate', rate)}
          />
          <NumberInput
            label="Order"
            withAsterisk
            min={1}
            allowDecimal={false}
            description="New videos take the next number of this user."
            {...form.getInputProps('ordinal')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Video
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
