import { useDebouncedValue } from '@mantine/hooks';
import type { PublicUser } from '@domain/user';
import type { EditorSort, VideoSort } from '@domain/video-list';
import { useRefreshVideos, type BoardQuery } from '../../api/videos';
import { usePreferences } from '../../hooks/use-preferences';
import type { VideoFilters } from '../../hooks/use-video-filters';
import { useVideoParam } from '../../hooks/use-video-param';
import { ListPreferencesBar } from './list-preferences-bar';
import { VideoBoard } from './video-board';
import { useVideoViewMode } from './video-view-switch';
import { VideoList, type VideoListProps } from './video-list';
import { VideoListToolbar, type VideoListToolbarProps } from './video-list-toolbar';

/**
 * A dashboard's video list (docs/product.md#screens): the saved views, the shared toolbar (with the
 * recent searches and Refresh) and the cards in the viewer's density, as a grid or, by the
 * user's choice, as a board (docs/product.md#the-board) whose columns read the same filters; a card opens its video
 * through `?video=` (the route draws the dialog). The dashboard owns the filters and adds what
 * is its own.
 */
export function DashboardVideoList({
  viewer,
  videos,
  filters,
  sorts,
  alsoRefresh,
  toolbar,
  list,
  board,
}: {
  viewer: PublicUser;
  /** The list call: its loading and error states and a retry. */
  videos: { isLoading: boolean; error: unknown; refetch: () => Promise<unknown> };
  filters: VideoFilters;
  /** The sorts the list offers: a saved view with another sort falls back to the order. */
  sorts: readonly (VideoSort | EditorSort)[];
  /** What Refresh reads again besides the videos (say, the clients). */
  alsoRefresh?: () => void;
  toolbar?: Partial<VideoListToolbarProps>;
  list: Pick<
    VideoListProps,
    'showClient' | 'teamClientIds' | 'emptyTitle' | 'emptyText' | 'emptyAction'
  >;
  /** What the board's columns read besides the filters (say, the client's own videos only). */
  board?: BoardQuery;
}) {
  const prefs = usePreferences();
  const [mode] = useVideoViewMode();
  const { search, type, client, rounds } = filters.state;
  const [q] = useDebouncedValue(search.trim(), 250);
  const reload = useRefreshVideos();
  const { open } = useVideoParam();
  return (
    <>
      <VideoListToolbar
        {...filters.toolbar}
        preferences={
          <ListPreferencesBar view={filters.view} onApply={(v) => filters.applyView(v, sorts)} />
        }
        recentSearches={prefs.preferences.recentSearches}
        onSearchCommit={prefs.addRecentSearch}
        {...toolbar}
        onRefresh={() => {
          void reload.refresh();
          alsoRefresh?.();
        }}
        refreshing={reload.refreshing}
      />
      {mode === 'board' ? (
        <VideoBoard
          viewer={viewer}
          onOpen={open}
          query={{
            q: q || undefined,
            type: type === 'all' ? undefined : type,
            clientId: client === 'all' ? undefined : client,
            roundsOver: rounds ?? undefined,
            ...board,
          }}
          showClient={list.showClient}
          teamClientIds={list.teamClientIds}
        />
      ) : (
        <VideoList
          videos={filters.visible}
          viewer={viewer}
          onOpen={open}
          isLoading={videos.isLoading}
          error={videos.error}
          onRetry={() => void videos.refetch()}
          {...list}
          compact={prefs.preferences.compactView}
        />
      )}
    </>
  );
}
