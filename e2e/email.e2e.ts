/**
 * Email as people see it (issue 19), on a server of this file's own (a fresh embedded database,
 * no SMTP_URL, so the outbox starts empty and keeps what it composes): a client saves an address
 * and choices on the profile's email card; the king's outbox at /admin is empty, then lists the
 * mention the client was sent. The outbox says it is loading while the server is paused
 * (SIGSTOP) and that it failed once the server is gone. axe checks the card and the outbox at
 * both widths; screenshots of the outbox at 1280 and 390 px land in e2e/artifacts.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_TURN_MESSAGES } from '@domain/client-turn';
import type { OutboxView } from '@domain/email';
import { type AppProcess, startAppProcess } from '../scripts/lib/app-process';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer } from './support/api';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { seeHeading, seeText, seeToast, visible } from './support/screen';
import { signIn, uniqueUsername, type Credentials } from './support/users';
import { screenshot } from './support/videos';

const KING_PASSWORD = `king-${randomBytes(9).toString('base64url')}`;
const king: Credentials = { username: 'king', password: KING_PASSWORD };

let server: AppProcess;
let base: string;
let browser: E2EBrowser;
let page: Page;
let kingApi: APIRequestContext;
const client = { username: uniqueUsername('client'), password: 'secret-pass-1', id: '' };
const address = `${client.username}@client.test`;
const video = 'Autumn teaser';

beforeAll(async () => {
  server = await startAppProcess({
    dataDir: path.join(inject('e2eTempDir'), 'email-data'),
    kingPassword: KING_PASSWORD,
    startTimeoutMs: 60_000,
  });
  base = server.baseUrl;
  kingApi = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { origin: new URL(base).origin },
  });
  await answer('POST /api/auth/login', await kingApi.post('/api/auth/login', { data: king }));
  const made = await answer<{ id: string }>(
    'POST /api/admin/users',
    await kingApi.post('/api/admin/users', {
      data: { ...client, name: 'Olivia Owner', role: 'client' },
    }),
    201,
  );
  client.id = made.id;
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
});
afterAll(async () => {
  await kingApi?.dispose();
  await browser?.close();
  await server?.stop();
});

/** Pauses or resumes the server's processes (its socket stays open: requests wait). */
const signalServer = (signal: 'SIGSTOP' | 'SIGCONT') => process.kill(-server.child.pid!, signal);

async function openOutbox() {
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('tab', { name: 'Email' }).click();
}

describe("the client's email card", () => {
  it('saves an address and a choice, and shows them after a reload', async () => {
    await signIn(browser, page, client, base);
    await page.goto(`${base}/profile`);
    await seeHeading(page, 'Profile Settings');
    const comments = page.getByRole('radiogroup', { name: 'New comments' });
    await expect
      .poll(() => comments.getByRole('radio', { name: 'At once' }).isDisabled())
      .toBe(true);
    await page.getByLabel('Email address').fill('olivia@');
    await page.getByLabel('Email address').blur();
    await seeText(page, 'Enter a valid email address, or leave it empty for no email');
    await page.getByLabel('Email address').fill(address);
    await comments.getByText('At once').click();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await seeToast(page, 'Profile updated!');
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect.poll(() => page.getByLabel('Email address').inputValue()).toBe(address);
    await expect
      .poll(() => comments.getByRole('radio', { name: 'At once' }).isChecked())
      .toBe(true);
    browser.expectNoConsoleErrors();
  });
});

