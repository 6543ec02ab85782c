import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { typeLabel } from '@domain/video-type-labels';
import type { VideoView } from '@domain/videos';
import { nextStatus, type WorkflowSide } from '@domain/workflow';
import { StatusBadge } from '../../../components/videos/status-badge';
import { useWindowRows } from '../../../hooks/use-window-rows';
import { VipBadge } from '../../../components/vip-badge';
import { displayName } from '@domain/people';

/*
 * The managed-user page's list: a virtualised table with a row per video on desktop, cards on
 * phones, and the cells both show.
 */

/** What a row or card of the managed-user page's list needs (desktop table, phone cards). */
interface ManagedListProps {
  videos: VideoView[];
  /** Which optional columns the viewer gets (domain/lead-dashboard.ts managedUserColumns). */
  columns: { client: boolean; assignedEditor: boolean };
  isChosen: (id: string) => boolean;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  /** Whether the viewer may delete the video (the billing lock). */
  deletable: (v: VideoView) => boolean;
}

/** The row's selection box; a video the billing lock keeps cannot be picked. */
function SelectVideoBox({
  video,
  chosen,
  deletable,
  onToggle,
  label,
}: {
  video: VideoView;
  chosen: boolean;
  deletable: boolean;
  onToggle: (id: string) => void;
  label?: ReactNode;
}) {
  return (
    <Checkbox
      aria-label={`Select ${video.name}`}
      checked={chosen}
      onChange={() => onToggle(video.id)}
      title={deletable ? undefined : 'Locked by billing: exported, never deleted'}
      label={label}
    />
  );
}

/** A badge is never cut to an ellipsis ('V…'): it keeps its whole width and wraps instead. */
const WHOLE = { minWidth: 'max-content' } as const;

function TypeBadge({ type }: { type: string }) {
  return (
    <Badge variant="outline" color="gray" c="dark.6" size="sm" style={WHOLE}>
      {typeLabel(type)}
    </Badge>
  );
}

/** The client's name with its VIP badge. */
function ClientName({ video }: { video: VideoView }) {
  return (
    <Group gap={4}>
      <Text size="sm">{displayName(video.owner)}</Text>
      {video.clientIsVip && <VipBadge size="xs" />}
    </Group>
  );
}

const editorText = (v: VideoView) =>
  v.assignedEditor ? displayName(v.assignedEditor) : 'No editor assigned';

interface AdvanceProps {
  /** Which side of the workflow the viewer acts for: its next-status button. */
  side: WorkflowSide;
  onAdvance: (video: VideoView, to: string) => void;
  /** The video whose status change is on its way (its button waits). */
  pendingId: string | undefined;
}

/** The desktop table; rows outside the screen are replaced by two spacer rows. */
export function ManagedVideoTable(props: ManagedListProps & AdvanceProps) {
  const { videos, columns } = props;
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
          {before > 0 && <SpacerRow span={span} height={before} />}
          {items.map((item) => (
            <ManagedVideoRow
              key={videos[item.index]!.id}
              {...props}
              video={videos[item.index]!}
              index={item.index}
              measure={virtualizer.measureElement}
            />
          ))}
          {after > 0 && <SpacerRow span={span} height={after} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SpacerRow({ span, height }: { span: number; height: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

function ManagedVideoRow({
  video: v,
  index,
  measure,
  columns,
  isChosen,
  onToggle,
  onOpen,
  deletable,
  side,
  onAdvance,
  pendingId,
}: Omit<ManagedListProps, 'videos'> &
  AdvanceProps & {
    video: VideoView;
    index: number;
    measure: (el: HTMLTableRowElement | null) => void;
  }) {
  const next = nextStatus(side, v.status);
  return (
    <Table.Tr data-index={index} ref={measure}>
      <Table.Td>
        <SelectVideoBox
          video={v}
          chosen={isChosen(v.id)}
          deletable={deletable(v)}
          onToggle={onToggle}
        />
      </Table.Td>
      <Table.Td>{v.ordinal}</Table.Td>
      <Table.Td>
        <Anchor component="button" type="button" onClick={() => onOpen(v.id)} fw={500} ta="left">
          {v.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <TypeBadge type={v.type} />
          <StatusBadge status={v.status} size="sm" style={WHOLE} />
        </Group>
      </Table.Td>
      {columns.client && (
        <Table.Td>
          <ClientName video={v} />
        </Table.Td>
      )}
      {columns.assignedEditor && (
        <Table.Td>
          <Text size="sm">{editorText(v)}</Text>
        </Table.Td>
      )}
      <Table.Td>
        {next && (
          <Button
            size="xs"
            variant="light"
            onClick={() => onAdvance(v, next.to)}
            disabled={pendingId === v.id}
            aria-label={`${next.label}: ${v.name}`}
          >
            {next.label}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The phone cards: View, Edit and Delete on each. */
export function ManagedVideoCards({
  onDelete,
  ...props
}: ManagedListProps & { onDelete: (v: VideoView) => void }) {
  const { videos } = props;
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
            <ManagedVideoCard {...props} video={v} onDelete={onDelete} />
          </div>
        );
      })}
    </div>
  );
}

function ManagedVideoCard({
  video: v,
  columns,
  isChosen,
  onToggle,
  onOpen,
  onDelete,
  deletable,
}: Omit<ManagedListProps, 'videos'> & { video: VideoView; onDelete: (v: VideoView) => void }) {
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={v.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <SelectVideoBox
            video={v}
            chosen={isChosen(v.id)}
            deletable={deletable(v)}
            onToggle={onToggle}
            label={
              <Text fw={600} size="sm">
                #{v.ordinal} {v.name}
              </Text>
            }
          />
          <StatusBadge status={v.status} size="sm" style={{ flexShrink: 0 }} />
        </Group>
        <Group gap={6}>
          <TypeBadge type={v.type} />
          {columns.client && <ClientName video={v} />}
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
  );
}
