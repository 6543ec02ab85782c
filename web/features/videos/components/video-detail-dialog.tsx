import {
  Alert,
  Box,
  Button,
  Collapse,
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
import { schemaResolver, useForm } from '@mantine/form';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BILLING_MESSAGES, billingFactsOfView, billingLock } from '@domain/billing';
import { isOpenableLink, LINK_MESSAGES } from '@domain/links';
import { canSeeInternalNotes } from '@domain/permissions';
import { offersShareForReview } from '@domain/review-links';
import type { PublicUser } from '@domain/user';
import {
  editVideoValues,
  localDateText,
  videoUpdateOf,
  type EditVideoValues,
} from '@domain/video-form';
import { PRIORITY_OPTIONS } from '@domain/video-priority';
import { STATUS_LABELS, type VideoStatus } from '@domain/video-status';
import { typeLabel } from '@domain/video-type-labels';
import { BUILT_IN_VIDEO_TYPES } from '@domain/video-types';
import { editVideoForm, UPDATABLE_STATUSES, type VideoView } from '@domain/videos';
import { findMove, selectableStatuses, workflowSide } from '@domain/workflow';
import { displayName } from '@domain/people';
import { LoadingState } from '../../../components/loading-state';
import { useOpenedOnce } from '../../../components/lazy-dialog';
import { useSecondPass } from '../../../hooks/use-second-pass';
import { useAuth } from '../../../hooks/use-auth';
import { getErrorMessage } from '../../../lib/api-client';
import type { PlayerHandle } from '../../../lib/player-handle';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMoveConfirmation } from '../../../hooks/use-status-change';
import { useDeleteVideo, useUpdateVideo, useVideo } from '../../../api/videos';
import { AssignedEditorControl } from './assigned-editor-control';
import { ClientDecisionPanel } from './client-decision';
import { DeliveryPanel } from './delivery-panel';
import { DetailDecision } from './detail-decision';
import { DayCounterBadge } from '../../../components/videos/day-counter-badge';
import { DeleteVideoDialog } from '../../../components/videos/delete-video-dialog';
import { PlatformIcon } from '../../../components/videos/platform-label';
import { StatusBadge } from '../../../components/videos/status-badge';
import { PriorityBadge } from '../../../components/videos/priority-badge';
import { RoundBadge } from '../../../components/videos/round-badge';
import { RoundsHistory } from './rounds-history';
import { VideoVersions } from './video-versions';
import { ShareReviewDialog } from './share-review-dialog';
import { StatusHistory } from './status-history';
import { IconExternal, IconTrash } from '../../../components/videos/video-icons';
import { phoneNow, usePhoneLayout } from '../../../hooks/use-phone-layout';

export interface VideoDetailDialogProps {
  /** The video to show; null keeps the dialog closed. */
  videoId: string | null;
  opened: boolean;
  onClose: () => void;
  /**
   * The comments panel of a video, beside the form (the comments feature's, from web/app), with
   * the dialog's player when the link plays in it, for the version shown (null: the source).
   */
  comments: (videoId: string, player: PlayerHandle | null, version: number | null) => ReactNode;
  /** A moment to open the player at, in seconds (`?t=` from a notification or a shared link). */
  startAt?: number | null;
}

/**
 * 'Edit Video Details' (docs/product.md#screens): the edit form on the left (only changed fields are
 * sent; nothing changed just closes), the comments panel on the right, status badge, day
 * counter and status history. On a phone one column: header, player, the next step's buttons,
 * comments, then the edit form folded (issue 37). Escape closes; Ctrl/Cmd+S saves. It is drawn over a screen by
 * web/app/routes/video-from-url.tsx, which opens the video the address names and hands it the
 * comments panel.
 */
