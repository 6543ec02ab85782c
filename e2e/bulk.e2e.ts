/**
 * Issue 45 part 3: bulk changes. An editor picks 50 videos of a client's (45 drafts, 5 posted) on
 * the dashboard, moves them to In Progress in one change: the answer says 45 changed and names
 * the 5 posted ones with why; one Undo puts the 45 back, read back from the server.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '@domain/bulk-changes';
import type { VideoView } from '@domain/videos';
import { moveRefusal } from '@domain/workflow';
import { answer, withApiAs } from './support/api';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { pickOption, seeToast, visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn, type TestUser } from './support/users';
import { assignEditor, createVideoAs, screenshot, type CreatedVideo } from './support/videos';

let browser: E2EBrowser;
let page: Page;
let client: TestUser;
let editor: TestUser;
const drafts: CreatedVideo[] = [];
const posted: CreatedVideo[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  [client, editor] = await createUsersAsKing(browser, ['client', 'editor']);
  await assignEditor(browser, client.id, editor.id);
  for (let i = 0; i < 50; i++) {
    const done = i % 10 === 9;
    const made = await createVideoAs(browser, kingCredentials(browser), {
      name: `Bulk ${done ? 'posted' : 'draft'} ${String(i).padStart(2, '0')}`,
      status: done ? 'posted' : 'draft',
      targetUserId: client.id,
      assignedEditorId: editor.id,
    });
    (done ? posted : drafts).push(made);
  }
  page = await browser.newPage(DESKTOP);
});
afterEach(() => browser.expectNoConsoleErrors());
afterAll(async () => {
  await browser?.close();
});

const statuses = () =>
  withApiAs(browser, editor, async (api) => {
    const list = await answer<VideoView[]>('GET /api/videos', await api.get('/api/videos'));
    return new Map(list.map((v) => [v.id, v.status]));
  });

describe('bulk changes', () => {
  it('moves 50 videos at once, names the 5 it may not move, and undoes the 45 in one Undo', async () => {
    await signIn(browser, page, editor);
    await page.goto(`${browser.baseUrl}/dashboard`);
    const bar = page.getByRole('region', { name: 'Bulk changes' });
    // The editor's list opens on In Progress: all of them.
    await page.getByRole('button', { name: 'All Videos (50)' }).click();
    await visible(page.getByRole('article', { name: 'Bulk draft 00' }));
    await visible(bar);
    // Click one, shift-click another: the range between them.
    await page.getByRole('checkbox', { name: 'Select Bulk draft 00' }).click();
    await page
      .getByRole('checkbox', { name: 'Select Bulk draft 02' })
      .click({ modifiers: ['Shift'] });
    await visible(bar.getByText('3 selected'));
    await bar.getByRole('button', { name: 'Select all matching' }).click();
    await visible(bar.getByText('50 selected'));
    await screenshot(page, 'bulk-bar-1440');
    await pickOption(
      bar.getByRole('combobox', { name: 'Change', exact: true }),
      page.getByRole('option', { name: 'Status' }),
    );
    const dialog = page.getByRole('dialog', { name: 'Status of 50 videos' });
    await pickOption(
      dialog.getByRole('combobox', { name: 'Status', exact: true }),
      page.getByRole('option', { name: 'In Progress' }),
    );
    await dialog.getByRole('button', { name: 'Apply to 50' }).click();
    const report = page.getByRole('dialog', { name: BULK_MESSAGES.summary(45, 50) });
    await visible(report);
    const notChanged = report.getByRole('list', { name: 'Not changed' }).getByRole('listitem');
    await expect.poll(() => notChanged.count()).toBe(5);
    for (const v of posted) {
      await visible(notChanged.filter({ hasText: v.name }));
    }
    await visible(
      notChanged
        .first()
        .getByText(moveRefusal('agency', 'posted', 'in_progress')!, { exact: false }),
    );
    await screenshot(page, 'bulk-report-1440');
    let now = await statuses();
    for (const v of drafts) expect(now.get(v.id)).toBe('in_progress');
    for (const v of posted) expect(now.get(v.id)).toBe('posted');
    await report.getByRole('button', { name: 'OK' }).click();
    await page
      .getByRole('alert')
      .getByRole('button', { name: `Undo: ${BULK_MESSAGES.summary(45, 50)}` })
      .click();
    await visible(page.getByRole('alert').filter({ hasText: BULK_MESSAGES.undone(45) }));
    now = await statuses();
    for (const v of drafts) expect(now.get(v.id)).toBe('draft');
  });

  it('sets a priority when adding a video and changes it in its details, shown as a badge', async () => {
    const name = 'Priority teaser';
    const read = () =>
      withApiAs(browser, editor, async (api) => {
        const list = await answer<VideoView[]>('GET /api/videos', await api.get('/api/videos'));
        return list.find((v) => v.name === name);
      });
    await page.getByRole('button', { name: 'Add Video' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Video' });
    await visible(add);
    await add.getByLabel('Create Video For').selectOption({ label: client.name });
    await add.getByLabel('Name').fill(name);
    expect(await add.getByLabel('Priority').inputValue()).toBe('normal');
    await add.getByLabel('Priority').selectOption({ label: 'High' });
    await add.getByLabel('Video link').fill('youtu.be/prioritytst');
    await screenshot(page, 'priority-add-1440');
    await add.getByRole('button', { name: 'Add Video' }).click();
    await seeToast(page, 'Video added');
    await expect.poll(async () => (await read())?.priority).toBe('high');
    const card = page.getByRole('article', { name });
    await visible(card.getByLabel('Priority: High'));
    await card.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Edit Video Details' });
    await visible(details.getByLabel('Priority: High'));
    await details.getByLabel('Priority', { exact: true }).selectOption({ label: 'Urgent' });
    await screenshot(page, 'priority-details-1440');
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await seeToast(page, 'Video updated');
    await expect.poll(async () => (await read())?.priority).toBe('urgent');
    await visible(card.getByLabel('Priority: Urgent'));
    await card.getByRole('button', { name: 'Details' }).click();
    await visible(details.getByLabel('Priority: Urgent'));
    await page.setViewportSize(PHONE);
    await screenshot(page, 'priority-details-390');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await page.setViewportSize(DESKTOP);
  });
});
