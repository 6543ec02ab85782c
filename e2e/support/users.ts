/** People for the journeys: created through the API, signed in through the API or the login form. */
import type { APIRequestContext, Page } from 'playwright-core';
import { answer, apiAs, type Credentials, withApiAs } from './api';
import type { E2EBrowser } from './browser';
import { atPath } from './screen';

export type { Credentials } from './api';

export interface TestUser extends Credentials {
  id: string;
  name: string;
  role: string;
}

let made = 0;
/** This worker's mark: files run side by side in workers of their own, each counting from 1. */
const worker = process.pid.toString(36);

/** A username no other test (in any worker, or an earlier run against the same server) has used. */
export function uniqueUsername(prefix = 'user'): string {
  made += 1;
  return `${prefix}-${Date.now().toString(36)}-${worker}-${made}`;
}

/** Unsafe calls carry the app's own Origin, as the browser would send it. */
function originHeader(browser: E2EBrowser) {
  return { origin: new URL(browser.baseUrl).origin };
}

/** Registers a client through POST /api/auth/register (leaves the browser's session alone). */
export async function registerClient(
  browser: E2EBrowser,
  fields: { username?: string; password?: string; name?: string } = {},
): Promise<TestUser> {
  const username = fields.username ?? uniqueUsername('client');
  const password = fields.password ?? 'secret-pass-1';
  const name = fields.name ?? `Client ${username}`;
  const response = await browser.context.request.post('/api/auth/register', {
    data: { username, password, name },
    headers: originHeader(browser),
  });
  if (response.status() !== 201) {
    throw new Error(
      `POST /api/auth/register answered ${response.status()}: ${await response.text()}`,
    );
  }
  const user = (await response.json()) as { id: string; role: string };
  return { id: user.id, username, password, name, role: user.role };
}

/** The king as created by the server's first start (global setup chose the password). */
export function kingCredentials(browser: E2EBrowser): Credentials {
  if (!browser.kingPassword) {
    throw new Error(
      'The king password is unknown: E2E_BASE_URL points at a server this suite did not start',
    );
  }
  return { username: 'king', password: browser.kingPassword };
}

/** A request context signed in as the king (the browser's session is left alone). */
export function kingApi(browser: E2EBrowser): Promise<APIRequestContext> {
  return apiAs(browser, kingCredentials(browser));
}

/** Creates users of any role the king may create (POST /api/admin/users), as the king. */
export async function createUsersAsKing<
  const Roles extends readonly ('client' | 'editor' | 'lead_editor' | 'client_team_lead')[],
>(browser: E2EBrowser, roles: Roles): Promise<{ [K in keyof Roles]: TestUser }> {
  return withApiAs(browser, kingCredentials(browser), async (king) => {
    const made: TestUser[] = [];
    for (const role of roles) {
      const username = uniqueUsername(role.replace('_', '-'));
      const password = 'secret-pass-1';
      const name = `${role} ${username}`;
      const user = await answer<{ id: string; role: string }>(
        'POST /api/admin/users',
        await king.post('/api/admin/users', { data: { username, name, password, role } }),
        201,
      );
      made.push({ id: user.id, username, password, name, role: user.role });
    }
    // One user a role, in the order asked.
    return made as { [K in keyof Roles]: TestUser };
  });
}

/**
 * Signs in without the login form, the way the form does it: POST /api/auth/login from the page
 * (the session cookie lands in the browser) and the returned user stored under the keys of
 * docs/product.md#data ('user' and 'demoUserId'), which the app reads at start. The next
 * navigation shows the app signed in. `base` names another server than the suite's (faults.e2e.ts).
 * From a page of the app's origin that runs none of its code, as signOut: a login ends the
 * browser's older session, and a screen left open would send its next call (the overdue check
 * in idle time) with the ended cookie and log a 401 (lead.e2e.ts saw it once).
 */
export async function signIn(
  browser: E2EBrowser,
  page: Page,
  who: Credentials,
  base = browser.baseUrl,
): Promise<void> {
  await page.goto(`${base}/api/health`);
  const outcome = await page.evaluate(async ({ username, password }) => {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const text = await response.text();
    if (response.ok) {
      localStorage.setItem('user', text);
      localStorage.setItem('demoUserId', (JSON.parse(text) as { id: string }).id);
    }
    return { status: response.status, text };
  }, who);
  if (outcome.status !== 200) {
    throw new Error(`POST /api/auth/login answered ${outcome.status}: ${outcome.text}`);
  }
}

/**
 * Ends the session on the server and forgets the stored user, without the UI. From a page of
 * the app's origin that runs none of its code: a screen left open would go on asking (its
 * socket, its refetches) and log the 401s of a session ended under it.
 */
export async function signOut(browser: E2EBrowser, page: Page): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(async () => {
    await fetch('/api/auth/logout', { method: 'POST' });
    localStorage.removeItem('user');
    localStorage.removeItem('demoUserId');
  });
  await browser.context.clearCookies();
}

/** Ends whoever's session the browser has and signs `who` in (signOut, then signIn). */
export async function switchUser(browser: E2EBrowser, page: Page, who: Credentials): Promise<void> {
  await signOut(browser, page);
  await signIn(browser, page, who);
}

/** Fills the login form like a person and submits it; does not wait for the outcome. */
export async function submitLogin(page: Page, who: Credentials): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Logs in through the login screen and waits for the dashboard. */
export async function logInThroughUi(page: Page, who: Credentials): Promise<void> {
  await submitLogin(page, who);
  await atPath(page, '/dashboard');
}
