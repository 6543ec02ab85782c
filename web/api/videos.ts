import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useState } from 'react';
import type { MessageAnswer } from '@domain/api';
import type { BulkChangeAnswer, BulkChangeBody } from '@domain/bulk-changes';
import type { DeliveryBody } from '@domain/delivery';
import { BOARD_PAGE_SIZE } from '@domain/board';
import type { LeadListFilter } from '@domain/lead-dashboard';
import { normalizeStatus, VIDEO_STATUSES, type VideoStatus } from '@domain/video-status';
import type { VideoListOrder } from '@domain/video-list';
import { isAdmin } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import type {
  AdminBulkDeleteAnswer,
  AssignedEditorBody,
  BulkDeleteAnswer,
  BulkDeleteRefusal,
  CreateVideoBody,
  StatusBody,
  UpdateVideoBody,
  VideoCount,
  VideoListQuery,
  VideoView,
} from '@domain/videos';
import { useSubmissionKeys } from '../lib/idempotency';
import {
  ApiError,
  apiFetch,
  apiGetList,
  apiJson,
  getErrorMessage,
  throwIfNotOk,
} from '../lib/api-client';
import { notifyError } from '../lib/notify';
import { invalidateClients } from './clients';

/**
 * The video calls (server/modules/videos): their query keys, their one invalidation and a
 * fetcher and hook per call. Bodies and answers are the domain's schemas' types.
 */

// --- Keys and invalidation -----------------------------------------------------------------------

/**
 * Query keys of the video reads. Each starts with the GET path it reads, segment by segment
 * (web/lib/query-client.ts's default read joins them); a list's filters follow as an object.
 */
export const videoKeys = {
  all: ['/api/videos'] as const,
  list: () => ['/api/videos'] as const,
  page: (query: VideoListQuery) => ['/api/videos', query] as const,
  count: () => ['/api/videos', 'count'] as const,
  detail: (id: string) => ['/api/videos', id] as const,
  ofUser: (userId: string) => ['/api/king', 'users', userId, 'videos'] as const,
};

/**
 * The calls whose answers show videos or count them: the video lists and details (comments
 * included), the managed-user pages, the admin list and the lead dashboard's tiles.
 */
const VIDEO_PATHS = ['/api/videos', '/api/king', '/api/admin/videos', '/api/lead'];

/** Whether a query shows videos, by the call its key names. */
export function isVideoQuery(queryKey: QueryKey): boolean {
  const [first] = queryKey;
  return typeof first === 'string' && VIDEO_PATHS.some((path) => first.startsWith(path));
}

/**
 * After a video changed: every query that shows videos is read again. `except` leaves out a
 * deleted video's own entries (the video, its comments), which would only answer 404.
 */
export function invalidateVideos(
  queryClient: QueryClient,
  { except }: { except?: string } = {},
): Promise<void> {
  const [path] = videoKeys.all;
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      isVideoQuery(queryKey) && !(except && queryKey[0] === path && queryKey[1] === except),
  });
}

type Snapshot = [QueryKey, unknown][];

/** A paged list's cache entry (useInfiniteQuery's data): its pages of videos. */
interface PagedVideos {
  pages: VideoPage[];
  pageParams: unknown[];
}

const isPaged = (data: unknown): data is PagedVideos =>
  !!data && typeof data === 'object' && Array.isArray((data as Partial<PagedVideos>).pages);

/** The status a paged list's key filters on (videoKeys.page), if any. */
const statusOfKey = (key: QueryKey): string | undefined => {
  const query = key[1];
  return query && typeof query === 'object' ? (query as VideoListQuery).status : undefined;
};

/**
 * A change to one video in a paged list: patched where it is; a list filtered on a status it
 * leaves drops it, and one filtered on the status it comes to shows it first (a board's columns,
 * a status tab), until the lists are read again.
 */
