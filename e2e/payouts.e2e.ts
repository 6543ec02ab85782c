/**
 * Editor payouts (issue 44), walked: the king sets a piece rate for a video type on /invoicing;
 * an editor starts and submits two videos of that type, which the client approves (completing
 * them locks the payouts); the editor opens My payouts from the account menu and sees the month's
 * statement; the king pays it out (with confirmation), and the editor sees it paid. axe checks
 * each screen; screenshots at 1440 and 390 px land in e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, apiAs } from './support/api';
import { type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { booksApi, type BooksApi } from './support/invoicing';
import { assign } from './support/lead';
import { pickOption, seeHeading, seeToast, visible } from './support/screen';
import {
  createUsersAsKing,
  kingApi,
  kingCredentials,
  signIn,
  switchUser,
  type TestUser,
} from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const WIDE = { width: 1440, height: 900 };
let browser: E2EBrowser;
let page: Page;
let books: BooksApi;
let client: TestUser;
let editor: TestUser;
const run = Date.now().toString(36);
const typeName = `e2e-payout-${run}`;
const names = [`Payout reel A ${run}`, `Payout reel B ${run}`];
const videoIds: string[] = [];

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  page = await browser.newPage(WIDE);
  books = await booksApi(browser);
  [client, editor] = await createUsersAsKing(browser, ['client', 'editor']);
  const king: APIRequestContext = await kingApi(browser);
  await assign(king, client.id, editor.id);
  await king.dispose();
  await signIn(browser, page, kingCredentials(browser));
});
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await books?.dispose();
  await browser?.close();
});

const shot = async (name: string) => {
  await page.screenshot({ path: `${ARTIFACTS}/payouts-${name}-1440.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${ARTIFACTS}/payouts-${name}-390.png`, fullPage: true });
  await page.setViewportSize(WIDE);
};
const payoutsSection = () => page.getByRole('region', { name: 'Editor payouts', exact: true });

// /invoicing's journey passed the minute once under CI's parallel load; the bound only limits a failure.
describe('editor payouts', { timeout: 150_000 }, () => {
  it('the king sets a default rate for a video type', async () => {
    // The type exists once a video of it does (the first of the two videos).
    const made = await Promise.all(
      names.map((name) => books.createVideo(client.id, { name, type: typeName, status: 'draft' })),
    );
    videoIds.push(...made.map((v) => v.id));
    await page.goto('/invoicing');
    const section = payoutsSection();
    await visible(section.getByRole('form', { name: 'Set a rate' }));
    const { displayName } = await books.videoType(typeName);
    await pickOption(
      section.getByRole('combobox', { name: 'Video type', exact: true }),
      page.getByRole('option', { name: displayName, exact: true }),
    );
    await section.getByRole('textbox', { name: 'Rate', exact: true }).fill('25.50');
    await section.getByRole('textbox', { name: 'Round rate', exact: true }).fill('4');
    await section.getByRole('button', { name: 'Save rate' }).click();
    await seeToast(page, 'Rate saved');
    const rates = section.getByRole('table', { name: 'Editor rates' });
    await visible(
      rates.getByRole('row').filter({ hasText: displayName }).filter({ hasText: '25.50' }),
    );
    await expectNoSeriousA11yViolations(page);
  });

  it('an editor completes two videos (the client approves) and sees its statement', async () => {
    const asEditor = await apiAs(browser, editor);
    const asClient = await apiAs(browser, client);
    for (const id of videoIds) {
      for (const status of ['in_progress', 'review']) {
        await answer(
          `editor moves to ${status}`,
          await asEditor.patch(`/api/videos/${id}/status`, { data: { status } }),
        );
      }
      await answer(
        'client approves',
        await asClient.patch(`/api/videos/${id}/status`, { data: { status: 'ready_to_post' } }),
      );
    }
    await asEditor.dispose();
    await asClient.dispose();

    await switchUser(browser, page, editor);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My payouts' }).click();
    await seeHeading(page, 'My payouts');
    const statement = page.getByRole('region', { name: 'Statement', exact: true });
    for (const name of names) await visible(statement.getByRole('row', { name: new RegExp(name) }));
    await visible(statement.getByText(/51\.00/).first());
    await expectNoSeriousA11yViolations(page);
    await shot('editor-statement');
  });

  it('the king pays the statement out, and the editor sees it paid', async () => {
    await switchUser(browser, page, kingCredentials(browser));
    await page.goto('/invoicing');
    const section = payoutsSection();
    const row = section.getByRole('row').filter({ hasText: editor.name });
    await visible(row.filter({ hasText: /51\.00/ }));
    await shot('king-statements');
    await row.getByRole('button', { name: `Pay out ${editor.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay out this statement?' });
    await visible(dialog.getByText(/51\.00/));
    await dialog.getByRole('button', { name: 'Pay out', exact: true }).click();
    await seeToast(page, 'Paid out', editor.name);
    await expect
      .poll(() => row.getByRole('button', { name: `Pay out ${editor.name}` }).isDisabled())
      .toBe(true);
    await expectNoSeriousA11yViolations(page);

    await switchUser(browser, page, editor);
    await page.goto('/payouts');
    const statement = page.getByRole('region', { name: 'Statement', exact: true });
    await visible(statement.getByText('Paid out', { exact: true }));
    await shot('editor-paid');
  });
});
