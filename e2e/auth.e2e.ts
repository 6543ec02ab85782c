/**
 * A new client's account, start to finish: register, log in, edit the profile and avatar,
 * change the password, log out, and only the new password works. Then the king signs in.
 * Each step starts from an account of its own, made through the API in the state the step
 * needs, so any one of them runs alone.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, canLogIn, withApiAs } from './support/api';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { makePng } from './support/png';
import { atPath, seeHeading, seeText, seeToast, visible } from './support/screen';
import {
  kingCredentials,
  registerClient,
  signIn,
  signOut,
  submitLogin,
  uniqueUsername,
  type TestUser,
} from './support/users';

let browser: E2EBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new client account', () => {
  const firstPassword = 'first-pass-1';
  const secondPassword = 'second-pass-2';
  const renamed = 'Renamed Newbie';
  /** Registered through the API before each step, signed out. */
  let account: TestUser;
  /** Set by a step whose expected outcome is a 401 (a wrong password). */
  let unauthorizedFrom: string[] = [];

  beforeEach(async () => {
    await signOut(browser, page);
    account = await registerClient(browser, { password: firstPassword, name: 'New Bie' });
  });
  afterEach(() => {
    browser.expectNoConsoleErrors({ unauthorizedFrom });
    unauthorizedFrom = [];
  });

  /** The account signed in, on its profile settings. */
  async function onProfile() {
    await signIn(browser, page, account);
    await page.goto('/profile');
    await seeHeading(page, 'Profile Settings');
  }

  it('registration explains what is wrong before sending anything', async () => {
    await page.goto('/register');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm password').fill('abcdeg');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await seeText(page, 'Username must be at least 3 characters');
    await seeText(page, "Passwords don't match");
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('registers through /register and lands on /login', async () => {
    const username = uniqueUsername('newbie');
    await page.goto('/register');
    // The optional avatar is offered but not needed.
    await visible(page.getByLabel('Avatar', { exact: true }));
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Display name').fill('New Bie');
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm password').fill(firstPassword);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await seeToast(page, 'Registration successful!');
    await atPath(page, '/login');
    expect(await canLogIn(browser, username, firstPassword)).toBe(200);
  });

  it('login explains empty fields before sending anything', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await seeText(page, 'Username is required');
    await seeText(page, 'Password is required');
  });

  it('a wrong password is refused with a toast', async () => {
    unauthorizedFrom = ['/api/auth/login'];
    await submitLogin(page, { username: account.username, password: 'not-my-password' });
    await seeToast(page, 'Login failed', 'Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logs in and sees the client dashboard', async () => {
    await submitLogin(page, account);
    await seeToast(page, 'Login successful!');
    await atPath(page, '/dashboard');
    await visible(page.getByRole('heading', { name: /^Welcome( back)?, / }));
  });

  it('changes the display name, which survives a reload', async () => {
    await onProfile();
    const displayName = page.getByLabel('Display name');
    await displayName.fill(renamed);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await seeToast(page, 'Profile updated!');
    await page.reload();
    await seeHeading(page, 'Profile Settings');
    await expect.poll(() => displayName.inputValue()).toBe(renamed);
  });

  it('saves a typed email address with the one Save Profile button (issue 37)', async () => {
    await onProfile();
    const address = `${account.username}@example.test`;
    await page.getByLabel('Email address').fill(address);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await seeToast(page, 'Profile updated!');
    await page.reload();
    await seeHeading(page, 'Profile Settings');
    await expect.poll(() => page.getByLabel('Email address').inputValue()).toBe(address);
    // One save for the page: details and email together, one confirmation.
    await expect(page.getByRole('button', { name: /^Save/ }).count()).resolves.toBe(1);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'e2e/artifacts/profile-desktop.png', fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: 'e2e/artifacts/profile-phone.png', fullPage: true });
    await page.setViewportSize(DESKTOP);
  });

  it('asks before leaving the profile with unsaved changes (issue 37)', async () => {
    await onProfile();
    const displayName = page.getByLabel('Display name');
    await displayName.fill('Not saved yet');
    await page.getByRole('link', { name: 'Back to home' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await visible(ask);
    await expectNoSeriousA11yViolations(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await displayName.inputValue()).toBe('Not saved yet');
    // A reload or closing the tab: the page asks the browser to confirm (beforeunload).
    const holdsUnload = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await holdsUnload()).toBe(true);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await visible(ask);
    await ask.getByRole('button', { name: 'Leave' }).click();
    await atPath(page, '/dashboard');
    expect(await holdsUnload()).toBe(false);
  });

  it('refuses a text file as the avatar', async () => {
    await onProfile();
    await page.getByLabel('Upload avatar').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await seeToast(page, 'Invalid file type');
  });

  it('uploads a PNG avatar, which survives a reload', async () => {
    await onProfile();
    await page.getByLabel('Upload avatar').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: makePng(32),
    });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await seeToast(page, 'Profile updated!');
    await page.reload();
    await seeHeading(page, 'Profile Settings');
    const avatar = page.getByRole('img', { name: 'Avatar preview' });
    await visible(avatar);
    // The saved avatar comes back as its URL (issue 15), and the browser draws it.
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/users\/[\w-]+\/avatar\?v=\w+$/);
    await page.waitForFunction(
      () =>
        (document.querySelector('img[alt="Avatar preview"]') as HTMLImageElement | null)
          ?.naturalWidth === 32,
    );
  });

  it('changes the password', async () => {
    await onProfile();
    await page.getByLabel('Current password').fill(firstPassword);
    await page.getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.getByLabel('Confirm new password').fill(secondPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await seeToast(page, 'Password changed!');
  });

  it('logs out to the landing page', async () => {
    await onProfile();
    await page.getByRole('button', { name: 'Log out' }).click();
    await atPath(page, '/');
  });

  it('the old password no longer works; the new one does', async () => {
    await withApiAs(browser, account, async (api) =>
      answer(
        'PATCH /api/auth/change-password',
        await api.patch('/api/auth/change-password', {
          data: { currentPassword: firstPassword, newPassword: secondPassword },
        }),
      ),
    );
    unauthorizedFrom = ['/api/auth/login'];
    await page.goto('/login');
    await submitLogin(page, account);
    await seeToast(page, 'Login failed', 'Invalid username or password');
    await submitLogin(page, { username: account.username, password: secondPassword });
    await atPath(page, '/dashboard');
    await visible(page.getByRole('heading', { name: /^Welcome( back)?, / }));
  });
});

describe('the king', () => {
  afterEach(() => browser.expectNoConsoleErrors());

  it('logs in and reaches the lead dashboard by way of /king', async () => {
    await signOut(browser, page);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/login');
    await submitLogin(page, kingCredentials(browser));
    await atPath(page, '/dashboard');
    await seeHeading(page, 'Lead Dashboard');
    expect(visited.slice(-2)).toEqual(['/king', '/dashboard']);
  });
});
