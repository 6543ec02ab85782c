/**
 * Who may read which video is declared once (domain/video-access.ts); every other form of the
 * rule is held to it here, for every role (with and without the admin flag) and every way a user
 * may stand to a video, on a real database: canReadVideo, findReadableVideo, readableBy,
 * readableCount, the read cache's labels (role-blind, so a superset: every readable video's
 * change moves a scope the viewer's label holds), the scope triggers installed in the database,
 * and the kept lists' changedSince. Any difference fails.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canReadVideo } from '@domain/permissions';
import { ROLES } from '@domain/roles';
import { readingRelations, VIDEO_RELATIONS, type VideoRelation } from '@domain/video-access';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clientEditorAssignments, clientTeamLeadAssignments, users, videos } from '../../db/schema';
import { labels } from '../../plugins/read-cache';
import { createTestDatabase } from '../../test/helper';
import { installedScopeTriggers } from '../../test/scope-triggers';
import {
  changedSince,
  ListVersionsCache,
  VideoJsonCache,
  videoListJson,
} from '../videos/video-list';
import { clientListKeptFor } from '../assignments/assignments.routes';
import { directoryIds } from '../users/directory';
import { hasClientRole } from '../users/users.repository';
import { findReadableVideo, listVideos } from '../videos/videos.repository';
import { RELATION_ROWS, readableBy, readableCount } from './readable';
import { loadViewerScope } from './scope';

/** How a viewer stands to a video: one relation the data can hold, or none. */
type Standing = Exclude<VideoRelation, 'everyVideo'> | 'none';
const STANDINGS: Standing[] = [
  ...VIDEO_RELATIONS.filter((r): r is Exclude<VideoRelation, 'everyVideo'> => r !== 'everyVideo'),
  'none',
];

interface Viewer {
  id: string;
  role: string;
  isAdmin: 'true' | 'false';
  /** The video this viewer stands to in each way (its other videos it stands to in none). */
  videos: Record<Standing, string>;
}

let database: Database;
let db: Db;
const viewers: Viewer[] = [];

const newUser = async (role: string, isAdmin: 'true' | 'false' = 'false') => {
  const [row] = await db
    .insert(users)
    .values({ username: `u${randomUUID().slice(0, 12)}`, password: 'x', role, isAdmin })
    .returning({ id: users.id });
  return row!.id;
};
const newVideo = async (userId: string, assignedEditorId: string | null = null) => {
  const [row] = await db
    .insert(videos)
    .values({ userId, assignedEditorId, ordinal: 1, name: 'Video', link: 'https://a.io/v' })
    .returning({ id: videos.id });
  return row!.id;
};

/** Whether the declaration lets `viewer` read the video `id`. */
const declared = (viewer: Viewer, id: string) => {
  const relations = readingRelations(viewer);
  if (relations.has('everyVideo')) return true;
  const standing = STANDINGS.find((s) => viewer.videos[s] === id) ?? 'none';
  return standing !== 'none' && relations.has(standing);
};

const allVideos = async () =>
  db
    .select({ id: videos.id, userId: videos.userId, assignedEditorId: videos.assignedEditorId })
    .from(videos);

/** The scopes a change to the row (`table` where `where`) touches: its triggers' output. */
async function touchedBy(table: string, where: string): Promise<string[]> {
  let touched = '';
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`update ${table} set created_at = created_at where ${where}`));
      const [row] = rowsOf<{ s: string | null }>(
        await tx.execute(sql`select current_setting('vw.cache_scopes', true) as s`),
      );
      touched = row?.s ?? '';
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
  return touched.split(',').filter(Boolean);
}

