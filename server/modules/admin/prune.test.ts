import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cacheScopes, clientEditorAssignments, videoCounts, videos } from '../../db/schema';
import { seedUser, seedVideo, setUpSuite } from '../../test/helper';

/*
 * Issue 39, item 7 (migration 0024): `video_counts` kept a row for every deleted client, and
 * `cache_scopes` the counters of every user ever touched, deleted ones included.
 */
const t = setUpSuite([['king', 'king']]);

const countsOf = (userId: string) =>
  t.db.select().from(videoCounts).where(eq(videoCounts.userId, userId));
const scopesOf = async (...userIds: string[]) =>
  (
    await t.db
      .select({ scope: cacheScopes.scope })
      .from(cacheScopes)
      .where(
        inArray(
          cacheScopes.scope,
          userIds.flatMap((id) => [`user:${id}`, `pairs:${id}`]),
        ),
      )
  ).map((r) => r.scope);

const remove = async (userId: string) => {
  const res = await t.call('king', 'DELETE', `/api/admin/users/${userId}`);
  expect(res.statusCode, res.body).toBe(200);
};

describe('pruning the counts and the scope counters', () => {
  it("drops a deleted client's counts row and both users' scope counters", async () => {
    const client = await seedUser(t, { username: 'prune-client' });
    const editor = await seedUser(t, { username: 'prune-editor', role: 'editor' });
    await t.db.insert(clientEditorAssignments).values({ clientId: client.id, editorId: editor.id });
    await seedVideo(t, { userId: client.id, assignedEditorId: editor.id, status: 'review' });
    expect(await countsOf(client.id)).toMatchObject([{ total: 1, review: 1 }]);
    expect(new Set(await scopesOf(client.id, editor.id))).toEqual(
      new Set([`user:${client.id}`, `user:${editor.id}`, `pairs:${editor.id}`]),
    );

    await remove(client.id);
    expect(await countsOf(client.id)).toEqual([]);
    expect(await scopesOf(client.id)).toEqual([]);
    // The editor lives on: their counters stay.
    expect(await scopesOf(editor.id)).not.toEqual([]);
    await remove(editor.id);
    expect(await scopesOf(editor.id)).toEqual([]);
  });

  it("drops a client's counts row with its last video, and counts it again with a new one", async () => {
    const client = await seedUser(t, { username: 'prune-last' });
    const [first, second] = [
      await seedVideo(t, { userId: client.id, status: 'draft' }),
      await seedVideo(t, { userId: client.id, status: 'posted' }),
    ];
    await t.db.delete(videos).where(eq(videos.id, first.id));
    expect(await countsOf(client.id)).toMatchObject([{ total: 1, draft: 0, posted: 1 }]);
    await t.db.delete(videos).where(eq(videos.id, second.id));
    expect(await countsOf(client.id)).toEqual([]);
    await seedVideo(t, { userId: client.id, status: 'in_progress' });
    expect(await countsOf(client.id)).toMatchObject([{ total: 1, inProgress: 1 }]);
  });
});
