import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Chip,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { billingFactsOfView, billingLock } from '../../../../domain/billing';
import { bulkDeleteMessage, managedUserColumns } from '../../../../domain/lead-dashboard';
import type { PublicUser } from '../../../../domain/user';
import {
  filterCounts,
  matchesSearch,
  matchesStatusFilter,
  sortVideos,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  typeCounts,
  VIDEO_SORT_LABELS,
  VIDEO_SORTS,
  type StatusFilter,
  type VideoSort,
} from '../../../../domain/video-list';
import { normalizeCustomType } from '../../../../domain/video-types';
import { typeLabel } from '../../../../domain/video-type-labels';
import type { VideoView } from '../../../../domain/videos';
import { nextStatus, workflowSide } from '../../../../domain/workflow';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteVideo } from '../../videos/api/delete-video';
import { DeleteVideoDialog } from '../../../components/videos/delete-video-dialog';
import { StatusBadge } from '../../../components/videos/status-badge';
import { useStatusChange } from '../../../hooks/use-status-change';
import { useBulkDeleteVideos } from '../api/bulk-delete-videos';
import { AddUserVideoDialog } from './add-user-video-dialog';
import { useWindowRows } from './use-window-rows';

const nameOf = (u: { name: string | null; username: string }) => u.name || u.username;
const LOCKED_TITLE = 'Locked by billing: cannot be deleted';

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
 * The managed-user page's video area (SPEC.md section 2): status counts, name search, type
 * chips, sort, refresh, client filter, selection with bulk delete, a virtualised table on
 * desktop and cards on phones, the Add Video dialog and 'No Videos Yet'.
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
  const desktop = useMediaQuery('(min-width: 48em)', true);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<string>('all');
  const [sort, setSort] = useState<VideoSort>('ordinal');
  const [clientFilter, setClientFilter] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<VideoView | null>(null);
  const bulk = useBulkDeleteVideos(viewer, target.id);
  const remove = useDeleteVideo();
  const { change, pendingId } = useStatusChange();
  const columns = managedUserColumns(viewer);
  // A video the billing lock keeps (paid, or completed for the client side) is not offered.
  const deletable = (v: VideoView) => billingLock(viewer, billingFactsOfView(v)) === null;

  const byClient = useMemo(
    () => (clientFilter ? videos.filter((v) => v.userId === clientFilter) : videos),
    [videos, clientFilter],
  );
  const counts = filterCounts(byClient);
  const types = typeCounts(byClient);
  const shown = useMemo(
    () =>
      sortVideos(
        byClient.filter(
          (v) =>
            matchesStatusFilter(v.status, status) &&
            matchesSearch(v.name, search) &&
            (type === 'all' || normalizeCustomType(v.type) === type),
        ),
        sort,
      ),
    [byClient, status, search, type, sort],
  );
  const shownIds = shown.filter(deletable).map((v) => v.id);
  const selectedShown = shownIds.filter((id) => selected.has(id));
  const allSelected = shownIds.length > 0 && selectedShown.length === shownIds.length;

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(shownIds));

  const runBulkDelete = () => {
    const ids = selectedShown;
    bulk.mutate(ids, {
      onSuccess: ({ deleted, failed, message }) => {
        setConfirmBulk(false);
        setSelected(new Set());
        if (failed === 0) notifySuccess('Videos deleted', bulkDeleteMessage(deleted, failed));
        else notifyError('Bulk delete failed', message ?? bulkDeleteMessage(deleted, failed));
      },
      onError: (error) => {
        setConfirmBulk(false);
        notifyError('Bulk delete failed', getErrorMessage(error, 'Failed to delete videos'));
      },
    });
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

  const nextButton = (v: VideoView) => {
    const next = nextStatus(workflowSide(viewer), v.status);
    if (!next) return null;
    return (
      <Button
        size="xs"
        variant="light"
        onClick={() => change(v.id, next.to)}
        disabled={pendingId === v.id}
        aria-label={`${next.label}: ${v.name}`}
      >
        {next.label}
      </Button>
    );
  };

  const clientCell = (v: VideoView) => (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{nameOf(v.owner)}</Text>
      {v.clientIsVip && (
        <Badge size="xs" color="yellow" variant="filled" c="dark.8">
          VIP
        </Badge>
      )}
    </Group>
  );
  const editorText = (v: VideoView) =>
    v.assignedEditor ? nameOf(v.assignedEditor) : 'No editor assigned';

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} component="h2" fz="lg" m={0}>
          Videos
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
          {canAdd && <Button onClick={() => setAdding(true)}>Add Video</Button>}
        </Group>
      </Group>

      <Group gap={6} wrap="wrap" role="group" aria-label="Filter by status">
        {STATUS_FILTERS.map((s) => (
          <Button
            key={s}
            size="xs"
            radius="xl"
            variant={status === s ? 'filled' : 'default'}
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {s === 'all' ? 'All' : STATUS_FILTER_LABELS[s]} ({counts[s]})
          </Button>
        ))}
      </Group>

      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="search"
          aria-label="Search videos by name"
          placeholder="Search videos by name..."
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          aria-label="Sort videos"
          w={170}
          value={sort}
          onChange={(v) => v && setSort(v as VideoSort)}
          data={VIDEO_SORTS.map((s) => ({ value: s, label: VIDEO_SORT_LABELS[s] }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {assignedClients.length > 0 && (
          <Select
            aria-label="Filter by client"
            w={200}
            placeholder="All Clients"
            value={clientFilter}
            onChange={setClientFilter}
            data={assignedClients.map((c) => ({ value: c.id, label: c.label }))}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>

      {types.length > 0 && (
        <Chip.Group value={type} onChange={(v) => setType(v as string)}>
          <Group gap={6} wrap="wrap" role="group" aria-label="Filter by type">
            <Chip value="all" size="sm">
              All types ({byClient.length})
            </Chip>
            {types.map((t) => (
              <Chip key={t.type} value={t.type} size="sm">
                {t.label} ({t.count})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}

      {videos.length === 0 ? (
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
              label={`Select all (${shownIds.length})`}
              checked={allSelected}
              indeterminate={selectedShown.length > 0 && !allSelected}
              onChange={toggleAll}
              disabled={shownIds.length === 0}
            />
            <Button
              color="red"
              variant={selectedShown.length ? 'filled' : 'light'}
              disabled={selectedShown.length === 0}
              onClick={() => setConfirmBulk(true)}
            >
              Delete selected ({selectedShown.length})
            </Button>
          </Group>
          {shown.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              No videos match these filters
            </Text>
          )}
          {shown.length > 0 &&
            (desktop ? (
              <VideoTable
                videos={shown}
                selected={selected}
                onToggle={toggle}
                columns={columns}
                clientCell={clientCell}
                editorText={editorText}
                nextButton={nextButton}
                onOpen={onOpen}
                deletable={deletable}
              />
            ) : (
              <VideoCards
                videos={shown}
                selected={selected}
                onToggle={toggle}
                columns={columns}
                clientCell={clientCell}
                editorText={editorText}
                onOpen={onOpen}
                onDelete={setDeleting}
                deletable={deletable}
              />
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
            Are you sure you want to delete {selectedShown.length} selected video(s)? This action
            cannot be undone.
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
      <AddUserVideoDialog
        opened={adding}
        onClose={() => setAdding(false)}
        userId={target.id}
        videoCount={videos.length}
      />
    </Stack>
  );
}

interface ListProps {
  videos: VideoView[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  columns: { client: boolean; assignedEditor: boolean };
  clientCell: (v: VideoView) => ReactNode;
  editorText: (v: VideoView) => string;
  onOpen: (id: string) => void;
  /** Whether the viewer may delete the video (the billing lock). */
  deletable: (v: VideoView) => boolean;
}

/** The desktop table; rows outside the screen are replaced by two spacer rows. */
function VideoTable({
  videos,
  selected,
  onToggle,
  columns,
  clientCell,
  editorText,
  nextButton,
  onOpen,
  deletable,
}: ListProps & { nextButton: (v: VideoView) => ReactNode }) {
  const { ref, virtualizer } = useWindowRows<HTMLTableSectionElement>(videos.length, 53);
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const before = items.length ? items[0]!.start - margin : 0;
  const after = items.length
    ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - margin)
    : 0;
  const span = 5 + (columns.client ? 1 : 0) + (columns.assignedEditor ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th w={60}>#</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type and status</Table.Th>
            {columns.client && <Table.Th>Client</Table.Th>}
            {columns.assignedEditor && <Table.Th>Assigned editor</Table.Th>}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={ref}>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const v = videos[item.index]!;
            return (
              <Table.Tr key={v.id} data-index={item.index} ref={virtualizer.measureElement}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${v.name}`}
                    checked={selected.has(v.id) && deletable(v)}
                    onChange={() => onToggle(v.id)}
                    disabled={!deletable(v)}
                    title={deletable(v) ? undefined : LOCKED_TITLE}
                  />
                </Table.Td>
                <Table.Td>{v.ordinal}</Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => onOpen(v.id)}
                    fw={500}
                    ta="left"
                  >
                    {v.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Badge variant="outline" color="gray" c="dark.6" size="sm">
                      {typeLabel(v.type)}
                    </Badge>
                    <StatusBadge status={v.status} size="sm" />
                  </Group>
                </Table.Td>
                {columns.client && <Table.Td>{clientCell(v)}</Table.Td>}
                {columns.assignedEditor && (
                  <Table.Td>
                    <Text size="sm">{editorText(v)}</Text>
                  </Table.Td>
                )}
                <Table.Td>{nextButton(v)}</Table.Td>
              </Table.Tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone cards: View, Edit and Delete on each. */
function VideoCards({
  videos,
  selected,
  onToggle,
  columns,
  clientCell,
  editorText,
  onOpen,
  onDelete,
  deletable,
}: ListProps & { onDelete: (v: VideoView) => void }) {
  const { ref, virtualizer } = useWindowRows<HTMLDivElement>(videos.length, 170);
  const margin = virtualizer.options.scrollMargin;
  return (
    <div
      ref={ref}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      role="list"
      aria-label="Videos"
    >
      {virtualizer.getVirtualItems().map((item) => {
        const v = videos[item.index]!;
        return (
          <div
            key={v.id}
            data-index={item.index}
            ref={virtualizer.measureElement}
            role="listitem"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              paddingBottom: 10,
              transform: `translateY(${item.start - margin}px)`,
            }}
          >
            <Card withBorder padding="sm" radius="md" component="article" aria-label={v.name}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Checkbox
                    aria-label={`Select ${v.name}`}
                    checked={selected.has(v.id) && deletable(v)}
                    onChange={() => onToggle(v.id)}
                    disabled={!deletable(v)}
                    title={deletable(v) ? undefined : LOCKED_TITLE}
                    label={
                      <Text fw={600} size="sm">
                        #{v.ordinal} {v.name}
                      </Text>
                    }
                  />
                  <StatusBadge
                    status={v.status}
                    size="sm"

                    style={{ flexShrink: 0 }}
                  />
                </Group>
                <Group gap={6}>
                  <Badge variant="outline" color="gray" c="dark.6" size="sm">
                    {typeLabel(v.type)}
                  </Badge>
                  {columns.client && clientCell(v)}
                </Group>
                {columns.assignedEditor && (
                  <Text size="sm" c="dimmed">
                    Editor: {editorText(v)}
                  </Text>
                )}
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => onOpen(v.id)}>
                    View
                  </Button>
                  <Button size="xs" variant="default" onClick={() => onOpen(v.id)}>
                    Edit
                  </Button>
                  {deletable(v) && (
                    <Button size="xs" color="red" variant="light" onClick={() => onDelete(v)}>
                      Delete
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          </div>
        );
      })}
    </div>
  );
}
