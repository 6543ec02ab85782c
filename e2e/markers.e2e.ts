/**
 * Markers for the edit (issue 18 part 3) in the browser: a lead editor opens a video's dialog,
 * downloads its timecoded comments as plain CSV with the mouse and as a Resolve EDL with the
 * keyboard, then exports two selected videos of the client's page as one Premiere Pro CSV. The
 * files are read back; axe checks the dialog with the menu open; screenshots at 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@domain/test-helpers';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { createVideo } from './support/lead';
import { postComment } from './support/notifications';
import { atPath, seeHeading, visible } from './support/screen';
import { createUsersAsKing, kingApi, signIn, type TestUser } from './support/users';
import { screenshot } from './support/videos';

let browser: E2EBrowser;
let page: Page;
let api: APIRequestContext;
let lead: TestUser;
let client: TestUser;
let promo: { id: string; name: string };
let teaser: { id: string; name: string };
const tricky = 'Cut at 0:05, the "logo" flashes\nand the music is late';

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
  api = await kingApi(browser);
  [lead, client] = await createUsersAsKing(browser, ['lead_editor', 'client']);
  promo = await createVideo(api, { clientId: client.id, name: 'Markers promo', status: 'review' });
  teaser = await createVideo(api, {
    clientId: client.id,
    name: 'Markers teaser',
    status: 'in_progress',
  });
  await postComment(api, promo.id, tricky);
  await postComment(api, promo.id, 'No moment named here');
  await postComment(api, promo.id, 'Colour at 1:02:03');
  await postComment(api, teaser.id, 'Title card at 0:01');
  await signIn(browser, page, lead);
});
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

/** The file a click (or key press) downloads, as text, with its suggested name. */
async function download(act: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = (await Promise.all([page.waitForEvent('download'), act()])) as [Download, void];
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

async function openDialog() {
  await page.goto(`/dashboard?video=${promo.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Video Details' });
  await visible(dialog);
  return dialog;
}

describe("a video's markers", () => {
  it('downloads plain CSV from the dialog, the tricky comment whole', async () => {
    const dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Export markers' }).click();
    await visible(page.getByRole('menuitem', { name: 'Plain CSV' }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'markers-dialog-menu-desktop');
    const file = await download(() => page.getByRole('menuitem', { name: 'Plain CSV' }).click());
    expect(file.name).toBe('markers-promo-markers.csv');
    const rows = parseCsv(file.text);
    expect(rows[0]).toEqual(['Author', 'Time', 'Text', 'Status']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([
      ['00:00:05:00', tricky, 'In Review'],
      ['01:02:03:00', 'Colour at 1:02:03', 'In Review'],
    ]);
  });

  it('downloads the Resolve EDL by keyboard', async () => {
    const dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Export markers' }).focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('menuitem', { name: 'Premiere Pro markers (CSV)' });
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    const file = await download(() => page.keyboard.press('Enter'));
    expect(file.name).toBe('markers-promo-markers.edl');
    const lines = file.text.split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['TITLE: Markers promo', 'FCM: NON-DROP FRAME', '']);
    expect(lines[3]).toMatch(/^001 .* 00:00:05:00 00:00:05:01 01:00:05:00 01:00:05:01 {2}$/);
    expect(lines[4]).toMatch(
      /^ \|C:ResolveColorBlue \|M:.*: Cut at 0:05, the "logo" flashes and the music is late \|D:1$/,
    );
    expect(lines[6]).toMatch(/^002 /);
  });
});

describe("several videos from the client's page", () => {
  it('exports the selected videos as one Premiere Pro CSV', async () => {
    await page.goto(`/dashboard/user/${client.id}`);
    await atPath(page, `/dashboard/user/${client.id}`);
    await seeHeading(page, client.username);
    const exportButton = page.getByRole('button', { name: /^Export markers/ });
    expect(await exportButton.isDisabled()).toBe(true);
    for (const v of [promo, teaser]) {
      await page.getByRole('checkbox', { name: `Select ${v.name}` }).check();
    }
    await page.getByRole('button', { name: 'Export markers (2)' }).click();
    expect(
      await page.getByRole('menuitem', { name: 'DaVinci Resolve markers (EDL)' }).count(),
    ).toBe(0);
    await screenshot(page, 'markers-managed-menu-desktop');
    const file = await download(() =>
      page.getByRole('menuitem', { name: 'Premiere Pro markers (CSV)' }).click(),
    );
    expect(file.name).toMatch(/^premiere-markers-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(file.text);
    expect(rows[0]).toEqual(['Marker Name', 'Description', 'In', 'Out', 'Duration', 'Marker Type']);
    expect(
      rows
        .slice(1)
        .map((r) => [r[0]?.split(':')[0], r[1], r[2]])
        .sort(),
    ).toEqual(
      [
        ['Markers promo', tricky, '00:00:05:00'],
        ['Markers promo', 'Colour at 1:02:03', '01:02:03:00'],
        ['Markers teaser', 'Title card at 0:01', '00:00:01:00'],
      ].sort(),
    );
  });

  it('offers both menus on a phone', async () => {
    page = await browser.newPage(PHONE);
    const dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Export markers' }).click();
    await visible(page.getByRole('menuitem', { name: 'Plain CSV' }));
    await screenshot(page, 'markers-dialog-menu-phone');
    await page.keyboard.press('Escape');
    await page.goto(`/dashboard/user/${client.id}`);
    await seeHeading(page, client.username);
    await page.getByRole('checkbox', { name: `Select ${promo.name}` }).check();
    await page.getByRole('button', { name: 'Export markers (1)' }).click();
    await visible(page.getByRole('menuitem', { name: 'Plain CSV' }));
    await screenshot(page, 'markers-managed-menu-phone');
  });
});
