/**
 * The lead dashboard as a lead editor: every tile opens its tab with the database's count,
 * search works across tabs, an assignment is created (a client assigned to every editor is not
 * offered) and removed, a client's page bulk-deletes 3 videos. The king sees the Client and
 * Assigned Editor columns; an editor opening a client not theirs lands on /dashboard. axe
 * checks every lead tab and the managed-user page; screenshots at 1280 and 390 px.
 */
import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_TAB_INFO, LEAD_TABS } from '@domain/lead-dashboard';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import {
  allEditorIds,
  assign,
  createVideo,
  expectedCounts,
  unassignInCard,
  videosOf,
} from './support/lead';
import { atPath, seeHeading, seeText, seeToast, visible } from './support/screen';
import {
  createUsersAsKing,
  kingApi,
  kingCredentials,
  signIn,
  signOut,
  type TestUser,
} from './support/users';
import { DAY_MS as DAY } from '@domain/day-counter';

const ARTIFACTS = 'e2e/artifacts';
let browser: E2EBrowser;
let page: Page;
let api: APIRequestContext;
let lead: TestUser;
let editor: TestUser;
let client: TestUser;
let fullClient: TestUser;
let otherClient: TestUser;
const word = `zebra${Date.now().toString(36)}`;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
  api = await kingApi(browser);
  [lead, editor, client, fullClient, otherClient] = await createUsersAsKing(browser, [
    'lead_editor',
    'editor',
    'client',
    'client',
    'client',
  ]);
  const past = new Date(Date.now() - 2 * DAY).toISOString();
  const future = new Date(Date.now() + 2 * DAY).toISOString();
  const plan: [string, string | null, string][] = [
    ['review', future, `Review ${word} one`],
    ['review', past, 'Review late'],
    ['in_progress', future, `Progress ${word} two`],
    ['in_progress', past, 'Progress late'],
    ['ready_to_post', future, 'Ready one'],
    ['posted', past, `Posted ${word} three`],
    ['draft', null, 'Draft one'],
  ];
  for (const [status, dueDate, name] of plan) {
    await createVideo(api, { clientId: client.id, name, status, dueDate });
  }
  await createVideo(api, {
    clientId: otherClient.id,
    name: 'Other client video',
    status: 'review',
  });
  // A client assigned to every editor there is: the dialog must not offer it.
  for (const id of await allEditorIds(api)) await assign(api, fullClient.id, id);
});
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

const shot = (name: string, fullPage = false) =>
  page.screenshot({ path: `${ARTIFACTS}/lead-${name}.png`, fullPage });

const tile = (tab: string) => page.getByTestId(`tile-${tab}`);
const nameOf = (u: TestUser) => u.name;

async function tileCount(tab: string): Promise<number> {
  const text = await tile(tab).getByTestId('tile-count').textContent();
  return Number(text);
}

