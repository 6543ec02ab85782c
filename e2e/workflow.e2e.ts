/**
 * The workflow as a contract, in two browsers at once: a client approves one video in review
 * and requests changes on another with a note, while its editor's page is open; the editor's
 * bell rises live, the video is back in progress, and the note is a comment. The card's action
 * menu is driven by keyboard and photographed at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOVE_MESSAGES } from '@domain/workflow';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { seeHeading, seeToast, visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn } from './support/users';
import { assignEditor, createVideoAs, screenshot, type CreatedVideo } from './support/videos';

let clientBrowser: E2EBrowser;
let editorBrowser: E2EBrowser;
let clientPage: Page;
let editorPage: Page;
let approveMe: CreatedVideo;
let fixMe: CreatedVideo;

const NOTE = 'Please shorten the intro to five seconds';

beforeAll(async () => {
  clientBrowser = await launchBrowser();
  editorBrowser = await launchBrowser();
});

// Each test has a client of its own with two videos in review, and that client's editor with a
// quiet bell: the client's page on All Videos, the editor's on the dashboard, side by side.
beforeEach(async () => {
  const [client, editor] = await createUsersAsKing(clientBrowser, ['client', 'editor']);
  await assignEditor(clientBrowser, client.id, editor.id);
  const inReview = (name: string) =>
    createVideoAs(clientBrowser, kingCredentials(clientBrowser), {
      name,
      link: 'https://vimeo.com/76979871',
      status: 'review',
      targetUserId: client.id,
      assignedEditorId: editor.id,
    });
  approveMe = await inReview('Launch teaser cut');
  fixMe = await inReview('Founder interview');

  editorPage = await editorBrowser.newPage(DESKTOP);
  await signIn(editorBrowser, editorPage, editor);
  // Start from a quiet bell: what arrives in the test comes over the socket.
  await editorPage.evaluate(async () => {
    await fetch('/api/notifications/check-delayed', { method: 'POST' });
    await fetch('/api/notifications/mark-all-read', { method: 'POST' });
  });
  await editorPage.goto('/dashboard');
  await seeHeading(editorPage, 'Editor Dashboard');
  await visible(editorPage.getByRole('button', { name: 'Notifications', exact: true }));

  clientPage = await clientBrowser.newPage(DESKTOP);
  await signIn(clientBrowser, clientPage, client);
  await clientPage.goto('/dashboard');
  await clientPage.getByRole('button', { name: /^All Videos/ }).click();
});
afterEach(() => {
  clientBrowser.expectNoConsoleErrors();
  editorBrowser.expectNoConsoleErrors();
});
afterAll(async () => {
  await clientBrowser?.close();
  await editorBrowser?.close();
});

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('a client reviews its videos', () => {
  it('sees only Approve and Request Changes on a video in review', async () => {
    const teaser = card(clientPage, approveMe.name);
    await visible(teaser);
    const labels = await teaser
      .getByRole('button', { name: new RegExp(`: ${approveMe.name}$`) })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(labels).toEqual([`Approve: ${approveMe.name}`, `Request Changes: ${approveMe.name}`]);
    // The posted toggle is the agency's.
    expect(await teaser.getByRole('switch').count()).toBe(0);
  });

  it('approves one: it is ready to post and offers the client nothing more', async () => {
    const teaser = card(clientPage, approveMe.name);
    await teaser.getByRole('button', { name: `Approve: ${approveMe.name}` }).click();
    await seeToast(clientPage, MOVE_MESSAGES.moved(approveMe.name, 'ready_to_post'));
    await expect.poll(() => teaser.textContent()).toContain('Ready to Post');
    expect(
      await teaser.getByRole('button', { name: new RegExp(`: ${approveMe.name}$`) }).count(),
    ).toBe(0);
    // Its editor's open page hears of it over the socket.
    await editorPage
      .getByRole('button', { name: 'Notifications, 1 unread' })
      .waitFor({ state: 'visible', timeout: 10_000 });
  });

  it('opens Request Changes, a labelled button, by keyboard (1280 and 390 px screenshots)', async () => {
    const interview = card(clientPage, fixMe.name);
    // Issue 37, obs 8: its own visible name, not an unlabeled chevron.
    const button = interview.getByRole('button', { name: `Request Changes: ${fixMe.name}` });
    expect(await button.textContent()).toBe('Request Changes…');
    await button.focus();
    await clientPage.keyboard.press('Enter');
    const ask = clientPage.getByRole('dialog', { name: 'Request Changes' });
    await visible(ask);
    await expectNoSeriousA11yViolations(clientPage);
    await clientPage.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    await screenshot(clientPage, 'workflow-card-request-changes-desktop');

    await clientPage.setViewportSize(PHONE);
    await button.scrollIntoViewIfNeeded();
    await screenshot(clientPage, 'workflow-card-request-changes-phone');
    await button.click();
    await visible(ask);
    await clientPage.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    await clientPage.setViewportSize(DESKTOP);
  });

  it('requests changes with a note: the editor hears of it live, the note is a comment', async () => {
    const interview = card(clientPage, fixMe.name);
    await interview.getByRole('button', { name: `Request Changes: ${fixMe.name}` }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Request Changes' });
    await visible(dialog);
    // The note is required of the client side.
    await dialog.getByRole('button', { name: 'Request Changes' }).click();
    await visible(dialog.getByText('Please say what needs to change'));
    await dialog.getByLabel(/What needs to change/).fill(NOTE);
    await screenshot(clientPage, 'workflow-request-changes-dialog');
    await dialog.getByRole('button', { name: 'Request Changes' }).click();
    await seeToast(clientPage, MOVE_MESSAGES.moved(fixMe.name, 'in_progress'));
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => interview.textContent()).toContain('In Progress');

    // The editor's open page: the badge rises over the socket, no reload.
    await editorPage
      .getByRole('button', { name: 'Notifications, 1 unread' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await editorPage.getByRole('button', { name: /^Notifications/ }).click();
    const notice = editorPage
      .getByRole('dialog', { name: /^Notifications/ })
      .getByRole('button', { name: /Changes requested/ });
    await visible(notice);
    expect(await notice.textContent()).toContain(
      `sent "${fixMe.name}" back with changes requested`,
    );
    await notice.click();
    const detail = editorPage.getByRole('dialog', { name: 'Edit Video Details' });
    await visible(detail);
    await visible(detail.getByText(NOTE));
    await expect
      .poll(() => detail.getByLabel('Status', { exact: true }).inputValue())
      .toBe('in_progress');
    await screenshot(editorPage, 'workflow-editor-sees-note');
  });
});
