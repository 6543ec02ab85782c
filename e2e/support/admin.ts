/** Helpers for the admin dashboard journeys. */
import type { Locator, Page } from 'playwright-core';
import { answer, withApiAs } from './api';
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
  await withApiAs(browser, kingCredentials(browser), async (king) =>
    answer(
      'PATCH /api/admin/users/{id}',
      await king.patch(`/api/admin/users/${user.id}`, {
        data: { name: user.name, isAdmin: 'true' },
      }),
    ),
  );
}

/** Waits until no CSS animation or transition runs (a section expanding, a dialog fading in). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}
