import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientEditorAssignments,
  comments,
  notifications,
  sessions,
  users,
  videos,
} from '../../db/schema';
import { createTestApp, loginAs, seedUser, type TestApp } from '../../test/helper';

const ACTORS = ['king', 'leadAdmin', 'lead', 'editorAdmin', 'editor', 'client'] as const;
type Actor = (typeof ACTORS)[number];

let t: TestApp;
const id = {} as Record<Actor, string>;
const cookie = {} as Record<Actor, string>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  const setup: Record<Actor, [string, 'true' | 'false']> = {
    king: ['king', 'true'],
    leadAdmin: ['lead_editor', 'true'],
    lead: ['lead_editor', 'false'],
    editorAdmin: ['editor', 'true'],
    editor: ['editor', 'false'],
    client: ['client', 'false'],
  };
  for (const [actor, [role, isAdmin]] of Object.entries(setup)) {
    id[actor as Actor] = (await seedUser(t, { username: actor.toLowerCase(), role, isAdmin })).id;
    cookie[actor as Actor] = await loginAs(t, actor.toLowerCase());
  }
});
afterAll(async () => {
  await t.close();
});

const call = (actor: Actor, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { cookie: cookie[actor] }, payload });

const target = (role: string) => seedUser(t, { username: `target-${n++}`, role, name: 'Target' });

describe('admin matrix', () => {
  const only = (allowed: Actor[], yes = 200) =>
    Object.fromEntries(ACTORS.map((a) => [a, allowed.includes(a) ? yes : 403]));

  const cases: [string, Record<string, number>, (a: Actor) => Promise<{ statusCode: number }>][] = [
    [
      'stats',
      only(['king', 'leadAdmin', 'editorAdmin']),
      (a) => call(a, 'GET', '/api/admin/stats'),
    ],
    [
      'list users',
      only(['king', 'leadAdmin', 'editorAdmin']),
      (a) => call(a, 'GET', '/api/admin/users'),
    ],
    [
      'create a client',
      only(['king', 'leadAdmin', 'editorAdmin'], 201),
      (a) =>
        call(a, 'POST', '/api/admin/users', {
          username: `new-${n++}`,
          name: 'New',
          password: 'secret123',
          role: 'client',
        }),
    ],
    [
      'create a lead editor',
      only(['king'], 201),
      (a) =>
        call(a, 'POST', '/api/admin/users', {
          username: `new-${n++}`,
          name: 'New',
          password: 'secret123',
          role: 'lead_editor',
        }),
    ],
    [
      'edit an editor',
      only(['king', 'leadAdmin']),
      async (a) =>
        call(a, 'PATCH', `/api/admin/users/${(await target('editor')).id}`, { name: 'Edited' }),
    ],
    [
      'edit a lead editor',
      only(['king']),
      async (a) =>
        call(a, 'PATCH', `/api/admin/users/${(await target('lead_editor')).id}`, {
          name: 'Edited',
        }),
    ],
    [
      'edit the king',
      only(['king']),
      (a) => call(a, 'PATCH', `/api/admin/users/${id.king}`, { name: 'The King' }),
    ],
    [
      'reset a client password',
      only(['king', 'leadAdmin']),
      async (a) =>
        call(a, 'PATCH', `/api/admin/users/${(await target('client')).id}/reset-password`, {
          newPassword: 'another1',
        }),
    ],
    [
      'reset a lead editor password',
      only(['king']),
      async (a) =>
        call(a, 'PATCH', `/api/admin/users/${(await target('lead_editor')).id}/reset-password`, {
          newPassword: 'another1',
        }),
    ],
    [
      'delete a client',
      only(['king', 'leadAdmin']),
      async (a) => call(a, 'DELETE', `/api/admin/users/${(await target('client')).id}`),
    ],
    [
      'delete a lead editor',
      only(['king']),
      async (a) => call(a, 'DELETE', `/api/admin/users/${(await target('lead_editor')).id}`),
    ],
    ['delete oneself', only([]), (a) => call(a, 'DELETE', `/api/admin/users/${id[a]}`)],
    [
      'make a client VIP',
      only(['king', 'leadAdmin', 'editorAdmin']),
      async (a) =>
        call(a, 'PATCH', `/api/admin/users/${(await target('client')).id}/vip`, { isVip: true }),
    ],
  ];

  for (const [name, want, run] of cases) {
    it(name, async () => {
      const got: Record<string, number> = {};
      for (const a of ACTORS) got[a] = (await run(a)).statusCode;
      expect(got).toEqual(want);
    });
  }
});

