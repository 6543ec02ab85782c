import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  clientVideoTypePricing,
  comments,
  notifications,
  sessions,
  users,
  videoStatusHistory,
  videos,
  videoTypes,
} from '../../db/schema';
import {
  createTestApp,
  loginAs,
  seedUser,
  seedPeople,
  type CastMember,
  type TestApp,
} from '../../test/helper';
import { openAt } from '../../test/socket';
import { MESSAGES } from '@domain/auth';

const ACTORS = ['king', 'leadAdmin', 'lead', 'editorAdmin', 'editor', 'client'] as const;
type Actor = (typeof ACTORS)[number];

let t: TestApp;
let id: Record<Actor, string>;
let cookie: Record<Actor, string>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, cookie } = await seedPeople(
    t,
    [
      ['king', 'king', 'true'],
      ['leadAdmin', 'lead_editor', 'true'],
      ['lead', 'lead_editor', 'false'],
      ['editorAdmin', 'editor', 'true'],
      ['editor', 'editor', 'false'],
      ['client', 'client', 'false'],
    ] satisfies CastMember<Actor>[],
    { username: (actor) => actor.toLowerCase() },
  ));
});
afterAll(async () => {
  await t.close();
});

const call = (actor: Actor, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { cookie: cookie[actor] }, payload });

/** PATCH /api/admin/users/{id} as `actor`. */
const editUser = (actor: Actor, userId: string, changes: object) =>
  call(actor, 'PATCH', `/api/admin/users/${userId}`, changes);

/** Inserts rows straight into a table (a test's scene): the rows as stored. */
const insertRows = <T extends PgTable>(table: T, rows: T['$inferInsert'][]) =>
  t.db.insert(table).values(rows).returning() as Promise<T['$inferSelect'][]>;

const target = (role: string) => seedUser(t, { username: `target-${n++}`, role, name: 'Target' });

let host: string | undefined;
async function listening() {
  if (!host) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  return host;
}

