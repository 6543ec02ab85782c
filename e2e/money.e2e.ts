/**
 * Money that runs itself (issue 42), walked as the king and then as the client: the king sets the
 * agency's invoice details (a currency and a tax rate), issues an invoice for a client's completed
 * work from its preview, reads it, prints it (only the invoice prints), downloads its PDF and
 * marks it paid; then gives the client a retainer and sees it in the month's table. The client
 * sees its retainer's month on the dashboard and its invoice, and downloads the PDF. axe checks
 * each screen; screenshots at 1280 and 390 px land in e2e/artifacts.
 *
 * The invoice comes before the retainer: a retainer client's video completed this month draws
 * from the month's allowance and is billed only when the month closes, so a retainer from this
 * month would leave nothing to invoice until then.
 *
 * The agency's details are one record for the whole server: this file sets the currency to euros
 * and a 10 % tax and reads its own invoice and retainer only; other files check the amounts of
 * videos and revenue, which stay in dollars whatever the agency's currency.
 */
import { mkdir, readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, monthOf } from '@domain/invoicing';
import { dayAndMonth } from '@domain/money-labels';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { booksApi, type BooksApi } from './support/invoicing';
import { pickOption, seeHeading, seeToast, visible } from './support/screen';
import {
  createUsersAsKing,
  kingCredentials,
  signIn,
  switchUser,
  type TestUser,
} from './support/users';

const ARTIFACTS = 'e2e/artifacts';
let browser: E2EBrowser;
let page: Page;
let api: BooksApi;
let client: TestUser;

const run = Date.now().toString(36);
const typeName = `e2e-money-${run}`;
const videoName = `Money launch film ${run}`;
/** What the walk learns on the way: the invoice's number as shown ('INV-0007'). */
let invoiceNumber = '';

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
  api = await booksApi(browser);
  [client] = await createUsersAsKing(browser, ['client']);
  // One completed video of a type of this file's own, priced 20.00: the invoice's one line.
  await api.createVideo(client.id, { name: videoName, type: typeName, status: 'posted' });
  await api.setDefaultPrice(typeName, '20.00');
  await signIn(browser, page, kingCredentials(browser));
});
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

const shot = (name: string) =>
  page.screenshot({ path: `${ARTIFACTS}/money-${name}.png`, fullPage: true });
const region = (name: string, scope: Page | Locator = page) =>
  scope.getByRole('region', { name, exact: true });
const clientOption = () => `${client.name} (@${client.username})`;

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(scope: Page | Locator, label: string, option: string) {
  await pickOption(
    scope.getByRole('combobox', { name: label, exact: true }),
    page.getByRole('option', { name: option, exact: true }),
  );
}

/**
 * Changes the Mantine select labelled `label` (which holds a value already) to `option`: opens
 * it and clicks the option until the input shows it (a click while the list opens may miss).
 */
async function change(scope: Page | Locator, label: string, option: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect
    .poll(async () => {
      if ((await box.inputValue()) === option) return true;
      if (!(await choice.isVisible())) await box.click();
      await choice.click({ timeout: 2_000 }).catch(() => undefined);
      return (await box.inputValue()) === option;
    })
    .toBe(true);
}

/** A download started by `click`: its file name and its first bytes. */
async function download(click: () => Promise<void>): Promise<{ name: string; head: string }> {
  const [file] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1') };
}

async function openInvoicing() {
  await page.goto('/invoicing');
  await seeHeading(page, 'Invoicing Dashboard');
}

