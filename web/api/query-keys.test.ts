import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { commentKeys } from './comments';
import { notificationKeys } from './notifications';
import { teamLeadKeys } from './team-leads';
import { userKeys } from './users';
import { invalidateVideos, videoKeys } from './videos';

/** The path a key names: its leading strings joined, as web/lib/query-client.ts reads them. */
function pathOf(key: QueryKey): string {
  const end = key.findIndex((part) => typeof part !== 'string');
  return (end === -1 ? key : key.slice(0, end)).join('/');
}

describe('the query keys of web/api', () => {
  it('start with the GET path they read', () => {
    expect(pathOf(videoKeys.list())).toBe('/api/videos');
    expect(pathOf(videoKeys.page({ limit: 50, status: 'review' }))).toBe('/api/videos');
    expect(pathOf(videoKeys.count())).toBe('/api/videos/count');
    expect(pathOf(videoKeys.detail('v1'))).toBe('/api/videos/v1');
    expect(pathOf(videoKeys.ofUser('u1'))).toBe('/api/king/users/u1/videos');
    expect(pathOf(commentKeys.list('v1'))).toBe('/api/videos/v1/comments');
    expect(pathOf(commentKeys.mentionable('v1'))).toBe('/api/videos/v1/mentionable');
    expect(pathOf(notificationKeys.list())).toBe('/api/notifications');
    expect(pathOf(notificationKeys.count())).toBe('/api/notifications/count');
    expect(pathOf(teamLeadKeys.all)).toBe('/api/team-leads');
    expect(pathOf(teamLeadKeys.myClients())).toBe('/api/team-leads/my-clients');
    expect(pathOf(userKeys.detail('u1'))).toBe('/api/users/u1');
    expect(pathOf(userKeys.team())).toBe('/api/king/users');
  });

  it('let one call refresh every query that shows videos, but a deleted one', async () => {
    const queryClient = new QueryClient();
    const keys: QueryKey[] = [
      videoKeys.list(),
      videoKeys.detail('v1'),
      videoKeys.detail('v2'),
      commentKeys.list('v1'),
      videoKeys.ofUser('u1'),
      userKeys.team(),
      ['/api/admin/videos'],
      ['/api/lead/summary', { clientId: null }],
      notificationKeys.count(),
      userKeys.detail('u1'),
    ];
    for (const key of keys) queryClient.setQueryData(key, []);
    await invalidateVideos(queryClient, { except: 'v1' });
    const stale = keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([
      videoKeys.list(),
      videoKeys.detail('v2'),
      videoKeys.ofUser('u1'),
      userKeys.team(),
      ['/api/admin/videos'],
      ['/api/lead/summary', { clientId: null }],
    ]);
  });
});
