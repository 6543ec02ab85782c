import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import { rowsOf } from '../db/rows';
import { clientEditorAssignments, users, videos } from '../db/schema';
import { seedVideo } from '../test/helper';
import { get, names, setUpScopes } from './read-cache-scopes.setup';

/*
 * Invalidation by scope (docs/decisions/0007-invalidation-by-scope.md): a write empties only the
 * cached answers it can change, on every instance, and no answer older than a committed change
 * is ever served. Two apps share one database (on PostgreSQL each with its own pool and
 * listener). To tell a kept answer from a fresh one, a test renames videos with the triggers off
 * (session_replication_role = replica): no version moves and no NOTIFY goes out, so a kept
 * answer still shows the old name and a fresh one the new.
 */

const { t, counters, agency } = setUpScopes();

/** A write through the first instance, as `cookie`. */
const write = (method: 'POST' | 'PATCH', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

/** Renames videos without moving any version or sending any NOTIFY (see the top). */
async function renameUnseen(id: string, name: string) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(videos).set({ name }).where(eq(videos.id, id));
  });
}

/** The versions of the scopes named (the sums of their counters), 0 for one never moved. */
async function versions(...scopes: string[]) {
  const rows = rowsOf<{ scope: string; version: string }>(
    await t.db.execute(
      sql`select scope, sum(version)::text as version from cache_scopes
          where scope in ${scopes} group by scope`,
    ),
  );
  return Object.fromEntries(
    scopes.map((s) => [s, Number(rows.find((r) => r.scope === s)?.version ?? 0)]),
  );
}

