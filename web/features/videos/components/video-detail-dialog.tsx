import {
  Alert,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  NativeSelect,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { BILLING_MESSAGES, billingFactsOfView, billingLock } from '../../../../domain/billing';
import { isOpenableLink, LINK_MESSAGES } from '../../../../domain/links';
import { canSeeInternalNotes } from '../../../../domain/permissions';
import type { PublicUser } from '../../../../domain/user';
import {
  changedFields,
  localDateText,
  localTimeText,
  toUtcIso,
} from '../../../../domain/video-form';
import { normalizeStatus, STATUS_LABELS, type VideoStatus } from '../../../../domain/video-status';
import { typeLabel } from '../../../../domain/video-type-labels';
import { BUILT_IN_VIDEO_TYPES, normalizeCustomType } from '../../../../domain/video-types';
import { UPDATABLE_STATUSES, updateVideoBody, type VideoView } from '../../../../domain/videos';
import { findMove, selectableStatuses, workflowSide } from '../../../../domain/workflow';
import { LoadingState } from '../../../components/loading-state';
import { useAuth } from '../../../hooks/use-auth';
import { CommentsPanel } from '../../comments/components/comments-panel';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteVideo } from '../api/delete-video';
import { useVideo } from '../api/get-video';
import { useUpdateVideo, type UpdateVideoBody } from '../api/update-video';
import { AssignedEditorControl } from './assigned-editor-control';
import { DayCounterBadge } from '../../../components/videos/day-counter-badge';
import { DeleteVideoDialog } from '../../../components/videos/delete-video-dialog';
import { PlatformIcon } from '../../../components/videos/platform-label';
import { StatusBadge } from '../../../components/videos/status-badge';
import { StatusHistory } from './status-history';
import { IconExternal, IconTrash } from '../../../components/videos/video-icons';

export interface VideoDetailDialogProps {
  /** The video to show; null keeps the dialog closed. */
  videoId: string | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Edit Video Details' (SPEC.md section 2): the edit form on the left (only changed fields are
 * sent; nothing changed just closes), the comments panel on the right, status badge, day
 * counter and status history. Escape closes; Ctrl/Cmd+S saves. Usage with the URL:
 *
 *   const { videoId, close } = useVideoParam();
 *   <VideoDetailDialog videoId={videoId} opened={videoId !== null} onClose={close} />
 */
