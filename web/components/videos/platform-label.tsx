import { Group, Text } from '@mantine/core';
import { detectPlatform, PLATFORM_LABELS, type Platform } from '@domain/links';
import { IconCloud, IconLink, IconPlay } from './video-icons';

const ICONS: Record<Platform, typeof IconPlay> = {
  youtube: IconPlay,
  vimeo: IconPlay,
  drive: IconCloud,
  frameio: IconCloud,
  other: IconLink,
};

/** The link's platform (YouTube, Vimeo, Google Drive, Frame.io or Link) with its icon. */
export function PlatformLabel({ link, size = 'xs' }: { link: string; size?: 'xs' | 'sm' }) {
  const platform = detectPlatform(link);
  const Icon = ICONS[platform];
  return (
    <Group gap={4} wrap="nowrap" c="dimmed">
      <Icon size={14} />
      <Text size={size} c="dimmed">
        {PLATFORM_LABELS[platform]}
      </Text>
    </Group>
  );
}

export function PlatformIcon({ link }: { link: string }) {
  const Icon = ICONS[detectPlatform(link)];
  return <Icon size={16} />;
}