// /invoicing now also draws payouts and margins: under CI's parallel load a step took over a
// minute once (its first test, 20 s alone); the bound only limits a failure.
describe('the king runs the money, the client sees it', { timeout: 150_000 }, () => {
  it('sets the agency details: name, address, tax ID, terms, currency and tax rate', async () => {
    await openInvoicing();
    const card = region('Agency details');
    await card.getByRole('button', { name: /^Agency details/ }).click();
    const form = card.getByRole('form', { name: 'Agency details' });
    await form.getByLabel('Agency name').fill(`Northwind Video ${run}`);
    await form.getByLabel('Address').fill('1 Main Street\nSpringfield');
    await form.getByLabel('Tax ID', { exact: true }).fill('EU-777-001');
    await form.getByLabel('Payment instructions').fill('IBAN DE00 1234 5678');
    await form.getByLabel('Payment terms (days)').fill('14');
    await form.getByLabel('Tax rate (%)').fill('10');
    await change(form, 'Currency', 'EUR');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Save agency details' }).click();
    await seeToast(page, 'Agency details saved');
    await page.reload();
    await card.getByRole('button', { name: /^Agency details/ }).click();
    await expect
      .poll(() => form.getByLabel('Agency name').inputValue())
      .toBe(`Northwind Video ${run}`);
    expect(await form.getByLabel('Tax rate (%)').inputValue()).toBe('10.00');
  });

  it('issues an invoice from its preview, reads it in euros with the tax, and prints only it', async () => {
    await openInvoicing();
    await region('Invoices').getByRole('button', { name: 'Issue invoice' }).click();
    const issuing = page.getByRole('dialog', { name: 'Issue an invoice' });
    await choose(issuing, 'Client to invoice', clientOption());
    await visible(issuing.getByRole('heading', { name: 'Invoice preview' }));
    const lines = issuing.getByRole('table', { name: 'Invoice lines' }).getByRole('row');
    await expect.poll(() => lines.count()).toBe(2);
    await visible(lines.filter({ hasText: videoName }).getByText('€20.00'));
    await visible(issuing.getByText('Tax (10.00%)'));
    await visible(issuing.getByText('€22.00'));
    await expectNoSeriousA11yViolations(page);
    await issuing.getByRole('button', { name: 'Issue invoice' }).click();
    await seeToast(page, 'Invoice issued');

    const invoice = page.getByRole('dialog', { name: /^INV-\d{4,}$/ });
    await visible(invoice);
    invoiceNumber = (
      await invoice.getByRole('heading', { name: /^INV-/ }).first().innerText()
    ).trim();
    const doc = invoice.getByTestId('invoice-document');
    await visible(doc.getByText(`Northwind Video ${run}`));
    await visible(doc.getByText('Tax ID: EU-777-001'));
    await visible(doc.getByText(client.name));
    await visible(doc.getByText(videoName));
    await visible(doc.getByText('IBAN DE00 1234 5678'));
    await visible(doc.getByText('Open', { exact: true }));
    const today = new Date();
    const due = new Date(today.getTime() + 14 * 86_400_000);
    const day = (d: Date) =>
      d.toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
    await visible(doc.getByText(`Issued ${day(today)}`));
    await visible(doc.getByText(`Due ${day(due)}`));
    await expectNoSeriousA11yViolations(page);
    await shot('invoice');

    // Printing shows the invoice alone: not the page, the dialog's title and close button, nor
    // its buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').evaluate((el) => getComputedStyle(el).display)).toBe('none');
    await expect
      .poll(() => invoice.getByRole('button', { name: 'Close dialog' }).isVisible())
      .toBe(false);
    expect(await invoice.getByRole('button', { name: 'Mark paid' }).isVisible()).toBe(false);
    expect(await doc.isVisible()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/money-invoice-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });

  it('downloads the PDF and marks the invoice paid after asking', async () => {
    const invoice = page.getByRole('dialog', { name: invoiceNumber });
    await visible(invoice);
    const pdf = await download(() => invoice.getByRole('link', { name: 'Download PDF' }).click());
    expect(pdf.name).toBe(`${invoiceNumber}.pdf`);
    expect(pdf.head).toBe('%PDF-');

    await invoice.getByRole('button', { name: 'Mark paid' }).click();
    const confirm = page.getByRole('dialog', { name: `Mark ${invoiceNumber} paid?` });
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await seeToast(page, 'Invoice marked paid');
    await visible(
      invoice.getByTestId('invoice-document').getByText('Paid', { exact: true }).first(),
    );
    await expect.poll(() => invoice.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await invoice.getByRole('button', { name: 'Close dialog' }).click();
    await invoice.waitFor({ state: 'hidden' });

    const row = region('Invoices').getByRole('row').filter({ hasText: invoiceNumber });
    await visible(row.getByText('Paid', { exact: true }));
    await visible(row.getByText('€0.00'));
  });

  it("gives the client a retainer from this month and sees it in the month's table", async () => {
    await openInvoicing();
    const pricing = region('Client-Specific Pricing');
    await choose(pricing, 'Client', clientOption());
    const retainer = region('Retainer', pricing);
    await visible(retainer.getByText('No retainer: every video owes its price.'));
    const form = retainer.getByRole('form', { name: 'Start a retainer' });
    await form.getByLabel('Monthly fee').fill('500');
    await form.getByLabel('Allowance (videos a month)').fill('10');
    await form.getByLabel('Rollover limit').fill('2');
    await form.getByLabel('Rollover months').fill('1');
    await form.getByRole('button', { name: 'Start retainer' }).click();
    await seeToast(page, 'Retainer saved');
    await visible(retainer.getByText(/^€500\.00 a month · 10 videos · up to 2 roll over/));

    const table = region('Retainers');
    const row = table.getByRole('row').filter({ hasText: client.name });
    await visible(row.getByText(/ of 10$/));
    await visible(row.getByText('€500.00'));
    await expectNoSeriousA11yViolations(page);
  });

  it('fits a 390 px phone: the invoices and retainers scroll inside their cards', async () => {
    await page.setViewportSize(PHONE);
    await openInvoicing();
    await visible(region('Invoices').getByRole('row').filter({ hasText: invoiceNumber }));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('invoicing-phone');
    await page.setViewportSize(DESKTOP);
  });

  it("the client sees its retainer's month and its invoice, and downloads the PDF", async () => {
    await switchUser(browser, page, client);
    await page.goto('/dashboard');
    const card = region('Your retainer');
    const resets = dayAndMonth(`${addMonths(monthOf(new Date()), 1)}-01`);
    await visible(card.getByText(new RegExp(`^\\d+ of 10 this month · .*resets on ${resets}$`)));

    const invoices = page.getByRole('table', { name: 'Your invoices' });
    const row = invoices.getByRole('row').filter({ hasText: invoiceNumber });
    await visible(row.getByText('Paid', { exact: true }));
    await visible(row.getByText('€22.00'));
    await expectNoSeriousA11yViolations(page);
    await shot('client');
    const pdf = await download(() =>
      row.getByRole('link', { name: `Download ${invoiceNumber} PDF` }).click(),
    );
    expect(pdf.name).toBe(`${invoiceNumber}.pdf`);
    expect(pdf.head).toBe('%PDF-');

    await page.setViewportSize(PHONE);
    await page.reload();
    await visible(card);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('client-phone');
  });
});
