import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useContext, useDeferredValue, type ReactNode } from 'react';
import type { PublicUser } from '@domain/user';
import type { VideoView } from '@domain/videos';
import { useVideoSelection } from '../../hooks/use-video-selection';
import { DrawnWidth } from '../../lib/drawn-width';
import { EmptyState } from '../empty-state';
import { VideoCardsSkeleton } from '../skeletons';
import { BulkActionBar } from './bulk-action-bar';
import { VideoCard } from './video-card';

export interface VideoListProps {
  videos: readonly VideoView[];
  viewer: PublicUser;
  onOpen: (videoId: string) => void;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  showClient?: boolean;
  teamClientIds?: readonly string[];
  /** What the empty list says, e.g. 'No videos found'. */
  emptyTitle?: string;
  emptyText?: ReactNode;
  /** The button for what to do about an empty list (say, Add Video). */
  emptyAction?: ReactNode;
  compact?: boolean;
  /** Cards can be picked for a bulk change (issue 45); true unless told. */
  selectable?: boolean;
}

const NO_VIDEOS: readonly VideoView[] = [];

/**
 * A grid of VideoCards with its loading, error and empty states. The error message is the
 * fetch failure of docs/product.md#errors plus a retry.
 */
export function VideoList({
  videos,
  viewer,
  onOpen,
  isLoading,
  error,
  onRetry,
  showClient,
  teamClientIds,
  emptyTitle = 'No videos found',
  emptyText,
  emptyAction,
  compact,
  selectable = true,
}: VideoListProps) {
  const selection = useVideoSelection();
  // The cards are drawn in a background (transition) render: React draws them in slices, so a
  // long list holds neither the rest of the page's first paint nor the phone's main thread
  // (Lighthouse mobile, issue 9 part 6). A new list (filters, search) follows the same way.
  // In a page the server drew, the cards are in its HTML already: hydration keeps them.
  const drawn = useContext(DrawnWidth) !== null;
  const shown = useDeferredValue(videos, drawn ? videos : NO_VIDEOS);
  if (isLoading) return <VideoCardsSkeleton label="Loading videos..." compact={compact} />;
  if (error) {
    return (
      <Alert color="red" title="Failed to fetch videos" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            The videos could not be loaded. Check your connection and try again.
          </Text>
          {onRetry && (
            <Button size="xs" variant="default" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (videos.length === 0) {
    return <EmptyState title={emptyTitle} text={emptyText} action={emptyAction} />;
  }
  const order = shown.map((v) => v.id);
  return (
    <Stack gap="sm">
      {selectable && <BulkActionBar selection={selection} shown={videos} />}
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing={compact ? 'xs' : 'md'}
        component="ul"
        aria-label="Videos"
        aria-busy={shown !== videos}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {shown.map((video, index) => (
          <li key={video.id}>
            <VideoCard
              video={video}
              viewer={viewer}
              onOpen={onOpen}
              showClient={showClient}
              teamClientIds={teamClientIds}
              index={index}
              compact={compact}
              selection={
                selectable
                  ? {
                      selected: selection.isSelected(video.id),
                      onToggle: (range) => selection.toggle(video.id, { range, order }),
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
