/**
 * Motion for those who want it (ADR 0024): the app's menus, dialogs and toasts move in and out
 * as Mantine animates them, unless the person's system asks for reduced motion
 * (`prefers-reduced-motion: reduce`, which the theme respects), when they appear at once. The
 * other journeys run with reduced motion (e2e/support/browser.ts); this one checks both.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type E2EBrowser, launchBrowser } from './support/browser';
import { visible } from './support/screen';
import { createUsersAsKing, signIn, type TestUser } from './support/users';

/** The account menu's dropdown, open, and how long its entrance takes (CSS seconds). */
async function openAccountMenu(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await visible(menu);
  return menu.evaluate((el) => getComputedStyle(el).transitionDuration);
}

for (const motion of ['no-preference', 'reduce'] as const) {
  describe(`a person whose system says prefers-reduced-motion: ${motion}`, () => {
    let browser: E2EBrowser;
    let page: Page;
    let client: TestUser;
    beforeAll(async () => {
      browser = await launchBrowser({ reducedMotion: motion });
      [client] = await createUsersAsKing(browser, ['client']);
      page = await browser.newPage(DESKTOP);
      await signIn(browser, page, client);
      await page.goto('/dashboard');
    });
    afterEach(() => browser.expectNoConsoleErrors());
    afterAll(async () => {
      await browser?.close();
    });

    it(
      motion === 'reduce' ? 'sees the account menu at once' : 'sees the account menu move in',
      async () => {
        const duration = await openAccountMenu(page);
        const seconds = Math.max(...duration.split(',').map((d) => parseFloat(d)));
        if (motion === 'reduce') expect(seconds, duration).toBe(0);
        else expect(seconds, duration).toBeGreaterThan(0);
      },
    );
  });
}
