/**
 * The client team lead (issue 14 part 6): a lead editor makes a team lead the lead of one client
 * on the team tab and of another on that client's page; the team lead signs in to the videos of
 * both clients (never a third client's), narrows them to one client, opens a video and comments
 * on it (the client hears of it) and approves one in review. axe checks the dashboard;
 * screenshots at 1280 and 390 px.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VideoView } from '@domain/videos';
import { MOVE_MESSAGES } from '@domain/workflow';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { answer, apiAs } from './support/api';
import { createVideo } from './support/lead';
import { pickOption, seeHeading, seeText, seeToast, visible } from './support/screen';
import { createUsersAsKing, kingApi, signIn, signOut, type TestUser } from './support/users';
import { screenshot } from './support/videos';

let browser: E2EBrowser;
let page: Page;
let king: APIRequestContext;
let lead: TestUser;
let teamLead: TestUser;
let alpha: TestUser;
let beta: TestUser;
let gamma: TestUser;
const word = `tl${Date.now().toString(36)}`;
const videos: Record<string, VideoView> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  king = await kingApi(browser);
});

// Each test has a cast of its own: a lead editor, a team lead who leads nobody yet, and three
// clients with their videos.
beforeEach(async () => {
  await page.setViewportSize(DESKTOP);
  [lead, teamLead, alpha, beta, gamma] = await createUsersAsKing(browser, [
    'lead_editor',
    'client_team_lead',
    'client',
    'client',
    'client',
  ]);
  for (const [client, name, status] of [
    [alpha, `Alpha launch ${word}`, 'review'],
    [alpha, `Alpha tips ${word}`, 'in_progress'],
    [beta, `Beta reel ${word}`, 'draft'],
    [gamma, `Gamma secret ${word}`, 'review'],
  ] as const) {
    videos[name.split(' ')[1]!] = await createVideo(king, { clientId: client.id, name, status });
  }
});
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await king?.dispose();
  await browser?.close();
});

const nameOf = (u: TestUser) => u.name;

/** Picks an option of a Mantine Select in the dialog by a part of its label. */
async function pick(dialog: ReturnType<Page['getByRole']>, label: string, option: string) {
  await pickOption(
    dialog.getByRole('combobox', { name: label, exact: true }),
    page.getByRole('option', { name: new RegExp(option) }),
  );
}

/** The king makes the team lead the lead of a client (POST /api/team-leads). */
async function leadClient(client: TestUser) {
  await answer(
    'POST /api/team-leads',
    await king.post('/api/team-leads', { data: { clientId: client.id, teamLeadId: teamLead.id } }),
    201,
  );
}

describe('a lead editor assigns a team lead', () => {
  beforeEach(async () => {
    await signOut(browser, page);
    await signIn(browser, page, lead);
  });

  it('on the team tab: Assign Team Lead, then the team lead lists the client', async () => {
    await page.goto('/dashboard/team');
    const card = page.getByRole('region', { name: 'Client Team Leads' });
    await visible(card.getByRole('article', { name: `Team lead ${nameOf(teamLead)}` }));
    await card.getByRole('button', { name: 'Assign Team Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Team Lead' });
    const submit = dialog.getByRole('button', { name: 'Assign Team Lead' });
    expect(await submit.isDisabled()).toBe(true);
    await pick(dialog, 'Client', `@${alpha.username}`);
    await pick(dialog, 'Team lead', `@${teamLead.username}`);
    await expectNoSeriousA11yViolations(page);
    await submit.click();
    await seeToast(page, 'Team lead assigned successfully');
    await dialog.waitFor({ state: 'hidden' });
    const row = card.getByRole('article', { name: `Team lead ${nameOf(teamLead)}` });
    await visible(
      row.getByRole('button', { name: `Remove ${nameOf(teamLead)} as team lead of ${alpha.name}` }),
    );
    // The team tab's member card lists the client too, and the team lead is not a client.
    const section = page.getByRole('article', { name: nameOf(teamLead), exact: true });
    expect(await section.textContent()).toContain(alpha.name);
  });

  it("on a client's page: Team Leads, Assign Team Lead with the client fixed", async () => {
    // The lead of another client already (as the team tab above makes them).
    await leadClient(alpha);
    await page.goto(`/dashboard/team/user/${beta.id}`);
    const card = page.getByRole('region', { name: 'Team Leads' });
    await visible(card.getByText('No team lead yet'));
    await card.getByRole('button', { name: 'Assign Team Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Team Lead' });
    expect(await dialog.getByRole('combobox', { name: 'Client', exact: true }).count()).toBe(0);
    await pick(dialog, 'Team lead', `@${teamLead.username}`);
    await dialog.getByRole('button', { name: 'Assign Team Lead' }).click();
    await seeToast(page, 'Team lead assigned successfully');
    await visible(
      card.getByRole('button', { name: `Remove ${nameOf(teamLead)} as team lead of ${beta.name}` }),
    );
    const pairs = (await (await king.get(`/api/team-leads?teamLeadId=${teamLead.id}`)).json()) as {
      assignments: { clientId: string }[];
    };
    expect(pairs.assignments.map((a) => a.clientId).sort()).toEqual([alpha.id, beta.id].sort());
  });
});

