/**
 * The one way the web app talks to the API (docs/product.md#the-api): cookies on every call, the
 * stored user id in `x-user-id`, JSON in and out, and an Error for every non-OK response.
 */
import { applyListDelta, DELTA_STATUS, LIST_DELTA } from '@domain/list-delta';

export const USER_ID_STORAGE_KEY = 'demoUserId';

/** A non-OK response. Its message is `${status}: ${body text or status text}` (docs/product.md#errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

function storedUserId(): string | null {
  try {
    return localStorage.getItem(USER_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let serverTransport: () => Transport | undefined = () => undefined;

/**
 * Where the reads of a page being drawn on the server go (web/app/server-render.tsx): `current`
 * names the transport of the render in progress (the server's own API, with that request's
 * cookie), or none, when a call goes to `fetch` as in the browser.
 */
export function setServerTransport(current: () => Transport | undefined): void {
  serverTransport = current;
}

/** Sends a request and returns the response whatever its status. */
export async function apiFetch(
  method: string,
  url: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  const userId = storedUserId();
  if (userId) headers['x-user-id'] = userId;
  // Only a request that carries a body says it is JSON (the server also takes an empty JSON body
  // where a call takes none: server/plugins/json-body.ts).
  if (body !== undefined) headers['content-type'] = 'application/json';
  return send(url, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * A request as the app makes it: to `fetch`, or, while the server draws a page, to the server's
 * own API (setServerTransport), which sends the page request's cookie unless `credentials` is
 * 'omit' (a guest's call).
 */
export const send: Transport = (url, init) => (serverTransport() ?? fetch)(url, init);

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

/** Sends a request and throws an {@link ApiError} unless the response is OK. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await apiFetch(method, url, body);
  await throwIfNotOk(response);
  return response;
}

/**
 * The ETag each answer this client holds came with, by the answer's object. The server tags the
 * answers it may keep (server/plugins/read-cache.ts) and answers 304 to a read that names the
 * tag of the answer it would send, so a list crosses the wire again only when it changed.
 */
const answerTags = new WeakMap<object, string>();

/** The ETag `answer` came with, if it is an answer this client read and the server tagged. */
export const tagOf = (answer: unknown): string | undefined =>
  answer && typeof answer === 'object' ? answerTags.get(answer) : undefined;

/** Records the ETag an answer came with (read here, or by the server for a page it drew). */
export function tagAnswer(answer: unknown, tag: string | null | undefined): void {
  if (tag && answer && typeof answer === 'object') answerTags.set(answer, tag);
}

/** Gives `to` the tag of `from` (the query cache keeps a copy that shares unchanged parts). */
export function carryTag(from: unknown, to: unknown): void {
  tagAnswer(to, tagOf(from));
}

/** The header that asks for `held` (the answer this client holds) to be confirmed, if tagged. */
export function revalidating(held: unknown): Record<string, string> {
  const tag = tagOf(held);
  return tag ? { 'if-none-match': tag } : {};
}

/**
 * A GET's JSON body, tagged with its ETag; `held` itself when the server confirms it (304).
 * Throws an {@link ApiError} for any other non-OK response.
 */
export async function readJson<T>(response: Response, held?: T): Promise<T> {
  if (response.status === 304 && held !== undefined) return held;
  await throwIfNotOk(response);
  const text = await response.text();
  const answer = (text ? JSON.parse(text) : undefined) as T;
  tagAnswer(answer, response.headers.get('etag'));
  return answer;
}

/** GET `url` as JSON, sending the tag of `held` (the answer this client holds) if it has one. */
export async function apiGetJson<T>(url: string, held?: T): Promise<T> {
  return readJson(await apiFetch('GET', url, undefined, revalidating(held)), held);
}

/**
 * GET a video list as {@link apiGetJson} does, asking the server to send only what changed since
 * `held` (A-IM `vw-list-delta`, answered 226: domain/list-delta.ts) and applying it; read whole
 * again if the delta does not fit what is held.
 */
export async function apiGetList<T extends { id: string }>(url: string, held?: T[]): Promise<T[]> {
  const asked = revalidating(held);
  const headers = asked['if-none-match'] ? { ...asked, 'a-im': LIST_DELTA } : asked;
  const response = await apiFetch('GET', url, undefined, headers);
  if (response.status !== DELTA_STATUS) return readJson(response, held);
  const delta: unknown = await response.json().catch(() => undefined);
  const list = held ? applyListDelta(held, delta) : undefined;
  if (!list) return apiGetJson<T[]>(url);
  tagAnswer(list, response.headers.get('etag'));
  return list;
}

/**
 * Sends a request and returns its JSON body (undefined for an empty one); `headers` are sent
 * besides the usual ones (an Idempotency-Key: web/lib/idempotency.ts).
 */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return readJson<T>(await apiFetch(method, url, body, headers));
}

/** The HTTP status of an error thrown by this client, if it was a response. */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The server's `message` for a toast, read from an error thrown by this client; the fallback
 * when the error carries none (network failure, non-JSON body).
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return fallback;
  try {
    const parsed: unknown = JSON.parse(match[1] ?? '');
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // Not JSON: the body is not a message meant for people.
  }
  return fallback;
}