describe('a write empties only the answers it can change', () => {
  it("a change to A's video: B's answers stay cached; A's, A's team's and the managers' go, on both instances", async () => {
    const x = await agency('scope');
    const readers = [x.a, x.b, x.editorA, x.editorB, x.leadOfA, x.manager];
    for (const app of [t.app, t.second]) {
      for (const r of readers) await names(app, r.cookie);
    }
    await renameUnseen(x.videoA.id, 'scope A renamed');
    await renameUnseen(x.videoB.id, 'scope B renamed');
    // Nothing moved: every answer comes from the cache, with the old names.
    for (const app of [t.app, t.second]) {
      expect(await names(app, x.a.cookie)).toEqual(['scope A video']);
      expect(await names(app, x.b.cookie)).toEqual(['scope B video']);
      expect(await names(app, x.manager.cookie, 'scope')).toEqual([
        'scope A video',
        'scope B video',
      ]);
    }

    const changed = await write('PATCH', `/api/videos/${x.videoA.id}`, x.manager.cookie, {
      description: 'Cut the intro',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // At once, on the instance that wrote and on the other (no NOTIFY awaited).
    for (const app of [t.app, t.second]) {
      expect(await names(app, x.a.cookie)).toEqual(['scope A renamed']);
      expect(await names(app, x.editorA.cookie)).toEqual(['scope A renamed']);
      expect(await names(app, x.leadOfA.cookie)).toEqual(['scope A renamed']);
      expect(await names(app, x.manager.cookie, 'scope')).toEqual([
        'scope A renamed',
        'scope B renamed',
      ]);
      // B's and B's editor's answers were kept: still the old name.
      expect(await names(app, x.b.cookie)).toEqual(['scope B video']);
      expect(await names(app, x.editorB.cookie)).toEqual(['scope B video']);
    }
  });

  it('a comment moves no version: no kept answer is made of comments, so every one is still served (migration 0019)', async () => {
    const x = await agency('comment');
    await t.db
      .update(videos)
      .set({ assignedEditorId: x.editorA.id })
      .where(eq(videos.id, x.videoA.id));
    const readers = [x.a, x.editorA, x.leadOfA, x.manager];
    for (const app of [t.app, t.second]) {
      for (const r of readers) await names(app, r.cookie);
    }
    const scopes = [`user:${x.a.id}`, `user:${x.editorA.id}`, 'global'];
    const stripes = Array.from({ length: 8 }, (_, n) => `all:${n}`);
    const before = await versions(...scopes, ...stripes);
    await renameUnseen(x.videoA.id, 'comment A renamed');

    const posted = await write('POST', `/api/videos/${x.videoA.id}/comments`, x.a.cookie, {
      content: '@comment-editor-a looks good at 0:42',
    });
    expect(posted.statusCode, posted.body).toBe(201);

    expect(await versions(...scopes, ...stripes)).toEqual(before);
    for (const app of [t.app, t.second]) {
      for (const r of [x.a, x.editorA, x.leadOfA]) {
        expect(await names(app, r.cookie)).toEqual(['comment A video']);
      }
      expect(await names(app, x.manager.cookie, 'comment')).toEqual([
        'comment A video',
        'comment B video',
      ]);
    }
    // The comment itself is read afresh: its list is not a kept answer.
    const comments = await get(t.app, `/api/videos/${x.videoA.id}/comments`, x.editorA.cookie);
    expect(comments.statusCode, comments.body).toBe(200);
    expect(JSON.stringify(comments.json())).toContain('looks good at 0:42');
  });

  it("a status change moves the versions of the video's client, its editor and one stripe of 'all', nothing else", async () => {
    const x = await agency('moves');
    await t.db
      .update(videos)
      .set({ assignedEditorId: x.editorA.id })
      .where(eq(videos.id, x.videoA.id));
    const scopes = [`user:${x.a.id}`, `user:${x.editorA.id}`, `user:${x.b.id}`, 'global'];
    const stripes = Array.from({ length: 8 }, (_, n) => `all:${n}`);
    const before = await versions(...scopes, ...stripes);
    const res = await write('PATCH', `/api/videos/${x.videoA.id}/status`, x.editorA.cookie, {
      status: 'in_progress',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await versions(...scopes, ...stripes);
    // The status change writes the video and its history in one transaction: one move each.
    expect(after[`user:${x.a.id}`]).toBe(before[`user:${x.a.id}`]! + 1);
    expect(after[`user:${x.editorA.id}`]).toBe(before[`user:${x.editorA.id}`]! + 1);
    expect(after[`user:${x.b.id}`]).toBe(before[`user:${x.b.id}`]);
    expect(after.global).toBe(before.global);
    const moved = stripes.filter((s) => after[s] !== before[s]);
    expect(moved).toHaveLength(1);
    expect(after[moved[0]!]).toBe(before[moved[0]!]! + 1);
  });

  it('commits one after another move one counter of a scope: its rows do not grow with the writes', async () => {
    const x = await agency('counters');
    const scope = `user:${x.a.id}`;
    const before = await versions(scope);
    for (let i = 0; i < 5; i++) {
      const res = await write('PATCH', `/api/videos/${x.videoA.id}`, x.manager.cookie, {
        description: `Note ${i}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await versions(scope))[scope]).toBe(before[scope]! + 5);
    expect(await counters(scope)).toBe(1);
  });

  it('a change rolled back to a savepoint moves nothing; the rest of its transaction moves once, and leaves no pending row', async () => {
    const x = await agency('savepoint');
    const [a, b] = [`user:${x.a.id}`, `user:${x.b.id}`];
    const before = await versions(a, b);
    await t.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.update(videos).set({ name: 'savepoint A' }).where(eq(videos.id, x.videoA.id));
          throw new Error('rolled back');
        })
        .catch(() => {});
      await tx.update(videos).set({ name: 'savepoint B' }).where(eq(videos.id, x.videoB.id));
      await tx.update(videos).set({ name: 'savepoint B2' }).where(eq(videos.id, x.videoB.id));
    });
    const after = await versions(a, b);
    expect(after[a]).toBe(before[a]);
    expect(after[b]).toBe(before[b]! + 1);
    const pending = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from cache_scope_pending`),
    );
    expect(pending[0]!.n).toBe(0);
  });

  it('an assignment ended takes the client out of the editor’s answer at once, on both instances', async () => {
    const x = await agency('unassign');
    for (const app of [t.app, t.second]) {
      expect(await names(app, x.editorA.cookie)).toEqual(['unassign A video']);
    }
    await t.db
      .delete(clientEditorAssignments)
      .where(eq(clientEditorAssignments.editorId, x.editorA.id));
    for (const app of [t.app, t.second]) {
      expect(await names(app, x.editorA.cookie)).toEqual([]);
    }
    await t.db.insert(clientEditorAssignments).values({ clientId: x.b.id, editorId: x.editorA.id });
    for (const app of [t.app, t.second]) {
      expect(await names(app, x.editorA.cookie)).toEqual(['unassign B video']);
    }
  });
});

describe("an editor's clients (GET /api/assignments/my-clients), kept", () => {
  /** The editor's clients as name, videos, editors. */
  const clientsOf = async (app: App, cookie: string) => {
    const res = await get(app, '/api/assignments/my-clients', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json() as {
        assignedClients: { name: string | null; videoCount: number; editorCount: number }[];
      }
    ).assignedClients.map((c) => [c.name, c.videoCount, c.editorCount]);
  };

  it("is served from memory, and moves with the client's videos and editors on both instances", async () => {
    const x = await agency('mine');
    await t.db.update(users).set({ name: 'Client A' }).where(eq(users.id, x.a.id));
    for (const app of [t.app, t.second]) {
      expect(await clientsOf(app, x.editorA.cookie)).toEqual([['Client A', 1, 1]]);
    }
    // Renamed with the triggers off: a kept answer still says the old name.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: 'Client A renamed' }).where(eq(users.id, x.a.id));
    });
    for (const app of [t.app, t.second]) {
      expect(await clientsOf(app, x.editorA.cookie)).toEqual([['Client A', 1, 1]]);
    }
    // A new video of the client moves its scope: a fresh answer, on both instances.
    await seedVideo(t, { userId: x.a.id, name: 'mine A second' });
    for (const app of [t.app, t.second]) {
      expect(await clientsOf(app, x.editorA.cookie)).toEqual([['Client A renamed', 2, 1]]);
    }
    // Another editor for the client: its pair moves the client's scope too.
    await t.db.insert(clientEditorAssignments).values({ clientId: x.a.id, editorId: x.editorB.id });
    for (const app of [t.app, t.second]) {
      expect(await clientsOf(app, x.editorA.cookie)).toEqual([['Client A renamed', 2, 2]]);
    }
    // Unassigned: the client leaves the editor's answer at once.
    await t.db
      .delete(clientEditorAssignments)
      .where(eq(clientEditorAssignments.editorId, x.editorA.id));
    for (const app of [t.app, t.second]) {
      expect(await clientsOf(app, x.editorA.cookie)).toEqual([]);
    }
  });
});

describe("a client's editors (GET /api/assignments/my-editors), kept", () => {
  const editorsOf = async (app: App, cookie: string) => {
    const res = await get(app, '/api/assignments/my-editors', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json() as { assignedEditors: { name: string | null; clientCount: number }[] }
    ).assignedEditors.map((e) => [e.name, e.clientCount]);
  };

  it("is served from memory, moves with the editor's pairs with other clients, and not with their videos", async () => {
    const x = await agency('theirs');
    await t.db.update(users).set({ name: 'Editor A' }).where(eq(users.id, x.editorA.id));
    for (const app of [t.app, t.second]) {
      expect(await editorsOf(app, x.a.cookie)).toEqual([['Editor A', 1]]);
    }
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: 'Editor A renamed' }).where(eq(users.id, x.editorA.id));
    });
    // A video of another client of the editor moves the editor's scope, not the client's label.
    await t.db.insert(clientEditorAssignments).values({ clientId: x.b.id, editorId: x.editorA.id });
    const kept = await versions(`user:${x.editorA.id}`);
    await seedVideo(t, { userId: x.b.id, name: 'theirs B second', assignedEditorId: x.editorA.id });
    expect((await versions(`user:${x.editorA.id}`))[`user:${x.editorA.id}`]).toBeGreaterThan(
      kept[`user:${x.editorA.id}`]!,
    );
    // The pair with client B moved 'pairs:<editor>': a fresh answer with the new count...
    for (const app of [t.app, t.second]) {
      expect(await editorsOf(app, x.a.cookie)).toEqual([['Editor A renamed', 2]]);
    }
    // ... then kept again while only the editor's videos move.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: 'Editor A again' }).where(eq(users.id, x.editorA.id));
    });
    await seedVideo(t, { userId: x.b.id, name: 'theirs B third', assignedEditorId: x.editorA.id });
    for (const app of [t.app, t.second]) {
      expect(await editorsOf(app, x.a.cookie)).toEqual([['Editor A renamed', 2]]);
    }
    // The pair with client B ended: the count moves at once, on both instances.
    await t.db.delete(clientEditorAssignments).where(eq(clientEditorAssignments.clientId, x.b.id));
    for (const app of [t.app, t.second]) {
      expect(await editorsOf(app, x.a.cookie)).toEqual([['Editor A again', 1]]);
    }
  });
});

