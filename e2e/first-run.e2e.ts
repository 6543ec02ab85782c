/**
 * Issue 17, the first ten minutes: on a fresh database (a server process of this file's own; the
 * suite's shared server already holds other files' people) the king follows the first-run
 * steps to a living dashboard, and a new client goes from /register to a first video. On the
 * way, every dashboard's empty state and loading state (the API held back, as on a slow
 * network) is photographed at 1280 and 390 px and scanned with axe.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_TAB_INFO } from '@domain/lead-dashboard';
import { inject } from 'vitest';
import { startAppProcess, type AppProcess } from '../scripts/lib/app-process';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, withApiAs } from './support/api';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { atPath, pickOption, seeHeading, seeText, seeToast, visible } from './support/screen';
import {
  createUsersAsKing,
  kingCredentials,
  signIn,
  signOut,
  type Credentials,
} from './support/users';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

let server: AppProcess;
let shared: E2EBrowser;
/** The browser, pointed at this file's own server (helpers read baseUrl and kingPassword). */
let browser: E2EBrowser;
let page: Page;

const editor = { username: 'first-editor', name: 'Erin Editor', password: 'secret-pass-1' };
const client = { username: 'first-client', name: 'Cora Client', password: 'secret-pass-1' };
const newbie = { username: 'new-client', name: 'Nia Newcomer', password: 'secret-pass-1' };

beforeAll(async () => {
  const kingPassword = `king-${randomBytes(9).toString('base64url')}`;
  server = await startAppProcess({
    dataDir: path.join(inject('e2eTempDir'), `first-run-${Date.now()}`),
    kingPassword,
    startTimeoutMs: 120_000,
    env: { AUTH_RATE_LIMIT: '100000', WRITE_RATE_LIMIT: '100000' },
  });
  shared = await launchBrowser();
  browser = { ...shared, baseUrl: server.baseUrl, kingPassword };
  await mkdir(ARTIFACTS, { recursive: true });
}, 150_000);

afterAll(async () => {
  await shared?.close();
  await server?.stop();
}, 60_000);

afterEach(() => browser.expectNoConsoleErrors());

const url = (pathname: string) => `${server.baseUrl}${pathname}`;
const shot = (name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `first-run-${name}.png`), fullPage: false });
const step = (name: string) => page.getByTestId(`first-run-${name}`);

async function openAs(who: Credentials, viewport = DESKTOP) {
  page = await browser.newPage(viewport);
  await page.goto(url('/login'));
  await signOut(browser, page);
  await signIn(browser, page, who);
}

/** The empty state and its button, photographed and scanned at both widths. */
async function checkEmptyState(
  who: Credentials,
  name: string,
  title: string,
  action?: { role: 'link' | 'button'; name: string },
) {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await openAs(who, viewport);
    await page.goto(url('/dashboard'));
    const empty = page.getByTestId('empty-state');
    await visible(empty.getByRole('heading', { name: title, exact: true }));
    if (action) await visible(empty.getByRole(action.role, { name: action.name, exact: true }));
    await empty.scrollIntoViewIfNeeded();
    await shot(`${name}-empty-${width}`);
    await expectNoSeriousA11yViolations(page);
  }
}

/**
 * The dashboard while its data is on the way: every call but the session check is held until
 * released, so the skeletons stay up to be looked at. They must be the content's shape: the
 * tiles take the same room before and after (nothing jumps when the data arrives).
 *
 * Opened at / (a signed-in visitor is sent on to /dashboard by the browser): an address typed
 * as /dashboard comes drawn by the server with its data (ADR 0009), and shows no skeleton.
 */
