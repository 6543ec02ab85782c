/**
 * Markers for the edit (issue 18 part 3; issue 43 part 3) in the browser: a lead editor opens a
 * video's dialog, downloads its notes at a time as CSV with the mouse, as a CMX 3600 EDL with
 * the keyboard and as FCPXML, then exports two selected videos of the client's page as one CSV.
 * The files are read back (the FCPXML by an XML parser); axe checks the dialog with the menu
 * open; screenshots at 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import type { APIRequestContext, Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MARKER_FORMAT_LABELS } from '@domain/markers';
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
const CSV = MARKER_FORMAT_LABELS.csv;
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
    await visible(page.getByRole('menuitem', { name: CSV }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'markers-dialog-menu-desktop');
    const file = await download(() => page.getByRole('menuitem', { name: CSV }).click());
    expect(file.name).toBe('markers-promo-source-markers.csv');
    const rows = parseCsv(file.text);
    expect(rows[0]).toEqual(['Time', 'Version', 'Author', 'Text', 'Status']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['00:00:05:00', 'Source', tricky, 'In Review'],
      ['01:02:03:00', 'Source', 'Colour at 1:02:03', 'In Review'],
    ]);
  });

  it('downloads the EDL by keyboard', async () => {
    const dialog = await openDialog();
    // The button is disabled while the dialog still counts the version's notes, and a disabled
    // button takes no focus: a keyboard reaches it once it is enabled, as a person's Tab does.
    const button = dialog.getByRole('button', { name: 'Export markers' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.focus();
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const first = page.getByRole('menuitem', { name: MARKER_FORMAT_LABELS.fcpxml });
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const file = await download(() => page.keyboard.press('Enter'));
    expect(file.name).toBe('markers-promo-source-markers.edl');
    const lines = file.text.split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['TITLE: Markers promo Source', 'FCM: NON-DROP FRAME', '']);
    expect(lines[3]).toMatch(/^001 .* 00:00:05:00 00:00:05:01 01:00:05:00 01:00:05:01$/);
    expect(lines[4]).toMatch(
      /^ \|C:ResolveColorBlue \|M:.* \(Source\): Cut at 0:05, the "logo" flashes and the music is late \|D:1$/,
    );
    expect(lines[6]).toMatch(/^002 /);
  });

  it('downloads FCPXML that an XML parser reads as markers', async () => {
    const dialog = await openDialog();
    await dialog.getByRole('button', { name: 'Export markers' }).click();
    const file = await download(() =>
      page.getByRole('menuitem', { name: MARKER_FORMAT_LABELS.fcpxml }).click(),
    );
    expect(file.name).toBe('markers-promo-source-markers.fcpxml');
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(
      file.text,
    );
    const markers = doc.fcpxml.library.event.project.sequence.spine.gap.marker;
    expect(markers.map((m: Record<string, string>) => m['@_start'])).toEqual(['5s', '3723s']);
  });
});

describe("several videos from the client's page", () => {
  it('exports the selected videos as one CSV', async () => {
    await page.goto(`/dashboard/user/${client.id}`);
    await atPath(page, `/dashboard/user/${client.id}`);
    await seeHeading(page, client.username);
    const exportButton = page.getByRole('button', { name: /^Export markers/ });
    expect(await exportButton.isDisabled()).toBe(true);
    for (const v of [promo, teaser]) {
      await page.getByRole('checkbox', { name: `Select ${v.name}` }).check();
    }
    await page.getByRole('button', { name: 'Export markers (2)' }).click();
    await visible(page.getByRole('menuitem', { name: CSV }));
    expect(await page.getByRole('menuitem', { name: MARKER_FORMAT_LABELS.edl }).count()).toBe(0);
    await screenshot(page, 'markers-managed-menu-desktop');
    const file = await download(() => page.getByRole('menuitem', { name: CSV }).click());
    expect(file.name).toMatch(/^markers-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(file.text);
    expect(rows[0]).toEqual(['Video', 'Time', 'Version', 'Author', 'Text', 'Status']);
    expect(
      rows
        .slice(1)
        .map((r) => [r[0], r[4], r[1]])
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
    await visible(page.getByRole('menuitem', { name: CSV }));
    await screenshot(page, 'markers-dialog-menu-phone');
    await page.keyboard.press('Escape');
    await page.goto(`/dashboard/user/${client.id}`);
    await seeHeading(page, client.username);
    await page.getByRole('checkbox', { name: `Select ${promo.name}` }).check();
    await page.getByRole('button', { name: 'Export markers (1)' }).click();
    await visible(page.getByRole('menuitem', { name: CSV }));
    await screenshot(page, 'markers-managed-menu-phone');
  });
});
