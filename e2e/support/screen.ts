/** Waits phrased the way a person checks a screen; all of them auto-wait, none sleeps. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the page's path (client-side navigations included) is `pathname`. */
export async function atPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Waits until the locator's first match is visible. */
export async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
}

/** A dashboard tile's number (its button is named "Label: N"), once the tile is there. */
export async function tileCount(page: Page, label: string): Promise<number> {
  const tile = page.getByRole('button', { name: new RegExp(`^${label}: \\d+$`) });
  return Number((await tile.getAttribute('aria-label'))!.split(': ')[1]);
}

/**
 * Clicks a switch where a person does: on its visible body, a label holding the input (Mantine
 * hides the input itself), once it is enabled, with Playwright's checks (visible, stable, not
 * covered). A forced click on the hidden input skipped them: on a card just re-laid out (a phone
 * width and back) it landed on nothing, once in CI.
 */
export async function clickSwitch(control: Locator): Promise<void> {
  await control.locator('xpath=self::*[not(@disabled)]').waitFor({ state: 'attached' });
  await control.locator('xpath=ancestor::label[1]').click();
}

/** Waits for exact text somewhere on the page. */
export async function seeText(page: Page, text: string): Promise<void> {
  await visible(page.getByText(text, { exact: true }));
}

/** Waits for a heading with this exact name. */
export async function seeHeading(page: Page, name: string): Promise<void> {
  await visible(page.getByRole('heading', { name, exact: true }));
}

/** Waits for a toast (Mantine notifications are role="alert") showing the title and, if given, the message. */
export async function seeToast(page: Page, title: string, message?: string): Promise<void> {
  let toast = page.getByRole('alert').filter({ hasText: title });
  if (message) toast = toast.filter({ hasText: message });
  await visible(toast);
}

/** Closes the toast with its close button, as a person does when it covers something. */
export async function dismissToast(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close notification' }).click();
  await page.getByRole('alert').first().waitFor({ state: 'hidden' });
}

/**
 * Closes every toast shown, and waits until none is left. A toast may leave by itself while it
 * is being clicked (each lasts a few seconds), so a click that finds nothing is let go: the
 * count of toasts is what counts.
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close notification' });
  await expect
    .poll(async () => {
      if ((await close.count()) > 0) {
        await close
          .first()
          .click({ timeout: 1_000 })
          .catch(() => undefined);
      }
      return page.getByRole('alert').count();
    })
    .toBe(0);
}

/**
 * Picks `option` in a Mantine select whose input is `combobox`: opens the list, clicks the
 * option and waits until the select holds a value. A click that did not take (the list still
 * opening on a busy machine) is made again; a pick that took is never clicked again (a second
 * click on the chosen option would clear it).
 */
export async function pickOption(combobox: Locator, option: Locator): Promise<void> {
  const picked = async () => (await combobox.inputValue()) !== '';
  await expect
    .poll(async () => {
      if (await picked()) return true;
      if (!(await option.isVisible())) await combobox.click();
      await option.click({ timeout: 2_000 }).catch(() => undefined);
      await expect
        .poll(picked, { timeout: 2_000 })
        .toBe(true)
        .catch(() => undefined);
      return picked();
    })
    .toBe(true);
}
