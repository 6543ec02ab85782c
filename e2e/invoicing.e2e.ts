/**
 * The invoicing dashboard as the king: set a type's default price and a client's custom price,
 * complete videos through the API, see what they owe, mark them paid and see the month's card and
 * the six-month trend move, export the CSV and read it, open the printable invoice (and its print
 * layout). axe checks the page and the dialog; screenshots at 1280 and 390 px land in
 * e2e/artifacts.
 *
 * Each test sets up the books it needs through the API: a video type of its own (so other tests
 * and journeys sharing the server cannot change the amounts checked here), two clients, and the
 * prices, completed videos and payments the step starts from. Revenue is checked as a change,
 * for the same reason.
 */
import { mkdir, readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { booksApi, centsOf, type BooksApi } from './support/invoicing';
import { seeHeading, seeText, seeToast, visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
let browser: E2EBrowser;
let page: Page;
let api: BooksApi;

const run = Date.now().toString(36);
let made = 0;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
  api = await booksApi(browser);
});
beforeEach(async () => {
  await signIn(browser, page, kingCredentials(browser));
});
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

/**
 * The books a step starts from: a new type (priced 0.00 until `priced`), clients A and B, and
 * A's video A1 in progress. `priced`: the type costs 12.50, and 20.00 for A. `completed`: A1
 * posted, A2 ready to post, B1 posted. `paid`: A1 and A2 paid.
 */
async function books({ priced = false, completed = false, paid = false } = {}) {
  made += 1;
  const typeName = `e2e-inv-${run}-${made}`;
  const [clientA, clientB] = await createUsersAsKing(browser, ['client', 'client']);
  const names = {
    a1: `Invoice A1 ${run} ${made}`,
    a2: `Invoice A2 ${run} ${made}`,
    b1: `Invoice B1 ${run} ${made}`,
  };
  // Creating a video of a new type adds the type (priced 0.00).
  const a1 = (await api.createVideo(clientA.id, { name: names.a1, type: typeName })).id;
  const { displayName: typeDisplay } = await api.videoType(typeName);
  if (priced) {
    await api.setDefaultPrice(typeName, '12.50');
    await api.setCustomPrice(clientA.id, typeName, '20.00');
  }
  const ids = { a1, a2: '', b1: '' };
  if (completed) {
    await api.setStatus(a1, 'posted');
    ids.a2 = (
      await api.createVideo(clientA.id, { name: names.a2, type: typeName, status: 'ready_to_post' })
    ).id;
    ids.b1 = (
      await api.createVideo(clientB.id, { name: names.b1, type: typeName, status: 'posted' })
    ).id;
  }
  if (paid) await api.markPaid([ids.a1, ids.a2]);
  return { typeName, typeDisplay, clientA, clientB, names, ids };
}

/** Opens the invoicing dashboard, with the completed videos narrowed to one type if given. */
async function openBooks(typeDisplay?: string) {
  await page.goto('/invoicing');
  await seeHeading(page, 'Invoicing Dashboard');
  await visible(totalRevenue());
  if (!typeDisplay) return;
  await visible(region('Video Type Pricing').getByText(typeDisplay));
  await choose(region('Filters and bulk actions'), 'Type', typeDisplay);
}

const shot = (name: string) =>
  page.screenshot({ path: `${ARTIFACTS}/invoicing-${name}.png`, fullPage: true });
const region = (name: string) => page.getByRole('region', { name });
const totalRevenue = () => page.getByTestId('stat-Total Revenue');
const videoRow = (name: string) =>
  region('Completed videos').getByRole('row').filter({ hasText: name });

