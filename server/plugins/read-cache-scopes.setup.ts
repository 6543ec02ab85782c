import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../app';
import { rowsOf } from '../db/rows';
import { clientEditorAssignments, clientTeamLeadAssignments } from '../db/schema';
import {
  createTestApp,
  loginAs,
  secondInstance,
  seedUser,
  seedVideo,
  type TestApp,
} from '../test/helper';

/*
 * The set-up of the invalidation-by-scope suites, read-cache-scopes.test.ts and its
 * PostgreSQL-only part read-cache-scopes-open.test.ts: two app instances on one database and the
 * agency each test seeds. Not a suite itself (vitest.config.ts includes *.test.ts only).
 */

/** A suite's first app, with `second`, another instance on its database (secondInstance). */
type TwoInstances = TestApp & { second: App };

export const get = (app: App, url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

/** The names in a video list; a manager's, which holds every test's videos, by `tag`. */
export const names = async (app: App, cookie: string, tag = '') => {
  const res = await get(app, '/api/videos', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ name: string }[]>()
    .map((v) => v.name)
    .filter((name) => name.startsWith(tag))
    .sort();
};

/**
 * Before a suite's tests its two instances (`t`, filled in place by that beforeAll, as
 * setUpSuite's), closed after them; with the helpers that seed and read through `t`.
 */
export function setUpScopes() {
  const t = {} as TwoInstances;
  let other: Awaited<ReturnType<typeof secondInstance>>;

  beforeAll(async () => {
    Object.assign(t, await createTestApp());
    other = await secondInstance(t);
    t.second = other.app;
  });

  afterAll(async () => {
    await other.close();
    await t.close();
  });

  /** How many counters a scope has (rows of cache_scopes; its version is their sum). */
  async function counters(scope: string) {
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from cache_scopes where scope = ${scope}`),
    );
    return rows[0]!.n;
  }

  /**
   * Two clients, A and B, each with a video, an editor and a team lead of their own; a lead
   * editor (a manager) over everything. Each test makes its own, so they do not share answers.
   */
  async function agency(tag: string) {
    const person = async (name: string, role: string) => {
      const row = await seedUser(t, { username: `${tag}-${name}`, role });
      return { id: row.id, cookie: await loginAs(t, `${tag}-${name}`) };
    };
    const a = await person('client-a', 'client');
    const b = await person('client-b', 'client');
    const editorA = await person('editor-a', 'editor');
    const editorB = await person('editor-b', 'editor');
    const leadOfA = await person('team-lead-a', 'client_team_lead');
    const manager = await person('lead', 'lead_editor');
    await t.db.insert(clientEditorAssignments).values([
      { clientId: a.id, editorId: editorA.id },
      { clientId: b.id, editorId: editorB.id },
    ]);
    await t.db.insert(clientTeamLeadAssignments).values({ clientId: a.id, teamLeadId: leadOfA.id });
    const videoA = await seedVideo(t, { userId: a.id, name: `${tag} A video` });
    const videoB = await seedVideo(t, { userId: b.id, name: `${tag} B video` });
    return { a, b, editorA, editorB, leadOfA, manager, videoA, videoB };
  }

  return { t, counters, agency };
}
