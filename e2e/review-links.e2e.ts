/**
 * Review links (issue 19): a lead editor shares a video in review from its dialog; a fresh
 * browser with no cookie opens the link, comments under a name and requests changes; the
 * client's editor, signed in in another browser, sees both arrive on the bell live. A revoked
 * link and an expired one answer a page that says so. Screenshots of the share dialog and the
 * review page at 1280 and 390 px land in e2e/artifacts.
 *
 * The expired link needs a clock the suite's shared server does not let a test move: that case
 * runs on a second instance of the same app (buildApp over its own PGlite, serving the same
 * built web app), whose database the test may change.
 *
 * Issue 41 (item 7): a link sent on v1 of a video shows v1 (a real file the browser plays), the
 * guest comments at the player's time and requests changes; once the agency sends v2 to review
 * the same link says so and plays v2, the v1 note listed with v1. Screenshots at 1440 and 390 px.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameAtTime, frameToTimecode } from '@domain/timecode';
import { buildApp } from '../server/app';
import { fromPglite } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { reviewLinks, users, videos } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, apiAs } from './support/api';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { playPast, serveClip } from './support/clip';
import { assign } from './support/lead';
import { seeToast, visible } from './support/screen';
import { createUsersAsKing, kingApi, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';

let team: E2EBrowser;
let lead: TestUser;
let client: TestUser;
let editor: TestUser;
let king: APIRequestContext;
let video: { id: string; name: string };

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  team = await launchBrowser();
  [lead, client, editor] = await createUsersAsKing(team, ['lead_editor', 'client', 'editor']);
  king = await kingApi(team);
  await assign(king, client.id, editor.id);
  video = await answer<{ id: string; name: string }>(
    'POST /api/videos',
    await king.post('/api/videos', {
      data: {
        name: `Spring promo ${client.username.slice(-6)}`,
        link: 'https://youtu.be/dQw4w9WgXcQ',
        status: 'review',
        targetUserId: client.id,
      },
    }),
    201,
  );
});
afterAll(async () => {
  await king?.dispose();
  await team?.close();
});

/** A review link to one video, made by the king, lasting `days`. */
const linkAsKing = async (videoId: string, days: number) =>
  answer<{ id: string; token: string }>(
    'POST /api/review-links',
    await king.post('/api/review-links', { data: { videoIds: [videoId], expiresInDays: days } }),
    201,
  );

const bell = (page: Page, name: string | RegExp = /^Notifications/) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });

