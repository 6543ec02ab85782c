/**
 * The API as the journeys use it to set a scene: request contexts of their own (the browser's
 * session is left alone) that send the app's Origin on unsafe calls, as the browser would.
 */
import { type APIRequestContext, type APIResponse, request } from 'playwright-core';
import type { E2EBrowser } from './browser';

export interface Credentials {
  username: string;
  password: string;
}

/** A request context with no session. */
export function newApiContext(browser: E2EBrowser): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: browser.baseUrl,
    extraHTTPHeaders: { origin: new URL(browser.baseUrl).origin },
  });
}

/** A request context signed in as `who` through POST /api/auth/login. */
export async function apiAs(browser: E2EBrowser, who: Credentials): Promise<APIRequestContext> {
  const context = await newApiContext(browser);
  const login = await context.post('/api/auth/login', { data: who });
  if (login.status() !== 200) {
    await context.dispose();
    throw new Error(`POST /api/auth/login answered ${login.status()}: ${await login.text()}`);
  }
  return context;
}

/** Runs `work` in a request context signed in as `who`, and closes it afterwards. */
export async function withApiAs<T>(
  browser: E2EBrowser,
  who: Credentials,
  work: (api: APIRequestContext) => Promise<T>,
): Promise<T> {
  const api = await apiAs(browser, who);
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

/** The status a sign-in with these credentials gets (a context of its own, no session kept). */
export async function canLogIn(
  browser: E2EBrowser,
  username: string,
  password: string,
): Promise<number> {
  const context = await newApiContext(browser);
  try {
    return (await context.post('/api/auth/login', { data: { username, password } })).status();
  } finally {
    await context.dispose();
  }
}

/** The answer's JSON, after checking its status (a scene that cannot be set fails loudly). */
export async function answer<T>(what: string, response: APIResponse, status = 200): Promise<T> {
  if (response.status() !== status) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}