export function patchPaged(
  data: PagedVideos,
  status: string | undefined,
  id: string,
  change: Partial<VideoView>,
  found: VideoView | undefined,
): PagedVideos {
  const leaves = status !== undefined && change.status !== undefined && change.status !== status;
  let present = false;
  const pages = data.pages.map((page) => ({
    ...page,
    videos: page.videos.flatMap((v) => {
      if (v?.id !== id) return [v];
      present = true;
      return leaves ? [] : [{ ...v, ...change }];
    }),
  }));
  const arrives = status !== undefined && change.status === status && !present && found;
  if (arrives && pages[0])
    pages[0] = { ...pages[0], videos: [{ ...found, ...change }, ...pages[0].videos] };
  return { ...data, pages };
}

/**
 * Applies a change to the video wherever it is cached (lists, paged lists and its detail) and
 * returns what was there, so an error can put it back (docs/product.md#the-api: optimistic,
 * rolled back on error).
 */
async function patchCachedVideo(
  queryClient: QueryClient,
  id: string,
  change: Partial<VideoView>,
): Promise<Snapshot> {
  const filters = { predicate: ({ queryKey }: { queryKey: QueryKey }) => isVideoQuery(queryKey) };
  await queryClient.cancelQueries(filters);
  const entries = queryClient.getQueriesData(filters);
  const snapshot: Snapshot = [];
  let found: VideoView | undefined;
  for (const [, data] of entries) {
    const list = Array.isArray(data)
      ? (data as VideoView[])
      : isPaged(data)
        ? data.pages.flatMap((p) => p.videos)
        : [];
    found ??= list.find((v) => v?.id === id);
  }
  for (const [key, data] of entries) {
    snapshot.push([key, data]);
    if (Array.isArray(data)) {
      queryClient.setQueryData(
        key,
        (data as VideoView[]).map((v) => (v?.id === id ? { ...v, ...change } : v)),
      );
    } else if (isPaged(data)) {
      queryClient.setQueryData(key, patchPaged(data, statusOfKey(key), id, change, found));
    } else if (data && typeof data === 'object' && (data as VideoView).id === id) {
      queryClient.setQueryData(key, { ...(data as VideoView), ...change });
    }
  }
  return snapshot;
}

function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

const videoPath = (id: string) => `/api/videos/${encodeURIComponent(id)}`;

export function withQuery(path: string, query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

// --- Reads ---------------------------------------------------------------------------------------

/**
 * GET /api/videos: every video the signed-in user may read (own, assigned, team, all for
 * managers); `held`, the list this client holds, comes back as is when unchanged (304).
 */
export function getVideos(query: VideoListQuery = {}, held?: VideoView[]): Promise<VideoView[]> {
  return apiGetList<VideoView>(withQuery('/api/videos', query), held);
}

export function useVideos(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: videoKeys.list(),
    queryFn: ({ client, queryKey }) => getVideos({}, client.getQueryData(queryKey)),
    ...options,
  });
}

/** The Refresh button: GET /api/videos?refresh=true, stored as the list. */
export function useRefreshVideos() {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(videoKeys.list(), await getVideos({ refresh: 'true' }));
    } catch (error) {
      notifyError('Refresh failed', getErrorMessage(error, 'Failed to fetch videos'));
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh, refreshing };
}

/** Rows per page: enough to fill a tall screen, small enough to answer fast at any size. */
const PAGE_SIZE = 50;

export interface VideoPage {
  videos: VideoView[];
  nextCursor: string | null;
}

/** One page of GET /api/videos: filtered, counted and paged in SQL (newest first). */
export async function getVideoPage(query: VideoListQuery): Promise<VideoPage> {
  const response = await apiFetch('GET', withQuery('/api/videos', query));
  await throwIfNotOk(response);
  return {
    videos: (await response.json()) as VideoView[],
    nextCursor: response.headers.get('x-next-cursor'),
  };
}

/**
 * A filtered list (a lead dashboard tab), page by page; `rounds` narrows it to videos with more
 * than that many review rounds and `sort` orders it (newest first by default).
 */
