/**
 * One number, one answer (issue 17): on the demo agency, for every demo account, each count is
 * the same in every answer that carries it: people in the admin stats, the lists of users,
 * clients and editors and the lead summary; videos per status in the summaries, the header's
 * count and the lengths of the lists the dashboards show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadVideoCounts, type LeadSummary } from '@domain/lead-dashboard';
import { peopleCounts } from '@domain/people';
import { isAdmin, isManager, normalizeRole } from '@domain/roles';
import type { AdminStats, AdminUser } from '@domain/admin';
import type { AssignmentList, ClientWithCounts, EditorWithCounts } from '@domain/assignments';
import type { PublicUser } from '@domain/user';
import { filterCounts } from '@domain/video-list';
import { VIDEO_STATUSES } from '@domain/video-status';
import { DEMO_PASSWORD, DEMO_USERS, loadDemo } from '../../db/demo';
import { ensureKing } from '../../db/seed';
import { createTestApp, loginAs, type TestApp } from '../../test/helper';

const KING_PASSWORD = 'king-secret-123';
const ACCOUNTS = [
  { username: 'king', role: 'king', password: KING_PASSWORD },
  ...DEMO_USERS.map((u) => ({ username: u.username, role: u.role, password: DEMO_PASSWORD })),
];

let t: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  await ensureKing(t.db, { password: KING_PASSWORD, generate: () => 'unused' });
  await loadDemo(t.db);
  for (const a of ACCOUNTS) cookies.set(a.username, await loginAs(t, a.username, a.password));
});
afterAll(async () => {
  await t.close();
});

/** GET `url` as `username`: the JSON of a 200, or null when the account may not read it. */
async function read<T>(username: string, url: string): Promise<T | null> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: cookies.get(username)! },
  });
  if (res.statusCode === 403) return null;
  expect(res.statusCode, `${username} GET ${url}`).toBe(200);
  return res.json<T>();
}

async function must<T>(username: string, url: string): Promise<T> {
  const answer = await read<T>(username, url);
  expect(answer, `${username} GET ${url}`).not.toBeNull();
  return answer!;
}

interface Listed {
  id: string;
  userId: string;
  status: string;
  dueDate: string | null;
}
type WithVideoCount = PublicUser & { videoCount: number };

/** The account as the permission rules read it. */
async function me(username: string) {
  return must<PublicUser>(username, '/api/auth/me');
}

