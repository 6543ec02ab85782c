import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { detectPlatform, isValidVideoLink, normalizeLink, PLATFORM_LABELS } from '@domain/links';
import {
  DEFAULT_DUE_TIME,
  defaultDueDateText,
  editorChoiceFor,
  targetChoiceFor,
  toUtcIso,
} from '@domain/video-form';
import { DEFAULT_PRIORITY, PRIORITY_OPTIONS } from '@domain/video-priority';
import { STATUS_LABELS } from '@domain/video-status';
import { initialStatuses, workflowSide } from '@domain/workflow';
import { BUILT_IN_VIDEO_TYPES } from '@domain/video-types';
import { addVideoForm, type AddVideoFormValues, type CreateVideoBody } from '@domain/videos';
import { useClients, useMyClients } from '../../../api/clients';
import { useEditors, useMyEditors } from '../../../api/editors';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../../hooks/use-auth';
import { useLedClients } from '../../../api/team-leads';
import { useCreateVideo } from '../../../api/videos';
import { PlatformIcon } from '../../../components/videos/platform-label';
import { displayName } from '@domain/people';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { FrameRateSelect } from '../../../components/videos/frame-rate-select';

export interface AddVideoDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Pre-selects the 'Create Video For' target (a client id), e.g. from a client's page. */
  defaultTargetId?: string;
  /** Called with the new video's id after it was added. */
  onAdded?: (videoId: string) => void;
}

/**
 * The global 'Add New Video' dialog (docs/product.md#screens and #validation-and-messages), opened from the header and
 * the phone's bottom bar: name, 'Create Video For' (editors and managers), type with Other and
 * its custom type, description, due date and time (3 days ahead, 14:00), status (Draft),
 * editor ('auto' = none) and the link with its platform and normalised form shown before saving.
 */
export function AddVideoDialog({ opened, onClose, defaultTargetId, onAdded }: AddVideoDialogProps) {
  const phone = usePhoneLayout();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Add New Video"
      size="lg"
      fullScreen={phone}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && (
        <AddVideoForm onClose={onClose} defaultTargetId={defaultTargetId} onAdded={onAdded} />
      )}
    </Modal>
  );
}

