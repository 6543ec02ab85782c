import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@domain/day-counter';
import { VIDEO_STATUSES } from '@domain/video-status';
import { leadSummary } from '../modules/lead/lead.repository';
import { loadViewerScope } from '../modules/scope/scope';
import { needsLeadWhere, overdueWhere, readableBy, readableCount } from '../modules/scope/readable';
import { rowsOf } from './rows';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  users,
  videoCounts,
  videos,
} from './schema';
import { seedVideo, setUpSuite } from '../test/helper';
import { recordStatements } from '../test/statements';
import { VIDEO_COUNTS_ASTRAY } from '../test/video-counts';

// Each client's videos counted by status (migration 0018), kept by the videos' own statements:
// whatever a statement does to the videos, the kept counts equal a count of the rows.
const t = setUpSuite([
  ['c1', 'client'],
  ['c2', 'client'],
  ['e1', 'editor'],
  ['tl', 'client_team_lead'],
  ['lead', 'lead_editor'],
]);
const { id, call } = t;

/** The clients whose kept counts differ from a count of their videos now (none: all kept). */
const countsAstray = async () =>
  rowsOf<{ user_id: string }>(await t.db.execute(sql.raw(VIDEO_COUNTS_ASTRAY)));

const past = () => new Date(Date.now() - DAY_MS);
const future = () => new Date(Date.now() + DAY_MS);

/** How many rows of videos a statement reads, by its plan (index scans preferred). */
async function videoRowsRead(text: string, params: unknown[]) {
  const plan = async (run: (q: string, p?: unknown[]) => Promise<unknown>) => {
    await run('set enable_seqscan = off');
    try {
      const result = await run(`explain (analyze, format json) ${text}`, params);
      return rowsOf<{ 'QUERY PLAN': unknown }>(result)[0]!['QUERY PLAN'];
    } finally {
      await run('reset enable_seqscan');
    }
  };
  let json: unknown;
  if (t.database.pool) {
    const client = await t.database.pool.connect();
    try {
      json = await plan((q, p) => client.query(q, p));
    } finally {
      client.release();
    }
  } else {
    json = await plan((q, p) => t.database.pglite!.query(q, p));
  }
  type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
  const root = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  return nodes(root[0]!.Plan)
    .filter((n) => n['Relation Name'] === 'videos')
    .reduce(
      (sum, n) =>
        sum +
        Number(n['Actual Rows'] ?? 0) * Number(n['Actual Loops'] ?? 1) +
        Number(n['Rows Removed by Filter'] ?? 0) +
        Number(n['Rows Removed by Index Recheck'] ?? 0),
      0,
    );
}

