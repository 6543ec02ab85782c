/**
 * The admin dashboard as the king: create a user with an avatar, change a user's role, reset
 * their password (they sign in with it), make them VIP and not, delete them; each step on a user
 * of its own, made through the API. Then a lead editor admin sees the king's row without Edit or
 * Delete. axe checks both tabs and the four dialogs, and
 * screenshots at 1280 and 390 px land in e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { canLogIn } from './support/api';
import { expandSection, grantAdminAsKing, openAdmin, settled, userRow } from './support/admin';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { makePng } from './support/png';
import { dismissToast, seeText, seeToast, visible } from './support/screen';
import {
  createUsersAsKing,
  kingCredentials,
  signIn,
  signOut,
  uniqueUsername,
  type TestUser,
} from './support/users';

const ARTIFACTS = 'e2e/artifacts';
let browser: E2EBrowser;
let page: Page;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
});
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await browser?.close();
});

/** A screenshot once nothing moves; a dialog is shot as the viewport shows it. */
async function shot(name: string, { fullPage = true } = {}) {
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/admin-${name}.png`, fullPage });
}

const dialog = (name: string) => page.getByRole('dialog', { name });

async function search(text: string) {
  const box = page.getByRole('searchbox', { name: 'Search users by name or username' });
  await box.fill(text);
}

describe('the king manages a user from start to finish', () => {
  const resetPassword = 'reset-pass-2';

  beforeEach(async () => {
    await signIn(browser, page, kingCredentials(browser));
  });

  /** A user made through the API, found on User Management in their role's section. */
  async function onTheirRow(role: 'client' | 'editor') {
    const [user] = await createUsersAsKing(browser, [role]);
    await openAdmin(page);
    await search(user.username);
    await expandSection(page, role === 'client' ? 'Clients' : 'Editors');
    await visible(userRow(page, user.username));
    return user;
  }

  it('shows the header, the stat cards and User Management, accessibly', async () => {
    await openAdmin(page);
    await seeText(page, 'Manage users and system settings');
    await seeText(page, 'Total Users');
    await seeText(page, 'Total Videos');
    await seeText(page, 'Online');
    await seeText(page, 'All systems operational');
    await visible(page.getByRole('button', { name: 'Create New User' }));
    // Sections start collapsed; the king's own is opened to be seen and scanned.
    expect(await page.getByRole('list', { name: 'King', exact: true }).count()).toBe(0);
    await expandSection(page, 'King');
    await visible(userRow(page, 'king'));
    await expectNoSeriousA11yViolations(page);
    await shot('users-desktop');
  });

  it('creates an editor with an avatar', async () => {
    const username = uniqueUsername('staffer');
    const displayName = `Sam Staffer ${username.slice(-4)}`;
    const firstPassword = 'first-pass-1';
    await openAdmin(page);
    await page.getByRole('button', { name: 'Create New User' }).click();
    const create = dialog('Create New User');
    await visible(create);
    await expectNoSeriousA11yViolations(page);
    // Nothing is sent while the form is wrong.
    await create.getByRole('button', { name: 'Create User' }).click();
    await seeText(page, 'Username must be at least 3 characters');
    await seeText(page, 'Display name is required');

    await create.getByLabel('Avatar', { exact: true }).setInputFiles({
      name: 'face.png',
      mimeType: 'image/png',
      buffer: makePng(16, [200, 80, 40, 255]),
    });
    await visible(create.getByRole('img', { name: 'Avatar preview' }));
    await create.getByLabel('Username').fill(username);
    await create.getByLabel('Display name').fill(displayName);
    await create.getByLabel('Password', { exact: true }).fill(firstPassword);
    await create.getByLabel('Confirm password').fill(firstPassword);
    // The role starts as Client each time.
    await expect(
      create.getByRole('combobox', { name: 'Role', exact: true }).inputValue(),
    ).resolves.toBe('Client');
    await create.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'Editor', exact: true }).click();
    await shot('create-dialog-desktop', { fullPage: false });
    await create.getByRole('button', { name: 'Create User' }).click();
    await seeToast(page, 'User created', username);
    await create.waitFor({ state: 'hidden' });
    await dismissToast(page);

    await search(username);
    await seeText(page, '1 user(s) found');
    await expandSection(page, 'Editors');
    const row = userRow(page, username);
    await visible(row);
    await visible(row.getByText(displayName));
    await visible(row.getByText('Editor', { exact: true }));
    // The row shows the avatar through its URL (issue 15), drawn at the uploaded 16 px.
    const img = row.locator('img').first();
    expect(await img.getAttribute('src')).toMatch(/^\/api\/users\/[\w-]+\/avatar\?v=\w+$/);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(16);
    // A row with every button and badge passes too.
    await expectNoSeriousA11yViolations(page);
  });

  it('changes their role to client in Edit User', async () => {
    const { username } = await onTheirRow('editor');
    await userRow(page, username).getByRole('button', { name: 'Edit' }).click();
    const edit = dialog('Edit User');
    await visible(edit);
    await visible(edit.getByRole('switch', { name: 'Admin Privileges' }));
    await expectNoSeriousA11yViolations(page);
    await edit.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'Client', exact: true }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, 'User updated', 'User has been successfully updated.');
    await edit.waitFor({ state: 'hidden' });
    await dismissToast(page);
    await expandSection(page, 'Clients');
    await visible(
      page
        .getByRole('list', { name: 'Clients', exact: true })
        .getByRole('listitem', { name: username })
        .getByText('Client', { exact: true }),
    );
  });

  it('resets their password, and they sign in with the new one', async () => {
    const { username, password: firstPassword } = await onTheirRow('client');
    await userRow(page, username).getByRole('button', { name: 'Reset Password' }).click();
    const reset = dialog('Reset Password');
    await visible(reset);
    await expectNoSeriousA11yViolations(page);
    await reset.getByLabel('New password').fill(resetPassword);
    await reset.getByLabel('Confirm password').fill('something-else');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await seeText(page, "Passwords don't match");
    await reset.getByLabel('Confirm password').fill(resetPassword);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await seeToast(page, 'Password reset', username);
    await reset.waitFor({ state: 'hidden' });
    await dismissToast(page);
    expect(await canLogIn(browser, username, resetPassword)).toBe(200);
    expect(await canLogIn(browser, username, firstPassword)).toBe(401);
  });

  it('makes them VIP and removes VIP on the VIP Management tab', async () => {
    const { username, name: displayName } = await onTheirRow('client');
    await page.getByRole('tab', { name: 'VIP Management' }).click();
    await visible(page.getByRole('heading', { name: 'VIP Client Management' }));
    await seeText(page, 'VIP Clients');
    await seeText(page, 'Total Clients');
    await expectNoSeriousA11yViolations(page);
    await shot('vip-desktop');

    const regular = page.getByRole('list', { name: 'Regular clients', exact: true });
    await userRow(regular, username).getByRole('button', { name: 'Make VIP' }).click();
    await seeToast(page, 'VIP status updated', `${displayName} is now VIP`);
    await dismissToast(page);
    const vip = page.getByRole('list', { name: 'VIP clients', exact: true });
    await userRow(vip, username).getByRole('button', { name: 'Remove VIP' }).click();
    await seeToast(page, 'VIP status updated', `${displayName} is no longer VIP`);
    await dismissToast(page);
    await visible(userRow(regular, username));
  });

  it('deletes them after a confirmation', async () => {
    const { username, password } = await onTheirRow('client');
    await userRow(page, username).getByRole('button', { name: 'Delete' }).click();
    const del = dialog('Delete User');
    await visible(del);
    await visible(del.getByText(/cannot be undone/));
    await visible(del.getByText(/including their videos/));
    await expectNoSeriousA11yViolations(page);
    await shot('delete-dialog-desktop', { fullPage: false });
    await del.getByRole('button', { name: 'Delete User' }).click();
    await seeToast(page, 'User deleted', `${username} has been successfully deleted`);
    await del.waitFor({ state: 'hidden' });
    await seeText(page, 'No users match your search');
    await seeText(page, 'No users found');
    expect(await canLogIn(browser, username, password)).toBe(401);
  });

  it('the compact view shows the same people with icon buttons', async () => {
    await openAdmin(page);
    await page.getByText('Compact', { exact: true }).click();
    await expandSection(page, 'King');
    const king = userRow(page, 'king');
    await visible(king.getByText(/Admin: (Yes|No)/));
    await visible(king.getByRole('button', { name: 'Edit' }));
    await expectNoSeriousA11yViolations(page);
    await shot('compact-desktop');
    await page.getByText('Detailed', { exact: true }).click();
  });

  it('looks right at 390 px', async () => {
    await page.setViewportSize(PHONE);
    await openAdmin(page);
    await expandSection(page, 'King');
    await shot('users-phone');
    await page.getByRole('button', { name: 'Create New User' }).click();
    await visible(dialog('Create New User'));
    await shot('create-dialog-phone', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog('Create New User').waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'VIP Management' }).click();
    await visible(page.getByRole('heading', { name: 'VIP Client Management' }));
    await shot('vip-phone');
    await page.setViewportSize(DESKTOP);
  });
});

describe('a lead editor admin', () => {
  let lead: TestUser;
  let client: TestUser;

  beforeEach(async () => {
    [lead, client] = await createUsersAsKing(browser, ['lead_editor', 'client']);
    await grantAdminAsKing(browser, lead);
    await signOut(browser, page);
    await signIn(browser, page, lead);
  });

  it("sees the king's row without Edit, Reset Password or Delete, and a client's with them", async () => {
    await openAdmin(page);
    await expandSection(page, 'King');
    const king = userRow(page, 'king');
    await visible(king);
    expect(await king.getByRole('button').count()).toBe(0);
    // Their own row: an Admin badge, and no buttons (a lead editor manages editors and clients).
    await search(lead.username);
    await expandSection(page, 'Lead Editors');
    const own = userRow(page, lead.username);
    await visible(own.getByText('Admin', { exact: true }));
    expect(await own.getByRole('button').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await shot('lead-admin-desktop');
    await search(client.username);
    await expandSection(page, 'Clients');
    const row = userRow(page, client.username);
    await visible(row.getByRole('button', { name: 'Edit' }));
    await visible(row.getByRole('button', { name: 'Delete' }));
    // A lead editor's edit has no Role selector and no Admin Privileges switch.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog('Edit User');
    await visible(edit);
    expect(await edit.getByRole('switch').count()).toBe(0);
    expect(await edit.getByRole('combobox', { name: 'Role', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
  });

  it('at 390 px, rows wrap their buttons and the Edit dialog fits', async () => {
    await page.setViewportSize(PHONE);
    await openAdmin(page);
    await search(client.username);
    await expandSection(page, 'Clients');
    await shot('rows-phone');
    await page.getByText('Compact', { exact: true }).click();
    await visible(userRow(page, client.username).getByRole('button', { name: 'Reset Password' }));
    await shot('compact-phone');
    await userRow(page, client.username).getByRole('button', { name: 'Edit' }).click();
    await visible(dialog('Edit User'));
    await shot('edit-dialog-phone', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);
  });
});