describe('edit rules', () => {
  it('lets only the king change a role or admin flag, never to king, never the king', async () => {
    const u = await target('client');
    const lead = await call('leadAdmin', 'PATCH', `/api/admin/users/${u.id}`, {
      name: 'X',
      role: 'editor',
    });
    expect(lead.statusCode).toBe(403);
    expect(lead.json().message).toBe('Only the king can change roles and admin privileges');
    const same = await call('leadAdmin', 'PATCH', `/api/admin/users/${u.id}`, {
      name: 'X',
      isAdmin: 'false',
    });
    expect(same.statusCode).toBe(200);
    const promoted = await call('king', 'PATCH', `/api/admin/users/${u.id}`, {
      name: 'X',
      isAdmin: 'true',
      role: 'editor',
    });
    expect(promoted.json()).toMatchObject({ role: 'editor', isAdmin: 'true', name: 'X' });
    const toKing = await call('king', 'PATCH', `/api/admin/users/${u.id}`, {
      name: 'X',
      role: 'king',
    });
    expect(toKing.statusCode).toBe(400);
    const kingRole = await call('king', 'PATCH', `/api/admin/users/${id.king}`, {
      name: 'K',
      role: 'client',
    });
    expect(kingRole.json().message).toBe("The king's role cannot be changed");
    const ownAdmin = await call('king', 'PATCH', `/api/admin/users/${id.king}`, {
      name: 'K',
      isAdmin: 'false',
    });
    expect(ownAdmin.json().message).toBe('You cannot change your own admin privileges');
    const kingShape = await call('king', 'PATCH', `/api/admin/users/${id.king}`, {
      name: 'K',
      isAdmin: 'true',
    });
    expect(kingShape.statusCode).toBe(200);
  });

  it('validates with the spec messages and 409s a taken username', async () => {
    const noName = await call('king', 'PATCH', `/api/admin/users/${id.editor}`, { name: ' ' });
    expect(noName.json().message).toBe('Name is required');
    const create = await call('king', 'POST', '/api/admin/users', {
      username: 'editor',
      name: 'Dup',
      password: 'secret123',
      role: 'client',
    });
    expect(create.statusCode).toBe(409);
    expect(create.json().message).toBe('Username already exists');
    const kingRole = await call('king', 'POST', '/api/admin/users', {
      username: 'kingtwo',
      name: 'K2',
      password: 'secret123',
      role: 'king',
    });
    expect(kingRole.json().message).toBe('Role must be client, editor or lead_editor');
    const noDisplay = await call('king', 'POST', '/api/admin/users', {
      username: 'nameless',
      password: 'secret123',
      role: 'client',
    });
    expect(noDisplay.json().message).toBe('Display name is required');
  });

  it('ends sessions on password reset; the user signs in with the new one', async () => {
    const u = await target('editor');
    const theirs = await loginAs(t, u.username);
    await call('king', 'PATCH', `/api/admin/users/${u.id}/reset-password`, {
      newPassword: 'fresh-pass',
    });
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: theirs } })).statusCode,
    ).toBe(401);
    await loginAs(t, u.username, 'fresh-pass');
  });

  it('returns name and username from the VIP call and refuses non-clients', async () => {
    const c = await target('client');
    const res = await call('king', 'PATCH', `/api/admin/users/${c.id}/vip`, { isVip: true });
    expect(res.json()).toMatchObject({ username: c.username, name: 'Target', isVip: true });
    expect(
      (await call('king', 'PATCH', `/api/admin/users/${id.editor}/vip`, { isVip: true }))
        .statusCode,
    ).toBe(400);
  });
});

describe('deleting a user', () => {
  it("removes their videos, comments, notifications, assignments and sessions, and nothing of anyone else's", async () => {
    const doomed = await target('client');
    const other = await target('client');
    const doomedCookie = await loginAs(t, doomed.username);
    const [v1] = await t.db
      .insert(videos)
      .values({ userId: doomed.id, ordinal: 1, name: 'd', link: 'https://a.io' })
      .returning();
    const [v2] = await t.db
      .insert(videos)
      .values({
        userId: other.id,
        ordinal: 1,
        name: 'o',
        link: 'https://a.io',
        assignedEditorId: id.editor,
      })
      .returning();
    // The doomed client comments on the other's video; the editor comments on the doomed video.
    await t.db.insert(comments).values([
      { videoId: v2!.id, userId: doomed.id, content: 'mine' },
      { videoId: v1!.id, userId: id.editor, content: 'on doomed video' },
      { videoId: v2!.id, userId: id.editor, content: 'stays' },
    ]);
    await t.db.insert(notifications).values([
      { recipientId: doomed.id, type: 't', title: 't', message: 'm' },
      { recipientId: other.id, type: 't', title: 't', message: 'm', videoId: v2!.id },
    ]);
    await t.db.insert(clientEditorAssignments).values([
      { clientId: doomed.id, editorId: id.editor },
      { clientId: other.id, editorId: id.editor },
    ]);

    const counts = async () => ({
      users: (await t.db.select({ n: count() }).from(users))[0]!.n,
      videos: (await t.db.select({ n: count() }).from(videos))[0]!.n,
      comments: (await t.db.select({ n: count() }).from(comments))[0]!.n,
      notifications: (await t.db.select({ n: count() }).from(notifications))[0]!.n,
      assignments: (await t.db.select({ n: count() }).from(clientEditorAssignments))[0]!.n,
      sessions: (
        await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, doomed.id))
      )[0]!.n,
    });
    const before = await counts();
    const res = await call('king', 'DELETE', `/api/admin/users/${doomed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${doomed.username} has been successfully deleted`);
    const after = await counts();
    expect(after).toEqual({
      users: before.users - 1,
      videos: before.videos - 1,
      comments: before.comments - 2,
      notifications: before.notifications - 1,
      assignments: before.assignments - 1,
      sessions: 0,
    });
    const [kept] = await t.db.select().from(videos).where(eq(videos.id, v2!.id));
    expect(kept!.assignedEditorId).toBe(id.editor);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: doomedCookie } })).statusCode,
    ).toBe(401);
  });

  it("unassigns a deleted editor from others' videos", async () => {
    const ed = await target('editor');
    const owner = await target('client');
    const [v] = await t.db
      .insert(videos)
      .values({
        userId: owner.id,
        ordinal: 1,
        name: 'v',
        link: 'https://a.io',
        assignedEditorId: ed.id,
      })
      .returning();
    await call('king', 'DELETE', `/api/admin/users/${ed.id}`);
    const [row] = await t.db.select().from(videos).where(eq(videos.id, v!.id));
    expect(row!.assignedEditorId).toBeNull();
  });
});