/** The scopes of the viewer's read cache label (`labels`, read-cache.ts). */
async function labelOf(viewer: Pick<Viewer, 'id' | 'role' | 'isAdmin'>): Promise<string> {
  const manager = readingRelations(viewer).has('everyVideo');
  const rows = await labels(db).execute({
    viewers: manager ? '{}' : `{${viewer.id}}`,
    managers: manager,
  });
  return rows.find((r) => r.viewer === (manager ? 'all' : viewer.id))!.label;
}
const scopesOf = (label: string) => label.split(',').map((pair) => pair.split('=')[0]!);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  for (const role of ROLES) {
    for (const isAdmin of ['false', 'true'] as const) {
      const id = await newUser(role, isAdmin);
      const [ofAssigned, ofEditor, ofLead, ofNone] = [
        await newUser('client'),
        await newUser('client'),
        await newUser('client'),
        await newUser('client'),
      ];
      // Every assignment row, whatever the viewer's role: one its role does not read by (an
      // editor made team lead keeps its rows) must give nothing.
      await db.insert(clientEditorAssignments).values({ clientId: ofEditor, editorId: id });
      await db.insert(clientTeamLeadAssignments).values({ clientId: ofLead, teamLeadId: id });
      viewers.push({
        id,
        role,
        isAdmin,
        videos: {
          owner: await newVideo(id),
          assignedEditor: await newVideo(ofAssigned, id),
          clientsEditor: await newVideo(ofEditor),
          clientsTeamLead: await newVideo(ofLead),
          none: await newVideo(ofNone),
        },
      });
    }
  }
});
afterAll(async () => {
  await database.close();
});