describe('a lead editor', () => {
  beforeEach(async () => {
    await signIn(browser, page, lead);
    await page.goto('/dashboard');
    await seeHeading(page, 'Lead Dashboard');
  });

  it('opens each tab from its tile, with the count the database holds', async () => {
    const expected = await expectedCounts(api);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await visible(page.getByRole('button', { name: 'Refresh', exact: true }));
    for (const tab of LEAD_TABS) {
      const info = LEAD_TAB_INFO[tab];
      await tile(tab).click();
      await visible(page.getByRole('tab', { name: info.title, selected: true }));
      await expect.poll(() => tileCount(tab)).toBe(expected[info.count]);
      if (tab !== 'team') {
        await seeHeading(page, info.title);
        await expect
          .poll(() => page.getByTestId('tab-count').textContent())
          .toBe(`(${expected[info.count]})`);
      }
    }
  });

  it('passes axe on every video tab', { timeout: 120_000 }, async () => {
    const waiting = (await expectedCounts(api)).needsReview;
    for (const tab of LEAD_TABS.filter((t) => t !== 'team')) {
      await tile(tab).click();
      await seeHeading(page, LEAD_TAB_INFO[tab].title);
      // Needs My Review holds only clients silent past the last reminder (issue 41): none of
      // these fresh videos.
      if (tab === 'needs-review' && waiting === 0) {
        await seeText(page, LEAD_TAB_INFO[tab].empty);
      } else {
        await page.getByTestId('video-card').first().waitFor();
      }
      await expectNoSeriousA11yViolations(page);
    }
    await tile('needs-review').click();
    await shot('needs-review-desktop');
  });

  it('says whose turn each card is, and shows the turnaround figures with their chart', async () => {
    await tile('all-videos').click();
    const card = page.getByRole('article', { name: `Review ${word} one` });
    await expect.poll(() => card.textContent()).toMatch(/Waiting on client · \d+ min/);
    // The videos made ready (or posted) today count, each from its creation past draft.
    await page.getByRole('button', { name: /Turnaround/ }).click();
    const section = page.getByRole('region', { name: /Turnaround/ });
    await visible(section.getByRole('table'));
    await page.getByTestId('turnaround-chart').locator('svg').first().waitFor();
    await section.getByText('By client').click();
    await visible(section.getByRole('cell', { name: nameOf(client) }));
    await expectNoSeriousA11yViolations(page);
    await section.screenshot({ path: `${ARTIFACTS}/lead-turnaround-desktop.png` });
  });

  it('finds videos by title on every tab, whatever their status', async () => {
    await tile('needs-review').click();
    await page.getByRole('searchbox', { name: 'Search videos by title' }).fill(word);
    for (const tab of ['needs-review', 'posted', 'overdue'] as const) {
      await page.getByRole('tab', { name: LEAD_TAB_INFO[tab].title }).click();
      await visible(page.getByRole('article', { name: `Posted ${word} three` }));
      await visible(page.getByRole('article', { name: `Progress ${word} two` }));
      await visible(page.getByRole('article', { name: `Review ${word} one` }));
      await expect.poll(() => page.getByTestId('tab-count').textContent()).toBe('(3)');
      expect(await page.getByTestId('video-card').count()).toBe(3);
    }
    await shot('search-desktop');
    await page.getByRole('searchbox', { name: 'Search videos by title' }).fill('');
  });

  it('narrows the counts to a picked client', async () => {
    await tile('all-videos').click();
    const picker = page.getByRole('group', { name: 'Filter by client' });
    const chip = picker.getByRole('button', { name: new RegExp(nameOf(client)) });
    if (await chip.count()) {
      await chip.click();
    } else {
      await page.getByRole('combobox', { name: 'More clients' }).click();
      await page.getByRole('option', { name: new RegExp(nameOf(client)) }).click();
    }
    await expect.poll(() => tileCount('all-videos')).toBe(7);
    // Both its reviews are the client's turn, fresh: nothing waits for the lead (issue 41).
    await expect.poll(() => tileCount('needs-review')).toBe(0);
    // Review late and Progress late; the posted video past its due date is done, not overdue.
    await expect.poll(() => tileCount('overdue')).toBe(2);
    await picker.getByRole('button', { name: 'All clients' }).click();
  });

  it('creates an assignment, never offering a client every editor already has, and removes it', async () => {
    await tile('team').click();
    await seeText(page, 'Client-Editor Assignments');
    await expectNoSeriousA11yViolations(page);
    await shot('team-desktop', true);
    await page.getByRole('button', { name: 'New Assignment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Assignment' });
    await visible(dialog.getByText('Assign an editor to work with a client'));
    const create = dialog.getByRole('button', { name: 'Create Assignment' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Client', exact: true }).click();
    await visible(page.getByRole('option', { name: new RegExp(`@${client.username}`) }));
    expect(
      await page.getByRole('option', { name: new RegExp(`@${fullClient.username}`) }).count(),
    ).toBe(0);
    await page.getByRole('option', { name: new RegExp(`@${client.username}`) }).click();
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Editor', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`@${editor.username}`) }).click();
    await expectNoSeriousA11yViolations(page);
    await create.click();
    await seeToast(page, 'Editor assigned successfully');
    await dialog.waitFor({ state: 'hidden' });

    const { card } = await unassignInCard(page, client, editor);
    await visible(card.getByRole('article', { name: nameOf(client) }));
    await card.getByRole('searchbox', { name: 'Search clients or editors' }).fill('');
  });

  it('is sent from /assignments to the Team tab, where clients are assigned (issue 37)', async () => {
    // A lead editor has no clients of its own: the page says who assigns them, and links there.
    await page.goto('/assignments');
    await seeHeading(page, 'Assigned Clients');
    const link = page.getByRole('link', { name: 'Assign clients on the Team tab' });
    await visible(link);
    await expectNoSeriousA11yViolations(page);
    await shot('assignments-desktop');
    await page.setViewportSize(PHONE);
    await shot('assignments-phone');
    await page.setViewportSize(DESKTOP);
    await link.click();
    await atPath(page, '/dashboard/team');
    await seeText(page, 'Client-Editor Assignments');
    await visible(page.getByRole('button', { name: 'New Assignment' }));
  });

  it("bulk-deletes 3 videos on a client's page", async () => {
    // Three of its own, so the client's other videos stay as the other tests expect them.
    const doomed = [`Doomed draft ${word}`, `Doomed ready ${word}`, `Doomed review ${word}`];
    for (const [name, status] of [
      [doomed[0]!, 'draft'],
      [doomed[1]!, 'ready_to_post'],
      [doomed[2]!, 'review'],
    ] as const) {
      await createVideo(api, { clientId: client.id, name, status });
    }
    await tile('team').click();
    await page.getByRole('searchbox', { name: 'Search team members' }).fill(client.username);
    await page
      .getByRole('link', { name: nameOf(client) })
      .first()
      .click();
    await atPath(page, `/dashboard/team/user/${client.id}`);
    await seeHeading(page, client.username);
    await visible(page.getByRole('columnheader', { name: 'Client' }));
    await visible(page.getByRole('columnheader', { name: 'Assigned editor' }));
    await expectNoSeriousA11yViolations(page);
    await shot('managed-user-desktop', true);
    const before = (await videosOf(api, client.id)).length;
    for (const name of doomed) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    await page.getByRole('button', { name: 'Delete selected (3)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete videos' });
    await visible(
      confirm.getByText(
        'Are you sure you want to delete 3 selected video(s)? This action cannot be undone.',
      ),
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeToast(page, 'Videos deleted', '3 videos deleted.');
    await page.getByRole('checkbox', { name: `Select ${doomed[0]}` }).waitFor({ state: 'hidden' });
    expect((await videosOf(api, client.id)).length).toBe(before - 3);
  });

  it("adds a video on a client's page, numbered after the others", async () => {
    // The user's heading shows before their videos answer, and the page's own Add Video comes
    // with them: until then the only Add Video is the header's (CI clicked that one once). The
    // videos answer late here, so the test waits for the page's button, not the header's.
    const late = /\/api\/king\/users\/[^/]+\/videos$/;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(late, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const count = (await videosOf(api, client.id)).length;
    try {
      await page.goto(`/dashboard/user/${client.id}`);
      await seeHeading(page, client.username);
    } finally {
      // The heading is there while the videos are held; now they may come.
      release();
    }
    await page.getByRole('main').getByRole('button', { name: 'Add Video', exact: true }).click();
    await page.unroute(late);
    const dialog = page.getByRole('dialog', { name: 'Add Video' });
    const value = (role: 'textbox' | 'combobox', name: string) =>
      dialog.getByRole(role, { name }).inputValue();
    // The form fills in once the dialog is open (the types are read): waited for, not assumed.
    await expect.poll(() => value('textbox', 'Order')).toBe(String(count + 1));
    await expect.poll(() => value('combobox', 'Type')).toBe('Consultation');
    await expect.poll(() => value('combobox', 'Status')).toBe('In Progress');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('not a link');
    await dialog.getByRole('button', { name: 'Add Video' }).click();
    await seeText(page, 'Name is required');
    await seeText(page, 'Must be a valid URL');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Added from the page');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('https://example.com/watch/added');
    await dialog.getByRole('button', { name: 'Add Video' }).click();
    await seeToast(page, 'Video added');
    await visible(page.getByRole('checkbox', { name: 'Select Added from the page' }));
    const after = await videosOf(api, client.id);
    expect(after.length).toBe(count + 1);
    expect(after.find((v) => v.name === 'Added from the page')).toMatchObject({
      type: 'consultation',
      status: 'in_progress',
    });
  });

  it('shows the first screen quickly', async () => {
    const started = Date.now();
    await page.goto('/dashboard');
    await expect.poll(() => tileCount('all-videos')).toBeGreaterThan(0);
    // Needs My Review, the first tab: its cards, or its empty state (issue 41).
    await page.getByTestId('video-card').or(page.getByTestId('empty-state')).first().waitFor();
    const elapsed = Date.now() - started;
    console.log(`lead dashboard first screen: ${elapsed} ms`);
    // Generous for a shared 2-core machine; the target (1.5 s) is reported, not asserted here.
    expect(elapsed).toBeLessThan(5_000);
  });

  it('shows the managed-user page on a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`/dashboard/user/${client.id}`);
    await visible(page.getByRole('article', { name: `Review ${word} one` }));
    await expectNoSeriousA11yViolations(page);
    await shot('managed-user-phone', true);
    await page.goto('/dashboard');
    await seeHeading(page, 'Lead Dashboard');
    // A phone folds the tiles into one row (issue 17); it opens them.
    await page.getByRole('button', { name: /All tiles$/ }).click();
    await visible(page.getByTestId('tile-count').first());
    await shot('dashboard-phone', true);
    await tile('team').click();
    await seeText(page, 'Client-Editor Assignments');
    await expectNoSeriousA11yViolations(page);
    await shot('team-phone', true);
    await page.setViewportSize(DESKTOP);
  });
});

describe('the king', () => {
  beforeEach(async () => {
    await page.setViewportSize(DESKTOP);
    await signOut(browser, page);
    await signIn(browser, page, kingCredentials(browser));
  });

  it('sees the Client and Assigned Editor columns', async () => {
    await page.goto(`/dashboard/user/${client.id}`);
    await seeHeading(page, client.username);
    await visible(page.getByRole('columnheader', { name: 'Client' }));
    await visible(page.getByRole('columnheader', { name: 'Assigned editor' }));
    await visible(page.getByRole('checkbox', { name: `Select Review ${word} one` }));
  });

  it('sees User Not Found for someone who does not exist', async () => {
    await page.goto('/dashboard/user/00000000-0000-4000-8000-000000000000');
    await seeHeading(page, 'User Not Found');
    await expectNoSeriousA11yViolations(page);
  });
});

describe('an editor', () => {
  it('opens the page of a client assigned to them, with the Client column only', async () => {
    await assign(api, otherClient.id, editor.id);
    await signOut(browser, page);
    await signIn(browser, page, editor);
    await page.goto(`/dashboard/user/${otherClient.id}`);
    await seeHeading(page, otherClient.username);
    await visible(page.getByRole('columnheader', { name: 'Client' }));
    expect(await page.getByRole('columnheader', { name: 'Assigned editor' }).count()).toBe(0);
    // Off the page first: the removal tells the editor live, and a page still open on the client
    // would re-read its videos, get the 403 and leave (Chromium logs the failed fetch).
    await page.goto('/dashboard');
    await seeHeading(page, 'Editor Dashboard');
    await api.delete(`/api/assignments/${otherClient.id}/${editor.id}`);
  });

  it("opening a client's page that is not theirs lands on /dashboard", async () => {
    await signOut(browser, page);
    await signIn(browser, page, editor);
    await page.goto(`/dashboard/user/${otherClient.id}`);
    await atPath(page, '/dashboard');
    expect(await page.getByRole('heading', { name: otherClient.username }).count()).toBe(0);
  });
});
