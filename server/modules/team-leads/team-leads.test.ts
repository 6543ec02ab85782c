import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEAM_LEAD_MESSAGES } from '@domain/team-leads';
import { clientTeamLeadAssignments, notifications, videos } from '../../db/schema';
import { setUpSuite } from '../../test/helper';
import { readNotices } from '../notifications/test-fixtures';

/**
 * Client team leads (docs/rules.md#who-may-do-what, issue 14 part 6): managers assign and remove them per
 * client; a team lead reads, comments on and is told about the videos of the clients it leads
 * as the client is, and nothing of any other client.
 */
const PEOPLE = [
  ['alpha', 'client', 'false', 'Alpha Dental'],
  ['beta', 'client', 'false', 'Beta Gym'],
  ['gamma', 'client', 'false', 'Gamma Law'],
  ['olivia', 'client_team_lead', 'false', 'Olivia Grant'],
  ['tom', 'client_team_lead', 'false', null],
  ['eddie', 'editor', 'false', 'Eddie'],
  ['lena', 'lead_editor', 'false', 'Lena'],
  ['boss', 'king', 'true', null],
  ['adminEd', 'editor', 'true', null],
] as const;

const t = setUpSuite(PEOPLE);
const { id, call } = t;
const video: Record<string, string> = {};

beforeAll(async () => {
  for (const [client, name, n] of [
    ['alpha', 'Alpha launch', 1],
    ['alpha', 'Alpha tips', 2],
    ['beta', 'Beta reel', 1],
    ['gamma', 'Gamma secret', 1],
  ] as const) {
    const [v] = await t.db
      .insert(videos)
      .values({
        userId: id[client]!,
        assignedEditorId: id.eddie!,
        ordinal: n,
        name,
        link: 'https://www.youtube.com/watch?v=abcdefghijk',
        status: 'review',
      })
      .returning();
    video[name] = v!.id;
  }
});
beforeEach(async () => {
  await t.db.delete(notifications);
});

const assign = (who: string, client: keyof typeof id, lead: keyof typeof id) =>
  call(who, 'POST', '/api/team-leads', { clientId: id[client], teamLeadId: id[lead] });

const noticesOf = (who: string) => readNotices(call, who);

const names = (list: { name: string }[]) => list.map((v) => v.name).sort();