describe('the client list (GET /api/clients), kept for all but an editor', () => {
  const clientNames = async (app: App, cookie: string, tag: string) => {
    const res = await get(app, '/api/clients', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { name: string | null; videoCount: number }[])
      .filter((c) => c.name?.startsWith(tag))
      .map((c) => [c.name, c.videoCount]);
  };

  it('is kept for a manager and a client, and read afresh for an editor, whose label holds only their own clients', async () => {
    const x = await agency('list');
    await t.db.update(users).set({ name: 'list B' }).where(eq(users.id, x.b.id));
    await t.db.update(users).set({ name: 'list A' }).where(eq(users.id, x.a.id));
    const readers = [x.manager, x.b, x.editorA];
    const before = [
      [
        ['list A', 1],
        ['list B', 1],
      ],
      [['list B', 1]],
      [
        ['list A', 1],
        ['list B', 1],
      ],
    ];
    for (const [i, who] of readers.entries()) {
      expect(await clientNames(t.app, who.cookie, 'list')).toEqual(before[i]);
    }
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: 'list B renamed' }).where(eq(users.id, x.b.id));
    });
    // Kept: the manager and client B still see the old name...
    expect(await clientNames(t.app, x.manager.cookie, 'list')).toEqual(before[0]);
    expect(await clientNames(t.app, x.b.cookie, 'list')).toEqual(before[1]);
    // ... an editor reads afresh: client B is not theirs, its changes would not move their label.
    expect(await clientNames(t.app, x.editorA.cookie, 'list')).toEqual([
      ['list A', 1],
      ['list B renamed', 1],
    ]);
    // A video of client B moves its scope and a stripe of 'all': fresh for the manager and B.
    await seedVideo(t, { userId: x.b.id, name: 'list B second' });
    for (const app of [t.app, t.second]) {
      expect(await clientNames(app, x.manager.cookie, 'list')).toEqual([
        ['list A', 1],
        ['list B renamed', 2],
      ]);
      expect(await clientNames(app, x.b.cookie, 'list')).toEqual([['list B renamed', 2]]);
    }
  });
});

