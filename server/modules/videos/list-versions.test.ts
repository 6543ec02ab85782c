import { and, eq, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { clientEditorAssignments, users, videos } from '../../db/schema';
import { seedPerson, seedVideo, setUpVideoPeople } from '../../test/helper';
import { recordStatements } from '../../test/statements';
import { videoReadsOf, wholeListOf } from '../../test/video-lists';
import type { ViewerScope } from '../scope/scope';

/**
 * Issue 20's working day: after a change to one client's video, each of that client's editors
 * read their whole list's versions again (~1,700 videos at 100,000, 7-15 ms of PostgreSQL's time
 * each, the largest cost the writers added to the database). A whole list read for the read
 * cache now starts from the versions its viewer read last time, under the label read then: only
 * the videos of the users whose scope moved since are read again (video-list.ts, changedSince),
 * and none when nothing moved. The lists stay byte for byte what a whole read gives.
 */
const t = setUpVideoPeople();
let statements: ReturnType<typeof recordStatements>;
const wholeListAs = (who: keyof typeof t.id, where?: (scope: ViewerScope) => SQL | undefined) =>
  wholeListOf(t, who, where);
const videoReads = (who: keyof typeof t.id, url: string) => videoReadsOf(t, statements, who, url);
let third: string;
const byClient: Record<string, string[]> = {};

/** Names the video, with its triggers: its client's and editor's scopes move, as in use. */
const rename = (id: string, name: string) =>
  t.db.update(videos).set({ name }).where(eq(videos.id, id));

describe("a whole list read again from its viewer's last versions", () => {
  beforeAll(async () => {
    statements = recordStatements(t.database);
    third = (await seedPerson(t, { username: 'third', role: 'client' })).id;
    // teameditor is on the owner's and the other client's teams (setUpVideoPeople gives one).
    await t.db
      .insert(clientEditorAssignments)
      .values({ clientId: t.id.other, editorId: t.id.teameditor });
    // Several made in the same microsecond: the list orders them by id.
    const tie = new Date('2026-11-01T10:00:00.000Z');
    const clients = { owner: t.id.owner, other: t.id.other, third };
    for (const [name, clientId] of Object.entries(clients)) {
      byClient[name] = [];
      for (let i = 0; i < 5; i++) {
        const video = await seedVideo(t, {
          userId: clientId,
          name: `${name} ${i}`,
          assignedEditorId: i % 2 === 0 ? t.id.teameditor : i === 1 ? t.id.editor : null,
          ...(i < 2 && { createdAt: tie }),
        });
        byClient[name]!.push(video.id);
      }
    }
  });

  it('reads again only the videos of the users whose scope moved, and none when none did', async () => {
    const url = '/api/videos';
    const first = await videoReads('teameditor', url);
    expect(first.body).toBe(await wholeListAs('teameditor'));

    // The other client's video with another editor: the other client's and that editor's
    // scopes move, not the owner's or teameditor's.
    await rename(byClient.other![1]!, 'Moved one');
    const after = await videoReads('teameditor', url);
    expect(after.body).toContain('"name":"Moved one"');
    expect(after.body).toBe(await wholeListAs('teameditor'));
    const light = after.reads.find((s) => s.includes('string_agg'));
    expect(light, after.reads.join('\n')).toBeDefined();
    // The whole list's read names the viewer's clients; this one reads the moved client's
    // videos, then those assigned to a moved user of clients the label does not name.
    expect(light).toMatch(/and "videos"\."user_id" in \(\$\d+\)\)\) union all \(select/);

    // A status change of a video of the owner's assigned to the editor: the owner's scope and
    // the editor's own move; the other client's videos are not read again.
    await t.db
      .update(videos)
      .set({ status: 'in_progress' })
      .where(eq(videos.id, byClient.owner![0]!));
    const own = await videoReads('teameditor', url);
    expect(own.body).toBe(await wholeListAs('teameditor'));
    const narrowed = own.reads.find((s) => s.includes('string_agg'));
    expect(narrowed).toMatch(/and "videos"\."user_id" in \(\$\d+, \$\d+\)\)\) union all/);

    // The kept answer gone with its time limit, nothing moved: no read of versions at all.
    t.app.readCache.clear();
    const same = await videoReads('teameditor', url);
    expect(same.reads, same.reads.join('\n')).toHaveLength(0);
    expect(same.body).toBe(own.body);
  });

  it('gives the same lists as whole reads through creates, moves, reassignments and new teams', async () => {
    // A small deterministic sequence of the changes an agency makes, each followed by the
    // readers' lists: the editor's (the list read again in part), the assigned-to-me list, the
    // client's own and the other client's.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const all = () => Object.values(byClient).flat();
    const editors = [t.id.teameditor, t.id.editor, t.id.stranger, null];
    const changes: (() => Promise<unknown>)[] = [
      () => rename(all()[random(all().length)]!, `Renamed ${random(1000)}`),
      async () => {
        const client = Object.keys(byClient)[random(3)]!;
        const clientId = client === 'third' ? third : t.id[client as 'owner' | 'other'];
        const video = await seedVideo(t, {
          userId: clientId,
          name: `new ${random(1000)}`,
          assignedEditorId: editors[random(editors.length)],
        });
        byClient[client]!.push(video.id);
      },
      () =>
        t.db
          .update(videos)
          .set({ assignedEditorId: editors[random(editors.length)] })
          .where(eq(videos.id, all()[random(all().length)]!)),
      () =>
        t.db
          .update(videos)
          .set({ status: ['draft', 'in_progress', 'review'][random(3)]! })
          .where(eq(videos.id, all()[random(all().length)]!)),
      async () => {
        // On the third client's team, or off it again: the editor's scopes are other ones.
        const onTeam = and(
          eq(clientEditorAssignments.clientId, third),
          eq(clientEditorAssignments.editorId, t.id.teameditor),
        );
        const removed = await t.db.delete(clientEditorAssignments).where(onTeam).returning();
        if (!removed.length) {
          await t.db
            .insert(clientEditorAssignments)
            .values({ clientId: third, editorId: t.id.teameditor });
        }
      },
      async () => {
        const client = Object.keys(byClient)[random(3)]!;
        const [gone] = byClient[client]!.splice(random(byClient[client]!.length), 1);
        if (gone) await t.db.delete(videos).where(eq(videos.id, gone));
      },
      () =>
        t.db
          .update(users)
          .set({ name: `Other ${random(1000)}` })
          .where(eq(users.id, t.id.other)),
    ];
    const assigned = (s: ViewerScope) => eq(videos.assignedEditorId, s.id);
    for (let step = 0; step < 40; step++) {
      await changes[random(changes.length)]!();
      const mine = await t.call('teameditor', 'GET', '/api/videos');
      expect(mine.body, `step ${step}`).toBe(await wholeListAs('teameditor'));
      const assignedToMe = await t.call('teameditor', 'GET', '/api/videos/assigned-to-me');
      expect(assignedToMe.body, `step ${step}`).toBe(await wholeListAs('teameditor', assigned));
      for (const client of ['owner', 'other'] as const) {
        const own = await t.call(client, 'GET', '/api/videos');
        expect(own.body, `step ${step}`).toBe(await wholeListAs(client));
      }
      // Now and then the kept answers go with their time limit: read from the kept versions.
      if (step % 3 === 0) t.app.readCache.clear();
    }
  });
});
