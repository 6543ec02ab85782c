/**
 * Import from a spreadsheet (issue 46 part 5, docs/product.md "Import"): the king opens Admin →
 * Import, chooses a CSV of videos with one bad row and reads which row and why, nothing
 * written; chooses the fixed file, imports it and sees the videos on the client's page; the
 * same file again has nothing new to import. Screenshots at 1440 and 390 px land in
 * e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvText } from '@domain/csv';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, withApiAs } from './support/api';
import { openAdmin } from './support/admin';
import { type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { seeToast, visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const WIDE = { width: 1440, height: 900 };

let browser: E2EBrowser;
let client: TestUser;
let editor: TestUser;
let tag: string;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [client, editor] = await createUsersAsKing(browser, ['client', 'editor']);
  tag = client.username.slice(-6);
});
afterAll(async () => {
  await browser?.close();
});

/** A file of three videos of the client in the import's columns; `bad` spoils the second link. */
const file = (bad: boolean) => ({
  name: `videos-${tag}.csv`,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    csvText(
      ['Video', 'Type', 'Status', 'Client', 'Editor', 'Link', 'Amount (USD)'],
      [
        [
          `Import ${tag} one`,
          'Vlog',
          'Draft',
          client.username,
          'Unassigned',
          'https://youtu.be/a1',
          '10.00',
        ],
        [
          `Import ${tag} two`,
          'Talking Head',
          'In Progress',
          client.name,
          editor.username,
          bad ? 'nope' : 'https://youtu.be/a2',
          '',
        ],
        [
          `Import ${tag} three`,
          'funny',
          'In Review',
          client.username,
          editor.name,
          'https://vimeo.com/76979871',
          '',
        ],
      ],
    ),
  ),
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}/import-${name}.png`, fullPage: false });

async function openImport(page: Page) {
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Import' }).click();
  await visible(page.getByRole('heading', { name: 'Import from a spreadsheet' }));
}

describe('the king imports videos from a CSV', () => {
  it('names the bad row and writes nothing; the fixed file imports once', async () => {
    const page = await browser.newPage(WIDE);
    await signIn(browser, page, kingCredentials(browser));
    await openImport(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'CSV file' }).click();
    await (await chooser).setFiles(file(true));
    const problems = page.getByRole('table', { name: 'Rows with problems' });
    await visible(problems);
    await expect.poll(() => problems.getByRole('row').nth(1).innerText()).toContain('3');
    await expect.poll(() => problems.innerText()).toContain(`Import ${tag} two`);
    await expect(page.getByRole('button', { name: 'Import 2 videos' }).isDisabled()).resolves.toBe(
      true,
    );
    await shot(page, 'problems-1440');
    await expectNoSeriousA11yViolations(page);

    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'CSV file' }).click();
    await (await again).setFiles(file(false));
    const importButton = page.getByRole('button', { name: 'Import 3 videos' });
    await visible(importButton);
    await expect.poll(() => page.getByText('Not read: Amount (USD)').count()).toBe(1);
    await importButton.click();
    await seeToast(page, 'Import finished', 'Imported 3 videos');

    await withApiAs(browser, kingCredentials(browser), async (king) => {
      const list = await answer<{ name: string; status: string }[]>(
        'GET /api/videos',
        await king.get(`/api/videos?clientId=${client.id}`),
      );
      expect(list.map((v) => [v.name, v.status]).sort()).toEqual([
        [`Import ${tag} one`, 'draft'],
        [`Import ${tag} three`, 'review'],
        [`Import ${tag} two`, 'in_progress'],
      ]);
    });

    const third = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'CSV file' }).click();
    await (await third).setFiles(file(false));
    await visible(page.getByRole('button', { name: 'Nothing new to import' }));
    await expect.poll(() => page.getByText('3 already here').count()).toBe(1);
  });

  it('reads on a 390 px phone', async () => {
    const page = await browser.newPage(PHONE);
    await signIn(browser, page, kingCredentials(browser));
    await openImport(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'CSV file' }).click();
    await (await chooser).setFiles(file(true));
    await visible(page.getByRole('table', { name: 'Rows with problems' }));
    await shot(page, 'problems-390');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