describe('no answer older than a committed change is served', () => {
  it('the version check alone: a moved version with no NOTIFY at all empties just its answers', async () => {
    const x = await agency('check');
    for (const app of [t.app, t.second]) {
      for (const r of [x.a, x.b, x.manager]) await names(app, r.cookie);
    }
    await renameUnseen(x.videoA.id, 'check A renamed');
    await renameUnseen(x.videoB.id, 'check B renamed');
    // Moved by hand: cache_scopes has no trigger, so no instance hears of it.
    await t.db.execute(
      sql`insert into cache_scopes (scope, slot, version) values (${`user:${x.a.id}`}, 0, 1)
          on conflict (scope, slot) do update set version = cache_scopes.version + 1`,
    );
    for (const app of [t.app, t.second]) {
      expect(await names(app, x.a.cookie)).toEqual(['check A renamed']);
      expect(await names(app, x.b.cookie)).toEqual(['check B video']);
      // The managers' label is the stripes of 'all', which no one moved.
      expect(await names(app, x.manager.cookie, 'check')).toEqual([
        'check A video',
        'check B video',
      ]);
    }
    await t.db.execute(
      sql`insert into cache_scopes (scope, slot, version) values ('all:5', 0, 1)
          on conflict (scope, slot) do update set version = cache_scopes.version + 1`,
    );
    for (const app of [t.app, t.second]) {
      expect(await names(app, x.manager.cookie, 'check')).toEqual([
        'check A renamed',
        'check B renamed',
      ]);
    }
  });

  it('a change made straight in SQL is seen at once by both instances', async () => {
    const x = await agency('sql');
    for (const app of [t.app, t.second]) await names(app, x.b.cookie);
    await t.db.update(videos).set({ name: 'sql B changed' }).where(eq(videos.id, x.videoB.id));
    for (const app of [t.app, t.second]) {
      expect(await names(app, x.b.cookie)).toEqual(['sql B changed']);
    }
  });
});