/** The lead opens the video's dialog, shares it and copies the link the dialog shows once. */
async function shareAsLead(page: Page): Promise<string> {
  await signIn(team, page, lead);
  await page.goto(`/dashboard?video=${video.id}`);
  await page.getByRole('button', { name: 'Share for review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share for review' });
  await visible(dialog);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Review link' });
  await visible(field);
  const link = await field.inputValue();
  expect(link).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
  await visible(dialog.getByText('Links to this video'));
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${ARTIFACTS}/review-share-desktop.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${ARTIFACTS}/review-share-phone.png` });
  await page.setViewportSize(DESKTOP);
  return link;
}

describe('a review link', () => {
  it('lets a guest with no cookie comment and request changes; the editor hears it live', async () => {
    const teamPage = await team.newPage(DESKTOP);
    const link = await shareAsLead(teamPage);

    // The editor of the client, in the team's browser, with a quiet bell.
    await signIn(team, teamPage, editor);
    const editorApi = await apiAs(team, editor);
    expect((await editorApi.post('/api/notifications/mark-all-read')).status()).toBe(200);
    await editorApi.dispose();
    await teamPage.goto('/dashboard');
    await visible(bell(teamPage, 'Notifications'));

    const guest = await launchBrowser();
    try {
      const page = await guest.newPage(DESKTOP);
      expect(await guest.context.cookies()).toEqual([]);
      await page.goto(link);
      await visible(page.getByRole('heading', { name: video.name, level: 1 }));
      // The player, not just a link: the YouTube frame is there.
      await visible(page.locator('iframe[src*="youtube-nocookie.com"]'));
      // Undecided, with its Approve and Request changes buttons (issue 37: Approve's white on
      // teal was 3.11:1): axe finds nothing serious on the page the guest first sees.
      await visible(page.getByRole('button', { name: 'Approve' }));
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${ARTIFACTS}/review-page-undecided.png`, fullPage: true });
      await page.getByRole('textbox', { name: 'Your name' }).fill('Alex Guest');
      await page.getByRole('textbox', { name: 'Add a comment' }).fill('Love the intro at 0:12');
      await page.getByRole('button', { name: 'Post comment' }).click();
      await visible(page.getByRole('article', { name: 'Comment by Alex Guest' }));
      await visible(page.getByText('Alex Guest (guest)'));
      await bell(teamPage, 'Notifications, 1 unread').waitFor({ timeout: 10_000 });

      await page.getByRole('button', { name: 'Request changes' }).click();
      await page.getByRole('textbox', { name: 'What needs to change?' }).fill('Shorter outro');
      await page.getByRole('button', { name: 'Send change request' }).click();
      await visible(page.getByText('Changes requested', { exact: true }));
      await expect(page.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
      await bell(teamPage, 'Notifications, 2 unread').waitFor({ timeout: 10_000 });

      // Still no cookie: the guest is no session.
      expect(await guest.context.cookies()).toEqual([]);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${ARTIFACTS}/review-page-desktop.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${ARTIFACTS}/review-page-phone.png`, fullPage: true });
      guest.expectNoConsoleErrors();
    } finally {
      await guest.close();
    }

    // The editor's bell names the guest as a guest.
    await bell(teamPage).click();
    const dropdown = teamPage.getByRole('dialog', { name: /^Notifications/ });
    await visible(dropdown.getByText(/Alex Guest \(guest\) sent ".*" back with changes requested/));
    await visible(dropdown.getByText(/Alex Guest \(guest\) commented on/));
    await teamPage.keyboard.press('Escape');

    // The team's own dialog draws the guest's rows: comments and the status history by name.
    await teamPage.goto(`/dashboard?video=${video.id}`);
    await visible(teamPage.getByRole('article', { name: 'Comment by Alex Guest (guest)' }).first());
    const history = teamPage.getByRole('region', { name: 'Status history' });
    await visible(history.getByText(/In Review → In Progress/));
    await visible(history.getByText(/Alex Guest \(guest\)/));
    team.expectNoConsoleErrors();
  });

  it("shows a manager every link of the video with its creator; the manager revokes the client's (issue 37, obs 11)", async () => {
    const clientApi = await apiAs(team, client);
    let made: { id: string; token: string };
    try {
      made = await answer(
        'POST /api/review-links',
        await clientApi.post('/api/review-links', {
          data: { videoIds: [video.id], expiresInDays: 3 },
        }),
        201,
      );
      // The client lists every link of its video, its own among them.
      const listed = await answer<{ id: string; createdBy: string }[]>(
        'GET /api/videos/{id}/review-links',
        await clientApi.get(`/api/videos/${video.id}/review-links`),
      );
      expect(listed.map((l) => l.createdBy)).toContain(client.name);
    } finally {
      await clientApi.dispose();
    }
    const page = await team.newPage(DESKTOP);
    await signIn(team, page, lead);
    await page.goto(`/dashboard?video=${video.id}`);
    await page.getByRole('button', { name: 'Share for review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share for review' });
    await visible(dialog.getByText('Every link to this video, whoever made it'));
    const clients = dialog
      .locator('[aria-label^="Review link of"]')
      .filter({ hasText: `by ${client.name}` });
    await visible(clients);
    await clients.getByRole('button', { name: 'Revoke', exact: true }).click();
    const confirm = clients.getByRole('group', { name: 'Revoke this link?' });
    await visible(confirm);
    await page.screenshot({ path: `${ARTIFACTS}/review-links-manager-confirm-desktop.png` });
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await seeToast(page, 'Link revoked');
    await visible(clients.getByText('revoked', { exact: true }));
    expect(
      await fetch(new URL(`/api/review/${made.token}`, page.url())).then((r) => r.status),
    ).toBe(410);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${ARTIFACTS}/review-links-manager-phone.png` });
    await page.close();
  });

  it('lets a guest reply under a note: the reply is kept in its thread (issue 45 part 4)', async () => {
    const made = await linkAsKing(video.id, 1);
    const guest = await launchBrowser();
    try {
      const page = await guest.newPage(DESKTOP);
      await page.goto(`/review/${made.token}`);
      await page.getByRole('textbox', { name: 'Your name' }).fill('Robin Guest');
      await page.getByRole('textbox', { name: 'Add a comment' }).fill('The logo is too small');
      await page.getByRole('button', { name: 'Post comment' }).click();
      const note = page.getByRole('article', { name: 'Comment by Robin Guest' });
      await visible(note);
      await page.getByRole('button', { name: 'Reply to Robin Guest (guest)' }).click();
      const field = page.getByRole('textbox', { name: 'Reply to Robin Guest (guest)' });
      await field.fill('Twice as big, please');
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      await visible(page.getByRole('article', { name: 'Reply by Robin Guest' }));
      // Read again from the server: the reply sits under its note, not as a loose comment.
      await page.reload();
      const reply = page.getByRole('article', { name: 'Reply by Robin Guest' });
      await visible(reply);
      expect(await reply.textContent()).toContain('Twice as big, please');
      const order = await page
        .getByRole('article')
        .evaluateAll((list) => list.map((a) => a.getAttribute('aria-label')));
      const at = order.lastIndexOf('Comment by Robin Guest');
      expect(order[at + 1]).toBe('Reply by Robin Guest');
      await page.screenshot({ path: `${ARTIFACTS}/review-reply-desktop.png`, fullPage: true });
      guest.expectNoConsoleErrors();
    } finally {
      await guest.close();
    }
  });

  it("keeps the player's room while its code is on the way: nothing under it moves (issue 47)", async () => {
    const made = await linkAsKing(video.id, 1);
    const guest = await launchBrowser();
    try {
      const page = await guest.newPage(PHONE);
      // The player's code is held back until the page has drawn everything else.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/video-player-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/review/${made.token}`);
      const room = page.getByTestId('player-placeholder');
      await visible(room);
      const box = (await room.boundingBox())!;
      expect(box.height).toBeGreaterThan(box.width * (9 / 16) - 2);
      const composer = page.getByRole('textbox', { name: 'Add a comment' });
      const before = (await composer.boundingBox())!.y;
      release();
      // The player came (its embed, which has no network here, in the same 16:9 box).
      await expect.poll(() => room.count()).toBe(0);
      await page.locator('iframe').first().waitFor({ state: 'attached' });
      expect(Math.abs((await composer.boundingBox())!.y - before)).toBeLessThanOrEqual(2);
      guest.expectNoConsoleErrors();
    } finally {
      await guest.close();
    }
  });

  it('answers a clear page once revoked', async () => {
    const made = await linkAsKing(video.id, 1);
    expect((await king.delete(`/api/review-links/${made.id}`)).status()).toBe(200);
    const guest = await launchBrowser();
    try {
      const page = await guest.newPage(PHONE);
      await page.goto(`/review/${made.token}`);
      await visible(page.getByRole('heading', { name: 'This link was turned off' }));
      await visible(page.getByText('Ask whoever sent it for a new one'));
      await page.screenshot({ path: `${ARTIFACTS}/review-revoked-phone.png` });
      guest.expectNoConsoleErrors({
        refused: [{ status: 410, pathname: `/api/review/${made.token}` }],
      });
    } finally {
      await guest.close();
    }
  });

  it('answers a clear page once expired', async () => {
    // A second instance of the app over its own database, serving the same built web app.
    const database = fromPglite(await PGlite.create());
    await migrate(database);
    const app = await buildApp({
      database,
      logger: false,
      webRoot: path.resolve('dist/web'),
    });
    const guest = await launchBrowser();
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const [owner] = await database.db
        .insert(users)
        .values({ username: 'owner', password: await hashPassword('x'), role: 'client' })
        .returning();
      await database.db
        .insert(users)
        .values({ username: 'maker', password: await hashPassword('secret-1'), role: 'king' });
      const [v] = await database.db
        .insert(videos)
        .values({ ordinal: 1, name: 'Old cut', link: 'https://a.io/v', userId: owner!.id })
        .returning();
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'maker', password: 'secret-1' },
      });
      const sid = login.cookies.find((c) => c.name === 'sid')!.value;
      const made = await app.inject({
        method: 'POST',
        url: '/api/review-links',
        headers: { cookie: `sid=${sid}` },
        payload: { videoIds: [v!.id], expiresInDays: 1 },
      });
      expect(made.statusCode, made.body).toBe(201);
      const { token } = made.json() as { token: string };
      await database.db.update(reviewLinks).set({ expiresAt: new Date(Date.now() - 60_000) });

      const page = await guest.newPage(DESKTOP);
      await page.goto(`${base}/review/${token}`);
      await visible(page.getByRole('heading', { name: 'This link has expired' }));
      await page.screenshot({ path: `${ARTIFACTS}/review-expired-desktop.png` });
      guest.expectNoConsoleErrors({ refused: [{ status: 410, pathname: `/api/review/${token}` }] });
    } finally {
      await guest.close();
      await app.close();
      await database.close();
    }
  });

  it('follows the versions: the guest comments on v1 at a moment, then sees v2 with a notice (issue 41)', async () => {
    const cut = (n: number) => `https://media.example.test/cuts/v${n}/clip.mp4`;
    const made = await answer<{ id: string; name: string }>(
      'POST /api/videos',
      await king.post('/api/videos', {
        data: {
          name: `Summer teaser ${client.username.slice(-6)}`,
          link: 'https://youtu.be/dQw4w9WgXcQ',
          status: 'in_progress',
          targetUserId: client.id,
        },
      }),
      201,
    );
    const versions = `/api/videos/${made.id}/versions`;
    const toReview = async () =>
      answer(
        'PATCH /api/videos/{id}/status',
        await king.patch(`/api/videos/${made.id}/status`, { data: { status: 'review' } }),
      );
    await answer(
      'POST /api/videos/{id}/versions',
      await king.post(versions, { data: { link: cut(1) } }),
      201,
    );
    await toReview();
    const link = await linkAsKing(made.id, 7);

    const guest = await launchBrowser();
    try {
      const page = await guest.newPage(DESKTOP);
      await page.route('https://media.example.test/**', serveClip);
      await page.goto(`/review/${link.token}`);
      const section = page.getByRole('region', { name: made.name });
      await visible(section.getByLabel('Version: v1'));
      expect(await section.locator('video').getAttribute('src')).toBe(cut(1));
      await expect(page.getByText(/A newer version/).count()).resolves.toBe(0);

      // "Comment at" the player's time, as in the app: SMPTE at the version's rate (30 fps).
      await page.getByRole('textbox', { name: 'Your name' }).fill('Alex Guest');
      const playedTo = await playPast(page, 2.2);
      const stamp = frameToTimecode(frameAtTime(playedTo, '30'), '30');
      await section.getByRole('button', { name: `Comment at ${stamp}` }).click();
      expect(await section.getByRole('textbox', { name: /Comment at/ }).inputValue()).toBe(stamp);
      await section.getByRole('textbox', { name: 'Add a comment' }).fill('Logo too small');
      await section.getByRole('button', { name: 'Post comment' }).click();
      const note = section.getByRole('article', { name: 'Comment by Alex Guest' });
      await visible(note);
      expect(await note.textContent()).toContain(`${stamp}Logo too small`);
      // Its timecode seeks the player back to that moment.
      await section.locator('video').evaluate((v: HTMLVideoElement) => (v.currentTime = 5));
      await note.getByRole('button', { name: `Play from ${stamp}` }).click();
      await page.waitForFunction(
        (t) => Math.abs((document.querySelector('video')?.currentTime ?? 0) - t) < 0.25,
        playedTo,
      );
      await section.getByRole('button', { name: 'Request changes' }).click();
      await section.getByRole('textbox', { name: 'What needs to change?' }).fill('Bigger logo');
      await section.getByRole('button', { name: 'Send change request' }).click();
      await visible(section.getByText('Changes requested', { exact: true }));

      // The agency adds v2 and sends it to review: the same link shows it and says so.
      await answer(
        'POST /api/videos/{id}/versions',
        await king.post(versions, { data: { link: cut(2) } }),
        201,
      );
      await toReview();
      await page.reload();
      await visible(section.getByText('A newer version (v2) is ready: you were sent v1'));
      await visible(section.getByLabel('Version: v2'));
      expect(await section.locator('video').getAttribute('src')).toBe(cut(2));
      await visible(section.getByText('No comments on this version yet.'));
      await visible(section.getByRole('button', { name: 'Approve' }));
      const earlier = section.getByRole('region', { name: 'Notes on earlier versions' });
      const earlierNote = earlier.getByRole('article', { name: 'Comment by Alex Guest' });
      await visible(earlierNote.getByText('Logo too small'));
      await visible(earlierNote.getByText(stamp, { exact: true }));
      await visible(earlier.getByText(/Changes requested by Alex Guest \(guest\)/));
      expect(await earlier.getByRole('link', { name: 'Open v1' }).getAttribute('href')).toBe(
        cut(1),
      );
      // The team finds the guest's note on v1, and the guest's decision in v1's round.
      const onV1 = await answer<
        { content: string; guestName: string | null; timecode: string | null }[]
      >(
        'GET /api/videos/{id}/comments',
        await king.get(`/api/videos/${made.id}/comments?version=1`),
      );
      expect(onV1).toContainEqual(
        expect.objectContaining({
          content: 'Logo too small',
          guestName: 'Alex Guest',
          timecode: stamp,
        }),
      );

      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${ARTIFACTS}/review-versions-desktop.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${ARTIFACTS}/review-versions-phone.png`, fullPage: true });
      guest.expectNoConsoleErrors();
    } finally {
      await guest.close();
    }
  });
});
