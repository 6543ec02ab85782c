import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AddVersionBody, RoundView, VersionList, VersionView } from '@domain/versions';
import { apiJson } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';
import { invalidateVideos } from './videos';

/** A video's versions (cuts) and review rounds (server/modules/versions, issue 41). */

/** Query keys: under the video's, so every video write reads them again (invalidateVideos). */
export const versionKeys = {
  list: (videoId: string) => ['/api/videos', videoId, 'versions'] as const,
  rounds: (videoId: string) => ['/api/videos', videoId, 'rounds'] as const,
};

const videoPath = (videoId: string) => `/api/videos/${encodeURIComponent(videoId)}`;

/** GET /api/videos/{id}/versions: the source and the versions, newest first. */
export const getVersions = (videoId: string) =>
  apiJson<VersionList>('GET', `${videoPath(videoId)}/versions`);

export const useVersions = (videoId: string | null) =>
  useQuery({
    queryKey: versionKeys.list(videoId ?? ''),
    queryFn: () => getVersions(videoId!),
    enabled: Boolean(videoId),
  });

/** GET /api/videos/{id}/rounds: oldest first. */
export const getRounds = (videoId: string) =>
  apiJson<RoundView[]>('GET', `${videoPath(videoId)}/rounds`);

export const useRounds = (videoId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: versionKeys.rounds(videoId),
    queryFn: () => getRounds(videoId),
    enabled,
  });

/** After notes were ticked or a version added: the counts of open notes are read again. */
export function invalidateVersions(queryClient: QueryClient, videoId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: versionKeys.list(videoId) });
}

/** POST /api/videos/{id}/versions. */
export const addVersion = (
  videoId: string,
  body: AddVersionBody,
  headers: Record<string, string> = {},
) => apiJson<VersionView>('POST', `${videoPath(videoId)}/versions`, body, headers);

export function useAddVersion(videoId: string) {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (body: AddVersionBody) =>
      keys.send(body, (headers) => addVersion(videoId, body, headers)),
    // The video's current version, its versions and its notes (carried, closed) all moved.
    onSuccess: () => invalidateVideos(queryClient),
  });
}
