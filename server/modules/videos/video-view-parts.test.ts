/**
 * What a video's JSON depends on is declared once (videos.repository.ts: VIDEO_VIEW_ROWS and
 * VIEWER_FACTS); toVideoView, rowVersion and video-list.ts's keyOf derive from it. Held here: a
 * change to any row the JSON is made of gives a new version, and two viewers whose facts are the
 * same (the key's part) get the same JSON, for every role, with and without the admin flag, as
 * owner or not.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@domain/roles';
import { users, videos } from '../../db/schema';
import { createTestApp, seedUser, seedVideo, type TestApp } from '../../test/helper';
import { loadViewerScope } from '../scope/scope';
import { findVersionedVideos, toVideoView, viewerFactsKey } from './videos.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("a video's JSON, its version and its key", () => {
  it('a change to the video, its owner or its editor gives a new version', async () => {
    const client = await seedUser(t, { username: 'parts.client' });
    const editor = await seedUser(t, { username: 'parts.editor', role: 'editor' });
    const video = await seedVideo(t, { userId: client.id, assignedEditorId: editor.id });
    const version = async () => (await findVersionedVideos(t.db, [video.id]))[0]!.version;
    const seen = [await version()];
    await t.db.update(videos).set({ name: 'Renamed' }).where(eq(videos.id, video.id));
    seen.push(await version());
    await t.db.update(users).set({ name: 'Owner' }).where(eq(users.id, client.id));
    seen.push(await version());
    await t.db.update(users).set({ name: 'Editor' }).where(eq(users.id, editor.id));
    seen.push(await version());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("viewers with the same facts get the same JSON, and the key's facts tell the others apart", async () => {
    const owner = await seedUser(t, { username: 'facts.owner' });
    const video = await seedVideo(t, {
      userId: owner.id,
      internalNotes: 'Internal',
      paymentAmount: '12.00',
    });
    const [found] = await findVersionedVideos(t.db, [video.id]);
    const viewers = [owner];
    for (const role of ROLES) {
      for (const isAdmin of ['false', 'true'] as const) {
        viewers.push(await seedUser(t, { username: `facts.${role}.${isAdmin}`, role, isAdmin }));
      }
    }
    const byKey = new Map<string, string>();
    const jsons = new Set<string>();
    for (const viewer of viewers) {
      const scope = await loadViewerScope(t.db, viewer);
      const json = JSON.stringify(toVideoView(scope, found!));
      const key = viewerFactsKey(scope, found!.video);
      expect(byKey.get(key) ?? json, `${viewer.username}: same facts, other JSON`).toBe(json);
      byKey.set(key, json);
      jsons.add(json);
    }
    // As many JSONs as keys: no key stands for two answers, and none is a key for nothing.
    expect(jsons.size).toBe(byKey.size);
    expect(byKey.size).toBeGreaterThan(1);
  });
});
