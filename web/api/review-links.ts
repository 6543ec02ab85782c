import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import {
  REVIEW_PASSWORD_HEADER,
  type CreatedReviewLink,
  type CreateReviewLinkInput,
  type GuestCommentInput,
  type GuestCommentView,
  type GuestDecisionInput,
  type GuestVideoView,
  type ReviewLinkView,
  type ReviewPageView,
} from '@domain/review-links';
import { ApiError, apiJson, send, throwIfNotOk } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';

/**
 * Review links (server/modules/review-links, issue 19): the share dialog's calls, with the
 * session like every other, and the guest page's, which carry no cookie at all: the token in
 * the path and the link's password, if any, in a header.
 */

// --- Sharing (signed in) -------------------------------------------------------------------------

/** Query keys: the GET paths, under the video's (so video writes refresh them). */
export const reviewLinkKeys = {
  ofVideo: (videoId: string) => ['/api/videos', videoId, 'review-links'] as const,
  page: (token: string, password: string) => ['/api/review', token, password] as const,
};

export function invalidateReviewLinks(queryClient: QueryClient, videoId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: reviewLinkKeys.ofVideo(videoId) });
}

/** GET /api/videos/{id}/review-links: newest first, never a token. */
export const getReviewLinks = (videoId: string) =>
  apiJson<ReviewLinkView[]>('GET', `/api/videos/${encodeURIComponent(videoId)}/review-links`);

export const useReviewLinks = (videoId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: reviewLinkKeys.ofVideo(videoId),
    queryFn: () => getReviewLinks(videoId),
    enabled,
  });

/** POST /api/review-links: the answer's token is shown this once. */
export const createReviewLink = (
  body: CreateReviewLinkInput,
  headers: Record<string, string> = {},
) => apiJson<CreatedReviewLink>('POST', '/api/review-links', body, headers);

export function useCreateReviewLink(videoId: string) {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (body: CreateReviewLinkInput) =>
      keys.send(body, (headers) => createReviewLink(body, headers)),
    onSettled: () => invalidateReviewLinks(queryClient, videoId),
  });
}

/** DELETE /api/review-links/{id}: revokes it. */
export const revokeReviewLink = (id: string) =>
  apiJson<MessageAnswer>('DELETE', `/api/review-links/${encodeURIComponent(id)}`);

export function useRevokeReviewLink(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeReviewLink,
    onSettled: () => invalidateReviewLinks(queryClient, videoId),
  });
}

// --- The guest (no account, no cookie) -----------------------------------------------------------

const reviewPath = (token: string) => `/api/review/${encodeURIComponent(token)}`;

/** A guest call: never a cookie or a stored user id, the password as a header when given. */
async function guestJson<T>(
  method: string,
  url: string,
  password: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (password) headers[REVIEW_PASSWORD_HEADER] = encodeURIComponent(password);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await send(url, {
    method,
    headers,
    credentials: 'omit',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** GET /api/review/{token}. A refusal is an ApiError whose body has `reason`. */
export const useReviewPage = (token: string, password: string) =>
  useQuery({
    queryKey: reviewLinkKeys.page(token, password),
    queryFn: () => guestJson<ReviewPageView>('GET', reviewPath(token), password),
  });

/** Puts a video of the page as the server answered it into the cached page. */
function patchPageVideo(
  queryClient: QueryClient,
  token: string,
  password: string,
  videoId: string,
  change: (video: GuestVideoView) => GuestVideoView,
) {
  queryClient.setQueryData<ReviewPageView>(reviewLinkKeys.page(token, password), (page) =>
    page ? { ...page, videos: page.videos.map((v) => (v.id === videoId ? change(v) : v)) } : page,
  );
}

/**
 * A 409 means the page is older than the video: a newer version went to review, or a decision
 * was made in another tab. The page is read again, so the guest sees what the answer says.
 */
function rereadOnConflict(queryClient: QueryClient, token: string, password: string) {
  return (error: Error) => {
    if (error instanceof ApiError && error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: reviewLinkKeys.page(token, password) });
    }
  };
}

/** POST /api/review/{token}/videos/{videoId}/comments: on the version the page shows. */
export function useGuestComment(token: string, password: string, videoId: string) {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (body: GuestCommentInput) =>
      keys.send(body, (headers) =>
        guestJson<GuestCommentView>(
          'POST',
          `${reviewPath(token)}/videos/${encodeURIComponent(videoId)}/comments`,
          password,
          body,
          headers,
        ),
      ),
    onSuccess: (comment) =>
      patchPageVideo(queryClient, token, password, videoId, (v) => ({
        ...v,
        comments: [...v.comments, comment],
      })),
    onError: rereadOnConflict(queryClient, token, password),
  });
}

/** POST /api/review/{token}/videos/{videoId}/decision: answers the video as it now is. */
export function useGuestDecision(token: string, password: string, videoId: string) {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (body: GuestDecisionInput) =>
      keys.send(body, (headers) =>
        guestJson<GuestVideoView>(
          'POST',
          `${reviewPath(token)}/videos/${encodeURIComponent(videoId)}/decision`,
          password,
          body,
          headers,
        ),
      ),
    onSuccess: (video) => patchPageVideo(queryClient, token, password, videoId, () => video),
    onError: rereadOnConflict(queryClient, token, password),
  });
}
