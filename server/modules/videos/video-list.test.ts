import { eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { users, videos } from '../../db/schema';
import { seedVideo, setUpVideoPeople } from '../../test/helper';
import { recordStatements } from '../../test/statements';
import { videoReadsOf, wholeListOf } from '../../test/video-lists';
import type { ViewerScope } from '../scope/scope';

/**
 * Issue 20's working day at 100,000 videos: an editor's list runs to ~1,700 videos (1.5 MB), read
 * afresh whenever one of them changes. A list is now its videos' kept JSON, joined: a read sends
 * one light statement (each video's version), then reads in full only the videos that changed.
 * The answers stay byte for byte what serializing the whole list gives.
 */
const t = setUpVideoPeople();
let statements: ReturnType<typeof recordStatements>;
const wholeListAs = (who: keyof typeof t.id, where?: (scope: ViewerScope) => SQL | undefined) =>
  wholeListOf(t, who, where);
const videoReads = (who: keyof typeof t.id, url: string) => videoReadsOf(t, statements, who, url);
const ids: string[] = [];

/** Changes rows with the triggers off: no cache version moves and no NOTIFY goes out. */
async function changeUnseen(work: (tx: typeof t.db) => Promise<unknown>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx);
  });
}

describe('video lists from kept JSON', () => {
  it('sets the scene', async () => {
    statements = recordStatements(t.database);
    for (let i = 0; i < 6; i++) {
      const video = await seedVideo(t, {
        userId: t.id.owner,
        name: `Video ${i}`,
        assignedEditorId: i % 3 === 0 ? null : t.id.teameditor,
        internalNotes: `note ${i}`,
        paymentAmount: `${i}0.00`,
      });
      ids.push(video.id);
    }
  });

  it("answers each viewer's list byte for byte as serializing it at once does", async () => {
    for (const who of ['owner', 'teameditor', 'boss', 'other'] as const) {
      for (let round = 0; round < 2; round++) {
        const res = await t.call(who, 'GET', '/api/videos?refresh=true');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body).toBe(await wholeListAs(who));
      }
    }
    const mine = await t.call('teameditor', 'GET', '/api/videos/assigned-to-me');
    expect(mine.body).toBe(
      await wholeListAs('teameditor', (scope) => eq(videos.assignedEditorId, scope.id)),
    );
    expect(mine.json<unknown[]>()).toHaveLength(4);
  });

  it('pages keep their cursor and their length', async () => {
    const first = await t.call('owner', 'GET', '/api/videos?limit=4&refresh=true');
    expect(first.json<unknown[]>()).toEqual(JSON.parse(await wholeListAs('owner')).slice(0, 4));
    const cursor = first.headers['x-next-cursor'] as string;
    const rest = await t.call('owner', 'GET', `/api/videos?limit=4&cursor=${cursor}&refresh=true`);
    expect(rest.json<unknown[]>()).toEqual(JSON.parse(await wholeListAs('owner')).slice(4));
    expect(rest.headers['x-next-cursor']).toBeUndefined();
  });

  it('reads again only the versions, then in full only the video that changed', async () => {
    const url = '/api/videos/assigned-to-me?refresh=true';
    await videoReads('teameditor', url);
    const again = await videoReads('teameditor', url);
    expect(again.reads, again.reads.join('\n')).toHaveLength(1);
    expect(again.reads[0]).not.toContain('internal_notes');

    // Renamed with no version of the read cache moved: the kept JSON is keyed by the row itself.
    await changeUnseen((tx) =>
      tx.update(videos).set({ name: 'Renamed' }).where(eq(videos.id, ids[1]!)),
    );
    const changed = await videoReads('teameditor', url);
    expect(changed.reads, changed.reads.join('\n')).toHaveLength(2);
    expect(changed.reads[1]).toContain('internal_notes');
    expect(changed.body).toContain('"name":"Renamed"');
    expect(changed.body).toBe(
      await wholeListAs('teameditor', (scope) => eq(videos.assignedEditorId, scope.id)),
    );
  });

  it("keeps an editor's assigned videos in the read cache until one of them changes", async () => {
    const url = '/api/videos/assigned-to-me';
    await videoReads('teameditor', url);
    const kept = await videoReads('teameditor', url);
    expect(kept.reads, kept.reads.join('\n')).toHaveLength(0);
    const res = await t.call('teameditor', 'PATCH', `/api/videos/${ids[1]!}`, { name: 'Again' });
    expect(res.statusCode).toBe(200);
    const fresh = await videoReads('teameditor', url);
    expect(fresh.body).toContain('"name":"Again"');
  });

  it("shows a person's new name in every listed video of theirs", async () => {
    await changeUnseen((tx) =>
      tx.update(users).set({ name: 'Olga' }).where(eq(users.id, t.id.owner)),
    );
    for (const who of ['owner', 'teameditor'] as const) {
      const res = await t.call(who, 'GET', '/api/videos?refresh=true');
      expect(res.body).toBe(await wholeListAs(who));
      expect(res.json<{ owner: { name: string } }[]>().every((v) => v.owner.name === 'Olga')).toBe(
        true,
      );
    }
  });
});