describe("the king's outbox", () => {
  it('is empty at first, says so, and says nothing is being sent', async () => {
    await browser.context.clearCookies();
    await signIn(browser, page, king, base);
    await page.goto(`${base}/admin`);
    await seeHeading(page, 'Admin Dashboard');
    await page.getByRole('tab', { name: 'Email' }).click();
    await seeText(page, 'No email yet. Messages appear here when someone is notified.');
    await seeText(page, 'Email is not being sent');
    browser.expectNoConsoleErrors();
  });

  it('says it is loading while the server does not answer, then lists the message', async () => {
    const created = await answer<{ id: string }>(
      'POST /api/videos',
      await kingApi.post('/api/videos', {
        data: { name: video, link: 'https://vimeo.com/123456', targetUserId: client.id },
      }),
      201,
    );
    await answer(
      'POST /api/videos/:id/comments',
      await kingApi.post(`/api/videos/${created.id}/comments`, {
        data: { content: `@${client.username} the first cut is up` },
      }),
      201,
    );
    // The worker composes it on its next pass (every 5 s).
    await expect
      .poll(
        async () =>
          (
            await answer<OutboxView>(
              'GET /api/admin/email-outbox',
              await kingApi.get('/api/admin/email-outbox'),
            )
          ).messages.length,
        { timeout: 20_000 },
      )
      .toBe(1);

    // A fresh page: the outbox read earlier would be shown while it is read again.
    await page.reload();
    await visible(page.getByRole('tab', { name: 'Email' }));
    signalServer('SIGSTOP');
    try {
      await page.getByRole('tab', { name: 'Email' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Loading the outbox' }));
    } finally {
      signalServer('SIGCONT');
    }
    await seeText(page, address);
    await seeText(page, `You were mentioned: ${video}`);
    await seeText(page, 'Kept (not sent)');
    await expect.poll(() => page.getByText('No email yet').count()).toBe(0);
    await screenshot(page, 'email-outbox-desktop');
    await expectNoSeriousA11yViolations(page);
    browser.expectNoConsoleErrors();
  });

  it('reads on a 390 px phone without scrolling sideways', async () => {
    page = await browser.newPage(PHONE);
    await page.goto(`${base}/admin`);
    await page.getByRole('tab', { name: 'Email' }).click();
    await seeText(page, `You were mentioned: ${video}`);
    await page.getByText('Email is not being sent').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    await screenshot(page, 'email-outbox-phone');
    const sideways = await page.evaluate(() => {
      const wide = [...document.querySelectorAll<HTMLElement>('[role=tabpanel] *')].filter(
        (e) =>
          ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) &&
          e.scrollWidth > e.clientWidth + 1,
      );
      const root = document.documentElement;
      return { page: root.scrollWidth - root.clientWidth, scrollers: wide.length };
    });
    expect(sideways).toEqual({ page: 0, scrollers: 0 });
    await visible(page.getByText(address));
    await visible(page.getByText('Kept (not sent)'));
    await expectNoSeriousA11yViolations(page);
    browser.expectNoConsoleErrors();
  });

  it('sets when clients waiting in review are reminded, with Undo (issue 41)', async () => {
    // The phone's page of the test before, on the Email tab.
    const field = page.getByLabel('Remind after (days)');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => field.inputValue()).toBe('3, 7');
    await field.fill('2, x');
    await save.click();
    await seeText(page, CLIENT_TURN_MESSAGES.reminderDays);
    await field.fill('5, 2');
    await save.click();
    await seeText(page, 'Clients are reminded after 2, 5 days');
    await expect.poll(() => field.inputValue()).toBe('2, 5');
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, 'review-reminders-phone');
    const kept = await answer<{ days: number[] }>(
      'GET /api/admin/review-reminders',
      await kingApi.get('/api/admin/review-reminders'),
    );
    expect(kept.days).toEqual([2, 5]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => field.inputValue()).toBe('3, 7');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(DESKTOP);
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, 'review-reminders-desktop');
    browser.expectNoConsoleErrors();
  });

  it('says it failed, and why, when the server is gone', async () => {
    await server.stop();
    await openOutbox();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch the outbox' });
    await visible(alert);
    expect(await alert.textContent()).toContain('The outbox could not be loaded.');
    // Chromium logs the refused connection; that is this step's expected outcome.
  });
});
