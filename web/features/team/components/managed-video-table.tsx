import { Anchor, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { VideoView } from '../../../../domain/videos';
import { nextStatus, type WorkflowSide } from '../../../../domain/workflow';
import { StatusBadge } from '../../videos/components/status-badge';
import {
  ClientName,
  editorText,
  SelectVideoBox,
  TypeBadge,
  type ManagedListProps,
} from './managed-video-parts';
import { useWindowRows } from './use-window-rows';

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
        <Group gap={4} wrap="nowrap">
          <TypeBadge type={v.type} />
          <StatusBadge status={v.status} size="sm" />
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