export function useVideoPages(
  filter: LeadListFilter,
  clientId: string | null,
  enabled: boolean,
  { rounds = null, sort = 'newest' }: { rounds?: number | null; sort?: VideoListOrder } = {},
) {
  const query: VideoListQuery = {
    limit: PAGE_SIZE,
    status: filter.status,
    overdue: filter.overdue ? 'true' : undefined,
    needsLead: filter.needsLead ? 'true' : undefined,
    q: filter.q || undefined,
    clientId: clientId ?? undefined,
    roundsOver: rounds ?? undefined,
    sort: sort === 'newest' ? undefined : sort,
  };
  return useInfiniteQuery({
    queryKey: videoKeys.page(query),
    queryFn: ({ pageParam }) => getVideoPage({ ...query, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/**
 * One column of a board (docs/product.md#the-board): the list call with the column's status and
 * the board's filters, BOARD_PAGE_SIZE cards a page, the next page by its cursor.
 */
export function useBoardColumn(base: BoardQuery, status: VideoStatus) {
  const query = boardColumnQuery(base, status);
  return useInfiniteQuery({
    queryKey: videoKeys.page(query),
    queryFn: ({ pageParam }) => getVideoPage({ ...query, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

const boardColumnQuery = (base: BoardQuery, status: VideoStatus): VideoListQuery => ({
  ...base,
  status,
  limit: BOARD_PAGE_SIZE,
});

/**
 * A board column's cards as read so far: its pages' videos that still have its status (a card
 * moved away shows in its new column at once, the cache's optimistic move).
 */
export const boardColumnVideos = (
  data: { pages: VideoPage[] } | undefined,
  status: VideoStatus,
): VideoView[] =>
  data?.pages.flatMap((p) => p.videos).filter((v) => normalizeStatus(v.status) === status) ?? [];

/**
 * Every column's cards the cache holds for a board, without reading anything: what a board
 * drawn by the server, and its hydration, show from its first render.
 */
export function cachedBoardVideos(
  client: QueryClient,
  base: BoardQuery,
): Partial<Record<VideoStatus, readonly VideoView[]>> {
  const columns: Partial<Record<VideoStatus, readonly VideoView[]>> = {};
  for (const status of VIDEO_STATUSES) {
    const data = client.getQueryData(videoKeys.page(boardColumnQuery(base, status)));
    if (isPaged(data)) columns[status] = boardColumnVideos(data, status);
  }
  return columns;
}

/** The filters a board reads every column with (no status, page or order of its own). */
export type BoardQuery = Pick<
  VideoListQuery,
  'clientId' | 'person' | 'type' | 'q' | 'overdue' | 'needsLead' | 'roundsOver'
>;

/** GET /api/videos/count: how many videos the signed-in user may read (the header's total). */
export function getVideoCount(): Promise<VideoCount> {
  return apiJson<VideoCount>('GET', '/api/videos/count');
}

export function useVideoCount(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: videoKeys.count(), queryFn: getVideoCount, ...options });
}

/** GET /api/videos/{id}: one video with its status history. */
export function getVideo(id: string): Promise<VideoView> {
  return apiJson<VideoView>('GET', videoPath(id));
}

/** One video; `select` reads a part of it (the comments panel: its link). */
export function useVideo<T = VideoView>(
  id: string | null,
  { enabled = true, select }: { enabled?: boolean; select?: (video: VideoView) => T } = {},
) {
  return useQuery({
    queryKey: videoKeys.detail(id ?? ''),
    queryFn: () => getVideo(id!),
    enabled: enabled && Boolean(id),
    select,
  });
}

/**
 * GET /api/king/users/{id}/videos: the user's videos (owned or assigned to them) as the viewer
 * may see them; 403 for an editor and a client not assigned to them.
 */
export function useUserVideos(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: videoKeys.ofUser(userId),
    queryFn: () =>
      apiJson<VideoView[]>('GET', `/api/king/users/${encodeURIComponent(userId)}/videos`),
    enabled,
  });
}

// --- Writes --------------------------------------------------------------------------------------

/**
 * POST /api/videos, from the global add dialog and a managed user's page. The order number is
 * the server's to give (next per client, inside the insert's transaction).
 */
export function createVideo(
  body: CreateVideoBody,
  headers: Record<string, string> = {},
): Promise<VideoView> {
  return apiJson<VideoView>('POST', '/api/videos', body, headers);
}

export function useCreateVideo() {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    // One Idempotency-Key per submission: a double click or a retry creates one video.
    mutationFn: (body: CreateVideoBody) => keys.send(body, (headers) => createVideo(body, headers)),
    // Not awaited: the caller's own callbacks should not wait for the lists to be read again.
    // The clients' lists count their videos.
    onSuccess: () => {
      void invalidateVideos(queryClient);
      void invalidateClients(queryClient);
    },
  });
}

/** PATCH /api/videos/{id}: only the fields given. */
export function updateVideo({ id, ...body }: UpdateVideoBody & { id: string }): Promise<VideoView> {
  return apiJson<VideoView>('PATCH', videoPath(id), body);
}

/** Optimistic: the change shows at once and is rolled back if the server refuses it. */
export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onMutate: ({ id, ...change }) =>
      patchCachedVideo(queryClient, id, change as Partial<VideoView>),
    onError: (_error, _vars, snapshot) => restoreSnapshot(queryClient, snapshot),
    // Not awaited: the caller's own callbacks should not wait for the lists to be read again.
    onSettled: () => void invalidateVideos(queryClient),
  });
}

/**
 * The call's body (a Send Back note too) and the video's id; `wasUnassigned` is not sent: the
 * video had no editor before the move, so an Undo of a move that assigned one lets go of it.
 */
export type StatusChange = StatusBody & { id: string; wasUnassigned?: boolean };

/** PATCH /api/videos/{id}/status. */
export function updateVideoStatus({
  id,
  status,
  note,
  publishedUrl,
  publishedAt,
  undo,
  assignedEditorId,
  forClient,
}: StatusChange): Promise<VideoView> {
  return apiJson<VideoView>('PATCH', `${videoPath(id)}/status`, {
    status,
    ...(note && { note }),
    ...(publishedUrl && { publishedUrl }),
    ...(publishedAt && { publishedAt }),
    ...(undo && { undo }),
    ...(assignedEditorId !== undefined && { assignedEditorId }),
    ...(forClient && { forClient }),
  });
}

/**
 * The card buttons' call: optimistic, rolled back on error. The caller's `onSuccess` and
 * `onError` belong to the mutation, not to one call of it, so they run even when the card that
 * moved has left the screen (a tile's filter no longer holds it).
 */
export function useUpdateVideoStatus(
  callbacks: {
    onSuccess?: (video: VideoView, change: StatusChange) => void;
    onError?: (error: unknown) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideoStatus,
    // The card's turn line starts again at once, as the server's status_changed_at will.
    onMutate: ({ id, status, publishedUrl, publishedAt }) =>
      patchCachedVideo(queryClient, id, {
        status,
        statusSince: new Date().toISOString(),
        ...(publishedUrl && { publishedUrl }),
        ...(publishedAt && { publishedAt }),
      }),
    onSuccess: (video, change) => callbacks.onSuccess?.(video, change),
    onError: (error, _vars, snapshot) => {
      restoreSnapshot(queryClient, snapshot);
      callbacks.onError?.(error);
    },
    // Not awaited: the caller's own callbacks should not wait for the lists to be read again.
    onSettled: () => void invalidateVideos(queryClient),
  });
}

