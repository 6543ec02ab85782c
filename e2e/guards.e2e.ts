/**
 * Who may open which route (docs/product.md#screens): the sign-in guard, the King-only guard, the
 * admin page, the redirects, and the landing page's two ways in.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type E2EBrowser, launchBrowser } from './support/browser';
import { atPath, seeHeading, seeText, visible } from './support/screen';
import { createVideoAs } from './support/videos';
import { kingCredentials, registerClient, signIn, signOut, submitLogin } from './support/users';

let browser: E2EBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterEach(() => browser.expectNoConsoleErrors());
afterAll(async () => {
  await browser?.close();
});

const pathname = () => new URL(page.url()).pathname;

/** Opens `route`: the page shows `heading` and the address stays `route`. */
async function opensAt(route: string, heading: string) {
  await page.goto(route);
  await seeHeading(page, heading);
  expect(pathname()).toBe(route);
}

describe('signed out', () => {
  beforeAll(async () => {
    await signOut(browser, page);
  });

  it.each(['/dashboard', '/assignments', '/admin', '/dashboard/team'])(
    '%s asks the visitor to sign in',
    async (route) => {
      await page.goto(route);
      await seeHeading(page, 'Authentication Required');
      await seeText(page, 'You need to be logged in to access this page.');
      const signInLink = page.getByRole('link', { name: 'Sign In', exact: true });
      const createAccount = page.getByRole('link', { name: 'Create Account', exact: true });
      expect(await signInLink.getAttribute('href')).toBe(
        `/login?next=${encodeURIComponent(route)}`,
      );
      expect(await createAccount.getAttribute('href')).toBe('/register');
      expect(pathname()).toBe(route);
    },
  );

  it('/profile sends the visitor to /login, saying why', async () => {
    await page.goto('/profile');
    await atPath(page, '/login');
    await seeText(page, 'Please log in to view your profile');
  });

  it("an email's link opened signed out opens its video after sign-in (issue 37, 18)", async () => {
    const client = await registerClient(browser);
    const video = await createVideoAs(browser, client, { name: 'Deep link promo' });
    await signOut(browser, page);
    const target = `/dashboard?video=${video.id}`;
    await page.goto(target);
    await seeHeading(page, 'Authentication Required');
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/login');
    await submitLogin(page, client);
    await atPath(page, '/dashboard');
    expect(new URL(page.url()).search).toBe(`?video=${video.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Video Details' });
    await expect
      .poll(() => dialog.getByLabel('Name', { exact: true }).inputValue())
      .toBe('Deep link promo');
    await signOut(browser, page);
  });

  it('a next address off the site is ignored: sign-in goes to the dashboard', async () => {
    const client = await registerClient(browser);
    await page.goto('/login?next=%2F%2Fevil.example%2Fphish');
    await submitLogin(page, client);
    await atPath(page, '/dashboard');
    expect(new URL(page.url()).origin).toBe(new URL(browser.baseUrl).origin);
    await signOut(browser, page);
  });

  it('an unknown path shows Page Not Found', async () => {
    await page.goto('/no/such/page');
    await seeHeading(page, 'Page Not Found');
  });

  it.each([
    ['/login', 'Create an account', '/register'],
    ['/register', 'Sign in', '/login'],
  ])('%s links back home and to %s', async (route, otherName, otherRoute) => {
    await page.goto(route);
    const home = page.getByRole('link', { name: 'Back to home', exact: true });
    const other = page.getByRole('link', { name: otherName, exact: true });
    expect(await home.getAttribute('href')).toBe('/');
    expect(await other.getAttribute('href')).toBe(otherRoute);
  });

  it('the landing page offers Get Started (to /register) and Sign In (to /login)', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    await atPath(page, '/register');
    await page.goBack();
    await atPath(page, '/');
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/login');
  });
});

describe('signed in as a client', () => {
  beforeAll(async () => {
    await signIn(browser, page, await registerClient(browser));
  });

  it('opening / goes straight to /dashboard', async () => {
    await page.goto('/');
    await atPath(page, '/dashboard');
    await visible(page.getByRole('heading', { name: /^Welcome( back)?, / }));
  });

  it('/king redirects to /dashboard', async () => {
    await page.goto('/king');
    await atPath(page, '/dashboard');
  });

  it('/invoicing says King access is required, then returns to /dashboard', async () => {
    await page.goto('/invoicing');
    await seeHeading(page, 'King Access Required');
    await seeText(page, 'This page requires King privileges. Redirecting...');
    await atPath(page, '/dashboard');
  });

  it('/admin shows Access Denied', () => opensAt('/admin', 'Access Denied'));

  it('/profile opens the profile settings', () => opensAt('/profile', 'Profile Settings'));
});

describe('signed in as the king', () => {
  beforeAll(async () => {
    await signOut(browser, page);
    await signIn(browser, page, kingCredentials(browser));
  });

  it('/invoicing opens the invoicing dashboard', () =>
    opensAt('/invoicing', 'Invoicing Dashboard'));

  it('/king redirects to /dashboard', async () => {
    await page.goto('/king');
    await atPath(page, '/dashboard');
    await seeHeading(page, 'Lead Dashboard');
  });
});