async function checkLoadingState(who: Credentials, name: string) {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await openAs(who, viewport);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (u) => u.pathname.startsWith('/api/') && u.pathname !== '/api/auth/me',
      async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto(url('/'));
    const skeleton = page
      .getByRole('status')
      .filter({ hasText: /Loading (dashboard|videos)\.\.\./ });
    await visible(skeleton.first());
    await atPath(page, '/dashboard');
    const tiles = page.getByRole('button', { name: /^Total Videos/ }).first();
    // Where the tile sits on the page (not in the window: the dashboard puts back the reader's
    // scroll place once its list is there).
    const box = () =>
      tiles.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { y: r.top + window.scrollY, height: r.height };
      });
    const before = (await tiles.count()) > 0 ? await box() : null;
    await shot(`${name}-loading-${width}`);
    await expectNoSeriousA11yViolations(page);
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await expect.poll(() => skeleton.count()).toBe(0);
    await shot(`${name}-loaded-${width}`);
    if (before) {
      const after = await box();
      expect(Math.abs(after.height - before.height)).toBeLessThanOrEqual(2);
      expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(2);
    }
  }
}

async function createUserInAdmin(who: typeof editor, role: 'Editor' | 'Client') {
  await page.getByRole('button', { name: 'Create New User' }).click();
  const create = page.getByRole('dialog', { name: 'Create New User' });
  await create.getByLabel('Username').fill(who.username);
  await create.getByLabel('Display name').fill(who.name);
  await create.getByLabel('Password', { exact: true }).fill(who.password);
  await create.getByLabel('Confirm password').fill(who.password);
  await create.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await create.getByRole('button', { name: 'Create User' }).click();
  await seeToast(page, 'User created', who.username);
  await create.waitFor({ state: 'hidden' });
}

describe('the king on a fresh agency', () => {
  it('sees an empty dashboard that says what to do, accessibly, at both widths', async () => {
    await checkEmptyState(kingCredentials(browser), 'lead', LEAD_TAB_INFO['needs-review'].empty, {
      role: 'link',
      name: 'Add people',
    });
    await checkLoadingState(kingCredentials(browser), 'lead');
  });

  it('follows the first-run steps to a living dashboard', async () => {
    await openAs(kingCredentials(browser));
    await page.goto(url('/dashboard'));
    const card = page.getByRole('region', { name: 'Set up your agency' });
    await visible(card);
    await seeText(page, '3 steps left');
    for (const name of ['people', 'assignments', 'prices']) {
      await visible(step(name).getByText('To do', { exact: true }));
    }
    await shot('king-steps-desktop');

    // 1. People: an editor and a client, made on /admin.
    await step('people').getByRole('link', { name: 'Add people' }).click();
    await atPath(page, '/admin');
    await seeHeading(page, 'Admin Dashboard');
    await createUserInAdmin(editor, 'Editor');
    await createUserInAdmin(client, 'Client');
    await page.goto(url('/dashboard'));
    await visible(step('people').getByText('Done', { exact: true }));
    await seeText(page, '2 steps left');

    // 2. Assignments: the team tab's New Assignment.
    await step('assignments').getByRole('button', { name: 'Assign editors' }).click();
    await seeText(page, 'Client-Editor Assignments');
    await page.getByRole('button', { name: 'New Assignment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Assignment' });
    await pickOption(
      dialog.getByRole('combobox', { name: 'Client', exact: true }),
      page.getByRole('option', { name: new RegExp(`@${client.username}`) }),
    );
    await pickOption(
      dialog.getByRole('combobox', { name: 'Editor', exact: true }),
      page.getByRole('option', { name: new RegExp(`@${editor.username}`) }),
    );
    await dialog.getByRole('button', { name: 'Create Assignment' }).click();
    await seeToast(page, 'Editor assigned successfully');
    await dialog.waitFor({ state: 'hidden' });
    await visible(step('assignments').getByText('Done', { exact: true }));
    await seeText(page, '1 step left');

    // 3. Prices: a default price on /invoicing.
    await step('prices').getByRole('link', { name: 'Set prices' }).click();
    await atPath(page, '/invoicing');
    const types = page.getByRole('region', { name: 'Video Type Pricing' });
    await types.getByRole('button', { name: 'Edit default price of consultation' }).click();
    const price = types.getByRole('spinbutton', { name: 'Default price of Consultation' });
    await price.fill('120');
    await price.press('Enter');
    await seeToast(page, 'Price Updated');

    // All done: the card is gone for good.
    await page.goto(url('/dashboard'));
    await seeHeading(page, 'Lead Dashboard');
    await visible(page.getByTestId('tile-count').first());
    await expect.poll(() => card.count()).toBe(0);
  });
});