/** PATCH /api/videos/{id}/assigned-editor with an editor id or null (unassigned). */
export function setAssignedEditor({
  id,
  assignedEditorId,
}: AssignedEditorBody & { id: string }): Promise<VideoView> {
  return apiJson<VideoView>('PATCH', `${videoPath(id)}/assigned-editor`, { assignedEditorId });
}

export function useSetAssignedEditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAssignedEditor,
    // Not awaited: the caller's own callbacks should not wait for the lists to be read again.
    onSettled: () => void invalidateVideos(queryClient),
  });
}

/** DELETE /api/videos/{id}. The optional reason stays in the dialog (the call takes no body). */
export function deleteVideo(id: string): Promise<MessageAnswer> {
  return apiJson<MessageAnswer>('DELETE', videoPath(id));
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    // The deleted video's own entry is dropped once the dialog showing it closes. Not awaited,
    // so the caller's callbacks run at once, while the dialog is still there.
    onSuccess: (_data, id) => void invalidateVideos(queryClient, { except: id }),
  });
}

export interface BulkDeleteOutcome {
  deleted: number;
  failed: number;
  /** The server's word on why some were not deleted (the billing lock). */
  message?: string;
}

/**
 * Deletes the selected videos. Admins (the king included) use the admin call, which deletes
 * what it can and lists the rest; others use the all-or-nothing call, whose 403 lists every
 * id that blocked it (then nothing was deleted).
 */
