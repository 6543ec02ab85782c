/**
 * The small traps of issue 17, against the real server: the lead dashboard's tab lives in the
 * address (a reload keeps it); /dashboard/team sends a client to its own dashboard; Compact view
 * draws dense cards whose titles break between words only; unassigning an editor can be undone
 * from its toast; a client's own page shows whole badges (its columns stay docs/product.md's, by
 * viewer); the client pricing card says which price applies and why.
 */
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type E2EBrowser, launchBrowser } from './support/browser';
import { assign, createVideo, unassignInCard } from './support/lead';
import { atPath, clickSwitch, seeToast, visible } from './support/screen';
import {
  createUsersAsKing,
  kingApi,
  kingCredentials,
  switchUser,
  type TestUser,
} from './support/users';

let browser: E2EBrowser;
let page: Page;
let api: APIRequestContext;
/** The people of these journeys, made by the king. */
let people: Record<'lead' | 'editor' | 'client', TestUser>;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
  api = await kingApi(browser);
  const [lead, editor, client] = await createUsersAsKing(browser, [
    'lead_editor',
    'editor',
    'client',
  ]);
  people = { lead, editor, client };
});
afterEach(() => browser.expectNoConsoleErrors());
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

const url = () => new URL(page.url());

/** The badges cut short ('V…', 'READY TO…'): wider inside than they are drawn. */
const cutBadges = (labels: Locator) =>
  labels.evaluateAll((all) =>
    all.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
  );

describe('as a lead editor', () => {
  beforeAll(async () => {
    await switchUser(browser, page, people.lead);
  });

  it('puts the tab in the address, so a reload keeps it', async () => {
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: /^Posted/ }).click();
    await expect.poll(() => url().search).toBe('?tab=posted');
    await page.reload();
    await visible(page.getByRole('tab', { name: /^Posted/, selected: true }));

    await page.getByRole('tab', { name: /^Team/ }).click();
    await expect.poll(() => url().search).toBe('?tab=team');
    await page.reload();
    await visible(page.getByRole('tab', { name: /^Team/, selected: true }));
    await visible(page.getByRole('region', { name: 'Client-Editor Assignments' }));

    // The first tab is plain /dashboard; /dashboard/team opens the team tab and leaving it
    // goes back to /dashboard.
    await page.getByRole('tab', { name: /^Needs My Review/ }).click();
    await expect.poll(() => url().search).toBe('');
    await page.goto('/dashboard/team');
    await visible(page.getByRole('tab', { name: /^Team/, selected: true }));
    await page.getByRole('tab', { name: /^All Videos/ }).click();
    await atPath(page, '/dashboard');
    expect(url().search).toBe('?tab=all-videos');
  });

  it('undoes an unassignment from its toast', async () => {
    await assign(api, people.client.id, people.editor.id);
    const vip = await api.patch(`/api/admin/users/${people.client.id}/vip`, {
      data: { isVip: true },
    });
    expect(vip.status()).toBe(200);
    await page.goto('/dashboard/team');
    const { card, unassign } = await unassignInCard(page, people.client, people.editor);
    await page.getByRole('button', { name: 'Undo' }).click();
    await seeToast(page, 'Assignment restored');
    await visible(unassign);
    // The client's card shows its VIP badge whole, not cut to 'V…'.
    const badges = card
      .getByRole('article', { name: people.client.name })
      .locator('.mantine-Badge-label');
    await visible(badges.getByText('VIP', { exact: true }));
    expect(await cutBadges(badges)).toEqual([]);
    const pairs = (await (await api.get('/api/assignments')).json()) as {
      assignments: { clientId: string; editorId: string }[];
    };
    expect(
      pairs.assignments.some(
        (a) => a.clientId === people.client.id && a.editorId === people.editor.id,
      ),
    ).toBe(true);
  });
});

describe('as a client', () => {
  beforeAll(async () => {
    await switchUser(browser, page, people.client);
    const long = 'Extraordinarily comprehensive walkthrough of orthodontic appointments';
    for (const n of [1, 2, 3, 4, 5]) {
      const status = n === 5 ? 'ready_to_post' : 'draft';
      await createVideo(api, { clientId: people.client.id, name: `${long} ${n}`, status });
    }
  });

  it('is sent from /dashboard/team to its own dashboard', async () => {
    await page.goto('/dashboard/team');
    await atPath(page, '/dashboard');
    await visible(page.getByRole('heading', { name: /^Welcome back, / }));
    expect(await page.getByText('Failed to load', { exact: false }).count()).toBe(0);
  });

  it('Compact view makes denser cards whose titles break between words only', async () => {
    await page.goto('/dashboard');
    const cards = page.getByTestId('video-card');
    await visible(cards.first());
    const height = () => cards.first().evaluate((el) => el.getBoundingClientRect().height);
    const normal = await height();
    await clickSwitch(page.getByRole('switch', { name: 'Compact view' }));
    await expect.poll(height).toBeLessThan(normal);
    // No word of any title is split over two lines (each word is one box on screen).
    const split = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="video-card"] button[data-compact]')].flatMap(
        (title) => {
          const text = title.lastChild!;
          const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
          return words
            .filter((w) => {
              const range = document.createRange();
              range.setStart(text, w.index);
              range.setEnd(text, w.index + w[0].length);
              return range.getClientRects().length > 1;
            })
            .map((w) => w[0]);
        },
      ),
    );
    expect(split).toEqual([]);
    await clickSwitch(page.getByRole('switch', { name: 'Compact view' }));
  });
});

describe('as the king', () => {
  beforeAll(async () => {
    await switchUser(browser, page, kingCredentials(browser));
  });

  it("shows whole badges on a client's page, with the king's columns", async () => {
    await page.goto(`/dashboard/user/${people.client.id}`);
    const table = page.getByRole('table');
    await visible(table.getByText('Ready to Post', { exact: false }).first());
    const headers = await table.getByRole('columnheader').allInnerTexts();
    // docs/product.md#screens: the king sees Client and Assigned Editor, on every managed page.
    expect(headers.map((h) => h.toLowerCase())).toEqual(
      expect.arrayContaining(['client', 'assigned editor']),
    );
    expect(await cutBadges(table.locator('.mantine-Badge-label'))).toEqual([]);
  });

  it('says which price applies to a client, and why', async () => {
    await page.goto('/invoicing');
    const card = page.getByRole('region', { name: 'Client-Specific Pricing' });
    await card.getByLabel('Client', { exact: true }).and(card.locator('input')).click();
    await page
      .getByRole('option', { name: `${people.client.name} (@${people.client.username})` })
      .click();
    const plan = card.getByLabel('Pricing plan', { exact: true }).and(card.locator('input'));
    await expect
      .poll(() => plan.inputValue())
      .toMatch(/^(Default prices \(no plan\)|Default plan \(.+\))$/);
    const row = card.getByRole('row').filter({ hasText: 'Consultation' });
    await visible(row.getByText('Not set', { exact: true }));
    expect(await row.getByText('(none)').count()).toBe(0);
    await visible(row.getByText(/^Default (price|plan)$/));
  });
});