function AddVideoForm({ onClose, defaultTargetId, onAdded }: Omit<AddVideoDialogProps, 'opened'>) {
  const { user } = useAuth();
  const targetChoice = user ? targetChoiceFor(user) : 'none';
  const editorChoice = user ? editorChoiceFor(user) : 'none';
  const myClients = useMyClients({ enabled: targetChoice === 'assigned-clients' });
  const allClients = useClients({ enabled: targetChoice === 'all-clients' });
  const ledClients = useLedClients({ enabled: targetChoice === 'led-clients' });
  const myEditors = useMyEditors({ enabled: editorChoice === 'assigned-editors' });
  const allEditors = useEditors({ enabled: editorChoice === 'all-editors' });
  const create = useCreateVideo();
  const form = useForm<AddVideoFormValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      targetUserId: defaultTargetId ?? 'self',
      type: 'consultation',
      customType: '',
      status: 'draft',
      description: '',
      dueDate: defaultDueDateText(new Date()),
      dueTime: DEFAULT_DUE_TIME,
      assignedEditorId: 'auto',
      link: '',
      frameRate: '',
      priority: DEFAULT_PRIORITY,
    },
    validate: schemaResolver(addVideoForm, { sync: true }),
  });
  const { values } = form;
  // A client's new video starts as draft; the agency's before review is done (domain/workflow).
  const startStatuses = user ? initialStatuses(workflowSide(user)) : (['draft'] as const);

  const clients =
    (targetChoice === 'assigned-clients'
      ? myClients.data
      : targetChoice === 'led-clients'
        ? ledClients.data
        : allClients.data) ?? [];
  // A team lead creates for the clients it leads only: the first one until another is picked.
  const forSelf = targetChoice !== 'led-clients';
  const target = values.targetUserId;
  const chosenTarget = !forSelf && target === 'self' ? (clients[0]?.id ?? 'self') : target;
  const editors =
    editorChoice === 'self' && user
      ? [{ id: user.id, name: user.name, username: user.username }]
      : ((editorChoice === 'assigned-editors' ? myEditors.data : allEditors.data) ?? []);

  const trimmedLink = values.link.trim();
  const linkLooksValid = trimmedLink !== '' && isValidVideoLink(trimmedLink);
  const normalized = linkLooksValid ? normalizeLink(trimmedLink) : '';

  const submit = form.onSubmit((v) => {
    if (!user) {
      notifyError('Error', 'You must be logged in to add videos');
      return;
    }
    const body: CreateVideoBody = {
      name: v.name.trim(),
      type: v.type,
      ...(v.type === 'other' ? { customType: v.customType.trim() } : {}),
      status: v.status,
      link: v.link.trim(),
      description: v.description,
      dueDate: v.dueDate ? toUtcIso(v.dueDate, v.dueTime) : null,
      targetUserId: chosenTarget,
      userId: chosenTarget === 'self' ? user.id : chosenTarget,
      assignedEditorId: v.assignedEditorId,
      priority: v.priority,
      ...(v.frameRate && { frameRate: v.frameRate }),
    };
    create.mutate(body, {
      onSuccess: (video) => {
        notifySuccess('Video added', `"${video.name}" has been added.`);
        onAdded?.(video.id);
        onClose();
      },
      onError: (error) => notifyError('Add failed', getErrorMessage(error, 'Failed to add video')),
    });
  });

  if (!user) {
    return (
      <Alert color="red" title="Error">
        You must be logged in to add videos
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add New Video">
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Spring campaign teaser"
          {...form.getInputProps('name')}
          maxLength={200}
          data-autofocus
        />
        {targetChoice !== 'none' && (
          <NativeSelect
            label="Create Video For"
            {...form.getInputProps('targetUserId')}
            value={chosenTarget}
            data={[
              ...(forSelf ? [{ value: 'self', label: 'Myself' }] : []),
              ...clients.map((c) => ({
                value: c.id,
                label: `${displayName(c)}${c.isVip ? ' (VIP)' : ''}`,
              })),
            ]}
          />
        )}
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Type"
              {...form.getInputProps('type')}
              data={[
                ...BUILT_IN_VIDEO_TYPES.map((t) => ({ value: t.name, label: t.displayName })),
                { value: 'other', label: 'Other' },
              ]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Status"
              {...form.getInputProps('status')}
              data={startStatuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
          </Grid.Col>
        </Grid>
        {values.type === 'other' && (
          <TextInput
            label="Custom type"
            placeholder="e.g. Product demo"
            {...form.getInputProps('customType')}
            maxLength={50}
          />
        )}
        <Textarea
          label="Description"
          {...form.getInputProps('description')}
          autosize
          minRows={2}
          maxRows={6}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 7, sm: 4 }}>
            <TextInput type="date" label="Due date" {...form.getInputProps('dueDate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 4 }}>
            <TextInput type="time" label="Due time" {...form.getInputProps('dueTime')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect
              label="Priority"
              {...form.getInputProps('priority')}
              data={PRIORITY_OPTIONS}
            />
          </Grid.Col>
        </Grid>
        {editorChoice !== 'none' && (
          <NativeSelect
            label="Editor"
            {...form.getInputProps('assignedEditorId')}
            data={[
              { value: 'auto', label: 'Auto-assign (no editor)' },
              ...editors.map((e) => ({ value: e.id, label: displayName(e) })),
            ]}
          />
        )}
        <TextInput
          label="Video link"
          placeholder="https://youtu.be/..."
          {...form.getInputProps('link')}
          leftSection={<PlatformIcon link={trimmedLink} />}
          required
        />
        {normalized && (
          <Text
            size="sm"
            c="dimmed"
            data-testid="normalized-link"
            style={{ wordBreak: 'break-all' }}
          >
            {PLATFORM_LABELS[detectPlatform(normalized)]}: {normalized}
          </Text>
        )}
        <FrameRateSelect
          description="Its notes' times and the marker files count frames at it"
          value={values.frameRate}
          onChange={(rate) => form.setFieldValue('frameRate', rate)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add Video
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