describe('who may read which video: every form agrees with domain/video-access.ts', () => {
  it('every role and every standing: canReadVideo, findReadableVideo, readableBy and readableCount', async () => {
    const every = await allVideos();
    const differences: string[] = [];
    for (const viewer of viewers) {
      const scope = await loadViewerScope(db, viewer);
      const expected = every.filter((v) => declared(viewer, v.id)).map((v) => v.id);
      const who = `${viewer.role}${viewer.isAdmin === 'true' ? ' (admin)' : ''}`;
      const ts = every.filter((v) => canReadVideo(scope, v)).map((v) => v.id);
      const one: string[] = [];
      for (const v of every) if (await findReadableVideo(db, viewer, v.id)) one.push(v.id);
      const listed = (await listVideos(db, readableBy(scope))).map((r) => r.video.id);
      const counted = await readableCount(db, scope);
      const same = (name: string, ids: string[]) => {
        if ([...ids].sort().join() !== [...expected].sort().join()) {
          differences.push(`${who}: ${name} differs from the declaration`);
        }
      };
      same('canReadVideo', ts);
      same('findReadableVideo', one);
      same('readableBy', listed);
      if (counted !== expected.length) {
        differences.push(`${who}: readableCount ${counted}, declared ${expected.length}`);
      }
      // The standings at least: the declaration's own answer for each.
      for (const standing of STANDINGS) {
        const id = viewer.videos[standing];
        if (ts.includes(id) !== declared(viewer, id)) {
          differences.push(`${who}: ${standing} read ${ts.includes(id)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it("a change to any video a viewer may read moves a scope of the viewer's read cache label", async () => {
    const every = await allVideos();
    const touched = new Map<string, string[]>();
    for (const v of every) touched.set(v.id, await touchedBy('videos', `id = '${v.id}'`));
    const missed: string[] = [];
    for (const viewer of viewers) {
      const label = new Set(scopesOf(await labelOf(viewer)));
      for (const v of every) {
        if (!declared(viewer, v.id)) continue;
        if (!touched.get(v.id)!.some((scope) => label.has(scope))) {
          const standing = STANDINGS.find((s) => viewer.videos[s] === v.id) ?? 'none';
          missed.push(`${viewer.role}/${viewer.isAdmin}: ${standing}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('the scope triggers installed name every column the declaration reads a video by', async () => {
    // Each relation's rows (RELATION_ROWS) and the scopes a change to them must move: the
    // reader's own ('user:<column>'), and for an assignment the client's too (its videos).
    const required = new Map<string, Set<string>>();
    const need = (table: string, arg: string) =>
      required.set(table, (required.get(table) ?? new Set()).add(arg));
    for (const relation of VIDEO_RELATIONS) {
      const rows = RELATION_ROWS[relation];
      if (rows.column) need('videos', `user:${rows.column.name}`);
      if (rows.pairs) {
        const table = getTableConfig(rows.pairs).name;
        need(table, `user:${rows.member!.name}`);
        need(table, `user:${rows.client!.name}`);
        // A team reads its client's videos: a change to one moves the client's scope.
        need('videos', `user:${videos.userId.name}`);
      }
    }
    const installed = await installedScopeTriggers(db);
    const lacking = [...required].flatMap(([table, args]) =>
      [...args].filter((arg) => !installed.get(table)?.includes(arg)).map((a) => `${table} ${a}`),
    );
    expect(lacking).toEqual([]);
  });

  it('the list of clients is kept only for viewers whose label holds every client it shows', async () => {
    const missed: string[] = [];
    for (const viewer of viewers) {
      if (!clientListKeptFor(viewer) || readingRelations(viewer).has('everyVideo')) continue;
      const shown = await directoryIds(db, viewer);
      if (!shown) {
        missed.push(`${viewer.role}: kept, but shown every client`);
        continue;
      }
      const clients = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, [...shown]), hasClientRole()));
      const label = new Set(scopesOf(await labelOf(viewer)));
      for (const { id } of clients) {
        if (!label.has(`user:${id}`)) missed.push(`${viewer.role}: client ${id} not in its label`);
      }
    }
    expect(missed).toEqual([]);
  });

  it("changedSince reads again what moved: a kept list brought up to date is the viewer's list now", async () => {
    const readers = viewers.filter((v) => !readingRelations(v).has('everyVideo'));
    const kept = new ListVersionsCache(100);
    const json = new VideoJsonCache(64 * 1024 * 1024);
    const keyOfViewer = (viewer: Viewer) => `${viewer.id}|/api/videos`;
    const read = async (viewer: Viewer, since?: boolean) => {
      const scope = await loadViewerScope(db, viewer);
      const label = await labelOf(viewer);
      const at = { kept, key: keyOfViewer(viewer), label };
      return videoListJson(db, json, scope, readableBy(scope), {}, since ? at : undefined);
    };
    const broughtUp = async (viewer: Viewer) => {
      const scope = await loadViewerScope(db, viewer);
      const at = { kept, key: keyOfViewer(viewer), label: await labelOf(viewer) };
      return changedSince(db, scope, readableBy(scope), {}, at);
    };
    for (const viewer of readers) await read(viewer, true);
    const rounds: [string, () => Promise<void>][] = [
      [
        'every video renamed',
        async () => {
          await db.update(videos).set({ name: 'Renamed' });
        },
      ],
      [
        "each viewer's unrelated video assigned to it, its assigned one let go",
        async () => {
          for (const viewer of viewers) {
            await db
              .update(videos)
              .set({ assignedEditorId: viewer.id })
              .where(eq(videos.id, viewer.videos.none));
            await db
              .update(videos)
              .set({ assignedEditorId: null })
              .where(eq(videos.id, viewer.videos.assignedEditor));
          }
        },
      ],
    ];
    for (const [name, change] of rounds) {
      await change();
      const wrong: string[] = [];
      for (const viewer of readers) {
        const fresh = (await read(viewer)).keys;
        const up = await broughtUp(viewer);
        if (!up) wrong.push(`${viewer.role}: no kept list to bring up to date`);
        else if (up.keys.join() !== fresh.join()) wrong.push(`${viewer.role}: ${name}`);
        await read(viewer, true);
      }
      expect(wrong).toEqual([]);
    }
    // The unrelated videos came to each viewer, as the declaration says (assignedEditor).
    const after = await db
      .select({ id: videos.id })
      .from(videos)
      .where(
        inArray(
          videos.assignedEditorId,
          readers.map((v) => v.id),
        ),
      );
    expect(after).toHaveLength(readers.length);
  });
});