export async function bulkDeleteVideos(
  viewer: PublicUser,
  ids: string[],
  targetUserId: string,
): Promise<BulkDeleteOutcome> {
  if (isAdmin(viewer)) {
    const res = await apiFetch('POST', '/api/admin/videos/bulk-delete', { ids });
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, res.statusText);
    const body = JSON.parse(text) as AdminBulkDeleteAnswer;
    return { deleted: body.deleted, failed: body.failed.length, message: body.message };
  }
  const res = await apiFetch('POST', '/api/videos/bulk-delete', { ids, targetUserId });
  const text = await res.text();
  if (res.status === 403) {
    const body = JSON.parse(text) as Partial<BulkDeleteRefusal>;
    if (Array.isArray(body.failed)) {
      return { deleted: 0, failed: body.failed.length, message: body.message };
    }
  }
  if (!res.ok) throw new ApiError(res.status, text, res.statusText);
  const body = JSON.parse(text) as BulkDeleteAnswer;
  return { deleted: body.deleted, failed: 0 };
}

export function useBulkDeleteVideos(viewer: PublicUser | null, targetUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => bulkDeleteVideos(viewer!, ids, targetUserId),
    // The clients' lists count their videos.
    onSettled: () => Promise.all([invalidateVideos(queryClient), invalidateClients(queryClient)]),
  });
}

/** POST /api/videos/bulk: a change of many videos, or its undo (`items`); answered per video. */
export function bulkChangeVideos(body: BulkChangeBody): Promise<BulkChangeAnswer> {
  return apiJson<BulkChangeAnswer>('POST', '/api/videos/bulk', body);
}

export function useBulkChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChangeVideos,
    onSettled: () => Promise.all([invalidateVideos(queryClient), invalidateClients(queryClient)]),
  });
}

/** GET /api/videos/ids: the ids of every video matching a list's filters (at most 1,000). */
export function getMatchingVideoIds(
  query: Omit<VideoListQuery, 'limit' | 'cursor' | 'sort' | 'refresh'>,
): Promise<{ ids: string[]; total: number }> {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) =>
      v === undefined || v === '' ? [] : [[k, String(v)]],
    ),
  );
  const search = params.toString();
  return apiJson('GET', `/api/videos/ids${search ? `?${search}` : ''}`);
}

/** PUT /api/videos/{id}/delivery (issue 44): the agency sets (a link) or clears (null) it. */
export function useSetDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, link }: DeliveryBody & { id: string }) =>
      apiJson<VideoView>('PUT', `${videoPath(id)}/delivery`, { link }),
    onSuccess: (video) => queryClient.setQueryData(videoKeys.detail(video.id), video),
    onSettled: () => void invalidateVideos(queryClient),
  });
}
