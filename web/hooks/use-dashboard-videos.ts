import { useEffect } from 'react';
import { AUTO_REFRESH_MS } from '@domain/preferences';
import { useVideos } from '../api/videos';
import { pageTitle } from '../lib/site';
import { usePreferences } from './use-preferences';
import { useScrollMemory } from './use-scroll-memory';

/**
 * A role's dashboard page titled `title` (the editor's, the client's, the team lead's) and
 * its videos: read again every AUTO_REFRESH_MS while the user's auto refresh is on, the
 * scroll place kept (useScrollMemory). Returns them with the user's preferences.
 */
export function useDashboardVideos(title: string) {
  const prefs = usePreferences();
  const videos = useVideos({
    refetchInterval: prefs.preferences.autoRefresh ? AUTO_REFRESH_MS : false,
  });
  useScrollMemory(videos.isSuccess);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return { prefs, videos };
}