describe('admin matrix', () => {
  const only = (allowed: Actor[], yes = 200) =>
    Object.fromEntries(ACTORS.map((a) => [a, allowed.includes(a) ? yes : 403]));

  type Run = (a: Actor) => Promise<{ statusCode: number }>;
  // What each actor does to a fresh target of a role.
  const create =
    (role: string): Run =>
    (a) =>
      call(a, 'POST', '/api/admin/users', {
        username: `new-${n++}`,
        name: 'New',
        password: 'secret123',
        role,
      });
  const edit =
    (role: string, change: object = {}): Run =>
    async (a) =>
      call(a, 'PATCH', `/api/admin/users/${(await target(role)).id}`, {
        name: 'Edited',
        ...change,
      });
  const reset =
    (role: string): Run =>
    async (a) =>
      call(a, 'PATCH', `/api/admin/users/${(await target(role)).id}/reset-password`, {
        newPassword: 'another1',
      });
  const remove =
    (role: string): Run =>
    async (a) =>
      call(a, 'DELETE', `/api/admin/users/${(await target(role)).id}`);

  const cases: [string, Record<string, number>, Run][] = [
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
    ['create a client', only(['king', 'leadAdmin', 'editorAdmin'], 201), create('client')],
    ['create a lead editor', only(['king'], 201), create('lead_editor')],
    ['edit an editor', only(['king', 'leadAdmin']), edit('editor')],
    ['edit a lead editor', only(['king']), edit('lead_editor')],
    ['edit the king', only(['king']), (a) => editUser(a, id.king, { name: 'The King' })],
    ['reset a client password', only(['king', 'leadAdmin']), reset('client')],
    ['reset a lead editor password', only(['king']), reset('lead_editor')],
    ['delete a client', only(['king', 'leadAdmin']), remove('client')],
    ['delete a lead editor', only(['king']), remove('lead_editor')],
    ['delete oneself', only([]), (a) => call(a, 'DELETE', `/api/admin/users/${id[a]}`)],
    [
      'make a client VIP',
      only(['king', 'leadAdmin', 'editorAdmin']),
      async (a) =>
        call(a, 'PATCH', `/api/admin/users/${(await target('client')).id}/vip`, { isVip: true }),
    ],
    [
      'remove VIP from a client',
      only(['king', 'leadAdmin', 'editorAdmin']),
      async (a) => {
        const c = await target('client');
        await t.db.update(users).set({ isVip: true }).where(eq(users.id, c.id));
        return call(a, 'PATCH', `/api/admin/users/${c.id}/vip`, { isVip: false });
      },
    ],
    ['create an editor', only(['king', 'leadAdmin', 'editorAdmin'], 201), create('editor')],
    ['create a client team lead', only(['king'], 201), create('client_team_lead')],
    ['edit a client team lead', only(['king', 'leadAdmin']), edit('client_team_lead')],
    ['edit a client', only(['king', 'leadAdmin']), edit('client')],
    [
      'edit another admin lead editor',
      only(['king']),
      async (a) => {
        const u = await seedUser(t, {
          username: `target-${n++}`,
          role: 'lead_editor',
          isAdmin: 'true',
        });
        return editUser(a, u.id, { name: 'Edited' });
      },
    ],
    [
      'edit oneself (name only)',
      only(['king']),
      (a) => call(a, 'PATCH', `/api/admin/users/${id[a]}`, { name: `Me ${a}` }),
    ],
    ["change an editor's role", only(['king']), edit('editor', { role: 'client' })],
    ['grant admin to a client', only(['king']), edit('client', { isAdmin: 'true' })],
    ['reset an editor password', only(['king', 'leadAdmin']), reset('editor')],
    [
      "reset the king's password",
      only(['king']),
      // The king's own reset keeps the session that made it, so the king's cookie stays good.
      (a) =>
        call(a, 'PATCH', `/api/admin/users/${id.king}/reset-password`, {
          newPassword: 'another1',
        }),
    ],
    ['delete an editor', only(['king', 'leadAdmin']), remove('editor')],
    [
      'delete the king',
      only([]),
      // For the king this is deleting oneself.
      (a) => call(a, 'DELETE', `/api/admin/users/${id.king}`),
    ],
    ['delete another king', only(['king']), remove('king')],
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
    const lead = await editUser('leadAdmin', u.id, { name: 'X', role: 'editor' });
    expect(lead.statusCode).toBe(403);
    expect(lead.json().message).toBe('Only the king can change roles and admin privileges');
    const same = await editUser('leadAdmin', u.id, { name: 'X', isAdmin: 'false' });
    expect(same.statusCode).toBe(200);
    const promoted = await editUser('king', u.id, { name: 'X', isAdmin: 'true', role: 'editor' });
    expect(promoted.json()).toMatchObject({ role: 'editor', isAdmin: 'true', name: 'X' });
    const toKing = await editUser('king', u.id, { name: 'X', role: 'king' });
    expect(toKing.statusCode).toBe(400);
    const kingRole = await editUser('king', id.king, { name: 'K', role: 'client' });
    expect(kingRole.json().message).toBe("The king's role cannot be changed");
    const ownAdmin = await editUser('king', id.king, { name: 'K', isAdmin: 'false' });
    expect(ownAdmin.json().message).toBe('You cannot change your own admin privileges');
    const kingShape = await editUser('king', id.king, { name: 'K', isAdmin: 'true' });
    expect(kingShape.statusCode).toBe(200);
  });

  it('protects admins from lead editor admins (issue 15, finding 2)', async () => {
    // The attack: with the king's consent an editor and a client were made admins; a lead
    // editor admin then reset one's password (200, then signed in as it) and deleted the other.
    const editor = await target('editor');
    const client = await target('client');
    for (const u of [editor, client]) {
      const made = await editUser('king', u.id, { name: 'Trusted', isAdmin: 'true' });
      expect(made.statusCode).toBe(200);
    }
    const reset = await call('leadAdmin', 'PATCH', `/api/admin/users/${editor.id}/reset-password`, {
      newPassword: 'taken-over',
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe('You cannot manage this user');
    await expect(loginAs(t, editor.username, 'taken-over')).rejects.toThrow('401');
    const removed = await call('leadAdmin', 'DELETE', `/api/admin/users/${client.id}`);
    expect(removed.statusCode).toBe(403);
    const renamed = await editUser('leadAdmin', client.id, { name: 'Renamed', isAdmin: 'true' });
    expect(renamed.statusCode).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.id, client.id))).length).toBe(1);
    // The king still manages them, and a lead editor admin still manages team leads who are not.
    expect(
      (
        await call('king', 'PATCH', `/api/admin/users/${editor.id}/reset-password`, {
          newPassword: 'king-chose',
        })
      ).statusCode,
    ).toBe(200);
    const teamLead = await target('client_team_lead');
    expect((await editUser('leadAdmin', teamLead.id, { name: 'TL' })).statusCode).toBe(200);
  });

  it('refuses display names with bidi controls or zero-width characters (issue 15, finding 7)', async () => {
    for (const name of ['king\u202Egnik', 'a\u200Bb', 'x\u2066y', 'ki\uFEFFng']) {
      const created = await call('king', 'POST', '/api/admin/users', {
        username: `spoof-${n++}`,
        name,
        password: 'secret123',
        role: 'client',
      });
      expect(created.statusCode, JSON.stringify(name)).toBe(400);
      expect(created.json().message).toBe(
        'Display name must not contain invisible or text-direction characters',
      );
      const edited = await editUser('king', id.editor, { name });
      expect(edited.statusCode).toBe(400);
    }
  });

  it('validates with the spec messages and 409s a taken username', async () => {
    const noName = await editUser('king', id.editor, { name: ' ' });
    expect(noName.json().message).toBe('Name is required');
    const refused = async (user: object, status: number, message: string) => {
      const res = await call('king', 'POST', '/api/admin/users', {
        password: 'secret123',
        ...user,
      });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused(
      { username: 'editor', name: 'Dup', role: 'client' },
      409,
      'Username already exists',
    );
    await refused(
      { username: 'kingtwo', name: 'K2', role: 'king' },
      400,
      'Role must be client, editor, lead_editor or client_team_lead',
    );
    await refused({ username: 'nameless', role: 'client' }, 400, 'Display name is required');
  });

  it('refuses a password of only spaces when creating or resetting, by the king or a lead editor admin (issue 37, obs 16)', async () => {
    const created = await call('king', 'POST', '/api/admin/users', {
      username: 'blank-pass',
      name: 'Blank',
      role: 'client',
      password: '      ',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(MESSAGES.passwordBlank);
    const u = await target('editor');
    for (const actor of ['king', 'leadAdmin'] as const) {
      const reset = await call(actor, 'PATCH', `/api/admin/users/${u.id}/reset-password`, {
        newPassword: '        ',
      });
      expect(reset.statusCode, actor).toBe(400);
      expect(reset.json().message).toBe(MESSAGES.passwordBlank);
    }
    const own = await call('king', 'PATCH', `/api/admin/users/${id.king}/reset-password`, {
      newPassword: '      ',
    });
    expect(own.statusCode).toBe(400);
    await expect(loginAs(t, u.username, '        ')).rejects.toThrow('401');
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

  it("keeps the king's own session when the king resets their own password", async () => {
    const other = await loginAs(t, 'king', 'another1');
    const res = await call('king', 'PATCH', `/api/admin/users/${id.king}/reset-password`, {
      newPassword: 'another1',
    });
    expect(res.json().message).toBe('Password reset for king');
    expect((await call('king', 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: other } })).statusCode,
    ).toBe(401);
    const short = await call('king', 'PATCH', `/api/admin/users/${id.editor}/reset-password`, {
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
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
  /** Every table that holds something of a user, by its ids. */
  const tables = {
    users,
    sessions,
    videos,
    videoStatusHistory,
    comments,
    notifications,
    clientEditorAssignments,
    clientTeamLeadAssignments,
    clientVideoTypePricing,
  } as const;
  type TableName = keyof typeof tables;

  async function snapshot() {
    const out = {} as Record<TableName, Set<string>>;
    for (const [name, table] of Object.entries(tables)) {
      const rows = await t.db.select({ id: table.id }).from(table);
      out[name as TableName] = new Set(rows.map((r) => r.id));
    }
    return out;
  }

  it("removes their videos, comments, notifications, assignments and sessions, and nothing of anyone else's; their session gets 401 and their sockets close", async () => {
    const doomed = await target('client');
    const other = await target('client');
    const lead = await seedUser(t, { username: `ctl-${n++}`, role: 'client_team_lead' });
    // Two open sessions (two browsers) for the doomed client, one for the other client.
    const doomedCookie = await loginAs(t, doomed.username);
    await loginAs(t, doomed.username);
    const otherCookie = await loginAs(t, other.username);

    const [v1, v2] = await insertRows(videos, [
      { userId: doomed.id, ordinal: 1, name: 'd', link: 'https://a.io' },
      {
        userId: other.id,
        ordinal: 1,
        name: 'o',
        link: 'https://a.io',
        assignedEditorId: id.editor,
      },
    ]);
    const history = await insertRows(videoStatusHistory, [
      { videoId: v1!.id, changedById: id.editor, toStatus: 'review' },
      // The doomed client changed the other's video: the history stays, without its author.
      { videoId: v2!.id, changedById: doomed.id, toStatus: 'review' },
    ]);
    // The doomed client comments on the other's video; the editor comments on the doomed video
    // (a comment on a removed video goes with it).
    const [mine, onDoomed, stays] = await insertRows(comments, [
      { videoId: v2!.id, userId: doomed.id, content: 'mine' },
      { videoId: v1!.id, userId: id.editor, content: 'on doomed video' },
      { videoId: v2!.id, userId: id.editor, content: 'stays' },
    ]);
    const [theirNote, aboutDoomed, othersNote] = await insertRows(notifications, [
      { recipientId: doomed.id, type: 't', title: 't', message: 'm' },
      { recipientId: id.editor, type: 't', title: 't', message: 'm', videoId: v1!.id },
      {
        recipientId: other.id,
        type: 't',
        title: 't',
        message: 'm',
        videoId: v2!.id,
        commentId: stays!.id,
      },
    ]);
    const [doomedAssignment] = await insertRows(clientEditorAssignments, [
      { clientId: doomed.id, editorId: id.editor },
      { clientId: other.id, editorId: id.editor },
    ]);
    const [doomedLead] = await insertRows(clientTeamLeadAssignments, [
      { clientId: doomed.id, teamLeadId: lead.id, assignedBy: id.king },
      { clientId: other.id, teamLeadId: lead.id, assignedBy: id.king },
    ]);
    const [type] = await t.db.select().from(videoTypes).limit(1);
    const [doomedPrice] = await insertRows(clientVideoTypePricing, [
      { clientId: doomed.id, videoTypeId: type!.id, price: '10.00' },
      { clientId: other.id, videoTypeId: type!.id, price: '12.00' },
    ]);
    const doomedSessions = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, doomed.id));
    expect(doomedSessions).toHaveLength(2);

    // Live sockets: the doomed client's must close, the other client's must stay open.
    const host = await listening();
    const doomedSocket = await openAt(host, { cookie: doomedCookie });
    const otherSocket = await openAt(host, { cookie: otherCookie });

    const before = await snapshot();
    const res = await call('king', 'DELETE', `/api/admin/users/${doomed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${doomed.username} has been successfully deleted`);
    const after = await snapshot();

    const removed = {
      users: [doomed.id],
      sessions: doomedSessions.map((r) => r.id),
      videos: [v1!.id],
      videoStatusHistory: [history[0]!.id],
      comments: [mine!.id, onDoomed!.id],
      notifications: [theirNote!.id, aboutDoomed!.id],
      clientEditorAssignments: [doomedAssignment!.id],
      clientTeamLeadAssignments: [doomedLead!.id],
      clientVideoTypePricing: [doomedPrice!.id],
    } satisfies Record<TableName, string[]>;
    for (const name of Object.keys(tables) as TableName[]) {
      // Row counts fall by exactly what was theirs, and every other row is still there.
      expect(after[name].size, name).toBe(before[name].size - removed[name].length);
      const expected = new Set([...before[name]].filter((x) => !removed[name].includes(x)));
      expect(after[name], name).toEqual(expected);
    }
    expect(after.notifications.has(othersNote!.id)).toBe(true);

    const [kept] = await t.db.select().from(videos).where(eq(videos.id, v2!.id));
    expect(kept!.assignedEditorId).toBe(id.editor);
    const [keptHistory] = await t.db
      .select()
      .from(videoStatusHistory)
      .where(eq(videoStatusHistory.id, history[1]!.id));
    expect(keptHistory!.changedById).toBeNull();

    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: doomedCookie } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: otherCookie } })).statusCode,
    ).toBe(200);
    // Closed by the delete itself, well before the 30 s heartbeat would notice.
    expect(await doomedSocket.waitClosed(2000)).toMatchObject({ code: 1000 });
    await otherSocket.roundTrip();
    expect(otherSocket.closed).toBeNull();
    otherSocket.ws.close();
  });

  it('is refused for an unknown user (404) and a malformed id (400)', async () => {
    const unknown = await call(
      'king',
      'DELETE',
      '/api/admin/users/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    expect((await call('king', 'DELETE', '/api/admin/users/not-a-uuid')).statusCode).toBe(400);
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
