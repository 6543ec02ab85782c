import { Anchor, Group, Stack, Text } from '@mantine/core';
import { isOpenableLink } from '@domain/links';
import { formatPublishedDay } from '@domain/publishing';
import { IconExternal } from './video-icons';

/**
 * A posted video's record (issue 18, "Posting as a step"): "Posted 24 Nov 2026" and, when it has
 * one, a link to where it was published, in a new tab. Nothing when there is neither.
 */
export function PublishedLine({
  videoName,
  publishedAt,
  publishedUrl,
  inColumn = false,
}: {
  videoName: string;
  publishedAt: string | null;
  publishedUrl: string | null;
  /** In a table's Posted column: the day alone, the link under it. */
  inColumn?: boolean;
}) {
  const url = publishedUrl && isOpenableLink(publishedUrl) ? publishedUrl : null;
  if (!publishedAt && !url) return null;
  const day = publishedAt && formatPublishedDay(publishedAt);
  const link = url && (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      aria-label={`Published video of ${videoName} (opens in a new tab)`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 2, whiteSpace: 'nowrap' }}
    >
      View post
      <IconExternal size={12} aria-hidden />
    </Anchor>
  );
  if (inColumn) {
    return (
      <Stack gap={0} align="flex-start" data-testid="published-line">
        {day && (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {day}
          </Text>
        )}
        {link}
      </Stack>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="published-line">
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {day ? `Posted ${day}` : 'Posted'}
      </Text>
      {link}
    </Group>
  );
}