export function VideoDetailDialog({ videoId, opened, onClose }: VideoDetailDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { user } = useAuth();
  // After a delete the video is gone: keep showing what it was while the dialog fades out,
  // and never ask the server for it (or its comments) again, not even in the render between
  // closing and the URL losing ?video=.
  const [deleted, setDeleted] = useState<VideoView | null>(null);
  const gone = deleted && deleted.id === videoId ? deleted : null;
  const query = useVideo(opened && !gone ? videoId : null);
  const video = gone ?? query.data;
  const close = onClose;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened && videoId !== null}
      onClose={close}
      title="Edit Video Details"
      size="min(1100px, 100%)"
      fullScreen={Boolean(phone)}
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{
        content: { transition: 'opacity 300ms ease', opacity: gone ? 0 : 1 },
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
      }}
    >
      {!user ? null : query.isLoading && !video ? (
        <LoadingState label="Loading video..." />
      ) : !video ? (
        <Alert color="red" title="Video not found">
          This video does not exist or you do not have access to it.
        </Alert>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <DetailForm
              key={video.id}
              video={video}
              viewer={user}
              onDone={close}
              onDeleted={(v) => {
                setDeleted(v);
                setTimeout(close, 300);
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              {!gone && <CommentsPanel videoId={video.id} />}
              <StatusHistory history={video.statusHistory} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Modal>
  );
}

interface FormValues extends Record<string, string | null> {
  name: string;
  type: string;
  customType: string;
  description: string;
  startDate: string;
  dueDate: string;
  dueTime: string;
  link: string;
  status: string;
  internalNotes: string;
}

function initialValues(video: VideoView): FormValues {
  const start = video.startDate ? new Date(video.startDate) : null;
  const due = video.dueDate ? new Date(video.dueDate) : null;
  return {
    name: video.name,
    type: normalizeCustomType(video.type),
    customType: '',
    description: video.description,
    startDate: start ? localDateText(start) : '',
    dueDate: due ? localDateText(due) : '',
    dueTime: due ? localTimeText(due) : '14:00',
    link: video.link,
    status: normalizeStatus(video.status),
    internalNotes: video.internalNotes ?? '',
  };
}

function DetailForm({
  video,
  viewer,
  onDone,
  onDeleted,
}: {
  video: VideoView;
  viewer: PublicUser;
  onDone: () => void;
  onDeleted: (video: VideoView) => void;
}) {
  // What the form started from: a background refresh must not turn stale fields into changes.
  const [original] = useState(() => initialValues(video));
  const [values, setValues] = useState<FormValues>(original);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateVideo();
  const remove = useDeleteVideo();
  const team = canSeeInternalNotes(viewer);
  // The billing lock: the same rule the server enforces on the type and on delete.
  const lock = billingLock(viewer, billingFactsOfView(video));
  const set = (key: keyof FormValues) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));

  const builtIns: string[] = BUILT_IN_VIDEO_TYPES.map((t) => t.name);
  const typeOptions = [
    ...BUILT_IN_VIDEO_TYPES.map((t) => ({ value: t.name, label: t.displayName })),
    ...(builtIns.includes(original.type) || !original.type
      ? []
      : [{ value: original.type, label: typeLabel(original.type) }]),
    { value: 'other', label: 'Other' },
  ];
  // The current status and the moves the viewer may make (managers: any). The update call takes
  // four statuses (a draft keeps Draft listed as its current value); Request Changes needs its
  // note, which the card's dialog asks for.
  const side = workflowSide(viewer);
  const statuses: VideoStatus[] = selectableStatuses(side, original.status).filter(
    (s) =>
      s === original.status ||
      ((UPDATABLE_STATUSES as readonly string[]).includes(s) &&
        !findMove(side, original.status, s)?.noteRequired),
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (update.isPending) return;
    const edited: FormValues = {
      ...values,
      type: values.type === 'other' ? normalizeCustomType(values.customType) : values.type,
    };
    const changed = changedFields({ ...original, customType: '' }, { ...edited, customType: '' });
    const body: UpdateVideoBody = {};
    if ('name' in changed) body.name = edited.name;
    if ('type' in changed) body.type = edited.type;
    if ('description' in changed) body.description = edited.description;
    if ('link' in changed) body.link = edited.link;
    if ('status' in changed) body.status = edited.status;
    if (team && 'internalNotes' in changed) body.internalNotes = edited.internalNotes;
    if ('startDate' in changed) body.startDate = toUtcIso(edited.startDate, '00:00');
    if ('dueDate' in changed || 'dueTime' in changed) {
      body.dueDate = toUtcIso(edited.dueDate, edited.dueTime);
    }
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    if (values.type === 'other' && !edited.type) {
      notifyError('Validation Error', 'Please enter a custom video type');
      return;
    }
    const parsed = updateVideoBody.safeParse(body);
    if (!parsed.success) {
      notifyError('Validation Error', parsed.error.issues[0]?.message || 'Please check your input');
      return;
    }
    update.mutate(
      { id: video.id, ...body },
      {
        onSuccess: () => {
          notifySuccess('Video updated', `"${edited.name}" has been saved.`);
          onDone();
        },
        onError: (error) =>
          notifyError('Update failed', getErrorMessage(error, 'Failed to update video')),
      },
    );
  };

  const openLink = () => {
    if (isOpenableLink(values.link.trim())) {
      window.open(values.link.trim(), '_blank', 'noopener,noreferrer');
    } else {
      notifyError(LINK_MESSAGES.openInvalid, 'Only http and https links can be opened.');
    }
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Video details"
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          submit();
        }
      }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <StatusBadge status={video.status} size="lg" />
          <DayCounterBadge video={video} />
          <Text size="sm" c="dimmed">
            #{video.ordinal} · {video.owner.name || video.owner.username}
          </Text>
        </Group>
        <TextInput
          label="Name"
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          maxLength={200}
          data-autofocus
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Type"
              value={values.type}
              onChange={(e) => set('type')(e.currentTarget.value)}
              data={typeOptions}
              disabled={lock !== null}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Status"
              value={values.status}
              onChange={(e) => set('status')(e.currentTarget.value)}
              data={statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
          </Grid.Col>
        </Grid>
        {values.type === 'other' && (
          <TextInput
            label="Custom type"
            value={values.customType}
            onChange={(e) => set('customType')(e.currentTarget.value)}
            maxLength={50}
          />
        )}
        <Textarea
          label="Description"
          value={values.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              type="date"
              label="Start date"
              value={values.startDate}
              onChange={(e) => set('startDate')(e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 4 }}>
            <TextInput
              type="date"
              label="Due date"
              value={values.dueDate}
              onChange={(e) => set('dueDate')(e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 4 }}>
            <TextInput
              type="time"
              label="Due time"
              value={values.dueTime}
              onChange={(e) => set('dueTime')(e.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Video link"
            value={values.link}
            onChange={(e) => set('link')(e.currentTarget.value)}
            leftSection={<PlatformIcon link={values.link} />}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            onClick={openLink}
            leftSection={<IconExternal size={16} />}
            aria-label="Open link"
          >
            Open
          </Button>
        </Group>
        {team && (
          <Textarea
            label="Internal notes"
            description="Only the team sees these notes"
            value={values.internalNotes}
            onChange={(e) => set('internalNotes')(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
          />
        )}
        <AssignedEditorControl video={video} viewer={viewer} />
        <Divider />
        {lock && (
          <Text size="sm" c="dimmed">
            {lock === 'paid' ? BILLING_MESSAGES.paidNotice : BILLING_MESSAGES.completedNotice}
          </Text>
        )}
        <Group justify={lock ? 'flex-end' : 'space-between'}>
          {!lock && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirmDelete(true)}
            >
              Delete
            </Button>
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
      <DeleteVideoDialog
        video={video}
        viewer={viewer}
        opened={confirmDelete}
        pending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(video.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              notifySuccess('Video deleted', `"${video.name}" has been deleted.`);
              onDeleted(video);
            },
            onError: (error) =>
              notifyError(
                'Delete Failed',
                getErrorMessage(error, 'Failed to delete video. Please try again.'),
              ),
          })
        }
      />
    </Box>
  );
}
