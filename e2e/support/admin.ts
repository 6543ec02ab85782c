/** Helpers for the admin dashboard journeys. */
import { type Locator, type Page, request } from 'playwright-core';
import type { E2EBrowser } from './browser';
import { seeHeading, visible } from './screen';
import { kingCredentials } from './users';

/** Opens /admin and waits until the dashboard has loaded (the tabs are there). */
export async function openAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await seeHeading(page, 'Admin Dashboard');
  await visible(page.getByRole('tab', { name: 'User Management' }));
}

/** Expands a role section ('King', 'Lead Editors', 'Editors', 'Clients') unless it is open. */
export async function expandSection(page: Page, label: string): Promise<void> {
  const toggle = page
    .getByRole('heading', { name: new RegExp(`^${label}\\b`) })
    .getByRole('button');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await visible(page.getByRole('list', { name: label, exact: true }));
}

/** A user's row (detailed or compact) in the open sections or the VIP lists. */
export function userRow(scope: Page | Locator, username: string): Locator {
  return scope.getByRole('listitem', { name: username, exact: true });
}

/** Grants isAdmin to a user through the API as the king, leaving the browser's session alone. */
export async function grantAdminAsKing(
  browser: E2EBrowser,
  user: { id: string; name: string },
): Promise<void> {
  const king = await request.newContext({
    baseURL: browser.baseUrl,
    extraHTTPHeaders: { origin: new URL(browser.baseUrl).origin },
  });
  try {
    const login = await king.post('/api/auth/login', { data: kingCredentials(browser) });
    if (login.status() !== 200) throw new Error(`king login answered ${login.status()}`);
    const res = await king.patch(`/api/admin/users/${user.id}`, {
      data: { name: user.name, isAdmin: 'true' },
    });
    if (res.status() !== 200) {
      throw new Error(`PATCH /api/admin/users answered ${res.status()}: ${await res.text()}`);
    }
  } finally {
    await king.dispose();
  }
}

/** Whether a username and password sign in (a context of its own, so no session is touched). */
export async function canLogIn(
  browser: E2EBrowser,
  username: string,
  password: string,
): Promise<number> {
  const ctx = await request.newContext({
    baseURL: browser.baseUrl,
    extraHTTPHeaders: { origin: new URL(browser.baseUrl).origin },
  });
  try {
    const res = await ctx.post('/api/auth/login', { data: { username, password } });
    return res.status();
  } finally {
    await ctx.dispose();
  }
}

/** Waits until no CSS animation or transition runs (a section expanding, a dialog fading in). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}
