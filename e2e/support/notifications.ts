/**
 * Helpers for the comments and notifications journeys: a second person acting through the real
 * API in a request context of their own, while the browser shows someone else.
 */
import type { APIRequestContext } from 'playwright-core';
import { answer } from './api';

/** POST /api/videos as the session's user (a client creates for themselves). */
export async function createVideo(
  api: APIRequestContext,
  fields: { name: string; link: string },
): Promise<{ id: string; name: string; link: string }> {
  return answer('POST /api/videos', await api.post('/api/videos', { data: fields }), 201);
}

/** POST /api/videos/{id}/comments. */
export async function postComment(
  api: APIRequestContext,
  videoId: string,
  content: string,
): Promise<{ id: string; content: string }> {
  return answer(
    'POST /api/videos/{id}/comments',
    await api.post(`/api/videos/${videoId}/comments`, { data: { content } }),
    201,
  );
}