describe.each(ACCOUNTS)('the counts $username ($role) sees', ({ username }) => {
  it('the header count, the list and its status counts agree', async () => {
    const list = await must<Listed[]>(username, '/api/videos');
    const { count } = await must<{ count: number }>(username, '/api/videos/count');
    expect(count).toBe(list.length);
    // Every status button's list is as long as its count says.
    const counts = filterCounts(list);
    for (const status of VIDEO_STATUSES) {
      const filtered = await must<Listed[]>(username, `/api/videos?status=${status}`);
      expect(filtered.length, status).toBe(counts[status]);
    }
  });

  it("each client's video count is the length of that client's list", async () => {
    const viewer = await me(username);
    const list = await must<Listed[]>(username, '/api/videos');
    const perClient = (id: string) => list.filter((v) => v.userId === id).length;
    const role = normalizeRole(viewer.role);
    // The lists of clients that carry a video count, as this account's screens read them.
    const lists: WithVideoCount[][] = [];
    if (role === 'editor') {
      lists.push(
        (await must<{ assignedClients: WithVideoCount[] }>(username, '/api/assignments/my-clients'))
          .assignedClients,
      );
    }
    if (role === 'client_team_lead') {
      lists.push(
        (await must<{ clients: WithVideoCount[] }>(username, '/api/team-leads/my-clients')).clients,
      );
    }
    if (isManager(viewer)) lists.push(await must<WithVideoCount[]>(username, '/api/clients'));
    for (const clients of lists) {
      expect(clients.length).toBeGreaterThan(0);
      for (const c of clients) expect(c.videoCount, c.username).toBe(perClient(c.id));
    }
  });

  it('the lead summary matches the lists, whole and per client', async () => {
    const viewer = await me(username);
    const summary = await read<LeadSummary>(username, '/api/lead/summary');
    expect(summary !== null).toBe(isManager(viewer));
    if (!summary) return;
    const now = new Date();
    const list = await must<Listed[]>(username, '/api/videos');
    const { teamMembers, ...videoCounts } = summary.counts;
    expect(videoCounts).toEqual(leadVideoCounts(list, now));
    const overdue = await must<Listed[]>(username, '/api/videos?overdue=true');
    expect(overdue.length).toBe(summary.counts.overdue);
    // The Team Members tile is the team tab's total.
    const team = await must<PublicUser[]>(username, '/api/king/users');
    expect(teamMembers).toBe(peopleCounts(team).total);
    for (const client of await must<WithVideoCount[]>(username, '/api/clients')) {
      const picked = await must<LeadSummary>(username, `/api/lead/summary?clientId=${client.id}`);
      const theirs = list.filter((v) => v.userId === client.id);
      expect(picked.counts.total, client.username).toBe(client.videoCount);
      expect({ ...picked.counts, teamMembers: 0 }, client.username).toEqual({
        ...leadVideoCounts(theirs, now),
        teamMembers: 0,
      });
    }
  });

  it('people: the team tab, /admin and the lists of clients and editors agree', async () => {
    const viewer = await me(username);
    const team = await read<PublicUser[]>(username, '/api/king/users');
    const stats = await read<AdminStats>(username, '/api/admin/stats');
    const adminUsers = await read<AdminUser[]>(username, '/api/admin/users');
    expect(stats !== null).toBe(isAdmin(viewer));
    if (isManager(viewer)) {
      const counts = peopleCounts(team!);
      // A team lead is neither a client nor an editor.
      const clients = await must<ClientWithCounts[]>(username, '/api/clients');
      const editors = await must<EditorWithCounts[]>(username, '/api/editors');
      expect(counts.clients).toBe(clients.length);
      expect(counts.regularEditors).toBe(editors.length);
      expect(counts.systemAdmins + counts.allEditors + counts.teamLeads + counts.clients).toBe(
        counts.total,
      );
      const { statistics } = await must<AssignmentList>(username, '/api/assignments');
      const unassigned = clients.filter((c) => c.editorCount === 0);
      expect(statistics.unassignedClients).toBe(unassigned.length);
      const pairs = editors.reduce((sum, e) => sum + e.clientCount, 0);
      expect(statistics.totalAssignments).toBe(pairs);
    }
    if (normalizeRole(viewer.role) === 'editor') {
      // The editor's Assigned Clients tile is their client count in every list of editors.
      const { assignedClients } = await must<{ assignedClients: unknown[] }>(
        username,
        '/api/assignments/my-clients',
      );
      const editors = await must<EditorWithCounts[]>(username, '/api/editors');
      expect(editors.find((e) => e.id === viewer.id)?.clientCount).toBe(assignedClients.length);
    }
    if (stats && adminUsers) {
      const counts = peopleCounts(adminUsers);
      expect(stats.userCount).toBe(counts.total);
      expect(stats.adminCount).toBe(counts.admins);
      if (team) expect(peopleCounts(team)).toEqual(counts);
      const all = await must<Listed[]>(username, '/api/admin/videos');
      expect(stats.videoCount).toBe(all.length);
      expect(stats.videoCount).toBe(
        (await must<{ count: number }>(username, '/api/videos/count')).count,
      );
    }
  });
});

describe('with an admin beside the king', () => {
  it('the admin count is one definition: the flag or the king role', async () => {
    const marcus = (await must<AdminUser[]>('king', '/api/admin/users')).find(
      (u) => u.username === 'lead.marcus',
    )!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${marcus.id}`,
      headers: { cookie: cookies.get('king')! },
      payload: { name: marcus.name, isAdmin: 'true' },
    });
    expect(res.statusCode).toBe(200);
    for (const username of ['king', 'lead.marcus']) {
      const stats = await must<AdminStats>(username, '/api/admin/stats');
      const counts = peopleCounts(await must<AdminUser[]>(username, '/api/admin/users'));
      expect(stats.adminCount).toBe(2);
      expect(counts.admins).toBe(2);
      // The System Admins tile counts the king role only; it is not the admin count.
      expect(counts.systemAdmins).toBe(1);
      expect(peopleCounts(await must<PublicUser[]>(username, '/api/king/users'))).toEqual(counts);
    }
  });
});
