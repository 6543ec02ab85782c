/**
 * The king's integration screens (issue 46): the Webhooks tab adds an endpoint (its secret shown
 * once) and the Audit log tab lists that change with its before and after; an editor's profile
 * makes an API token. Each passes axe; screenshots at 1440 and 390 px land in e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, withApiAs } from './support/api';
import { openAdmin } from './support/admin';
import { type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const WIDE = { width: 1440, height: 900 };

let browser: E2EBrowser;
let editor: TestUser;
let hook: string;
let hookId: string;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [editor] = await createUsersAsKing(browser, ['editor']);
  hook = `Ops ${editor.username.slice(-6)}`;
  // An endpoint of this run, made through the API: the screens list it and the log names it.
  await withApiAs(browser, kingCredentials(browser), async (king) => {
    await answer(
      'PUT /api/admin/webhooks/settings',
      await king.put('/api/admin/webhooks/settings', { data: { allowPrivate: true } }),
    );
    const made = await answer<{ endpoint: { id: string } }>(
      'POST /api/admin/webhooks',
      await king.post('/api/admin/webhooks', {
        data: { name: hook, url: 'http://127.0.0.1:9/hook', events: ['invoice.issued'] },
      }),
      201,
    );
    hookId = made.endpoint.id;
  });
});
// The server is the whole suite's: the endpoint and the setting go, so no other file's events
// queue deliveries to it.
afterAll(async () => {
  if (browser && hookId) {
    await withApiAs(browser, kingCredentials(browser), async (king) => {
      await answer(
        'DELETE /api/admin/webhooks/{id}',
        await king.delete(`/api/admin/webhooks/${hookId}`),
      );
      await answer(
        'PUT /api/admin/webhooks/settings',
        await king.put('/api/admin/webhooks/settings', { data: { allowPrivate: false } }),
      );
    });
  }
  await browser?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}/integrations-${name}.png`, fullPage: false });

async function openTab(page: Page, tab: string) {
  await openAdmin(page);
  await page.getByRole('tab', { name: tab }).click();
}

describe("the king's integration screens", () => {
  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', PHONE],
  ] as const) {
    it(`lists the endpoint on Webhooks and its creation in the Audit log (${label} px)`, async () => {
      const page = await browser.newPage(viewport);
      await signIn(browser, page, kingCredentials(browser));
      await openTab(page, 'Webhooks');
      await visible(page.getByText(hook).first());
      await shot(page, `webhooks-${label}`);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('tab', { name: 'Audit log' }).click();
      await page.getByRole('textbox', { name: 'Action or subject' }).fill(hook);
      const table = page.getByRole('table', { name: 'Audit log entries' });
      await visible(table.getByRole('cell', { name: hook }));
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      await table.getByRole('button', { name: /show before and after/ }).click();
      await visible(table.getByText('"url": "http://127.0.0.1:9/hook"'));
      await shot(page, `audit-${label}`);
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }

  it("an editor's profile makes an API token and shows it once", async () => {
    const page = await browser.newPage(PHONE);
    await signIn(browser, page, editor);
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'API tokens' }));
    await page.getByRole('textbox', { name: 'Token name' }).fill('Sheets sync');
    await page.getByRole('button', { name: 'Create token' }).click();
    await visible(page.getByText(/vwt_/).first());
    await shot(page, 'token-390');
    await expectNoSeriousA11yViolations(page);
  });
});