describe("each client's kept video counts", () => {
  afterEach(async () => {
    expect(await countsAstray()).toEqual([]);
  });

  it('follow videos added, moved and deleted through the API', async () => {
    const added = await call('c1', 'POST', '/api/videos', {
      name: 'Through the API',
      link: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(added.statusCode).toBe(201);
    const videoId = added.json().id as string;
    expect(await countsAstray()).toEqual([]);
    for (const status of ['in_progress', 'review', 'ready_to_post', 'posted']) {
      // The lead approves for the client saying so (issue 41).
      const moved = await call('lead', 'PATCH', `/api/videos/${videoId}/status`, {
        status,
        ...(status === 'ready_to_post' && { forClient: true }),
      });
      expect(moved.statusCode).toBe(200);
      expect(await countsAstray()).toEqual([]);
    }
    expect((await call('lead', 'DELETE', `/api/videos/${videoId}`)).statusCode).toBe(200);
  });

  it('follow statements of many rows: a bulk insert, a status change, a move to another client, a delete', async () => {
    await t.db.insert(videos).values(
      Array.from({ length: 40 }, (_, i) => ({
        userId: i % 2 ? id.c1 : id.c2,
        ordinal: 1_000 + i,
        name: `Bulk ${i}`,
        status: (['draft', 'review', 'posted', 'in_progress'] as const)[i % 4],
        link: 'https://a.io/v',
      })),
    );
    expect(await countsAstray()).toEqual([]);
    await t.db.execute(
      sql`update videos set status = 'review' where name like 'Bulk %' and status = 'draft'`,
    );
    expect(await countsAstray()).toEqual([]);
    // Both ways at once, and a rename that moves nothing.
    await t.db.execute(
      sql`update videos set user_id = case when user_id = ${id.c1} then ${id.c2}::uuid else ${id.c1}::uuid end,
            ordinal = ordinal + 100 where name like 'Bulk %'`,
    );
    expect(await countsAstray()).toEqual([]);
    await t.db.execute(sql`update videos set name = name || '!' where name like 'Bulk %'`);
    expect(await countsAstray()).toEqual([]);
    await t.db.execute(sql`delete from videos where name like 'Bulk %' and status = 'posted'`);
  });

  it('have a column for every status the app knows', () => {
    // A status added to domain/video-status.ts needs its column (and the triggers' sums) here too,
    // or its videos would count only in the total.
    const columns = Object.values(getTableColumns(videoCounts)).map((c) => c.name);
    expect(columns).toEqual(['user_id', 'total', ...VIDEO_STATUSES]);
  });

  it('are emptied with the table', async () => {
    await seedVideo(t, { userId: id.c1, name: 'Before the truncate' });
    await t.db.execute(sql`truncate videos cascade`);
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from video_counts`),
    );
    expect(row!.n).toBe(0);
  });
});

describe("the lead dashboard's tiles", () => {
  beforeAll(async () => {
    // Mostly finished work past its date, a few late videos still in the agency's hands.
    for (let i = 0; i < 60; i++) {
      await seedVideo(t, { userId: i % 2 ? id.c1 : id.c2, status: 'posted', dueDate: past() });
    }
    for (let i = 0; i < 3; i++) {
      // In review past the last reminder day: Needs My Review (issue 41).
      await seedVideo(t, {
        userId: id.c1,
        status: 'review',
        dueDate: past(),
        statusChangedAt: new Date(Date.now() - 8 * DAY_MS),
      });
      await seedVideo(t, { userId: id.c2, status: 'draft', dueDate: future() });
    }
  });

  it('count from the kept counts and read only the late open and long-waiting videos, not every video', async () => {
    const statements = recordStatements(t.database);
    let summary!: Awaited<ReturnType<typeof leadSummary>>;
    const sent = await statements.sentDuring(async () => {
      summary = await leadSummary(t.db, {});
    });
    const all = await call('lead', 'GET', '/api/videos/count');
    expect(summary.counts.total).toBe(all.json().count);
    expect(summary.counts).toMatchObject({ overdue: 3, needsReview: 3, posted: 60 });
    expect(sent).toHaveLength(1);
    // Before the kept counts: every video (66 and more) for the status tiles. Now the 3 late
    // open videos and the 3 in review past the last reminder day (Needs My Review), each
    // through its own index.
    expect(await videoRowsRead(sent[0]!.text, sent[0]!.params)).toBeLessThanOrEqual(6);
  });

  it("say the same as a count of the picked client's videos", async () => {
    const summary = await leadSummary(t.db, { clientId: id.c1 });
    const ofClient = eq(videos.userId, id.c1);
    const counted = (where?: SQL) => t.db.$count(videos, where ? and(ofClient, where) : ofClient);
    expect(summary.counts).toMatchObject({
      total: await counted(),
      needsReview: await counted(needsLeadWhere()),
      posted: await counted(eq(videos.status, 'posted')),
      overdue: await counted(overdueWhere()),
    });
  });
});

/** A viewer's scope (loadViewerScope) by their key in the cast. */
const scopeOf = async (key: keyof typeof id) => {
  const [user] = await t.db.select().from(users).where(eq(users.id, id[key]));
  return loadViewerScope(t.db, user!);
};

describe("a viewer's video count (GET /api/videos/count)", () => {
  beforeAll(async () => {
    await t.db.insert(clientEditorAssignments).values({ clientId: id.c1, editorId: id.e1 });
    await t.db.insert(clientTeamLeadAssignments).values({ clientId: id.c2, teamLeadId: id.tl });
    for (let i = 0; i < 20; i++) await seedVideo(t, { userId: id.c1 });
    await seedVideo(t, { userId: id.c1, assignedEditorId: id.e1 });
    await seedVideo(t, { userId: id.c2, assignedEditorId: id.e1 });
    await seedVideo(t, { userId: id.c2 });
    await seedVideo(t, { userId: id.e1 });
  });

  it("an editor's adds the kept counts of their own and assigned clients' videos to the other videos assigned to them, reading only those", async () => {
    const scope = await scopeOf('e1');
    const statements = recordStatements(t.database);
    let counted = 0;
    const sent = await statements.sentDuring(async () => {
      counted = await readableCount(t.db, scope);
    });
    expect(counted).toBe(await t.db.$count(videos, readableBy(scope)));
    expect((await call('e1', 'GET', '/api/videos/count')).json()).toEqual({ count: counted });
    expect(sent).toHaveLength(1);
    // A count of the rows read all of c1's videos and the editor's (23 and more); the kept
    // counts leave only the videos assigned to the editor: c1's and c2's.
    expect(await videoRowsRead(sent[0]!.text, sent[0]!.params)).toBeLessThanOrEqual(2);
  });

  // readableCount restates readableBy from the kept counts: for every kind of viewer, the two
  // must agree, or the header's total and the lists would tell different stories.
  it.each(['c1', 'c2', 'e1', 'tl', 'lead'] as const)(
    "%s's is a count of the videos readableBy lets them read",
    async (key) => {
      const scope = await scopeOf(key);
      expect(await readableCount(t.db, scope)).toBe(await t.db.$count(videos, readableBy(scope)));
    },
  );
});