describe('assigning team leads (managers only)', () => {
  it('lets a manager assign a team lead to a client, and tells the team lead', async () => {
    const res = await assign('lena', 'alpha', 'olivia');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clientId: id.alpha,
      teamLeadId: id.olivia,
      client: { username: 'alpha', role: 'client' },
      teamLead: { username: 'olivia', role: 'client_team_lead' },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon2/);
    const [notice] = await noticesOf('olivia');
    expect(notice).toMatchObject({
      type: 'client_assigned',
      message: 'Lena assigned you to the client Alpha Dental',
    });
    // The king and an admin editor are managers too.
    expect((await assign('boss', 'beta', 'olivia')).statusCode).toBe(201);
    expect((await assign('adminEd', 'gamma', 'tom')).statusCode).toBe(201);
  });

  it('refuses a duplicate (409), wrong roles and unknown people (400), with a message', async () => {
    const dupe = await assign('lena', 'alpha', 'olivia');
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json().message).toBe(TEAM_LEAD_MESSAGES.duplicate);

    const notClient = await assign('lena', 'eddie', 'olivia');
    expect(notClient.statusCode).toBe(400);
    expect(notClient.json().message).toBe(TEAM_LEAD_MESSAGES.clientRole);
    const notLead = await assign('lena', 'gamma', 'eddie');
    expect(notLead.statusCode).toBe(400);
    expect(notLead.json().message).toBe(TEAM_LEAD_MESSAGES.teamLeadRole);
    const leadAsClient = await assign('lena', 'tom', 'olivia');
    expect(leadAsClient.json().message).toBe(TEAM_LEAD_MESSAGES.clientRole);

    for (const [body, message] of [
      // No such client, no team lead, a client id that is no id.
      [
        { clientId: '00000000-0000-4000-8000-000000000000', teamLeadId: id.olivia },
        TEAM_LEAD_MESSAGES.clientRole,
      ],
      [{ clientId: id.gamma }, TEAM_LEAD_MESSAGES.teamLeadRequired],
      [{ clientId: 'nope', teamLeadId: id.olivia }, TEAM_LEAD_MESSAGES.clientRequired],
    ] as const) {
      const res = await call('lena', 'POST', '/api/team-leads', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses everyone else: listing, assigning and removing are for managers', async () => {
    for (const who of ['olivia', 'eddie', 'alpha']) {
      const post = await assign(who, 'gamma', 'olivia');
      expect(post.statusCode, who).toBe(403);
      expect(post.json().message).toBe(TEAM_LEAD_MESSAGES.managersOnly);
      expect((await call(who, 'GET', '/api/team-leads')).statusCode, who).toBe(403);
      const del = await call(who, 'DELETE', `/api/team-leads/${id.alpha}/${id.olivia}`);
      expect(del.statusCode, who).toBe(403);
    }
    const rows = await t.db.select().from(clientTeamLeadAssignments);
    expect(rows).toHaveLength(3);
  });

  it('lists every pair, or one client’s or one team lead’s, with both people', async () => {
    const all = (await call('lena', 'GET', '/api/team-leads')).json().assignments;
    expect(
      all.map((a: { client: { username: string }; teamLead: { username: string } }) => [
        a.client.username,
        a.teamLead.username,
      ]),
    ).toEqual([
      ['alpha', 'olivia'],
      ['beta', 'olivia'],
      ['gamma', 'tom'],
    ]);
    const ofAlpha = (await call('boss', 'GET', `/api/team-leads?clientId=${id.alpha}`)).json();
    expect(ofAlpha.assignments).toHaveLength(1);
    expect(ofAlpha.assignments[0].assignedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const ofOlivia = (await call('lena', 'GET', `/api/team-leads?teamLeadId=${id.olivia}`)).json();
    expect(ofOlivia.assignments.map((a: { clientId: string }) => a.clientId).sort()).toEqual(
      [id.alpha, id.beta].sort(),
    );
    expect((await call('lena', 'GET', '/api/team-leads?clientId=x')).statusCode).toBe(400);
  });
});

describe("a team lead's reads", () => {
  it('lists the clients it leads with their video counts; others lead none', async () => {
    const mine = (await call('olivia', 'GET', '/api/team-leads/my-clients')).json().clients;
    expect(
      mine.map((c: { username: string; videoCount: number }) => [c.username, c.videoCount]),
    ).toEqual([
      ['alpha', 2],
      ['beta', 1],
    ]);
    expect((await call('eddie', 'GET', '/api/team-leads/my-clients')).json().clients).toEqual([]);
    expect((await call('alpha', 'GET', '/api/team-leads/my-clients')).json().clients).toEqual([]);
  });

  it('lists its clients without the admin flag, as every list a client side reads (issue 37, obs 12)', async () => {
    const res = await call('olivia', 'GET', '/api/team-leads/my-clients');
    expect(res.statusCode).toBe(200);
    const clients = res.json().clients as Record<string, unknown>[];
    expect(clients.length).toBeGreaterThan(0);
    for (const client of clients) expect(client).not.toHaveProperty('isAdmin');
    expect(res.body).not.toContain('isAdmin');
  });

  it("lists exactly the videos of both its clients, counts them, and 404s another client's", async () => {
    const list = (await call('olivia', 'GET', '/api/videos')).json();
    expect(names(list)).toEqual(['Alpha launch', 'Alpha tips', 'Beta reel']);
    expect((await call('olivia', 'GET', '/api/videos/count')).json().count).toBe(3);
    const byClient = (await call('olivia', 'GET', `/api/videos?clientId=${id.beta}`)).json();
    expect(names(byClient)).toEqual(['Beta reel']);
    const search = (await call('olivia', 'GET', '/api/videos?q=tips')).json();
    expect(names(search)).toEqual(['Alpha tips']);

    const secret = video['Gamma secret'];
    expect((await call('olivia', 'GET', `/api/videos/${secret}`)).statusCode).toBe(404);
    expect((await call('olivia', 'GET', `/api/videos/${secret}/comments`)).statusCode).toBe(404);
    expect(
      (await call('olivia', 'POST', `/api/videos/${secret}/comments`, { content: 'hi' }))
        .statusCode,
    ).toBe(404);
    expect((await call('olivia', 'GET', `/api/videos/${secret}/mentionable`)).statusCode).toBe(404);
    expect((await call('olivia', 'GET', `/api/videos?clientId=${id.gamma}`)).json()).toEqual([]);
  });

  it('reads and writes comments on its clients’ videos; the client and the editor hear of it', async () => {
    const v = video['Alpha launch']!;
    const posted = await call('olivia', 'POST', `/api/videos/${v}/comments`, {
      content: 'The client loves the intro',
    });
    expect(posted.statusCode).toBe(201);
    const thread = (await call('olivia', 'GET', `/api/videos/${v}/comments`)).json();
    expect(thread.map((c: { content: string }) => c.content)).toEqual([
      'The client loves the intro',
    ]);
    expect((await noticesOf('alpha')).map((n) => n.type)).toEqual(['comment']);
    expect((await noticesOf('eddie')).map((n) => n.type)).toEqual(['comment']);
  });

  it("is in its clients' mention lists, after the owner, and only theirs", async () => {
    const list = (await call('eddie', 'GET', `/api/videos/${video['Beta reel']}/mentionable`))
      .json()
      .map((u: { username: string }) => u.username);
    // The king last: a mention tells the king too (issue 37).
    expect(list).toEqual(['beta', 'olivia', 'eddie', 'lena', 'boss']);
    const other = (await call('eddie', 'GET', `/api/videos/${video['Gamma secret']}/mentionable`))
      .json()
      .map((u: { username: string }) => u.username);
    expect(other).toEqual(['gamma', 'tom', 'eddie', 'lena', 'boss']);
  });

  it('is notified when mentioned, and of comments and status changes as the client is', async () => {
    const v = video['Beta reel']!;
    await call('eddie', 'POST', `/api/videos/${v}/comments`, { content: '@olivia have a look' });
    const [mention] = await noticesOf('olivia');
    expect(mention).toMatchObject({ type: 'mention', videoId: v });
    // Tom leads another client: a mention of him on Beta's video tells him nothing.
    await call('eddie', 'POST', `/api/videos/${v}/comments`, { content: '@tom and you?' });
    expect(await noticesOf('tom')).toEqual([]);

    await t.db.delete(notifications);
    await call('eddie', 'POST', `/api/videos/${v}/comments`, { content: 'New cut uploaded' });
    expect((await noticesOf('olivia')).map((n) => n.type)).toEqual(['comment']);

    await t.db.delete(notifications);
    const moved = await call('lena', 'PATCH', `/api/videos/${v}/status`, {
      status: 'ready_to_post',
      forClient: true,
    });
    expect(moved.statusCode).toBe(200);
    const [status] = await noticesOf('olivia');
    expect(status).toMatchObject({ type: 'status_change', videoId: v });
    expect(status!.message).toContain('"Beta reel"');
    expect(await noticesOf('tom')).toEqual([]);
  });
});

describe('removing a team lead', () => {
  it("ends its access to that client's videos at once; a second removal is 404", async () => {
    const res = await call('lena', 'DELETE', `/api/team-leads/${id.beta}/${id.olivia}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TEAM_LEAD_MESSAGES.removed);
    expect(names((await call('olivia', 'GET', '/api/videos')).json())).toEqual([
      'Alpha launch',
      'Alpha tips',
    ]);
    expect((await call('olivia', 'GET', `/api/videos/${video['Beta reel']}`)).statusCode).toBe(404);
    const again = await call('lena', 'DELETE', `/api/team-leads/${id.beta}/${id.olivia}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(TEAM_LEAD_MESSAGES.notFound);
    expect((await call('lena', 'DELETE', '/api/team-leads/x/y')).statusCode).toBe(400);
  });

  it('a lead row of someone who is no longer a team lead gives no access', async () => {
    // Eddie (an editor) with a stale team-lead row for Gamma, as after a role change.
    await t.db
      .insert(clientTeamLeadAssignments)
      .values({ clientId: id.gamma!, teamLeadId: id.eddie! });
    const list = (await call('eddie', 'GET', '/api/videos')).json();
    // Eddie still reads the videos he is the editor of, but not through the stale row.
    expect(list.every((v: { assignedEditorId: string }) => v.assignedEditorId === id.eddie)).toBe(
      true,
    );
    await t.db.update(videos).set({ assignedEditorId: null });
    expect((await call('eddie', 'GET', `/api/videos/${video['Gamma secret']}`)).statusCode).toBe(
      404,
    );
  });
});
