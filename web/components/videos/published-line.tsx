import { Anchor, Group, Text } from '@mantine/core';
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
}: {
  videoName: string;
  publishedAt: string | null;
  publishedUrl: string | null;
}) {
  const url = publishedUrl && isOpenableLink(publishedUrl) ? publishedUrl : null;
  if (!publishedAt && !url) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="published-line">
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {publishedAt ? `Posted ${formatPublishedDay(publishedAt)}` : 'Posted'}
      </Text>
      {url && (
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
      )}
    </Group>
  );
}
