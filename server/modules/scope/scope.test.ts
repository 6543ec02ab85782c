/**
 * A viewer's scope over all their clients (loadViewerScope) and over one video
 * (findReadableVideo) are distinct types: a list query takes the first only. The
 * `@ts-expect-error` line is the check (npm run typecheck fails if the misuse compiles).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEditorAssignments, videos } from '../../db/schema';
import { createTestApp, seedUser, seedVideo, type TestApp } from '../../test/helper';
import { loadViewerScope } from './scope';
import { findReadableVideo } from '../videos/videos.repository';
import { readableBy } from './readable';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('ViewerScope and VideoScope', () => {
  it("a video's scope cannot bound a list: it would leave out the viewer's other clients", async () => {
    const [first, second] = [
      await seedUser(t, { username: 'first.client' }),
      await seedUser(t, { username: 'second.client' }),
    ];
    const editor = await seedUser(t, { username: 'two.teams', role: 'editor' });
    await t.db.insert(clientEditorAssignments).values([
      { clientId: first.id, editorId: editor.id },
      { clientId: second.id, editorId: editor.id },
    ]);
    const video = await seedVideo(t, { userId: first.id, name: 'First client video' });
    await seedVideo(t, { userId: second.id, name: 'Second client video' });
    const names = async (where: ReturnType<typeof readableBy>) =>
      (await t.db.select({ name: videos.name }).from(videos).where(where))
        .map((v) => v.name)
        .sort();

    const full = await loadViewerScope(t.db, editor);
    expect(await names(readableBy(full))).toEqual(['First client video', 'Second client video']);

    const readable = await findReadableVideo(t.db, editor, video.id);
    expect(readable?.scope.teamClientIds).toEqual(new Set([first.id]));
    // @ts-expect-error a VideoScope is not a ViewerScope: the list below misses a client's video
    const narrowed = readableBy(readable!.scope);
    expect(await names(narrowed)).toEqual(['First client video']);
  });
});