async function choose(scope: Page | Locator, label: string, option: string) {
  const input = scope.getByLabel(label, { exact: true }).and(scope.locator('input'));
  const choice = page.getByRole('option', { name: option, exact: true });
  // A click while the options are still loading may open an empty list; open it again then.
  for (let attempt = 1; ; attempt += 1) {
    await input.click();
    try {
      await choice.click({ timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** The heights of the trend chart's bars, left to right. */
const barHeights = () =>
  page
    .getByTestId('revenue-trend-chart')
    .locator('.recharts-bar-rectangle')
    .evaluateAll((bars) => bars.map((b) => Math.round(b.getBoundingClientRect().height)));

/** Opens the editor of a type's default or custom price in `scope`: its input. */
async function editPrice(scope: Locator, kind: 'Default' | 'Custom', typeDisplay: string) {
  const what = `${kind} price of`;
  await scope
    .getByRole('button', { name: `Edit ${what.toLowerCase()} ${typeDisplay.toLowerCase()}` })
    .click();
  return scope.getByRole('spinbutton', { name: `${what} ${typeDisplay}` });
}

/** Types an amount into a price input and presses Enter. */
async function enter(input: Locator, amount: string) {
  await input.fill(amount);
  await input.press('Enter');
}

describe('the king runs the books', () => {
  it('opens the dashboard with revenue cards, the trend chart and the tables, accessibly', async () => {
    await openBooks();
    await visible(page.getByTestId('revenue-trend-chart').locator('svg'));
    await visible(page.getByRole('table', { name: 'Revenue by month' }));
    await visible(page.getByRole('link', { name: 'Back' }));
    await expectNoSeriousA11yViolations(page);
  });

  it('sets a default price for a type and a custom price for one client', async () => {
    const { typeDisplay, clientA } = await books();
    await openBooks();
    await visible(region('Video Type Pricing').getByText(typeDisplay));
    const types = region('Video Type Pricing');
    const input = await editPrice(types, 'Default', typeDisplay);
    await enter(input, '-1');
    await seeToast(page, 'Invalid Price', 'Default price must be a valid non-negative number');
    await enter(input, '12.5');
    await seeToast(page, 'Price Updated');
    await visible(types.getByRole('row').filter({ hasText: typeDisplay }).getByText('$12.50'));

    const clients = region('Client-Specific Pricing');
    await choose(clients, 'Client', `${clientA.name} (@${clientA.username})`);
    const row = clients.getByRole('row').filter({ hasText: typeDisplay });
    await enter(await editPrice(row, 'Custom', typeDisplay), '20');
    await seeToast(page, 'Custom Price Set');
    await visible(row.getByText('Custom price', { exact: true }));
    await visible(row.getByRole('button', { name: `Remove custom price of ${typeDisplay}` }));
  });

  it('shows what completed videos owe: the custom price for that client, the default for others', async () => {
    const {
      typeName,
      typeDisplay,
      clientA,
      clientB,
      names: videoNames,
      ids,
    } = await books({
      priced: true,
    });
    await api.setStatus(ids.a1, 'posted');
    await api.createVideo(clientA.id, {
      name: videoNames.a2,
      type: typeName,
      status: 'ready_to_post',
    });
    await api.createVideo(clientB.id, { name: videoNames.b1, type: typeName, status: 'posted' });
    await openBooks(typeDisplay);
    await expect.poll(() => region('Completed videos').getByRole('row').count()).toBe(4);
    await visible(videoRow(videoNames.a1).getByText('$20.00'));
    await visible(videoRow(videoNames.a2).getByText('$20.00'));
    await visible(videoRow(videoNames.b1).getByText('$12.50'));
    // Client names sort ascending by default.
    const order = await region('Completed videos').getByRole('row').allInnerTexts();
    expect(order.findIndex((t) => t.includes(clientA.name))).toBeLessThan(
      order.findIndex((t) => t.includes(clientB.name)),
    );
  });

  it('asks for a selection, then marks two videos paid; the month card and trend chart move', async () => {
    const { typeDisplay, names: videoNames } = await books({ priced: true, completed: true });
    await openBooks(typeDisplay);
    await visible(videoRow(videoNames.b1));
    const bulk = region('Filters and bulk actions');
    await bulk.getByRole('button', { name: 'Mark Paid' }).click();
    await seeToast(page, 'No Selection', 'Please select videos to mark as paid');

    const before = centsOf((await totalRevenue().innerText()).trim());
    const barsBefore = await barHeights();
    await page.getByRole('checkbox', { name: `Select ${videoNames.a1}` }).check();
    await page.getByRole('checkbox', { name: `Select ${videoNames.a2}` }).check();
    await bulk.getByRole('button', { name: 'Mark Paid (2)' }).click();
    await seeToast(page, 'Payment Updated', 'Marked 2 videos as paid ($40.00 locked).');

    await expect
      .poll(async () => centsOf((await totalRevenue().innerText()).trim()) - before)
      .toBe(4000n);
    await expect.poll(barHeights).not.toEqual(barsBefore);
    await visible(videoRow(videoNames.a1).getByText('$20.00'));
    await visible(videoRow(videoNames.a1).getByText(/^Historical price, locked /));
    await visible(videoRow(videoNames.a1).getByText('Paid', { exact: true }));
    // A locked row has no amount editor; an unpaid one has.
    expect(
      await videoRow(videoNames.a1)
        .getByRole('button', { name: /^Edit amount/ })
        .count(),
    ).toBe(0);
    await visible(videoRow(videoNames.b1).getByRole('button', { name: /^Edit amount/ }));
    await expectNoSeriousA11yViolations(page);
    await shot('desktop');
  });

  it('exports the filtered rows as CSV', async () => {
    const {
      typeName,
      typeDisplay,
      clientA,
      names: videoNames,
    } = await books({
      priced: true,
      completed: true,
      paid: true,
    });
    await openBooks(typeDisplay);
    await visible(videoRow(videoNames.b1));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      region('Filters and bulk actions').getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoicing-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    // A UTF-8 byte order mark first, so Excel reads it as UTF-8.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Video,Type,Status,Client,Editor,Start date,Finish date,Amount (USD),Payment status,Paid date,Locked price (USD),Link,Published on,Published URL,Rounds,Extra rounds,Extra rounds (USD),Extra rounds unpaid (USD)',
    );
    expect(lines).toHaveLength(4);
    const line = (name: string) => lines.find((l) => l.startsWith(`${name},`)) ?? '';
    expect(line(videoNames.a1)).toContain(`,${typeName},posted,${clientA.name},Unassigned,`);
    expect(line(videoNames.a1)).toMatch(
      /,20\.00,paid,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},20\.00,https:/,
    );
    expect(line(videoNames.a2)).toMatch(/,ready_to_post,.*,20\.00,paid,/);
    expect(line(videoNames.b1)).toMatch(/,12\.50,unpaid,,,https:/);
    // Made in their final status, none of them went through a review round: no extra rounds.
    for (const name of [videoNames.a1, videoNames.a2, videoNames.b1]) {
      expect(line(name)).toMatch(/,0,0,0\.00,0\.00$/);
    }
  });

  it("opens the client's printable invoice for the month, with a print layout", async () => {
    const { clientA } = await books({ priced: true, completed: true, paid: true });
    await openBooks();
    const card = region('Printable invoice');
    await choose(card, 'Invoice client', clientA.name);
    await card.getByRole('button', { name: 'Open invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Printable invoice' });
    await visible(dialog.getByRole('heading', { name: 'Invoice', exact: true }));
    await visible(dialog.getByText(`@${clientA.username}`));
    const items = dialog.getByRole('table', { name: 'Invoice line items' }).getByRole('row');
    await expect.poll(() => items.count()).toBe(3);
    await visible(dialog.getByText('Balance due'));
    await seeText(page, 'Paid in full');
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').evaluate((el) => getComputedStyle(el).display)).toBe('none');
    await page.screenshot({ path: `${ARTIFACTS}/invoicing-invoice-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('mark unpaid asks first, then restores the amounts owed', async () => {
    const { typeDisplay, names: videoNames } = await books({
      priced: true,
      completed: true,
      paid: true,
    });
    await openBooks(typeDisplay);
    await page.getByRole('checkbox', { name: `Select ${videoNames.a2}` }).check();
    await region('Filters and bulk actions')
      .getByRole('button', { name: 'Mark Unpaid (1)' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Mark as unpaid?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Mark Unpaid' }).click();
    await seeToast(page, 'Payment Status Updated');
    await visible(videoRow(videoNames.a2).getByText('Unpaid', { exact: true }));
    await visible(videoRow(videoNames.a2).getByText('$20.00'));
  });

  it('manages a pricing plan: a rule by duration, assigned to a client, then deleted', async () => {
    const {
      typeDisplay,
      clientB,
      names: videoNames,
    } = await books({
      priced: true,
      completed: true,
    });
    await openBooks(typeDisplay);
    await visible(videoRow(videoNames.b1).getByText('$12.50'));
    const plans = region('Pricing Plans');
    await plans.getByRole('button', { name: /^Pricing Plans/ }).click();
    const planName = `E2E plan ${run} ${made}`;
    await plans.getByLabel('Plan name').fill(planName);
    await plans.getByRole('button', { name: 'Create plan' }).click();
    await seeToast(page, 'Pricing Plan Created');
    const addRule = plans.getByRole('form', { name: `Add a rule to ${planName}` });
    await choose(addRule, 'Video type', typeDisplay);
    await addRule.getByLabel('Max seconds').fill('60');
    await addRule.getByLabel('Price').fill('5');
    await addRule.getByRole('button', { name: 'Add rule' }).click();
    await seeToast(page, 'Pricing Rule Added');
    const rules = plans.getByRole('table', { name: `Rules of ${planName}` });
    await visible(rules.getByRole('row').filter({ hasText: '0s – 60s' }).getByText('$5.00'));
    await plans.scrollIntoViewIfNeeded();
    await shot('plans');

    // Client B has no custom price: the plan's rule now prices the type for them.
    const clients = region('Client-Specific Pricing');
    await choose(clients, 'Client', `${clientB.name} (@${clientB.username})`);
    await choose(clients, 'Pricing plan', planName);
    await seeToast(page, 'Pricing Plan Updated');
    const row = clients.getByRole('row').filter({ hasText: typeDisplay });
    await visible(row.getByText("Client's plan", { exact: true }));
    await visible(row.getByText('$5.00'));
    await visible(videoRow(videoNames.b1).getByText('$5.00'));

    await plans.getByRole('button', { name: `Delete plan ${planName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete pricing plan' });
    await confirm.getByRole('button', { name: 'Delete plan' }).click();
    await seeToast(page, 'Pricing Plan Deleted');
    await visible(videoRow(videoNames.b1).getByText('$12.50'));
  });

  it('fits a 390 px phone: tables scroll inside their cards, not the page', async () => {
    await page.setViewportSize(PHONE);
    await openBooks();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await shot('phone');
    await page.screenshot({ path: `${ARTIFACTS}/invoicing-phone-top.png` });
    await region('Completed videos').screenshot({ path: `${ARTIFACTS}/invoicing-phone-table.png` });
    await page.setViewportSize(DESKTOP);
  });

  it('loads the table 100 rows at a time; select all takes the loaded rows and survives Load more', async () => {
    const [clientB] = await createUsersAsKing(browser, ['client']);
    const pagedType = `e2e-page-${run}`;
    const names = Array.from(
      { length: 105 },
      (_, i) => `Paged ${String(i + 1).padStart(3, '0')} ${run}`,
    );
    for (let i = 0; i < names.length; i += 15) {
      await Promise.all(
        names
          .slice(i, i + 15)
          .map((name) => api.createVideo(clientB.id, { name, type: pagedType, status: 'posted' })),
      );
    }
    const firstPages: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/invoicing?')) firstPages.push(new URL(r.url()).search);
    });
    await openBooks((await api.videoType(pagedType)).displayName);
    const table = region('Completed videos');
    // The header row plus the first 100.
    await expect.poll(() => table.getByRole('row').count()).toBe(101);
    await seeText(page, 'Showing 100 of 105 videos');
    expect(firstPages.every((q) => q.includes('limit=100'))).toBe(true);

    await page.getByRole('checkbox', { name: 'Select all loaded videos' }).check();
    const bulk = region('Filters and bulk actions');
    await visible(bulk.getByRole('button', { name: 'Mark Paid (100)' }));

    // By keyboard: the button goes away with the last page, and focus lands on the line.
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => table.getByRole('row').count()).toBe(106);
    await seeText(page, 'Showing all 105 videos');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Showing all 105 videos');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(firstPages.some((q) => q.includes('offset=100'))).toBe(true);
    // The first 100 stay chosen; the 5 just loaded are not.
    await visible(bulk.getByRole('button', { name: 'Mark Paid (100)' }));
    const rowBoxes = (checked: boolean) =>
      table.getByRole('checkbox', { name: /^Select Paged /, checked }).count();
    expect(await rowBoxes(true)).toBe(100);
    expect(await rowBoxes(false)).toBe(5);
  });
});