export function VideoDetailDialog({
  videoId,
  opened,
  onClose,
  comments,
  startAt = null,
}: VideoDetailDialogProps) {
  const phone = usePhoneLayout();
  const { user } = useAuth();
  // After a delete the video is gone: keep showing what it was while the dialog fades out,
  // and never ask the server for it (or its comments) again, not even in the render between
  // closing and the URL losing ?video=.
  const [deleted, setDeleted] = useState<VideoView | null>(null);
  const gone = deleted && deleted.id === videoId ? deleted : null;
  const query = useVideo(opened && !gone ? videoId : null);
  const video = gone ?? query.data;
  const close = onClose;
  // The first frame is the header and the player; the comments and what lies below the first
  // view come in the second pass.
  const later = useSecondPass();
  // The edit form; on a desktop it starts with the video's header and takes the focus.
  const form = (withHeader: boolean) =>
    user &&
    video && (
      <DetailForm
        key={video.id}
        video={video}
        viewer={user}
        withHeader={withHeader}
        onDone={close}
        onDeleted={(v) => {
          setDeleted(v);
          setTimeout(close, 300);
        }}
      />
    );

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened && videoId !== null}
      onClose={close}
      title="Edit Video Details"
      size="min(1100px, 100%)"
      fullScreen={phone}
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
        <ChosenOnce key={video.id} phone={phone}>
          {(phoneLayout) =>
            phoneLayout ? (
              // A phone reads top to bottom: what the video is, the player, the next step and
              // the comments first (as on the guest page); the edit form waits folded below
              // (issue 37).
              <Stack gap="lg">
                <DetailHeader video={video} viewer={user} />
                {!gone && (
                  <VideoVersions
                    video={video}
                    viewer={user}
                    phone
                    startAt={startAt}
                    between={
                      <>
                        <DetailDecision video={video} viewer={user} />
                        <ClientDecisionPanel video={video} viewer={user} />
                      </>
                    }
                    comments={(player, version) => later && comments(video.id, player, version)}
                  />
                )}
                {later && (
                  <>
                    <DeliveryPanel video={video} viewer={user} />
                    <FoldedForm>{form(false)}</FoldedForm>
                    <RoundsHistory video={video} />
                    <StatusHistory history={video.statusHistory} />
                  </>
                )}
              </Stack>
            ) : (
              <Grid gap="xl">
                <Grid.Col span={{ base: 12, md: 7 }}>{form(true)}</Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <Stack gap="lg">
                    {!gone && (
                      <VideoVersions
                        video={video}
                        viewer={user}
                        phone={false}
                        startAt={startAt}
                        between={<ClientDecisionPanel video={video} viewer={user} />}
                        comments={(player, version) => later && comments(video.id, player, version)}
                      />
                    )}
                    {later && (
                      <>
                        <DeliveryPanel video={video} viewer={user} />
                        <RoundsHistory video={video} />
                        <StatusHistory history={video.statusHistory} />
                      </>
                    )}
                  </Stack>
                </Grid.Col>
              </Grid>
            )
          }
        </ChosenOnce>
      )}
    </Modal>
  );
}

/**
 * The layout (`phone` or not) as it was when a video's dialog first drew, kept while it stays
 * open: turning a phone across the breakpoint must not remount the form, the player or a
 * half-typed comment (each layout is a tree of its own).
 */
function ChosenOnce({
  phone,
  children,
}: {
  phone: boolean;
  children: (phone: boolean) => ReactNode;
}) {
  // Measured when it first draws: in a page the server drew for a desktop's width, `phone` is
  // that guess until the media query's first effect, and a dialog opened as the page wakes
  // would keep a desktop's layout on a phone.
  const [chosen] = useState(() => phoneNow() ?? phone);
  return children(chosen);
}

/**
 * The edit form folded behind its button: a phone's dialog opens on the player instead. The
 * form mounts the first time it unfolds: drawn folded, its fields and their effects were a good
 * part of the dialog's first task on a phone (issue 47).
 */