describe('the editor and the client of a fresh agency', () => {
  it('the editor is told where videos come from, and waits on skeletons', async () => {
    await checkEmptyState(editor, 'editor', 'No videos yet', {
      role: 'link',
      name: 'View assigned clients',
    });
    await checkLoadingState(editor, 'editor');
  });

  it('the client waits on skeletons shaped like its list', async () => {
    await checkLoadingState(client, 'client');
  });

  it('a client team lead with no clients yet is told who gives it some', async () => {
    const [lead] = await createUsersAsKing(browser, ['client_team_lead']);
    await checkEmptyState(lead, 'team-lead', 'No videos yet');
    await visible(page.getByText(/^A lead editor assigns the clients you lead/));
    await checkLoadingState(lead, 'team-lead');
  });
});

describe('a new client', () => {
  it('registers, is welcomed, and adds a first video from the empty list', async () => {
    page = await browser.newPage(DESKTOP);
    await page.goto(url('/login'));
    await signOut(browser, page);
    await page.goto(url('/register'));
    await page.getByLabel('Username').fill(newbie.username);
    await page.getByLabel('Display name').fill(newbie.name);
    await page.getByLabel('Password', { exact: true }).fill(newbie.password);
    await page.getByLabel('Confirm password').fill(newbie.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await atPath(page, '/login');
    await page.getByLabel('Username').fill(newbie.username);
    await page.getByLabel('Password', { exact: true }).fill(newbie.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/dashboard');

    await seeHeading(page, `Welcome, ${newbie.name}`);
    const empty = page.getByTestId('empty-state');
    await visible(empty.getByRole('heading', { name: 'No videos yet' }));
    await shot('client-empty-desktop');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(PHONE);
    await empty.scrollIntoViewIfNeeded();
    await shot('client-empty-phone');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(DESKTOP);

    await empty.getByRole('button', { name: 'Add your first video' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Video' });
    await add.getByLabel('Name').fill('My first video');
    await add.getByLabel('Type').selectOption('consultation');
    await add.getByLabel('Video link').fill('youtu.be/abcdefghijk');
    await add.getByRole('button', { name: 'Add Video' }).click();
    await seeToast(page, 'Video added');
    await add.waitFor({ state: 'hidden' });
    await visible(page.getByRole('article', { name: 'My first video' }));
    // The greeting of this visit stays; the next visit is a return.
    await seeHeading(page, `Welcome, ${newbie.name}`);
    await page.reload();
    await seeHeading(page, `Welcome back, ${newbie.name}`);
    await visible(page.getByRole('article', { name: 'My first video' }));
  });
});

describe('the king, once a client has added a video', () => {
  it('has a living dashboard, and no setup card any more', async () => {
    await withApiAs(browser, client, async (api) =>
      answer(
        'POST /api/videos',
        await api.post('/api/videos', {
          data: {
            name: 'Spring consultation',
            type: 'consultation',
            status: 'draft',
            link: 'https://youtu.be/abcdefghijk',
          },
        }),
        201,
      ),
    );
    await openAs(kingCredentials(browser));
    await page.goto(url('/dashboard'));
    await page.getByTestId('tile-all-videos').click();
    await visible(page.getByRole('article', { name: 'Spring consultation' }));
    await expect
      .poll(() => page.getByTestId('tile-all-videos').getByTestId('tile-count').textContent())
      // This one and the new client's first video (the journey above).
      .toBe('2');
    expect(await page.getByRole('region', { name: 'Set up your agency' }).count()).toBe(0);
    await shot('king-living-desktop');
    await expectNoSeriousA11yViolations(page);
  });
});
