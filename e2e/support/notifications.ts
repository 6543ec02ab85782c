/**
 * Helpers for the comments and notifications journeys: a second person acting through the real
 * API in a request context of their own, while the browser shows someone else.
 */
import { type APIRequestContext, request } from 'playwright-core';
import type { E2EBrowser } from './browser';
import type { Credentials } from './users';

/** A signed-in API session of `who`, sending the app's Origin as their browser would. */
export async function apiSessionOf(
  browser: E2EBrowser,
  who: Credentials,
): Promise<APIRequestContext> {
  const context = await request.newContext({
    baseURL: browser.baseUrl,
    extraHTTPHeaders: { origin: new URL(browser.baseUrl).origin },
  });
  const login = await context.post('/api/auth/login', { data: who });
  if (login.status() !== 200) {
    await context.dispose();
    throw new Error(`POST /api/auth/login answered ${login.status()}: ${await login.text()}`);
  }
  return context;
}

async function expectJson<T>(
  what: string,
  response: Awaited<ReturnType<APIRequestContext['post']>>,
  status: number,
): Promise<T> {
  if (response.status() !== status) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** POST /api/videos as the session's user (a client creates for themselves). */
export async function createVideo(
  api: APIRequestContext,
  fields: { name: string; link: string },
): Promise<{ id: string; name: string; link: string }> {
  return expectJson('POST /api/videos', await api.post('/api/videos', { data: fields }), 201);
}

/** POST /api/videos/{id}/comments. */
export async function postComment(
  api: APIRequestContext,
  videoId: string,
  content: string,
): Promise<{ id: string; content: string }> {
  return expectJson(
    'POST /api/videos/{id}/comments',
    await api.post(`/api/videos/${videoId}/comments`, { data: { content } }),
    201,
  );
}
