import { describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES, utcDay } from '@domain/publishing';
import type { VideoView } from '@domain/videos';
import { seedVideo, setUpVideoPeople } from '../../test/helper';

/** Posting as a step (issue 18): the published URL and day on every path that sets posted. */
const t = setUpVideoPeople();

const video = (status: string, more: Partial<Parameters<typeof seedVideo>[1]> = {}) =>
  seedVideo(t, { userId: t.id.owner, assignedEditorId: t.id.editor, status, ...more });
const markPosted = (who: string, id: string, body: Record<string, unknown> = {}) =>
  t.call(who, 'PATCH', `/api/videos/${id}/status`, { status: 'posted', ...body });
const read = async (who: string, id: string) =>
  (await t.call(who, 'GET', `/api/videos/${id}`)).json() as VideoView;

describe('PATCH /api/videos/{id}/status to posted', () => {
  it('records the URL and day given, and every reader sees them', async () => {
    const v = await video('ready_to_post');
    const res = await markPosted('editor', v.id, {
      publishedUrl: 'instagram.com/p/abc',
      publishedAt: '2026-01-15',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'posted',
      publishedUrl: 'https://instagram.com/p/abc',
      publishedAt: '2026-01-15',
    });
    for (const who of ['owner', 'teameditor', 'lead1', 'boss']) {
      expect(await read(who, v.id), who).toMatchObject({
        publishedUrl: 'https://instagram.com/p/abc',
        publishedAt: '2026-01-15',
      });
    }
    const list = (await t.call('owner', 'GET', '/api/videos')).json() as VideoView[];
    expect(list.find((x) => x.id === v.id)?.publishedAt).toBe('2026-01-15');
  });

  it("without them records today's day and no URL (Skip)", async () => {
    const v = await video('ready_to_post');
    const res = await markPosted('lead1', v.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ publishedUrl: null, publishedAt: utcDay(new Date()) });
  });

  it('keeps them when the video goes back, and offers them again when it is posted again', async () => {
    const v = await video('ready_to_post');
    await markPosted('editor', v.id, { publishedUrl: 'https://x.io/p', publishedAt: '2026-02-01' });
    const back = await t.call('editor', 'PATCH', `/api/videos/${v.id}/status`, {
      status: 'ready_to_post',
    });
    expect(back.json()).toMatchObject({
      publishedUrl: 'https://x.io/p',
      publishedAt: '2026-02-01',
    });
    expect((await markPosted('editor', v.id)).json()).toMatchObject({
      publishedUrl: 'https://x.io/p',
      publishedAt: '2026-02-01',
    });
  });

  it('refuses a bad URL, a future day or the fields on another move with a 400 and its message', async () => {
    const v = await video('ready_to_post');
    const bad = await markPosted('editor', v.id, { publishedUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PUBLISHING_MESSAGES.urlInvalid);
    const future = await markPosted('editor', v.id, { publishedAt: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toContain(PUBLISHING_MESSAGES.dayInFuture);
    const other = await t.call('editor', 'PATCH', `/api/videos/${v.id}/status`, {
      status: 'review',
      publishedUrl: 'https://x.io/p',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain(PUBLISHING_MESSAGES.onlyWhenPosted);
    expect((await read('editor', v.id)).status).toBe('ready_to_post');
  });

  it('a client cannot mark posted, nor set them on a posted video', async () => {
    const ready = await video('ready_to_post');
    const res = await markPosted('owner', ready.id, { publishedUrl: 'https://x.io/p' });
    expect(res.statusCode).toBe(403);
    const posted = await video('posted');
    const again = await markPosted('owner', posted.id, { publishedUrl: 'https://x.io/p' });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(PUBLISHING_MESSAGES.clientSide);
    expect((await read('owner', posted.id)).publishedUrl).toBeNull();
  });
});

describe('POST /api/videos in posted', () => {
  it("a manager's video created posted was published today", async () => {
    const res = await t.call('lead1', 'POST', '/api/videos', {
      link: 'https://vimeo.com/2',
      status: 'posted',
      targetUserId: t.id.owner,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ publishedUrl: null, publishedAt: utcDay(new Date()) });
  });
});

describe('PATCH /api/videos/{id}: editing them afterwards', () => {
  it('the agency edits or clears them on a posted video; with Posted picked in the dialog too', async () => {
    const v = await video('posted', { publishedAt: '2026-03-01' });
    const edit = await t.call('editor', 'PATCH', `/api/videos/${v.id}`, {
      publishedUrl: 'https://tiktok.com/@a/1',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      publishedUrl: 'https://tiktok.com/@a/1',
      publishedAt: '2026-03-01',
    });
    const clear = await t.call('editor', 'PATCH', `/api/videos/${v.id}`, { publishedUrl: '' });
    expect(clear.json().publishedUrl).toBeNull();

    const ready = await video('ready_to_post');
    const both = await t.call('lead1', 'PATCH', `/api/videos/${ready.id}`, {
      status: 'posted',
      publishedUrl: 'https://x.io/q',
      publishedAt: '2026-03-02',
    });
    expect(both.json()).toMatchObject({
      status: 'posted',
      publishedUrl: 'https://x.io/q',
      publishedAt: '2026-03-02',
    });
  });

  it('refuses them on a video that is not posted, and from the client side', async () => {
    const ready = await video('ready_to_post');
    const res = await t.call('editor', 'PATCH', `/api/videos/${ready.id}`, {
      publishedUrl: 'https://x.io/p',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PUBLISHING_MESSAGES.onlyWhenPosted);
    const posted = await video('posted');
    const client = await t.call('owner', 'PATCH', `/api/videos/${posted.id}`, {
      publishedUrl: 'https://x.io/p',
    });
    expect(client.statusCode).toBe(403);
    expect(client.json().message).toBe(PUBLISHING_MESSAGES.clientSide);
  });
});