describe('the team lead', () => {
  // The lead of alpha and beta, as the lead editor's steps above make them; not of gamma.
  beforeEach(async () => {
    await leadClient(alpha);
    await leadClient(beta);
    await signOut(browser, page);
    await signIn(browser, page, teamLead);
    await page.goto('/dashboard');
    await seeHeading(page, 'Team Lead Dashboard');
  });

  it("signs in to both clients' videos and none of a third client's", async () => {
    for (const key of ['launch', 'tips', 'reel']) {
      await visible(page.getByRole('article', { name: videos[key]!.name }));
    }
    expect(await page.getByRole('article', { name: videos.secret!.name }).count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Total Videos: 3' }));
    await visible(page.getByRole('button', { name: 'In Review: 1' }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'team-lead-dashboard-desktop');

    const clients = page.getByRole('group', { name: 'Your clients' });
    await clients.getByRole('button', { name: new RegExp(beta.name) }).click();
    await visible(page.getByRole('button', { name: 'Total Videos: 1' }));
    await expect.poll(() => page.getByTestId('video-card').count()).toBe(1);
    await visible(page.getByRole('article', { name: videos.reel!.name }));
    await clients.getByRole('button', { name: 'All clients' }).click();
    await expect.poll(() => page.getByTestId('video-card').count()).toBe(3);

    await page.setViewportSize(PHONE);
    await visible(page.getByRole('article', { name: videos.launch!.name }));
    await screenshot(page, 'team-lead-dashboard-phone');
    await page.setViewportSize(DESKTOP);
  });

  it("opens a client's video, comments on it, and the client hears of it", async () => {
    await page.goto(`/dashboard?video=${videos.launch!.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Video Details' });
    const panel = dialog.getByRole('region', { name: 'Comments' });
    const field = panel.getByLabel('Add a comment');
    await field.pressSequentially(`The client loves it ${word}`);
    await panel.getByRole('button', { name: 'Post comment' }).click();
    await seeToast(page, 'Comment added');
    await visible(panel.getByRole('article', { name: `Comment by ${nameOf(teamLead)}` }));
    await seeText(page, `The client loves it ${word}`);

    const client = await apiAs(browser, alpha);
    try {
      const notices = (await (await client.get('/api/notifications')).json()) as {
        type: string;
        message: string;
      }[];
      expect(notices.map((n) => n.message)).toContain(
        `${nameOf(teamLead)} commented on "${videos.launch!.name}": “The client loves it ${word}”`,
      );
    } finally {
      await client.dispose();
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("opens a client's video without the agency's internal notes (issue 37, obs 10)", async () => {
    const note = `Agency only ${word}`;
    const id = videos.tips!.id;
    await answer(
      'PATCH /api/videos/{id}',
      await king.patch(`/api/videos/${id}`, { data: { internalNotes: note } }),
      200,
    );
    await page.goto(`/dashboard?video=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Video Details' });
    // The form is drawn with the comments: once they show, a notes field would be there too.
    await visible(dialog.getByRole('region', { name: 'Comments' }));
    await visible(dialog.getByRole('textbox', { name: 'Name', exact: true }));
    expect(await dialog.getByLabel('Internal notes').count()).toBe(0);
    expect(await dialog.textContent()).not.toContain(note);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('approves a video in review with the client’s rights, and nothing else moves', async () => {
    const launch = page.getByRole('article', { name: videos.launch!.name });
    // The client side's buttons only: Approve, and Request Changes.
    await visible(launch.getByRole('button', { name: `Request Changes: ${videos.launch!.name}` }));
    await launch.getByRole('button', { name: `Approve: ${videos.launch!.name}` }).click();
    await seeToast(page, MOVE_MESSAGES.moved(videos.launch!.name, 'ready_to_post'));
    await expect.poll(() => launch.textContent()).toContain('Ready to Post');
    // In progress and draft are the agency's to move: no workflow button for the team lead.
    for (const key of ['launch', 'tips', 'reel']) {
      const name = videos[key]!.name;
      const card = page.getByRole('article', { name });
      expect(await card.getByRole('button', { name: new RegExp(`: ${name}$`) }).count()).toBe(0);
    }
  });
});