function FoldedForm({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const mounted = useOpenedOnce(opened);
  const bodyId = useId();
  return (
    <Stack gap="sm">
      <Button
        variant="default"
        justify="space-between"
        rightSection={<span aria-hidden="true">{opened ? '▲' : '▼'}</span>}
        aria-expanded={opened}
        aria-controls={bodyId}
        onClick={() => setOpened((o) => !o)}
      >
        Edit details
      </Button>
      <Collapse expanded={opened}>
        <Box id={bodyId}>{mounted && children}</Box>
      </Collapse>
    </Stack>
  );
}

/**
 * Status, day counter, the review round, number and owner, with Share for review (the markers
 * export is the shown version's, beside the version picker).
 */
function DetailHeader({ video, viewer }: { video: VideoView; viewer: PublicUser }) {
  const [sharing, setSharing] = useState(false);
  return (
    <Group gap="xs">
      <StatusBadge status={video.status} size="lg" />
      <DayCounterBadge video={video} />
      <PriorityBadge priority={video.priority} />
      {video.rounds > 0 && <RoundBadge rounds={video.rounds} />}
      <Text size="sm" c="dimmed">
        #{video.ordinal} · {displayName(video.owner)}
      </Text>
      <Group ml="auto" gap="xs">
        {offersShareForReview(viewer) && (
          <Button size="xs" variant="light" onClick={() => setSharing(true)}>
            Share for review
          </Button>
        )}
      </Group>
      <ShareReviewDialog videoId={video.id} opened={sharing} onClose={() => setSharing(false)} />
    </Group>
  );
}

function DetailForm({
  video,
  viewer,
  withHeader,
  onDone,
  onDeleted,
}: {
  video: VideoView;
  viewer: PublicUser;
  /** Starts with the header and takes the dialog's first focus (a desktop's layout). */
  withHeader: boolean;
  onDone: () => void;
  onDeleted: (video: VideoView) => void;
}) {
  // What the form started from: a background refresh must not turn stale fields into changes.
  const [original] = useState(() => editVideoValues(video));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [today] = useState(() => localDateText(new Date()));
  const update = useUpdateVideo();
  const confirmMove = useMoveConfirmation();
  const remove = useDeleteVideo();
  const team = canSeeInternalNotes(viewer);
  const form = useForm<EditVideoValues>({
    mode: 'controlled',
    initialValues: original,
    validate: schemaResolver(editVideoForm(original, team), { sync: true }),
  });
  const { values } = form;
  // A failed check is a toast with the first message (docs/product.md#validation-and-messages), never a field's error.
  const field = (path: keyof EditVideoValues) => form.getInputProps(path, { withError: false });
  // The billing lock: the same rule the server enforces on the type and on delete.
  const lock = billingLock(viewer, billingFactsOfView(video));

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

  const save = form.onSubmit(
    (edited) =>
      update.mutate(
        { id: video.id, ...videoUpdateOf(original, edited, team) },
        {
          onSuccess: (saved) => {
            // A save that moved it is confirmed as every move is, with Undo.
            if (saved.status !== original.status) {
              confirmMove(saved, { wasUnassigned: !video.assignedEditorId });
            } else notifySuccess('Video updated', `"${edited.name}" has been saved.`);
            onDone();
          },
          onError: (error) =>
            notifyError('Update failed', getErrorMessage(error, 'Failed to update video')),
        },
      ),
    (errors) => {
      const first = Object.values(errors)[0];
      notifyError(
        'Validation Error',
        typeof first === 'string' ? first : 'Please check your input',
      );
    },
  );
  // Nothing changed: the dialog just closes, before any check.
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (update.isPending) return;
    if (Object.keys(videoUpdateOf(original, form.getValues(), team)).length === 0) onDone();
    else save();
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
        {withHeader && <DetailHeader video={video} viewer={viewer} />}
        <TextInput
          label="Name"
          {...field('name')}
          maxLength={200}
          data-autofocus={withHeader || undefined}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Type"
              {...field('type')}
              data={typeOptions}
              disabled={lock !== null}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label="Status"
              {...field('status')}
              onChange={(e) => {
                const status = e.currentTarget.value;
                form.setFieldValue('status', status);
                // Becoming posted: published today unless the video kept a day.
                if (status === 'posted' && !form.getValues().publishedAt) {
                  form.setFieldValue('publishedAt', today);
                }
              }}
              data={statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
          </Grid.Col>
        </Grid>
        {values.status === 'posted' && side !== 'client' && (
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label="Published URL"
                placeholder="https://www.instagram.com/p/..."
                type="url"
                maxLength={2000}
                {...field('publishedUrl')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput type="date" label="Published on" max={today} {...field('publishedAt')} />
            </Grid.Col>
          </Grid>
        )}
        {values.type === 'other' && (
          <TextInput label="Custom type" {...field('customType')} maxLength={50} />
        )}
        <Textarea label="Description" {...field('description')} autosize minRows={2} maxRows={8} />
        <Grid gap="sm">
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput type="date" label="Start date" {...field('startDate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NativeSelect label="Priority" {...field('priority')} data={PRIORITY_OPTIONS} />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 3 }}>
            <TextInput type="date" label="Due date" {...field('dueDate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 3 }}>
            <TextInput type="time" label="Due time" {...field('dueTime')} />
          </Grid.Col>
        </Grid>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Video link"
            {...field('link')}
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
            description="Only the agency sees these notes, never the client or its team leads"
            {...field('internalNotes')}
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
