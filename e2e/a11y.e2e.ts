/**
 * Every screen a person can reach so far passes axe-core with nothing serious or critical, and
 * leaves the browser console clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KING_REDIRECT_DELAY_MS } from '../web/app/guards/king-redirect';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from './support/a11y';
import { type CheckConsoleOptions, type E2EBrowser, launchBrowser } from './support/browser';
import { seeHeading, seeText, seeToast, visible } from './support/screen';
import {
  createUsersAsKing,
  kingCredentials,
  registerClient,
  signIn,
  signOut,
  submitLogin,
  type TestUser,
} from './support/users';

let browser: E2EBrowser;
let page: Page;
let consoleOptions: CheckConsoleOptions = {};

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterEach(() => {
  browser.expectNoConsoleErrors(consoleOptions);
  consoleOptions = {};
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a route, waits for what proves the screen is ready, then scans it. */
async function scan(route: string, ready: (page: Page) => Promise<void>) {
  await page.goto(route);
  await ready(page);
  await expectNoSeriousA11yViolations(page);
}

describe('signed out', () => {
  beforeAll(async () => {
    await signOut(browser, page);
  });

  it('the landing page', () =>
    scan('/', (p) => visible(p.getByRole('link', { name: 'Get Started', exact: true }))));
  it('the login screen', () =>
    scan('/login', (p) => visible(p.getByRole('button', { name: 'Sign In', exact: true }))));
  it('the registration screen', () =>
    scan('/register', (p) =>
      visible(p.getByRole('button', { name: 'Create Account', exact: true })),
    ));
  it('the Authentication Required screen', () =>
    scan('/dashboard', (p) => seeHeading(p, 'Authentication Required')));
  it('the Page Not Found screen', () =>
    scan('/no/such/page', (p) => seeHeading(p, 'Page Not Found')));

  // The gate itself: a screen with a nameless button and faint text fails it, on the first scan
  // of a document and on a later one in the same document (axe is evaluated there once).
  it('reports what axe finds serious on a screen', async () => {
    await page.goto('/login');
    await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Faint words';
      faint.style.cssText = 'color: #eee; background: #fff';
      const nameless = document.createElement('button');
      nameless.id = 'nameless';
      document.body.append(faint, nameless);
    });
    const report = (await seriousA11yViolations(page)).join('\n');
    expect(report).toContain('- button-name (critical)');
    expect(report).toContain('#nameless');
    expect(report).toContain('- color-contrast (serious)');
    await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/button-name/);
  });

  it('the login screen while a toast is showing', async () => {
    consoleOptions = { unauthorizedFrom: ['/api/auth/login'] };
    await page.goto('/login');
    await submitLogin(page, { username: 'nobody-here', password: 'wrong-password' });
    await seeToast(page, 'Login failed', 'Invalid username or password');
    await expectNoSeriousA11yViolations(page);
  });
});

describe('signed in as a client', () => {
  beforeAll(async () => {
    await signIn(browser, page, await registerClient(browser));
  });

  it('the client dashboard', () =>
    scan('/dashboard', (p) => visible(p.getByRole('heading', { name: /^Welcome( back)?, / }))));
  it('the profile settings', () => scan('/profile', (p) => seeHeading(p, 'Profile Settings')));
  it('the Access Denied screen of /admin', () =>
    scan('/admin', (p) => seeHeading(p, 'Access Denied')));

  it('the King Access Required screen', async () => {
    // The screen sends the visitor on to /dashboard after KING_REDIRECT_DELAY_MS (guards.e2e.ts
    // checks that). On a page of its own, the page's timers of that length wait a minute
    // instead, so axe scans the screen however busy the machine is. (Pausing the page's whole
    // clock would stop the redirect too, but axe needs the page's timers and hangs.)
    const held = await browser.context.newPage();
    await held.addInitScript((delay) => {
      const later = window.setTimeout.bind(window);
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
        later(handler, ms === delay ? 60_000 : ms, ...args)) as typeof window.setTimeout;
    }, KING_REDIRECT_DELAY_MS);
    try {
      await held.goto('/invoicing');
      await seeText(held, 'This page requires King privileges. Redirecting...');
      const report = await seriousA11yViolations(held);
      expect(new URL(held.url()).pathname).toBe('/invoicing');
      expect(report).toEqual([]);
    } finally {
      await held.close();
    }
  });
});

describe('signed in as staff', () => {
  const staff = new Map<string, TestUser>();
  beforeAll(async () => {
    const made = await createUsersAsKing(browser, ['editor', 'lead_editor']);
    for (const user of made) staff.set(user.role, user);
  });

  it.each([
    ['editor', 'Editor Dashboard'],
    ['lead_editor', 'Lead Dashboard'],
  ])('the dashboard of a %s', async (role, heading) => {
    await signOut(browser, page);
    await signIn(browser, page, staff.get(role)!);
    await scan('/dashboard', (p) => seeHeading(p, heading));
  });
});

describe('signed in as the king', () => {
  beforeAll(async () => {
    await signOut(browser, page);
    await signIn(browser, page, kingCredentials(browser));
  });

  it('the lead dashboard', () => scan('/dashboard', (p) => seeHeading(p, 'Lead Dashboard')));
  it('the invoicing dashboard', () =>
    scan('/invoicing', (p) => seeHeading(p, 'Invoicing Dashboard')));
});
