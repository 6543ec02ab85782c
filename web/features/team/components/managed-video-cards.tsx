import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { VideoView } from '../../../../domain/videos';
import { StatusBadge } from '../../videos/components/status-badge';
import {
  ClientName,
  editorText,
  SelectVideoBox,
  TypeBadge,
  type ManagedListProps,
} from './managed-video-parts';
import { useWindowRows } from './use-window-rows';

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
