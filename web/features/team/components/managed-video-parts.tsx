import { Badge, Checkbox, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { typeLabel } from '../../../../domain/video-type-labels';
import type { VideoView } from '../../../../domain/videos';

const nameOf = (u: { name: string | null; username: string }) => u.name || u.username;

/** What a row or card of the managed-user page's list needs (desktop table, phone cards). */
export interface ManagedListProps {
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
export function SelectVideoBox({
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
      checked={chosen && deletable}
      onChange={() => onToggle(video.id)}
      disabled={!deletable}
      title={deletable ? undefined : 'Locked by billing: cannot be deleted'}
      label={label}
    />
  );
}

export function TypeBadge({ type }: { type: string }) {
  return (
    <Badge variant="outline" color="gray" c="dark.6" size="sm">
      {typeLabel(type)}
    </Badge>
  );
}

/** The client's name with its VIP badge. */
export function ClientName({ video }: { video: VideoView }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{nameOf(video.owner)}</Text>
      {video.clientIsVip && (
        <Badge size="xs" color="yellow" variant="filled" c="dark.8">
          VIP
        </Badge>
      )}
    </Group>
  );
}

export const editorText = (v: VideoView) =>
  v.assignedEditor ? nameOf(v.assignedEditor) : 'No editor assigned';
