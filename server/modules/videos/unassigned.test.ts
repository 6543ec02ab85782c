import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondInstance, seedVideo, setUpVideoPeople, type Method } from '../../test/helper';

/**
 * Security (docs/rules.md#who-may-do-what): an editor taken off a client's team loses its videos at once,
 * on every instance, even one that has just served them the video (and may keep caches of its
 * own), and gets them back at once when assigned again.
 */
const t = setUpVideoPeople();
let other: Awaited<ReturnType<typeof secondInstance>>;
let videoId = '';

beforeAll(async () => {
  other = await secondInstance(t);
  videoId = (await seedVideo(t, { userId: t.id.owner, status: 'draft' })).id;
});
afterAll(async () => {
  await other?.close();
});

/** teameditor's call on the second instance. */
const onOther = (method: Method, url: string, payload?: object) =>
  other.app.inject({ method, url, headers: { cookie: t.cookie.teameditor }, payload });

/** What teameditor may do with the owner's video, asked of the second instance. */
async function access() {
  const listed = (await onOther('GET', '/api/videos')).json<{ id: string }[]>();
  return {
    read: (await onOther('GET', `/api/videos/${videoId}`)).statusCode,
    listed: listed.some((v) => v.id === videoId),
    comments: (await onOther('GET', `/api/videos/${videoId}/comments`)).statusCode,
    comment: (await onOther('POST', `/api/videos/${videoId}/comments`, { content: 'Hi' }))
      .statusCode,
    edit: (await onOther('PATCH', `/api/videos/${videoId}`, { description: 'Edited' })).statusCode,
  };
}

describe('an unassigned editor', () => {
  it('loses the client’s videos on another instance at once, and gets them back', async () => {
    const granted = { read: 200, listed: true, comments: 200, comment: 201, edit: 200 };
    expect(await access()).toEqual(granted);
    const pair = `/api/assignments/${t.id.owner}/${t.id.teameditor}`;
    expect((await t.call('boss', 'DELETE', pair)).statusCode).toBe(200);
    expect(await access()).toEqual({
      read: 404,
      listed: false,
      comments: 404,
      comment: 404,
      edit: 404,
    });
    const assign = { clientId: t.id.owner, editorId: t.id.teameditor };
    expect((await t.call('boss', 'POST', '/api/assignments', assign)).statusCode).toBe(201);
    expect(await access()).toEqual(granted);
  });
});
