import { Button, Card, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { billingFactsOfView, billingLock } from '@domain/billing';
import { bulkDeleteMessage, managedUserColumns } from '@domain/lead-dashboard';
import { MULTI_VIDEO_MARKER_FORMATS } from '@domain/markers';
import type { PublicUser } from '@domain/user';
import type { VideoView } from '@domain/videos';
import { workflowSide } from '@domain/workflow';
import { useSelection } from '../../../hooks/use-selection';
import { BulkActionBar } from '../../../components/videos/bulk-action-bar';
import { useVideoFilters } from '../../../hooks/use-video-filters';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { multiMarkersUrl } from '../../../api/comments';
import { useBulkDeleteVideos, useDeleteVideo } from '../../../api/videos';
import { DeleteVideoDialog } from '../../../components/videos/delete-video-dialog';
import { ExportMarkersMenu } from '../../../components/videos/export-markers-menu';
import { useMoveDialogs } from '../../../components/videos/move-dialogs';
import { AddUserVideoDialog } from './add-user-video-dialog';
import { ManagedVideoFilterBar } from './managed-video-filter-bar';
import { ManagedVideoCards, ManagedVideoTable } from './managed-video-list';
import { useDesktopLayout } from '../../../hooks/use-phone-layout';
import { VideoBoard } from '../../../components/videos/video-board';
import { useVideoViewMode, VideoViewSwitch } from '../../../components/videos/video-view-switch';
import { useDebouncedValue } from '@mantine/hooks';

interface Props {
  target: PublicUser;
  viewer: PublicUser;
  videos: VideoView[];
  /** The target's assigned clients (for an editor), offered as a client filter. */
  assignedClients: { id: string; label: string }[];
  onOpen: (videoId: string) => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** Whether Add Video applies (the target is a client the viewer may create for). */
  canAdd: boolean;
}

/**
 * The managed-user page's video area (docs/product.md#screens): status counts, name search, type
 * chips, sort, refresh, client filter, selection with bulk delete, a virtualised table on
 * desktop and cards on phones (or, by the user's choice, the board: docs/product.md#the-board), the Add Video dialog and 'No Videos Yet'.
 */
export function ManagedVideos({
  target,
  viewer,
  videos,
  assignedClients,
  onOpen,
  onRefresh,
  refreshing,
  canAdd,
}: Props) {
  const desktop = useDesktopLayout();
  const filters = useVideoFilters(videos);
  const [mode] = useVideoViewMode();
  const [q] = useDebouncedValue(filters.state.search.trim(), 250);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<VideoView | null>(null);
  // Mark as Posted asks where, a manager's Start Work whom to assign, as the cards do.
  const { move, dialogs, pendingId } = useMoveDialogs(viewer);
  const bulk = useBulkDeleteVideos(viewer, target.id);
  const remove = useDeleteVideo();
  // docs/product.md#screens gives the columns by viewer, the client's own page included.
  const columns = managedUserColumns(viewer);
  // Every shown video can be picked (its markers go to the edit whatever its billing); a video
  // the billing lock keeps (paid, or completed for the client side) is left out of deleting.
  const deletable = (v: VideoView) => billingLock(viewer, billingFactsOfView(v)) === null;
  const shown = filters.visible;
  const selection = useSelection(shown, (v) => v.id);
  const chosen = selection.chosen.length;
  const toDelete = selection.chosen.filter(deletable);

  const runBulkDelete = () => {
    bulk.mutate(
      toDelete.map((v) => v.id),
      {
        onSuccess: ({ deleted, failed, message }) => {
          setConfirmBulk(false);
          selection.clear();
          if (failed === 0) notifySuccess('Videos deleted', bulkDeleteMessage(deleted, failed));
          else notifyError('Bulk delete failed', message ?? bulkDeleteMessage(deleted, failed));
        },
        onError: (error) => {
          setConfirmBulk(false);
          notifyError('Bulk delete failed', getErrorMessage(error, 'Failed to delete videos'));
        },
      },
    );
  };

  const runDelete = (video: VideoView) =>
    remove.mutate(video.id, {
      onSuccess: () => {
        setDeleting(null);
        notifySuccess('Video deleted', `"${video.name}" was deleted.`);
      },
      onError: (error) =>
        notifyError(
          'Delete Failed',
          getErrorMessage(error, 'Failed to delete video. Please try again.'),
        ),
    });

  const list = {
    videos: shown,
    columns,
    isChosen: selection.isChosen,
    onToggle: selection.toggle,
    onOpen,
    deletable,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} component="h2" fz="lg" m={0}>
          Videos
        </Text>
        <Group gap="xs">
          <VideoViewSwitch />
          <Button variant="default" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
          {canAdd && <Button onClick={() => setAdding(true)}>Add Video</Button>}
        </Group>
      </Group>

      <ManagedVideoFilterBar filters={filters} clients={assignedClients} />

      {videos.length > 0 && mode === 'board' ? (
        <VideoBoard
          viewer={viewer}
          onOpen={onOpen}
          showClient
          // The page opens only for a user the viewer manages: an editor's, an assigned client.
          teamClientIds={[target.id]}
          query={{
            person: target.id,
            q: q || undefined,
            type: filters.state.type === 'all' ? undefined : filters.state.type,
            clientId: filters.state.client === 'all' ? undefined : filters.state.client,
            roundsOver: filters.state.rounds ?? undefined,
          }}
        />
      ) : videos.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={600} fz="lg" component="h3" m={0}>
              No Videos Yet
            </Text>
            <Text c="dimmed" size="sm" ta="center">
              {canAdd ? 'Add the first video for this user.' : 'Nothing to show for this user.'}
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Checkbox
              label={`Select all (${shown.length})`}
              checked={selection.allChosen}
              indeterminate={selection.someChosen}
              onChange={selection.toggleAll}
              disabled={shown.length === 0}
            />
            <Group gap="xs">
              <ExportMarkersMenu
                label={`Export markers (${chosen})`}
                disabled={chosen === 0}
                formats={MULTI_VIDEO_MARKER_FORMATS}
                hrefOf={(format) =>
                  multiMarkersUrl(
                    selection.chosen.map((v) => v.id),
                    format,
                  )
                }
              />
              <Button
                color="red"
                variant={toDelete.length ? 'filled' : 'light'}
                disabled={toDelete.length === 0}
                title={
                  toDelete.length < chosen
                    ? 'Paid and completed videos are locked by billing and are not deleted'
                    : undefined
                }
                onClick={() => setConfirmBulk(true)}
              >
                Delete selected ({toDelete.length})
              </Button>
            </Group>
          </Group>
          <BulkActionBar
            withSelectAll={false}
            shown={shown}
            selection={{
              ids: selection.chosen.map((v) => v.id),
              isSelected: selection.isChosen,
              toggle: selection.toggle,
              setAll: () => !selection.allChosen && selection.toggleAll(),
              clear: selection.clear,
            }}
          />
          {shown.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              No videos match these filters
            </Text>
          )}
          {shown.length > 0 &&
            (desktop ? (
              <ManagedVideoTable
                {...list}
                side={workflowSide(viewer)}
                onAdvance={(v, to) => move(v, { to })}
                pendingId={pendingId}
              />
            ) : (
              <ManagedVideoCards {...list} onDelete={setDeleting} />
            ))}
        </>
      )}

      <Modal
        opened={confirmBulk}
        onClose={() => !bulk.isPending && setConfirmBulk(false)}
        title="Delete videos"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Are you sure you want to delete {toDelete.length} selected video(s)? This action cannot
            be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirmBulk(false)}
              disabled={bulk.isPending}
            >
              Cancel
            </Button>
            <Button color="red" onClick={runBulkDelete} loading={bulk.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
      {deleting && (
        <DeleteVideoDialog
          video={deleting}
          viewer={viewer}
          opened
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => runDelete(deleting)}
        />
      )}
      {dialogs}
      <AddUserVideoDialog
        opened={adding}
        onClose={() => setAdding(false)}
        userId={target.id}
        videoCount={videos.length}
      />
    </Stack>
  );
}
