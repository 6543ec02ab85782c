import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from '@domain/comments';
import { COMMENT_QUOTE_LENGTH, quotedVideoName } from '@domain/notifications';
import { notifications, videos } from '../../db/schema';
import { seedVideo, setUpVideoPeople } from '../../test/helper';
import { notificationsByUser, readNotices } from '../notifications/test-fixtures';

const t = setUpVideoPeople();
const { id, call } = t;
let videoId: string;

beforeAll(async () => {
  ({ id: videoId } = await seedVideo(t, {
    userId: id.owner!,
    assignedEditorId: id.editor!,
    name: 'Spring promo',
    link: 'https://www.youtube.com/watch?v=abcdefghijk',
  }));
});

const post = (who: string, content: unknown, video = videoId) =>
  call(who, 'POST', `/api/videos/${video}/comments`, { content });

const noticesOf = (who: string) => readNotices(call, who);

/** `who` has one notice, about the video and like `fields`. */
async function expectOneNotice(who: string, fields: object) {
  expect(await noticesOf(who)).toMatchObject([{ videoId, ...fields }]);
}

describe('posting and reading comments', () => {
  it('trims the content and answers the comment with its author', async () => {
    const res = await post('editor', '   Looks good at 1:23 and 01:02:03   ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      content: 'Looks good at 1:23 and 01:02:03',
      createdAt: expect.any(String),
      userId: id.editor,
      videoId,
      author: { id: id.editor, name: 'Eddie', username: 'editor', avatarUrl: null, role: 'editor' },
      guestName: null,
      // On the source (the video has no cut), open (issue 41).
      version: null,
      doneAt: null,
      doneBy: null,
      carriedFrom: null,
      // Its time: the first timecode it names, at the source's 30 fps (issue 43).
      frame: 2490,
      timecode: '00:01:23:00',
      drawing: null,
      parentId: null,
    });
    const list = (await call('owner', 'GET', `/api/videos/${videoId}/comments`)).json();
    expect(list.at(-1)).toEqual(res.json());
  });

  it('lists oldest first', async () => {
    await post('owner', 'first');
    await post('owner', 'second');
    const list = (await call('lead1', 'GET', `/api/videos/${videoId}/comments`)).json() as {
      content: string;
    }[];
    const contents = list.map((c) => c.content);
    expect(contents.indexOf('first')).toBeLessThan(contents.indexOf('second'));
  });

  it('keeps HTML as plain text', async () => {
    const html = '<img src=x onerror=alert(1)>';
    expect((await post('owner', html)).json().content).toBe(html);
  });

  it('refuses empty, whitespace-only, missing and too long content with clear messages', async () => {
    for (const content of ['', '   \n\t ', undefined, 42]) {
      const res = await post('owner', content);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(COMMENT_MESSAGES.empty);
    }
    const long = await post('owner', 'x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Comment is too long (at most 5000 characters)');
    // The limit applies to the trimmed text.
    const padded = await post('owner', `  ${'x'.repeat(COMMENT_MAX_LENGTH)}  `);
    expect(padded.statusCode).toBe(201);
  });

  it('lets every reader read and post, and hides the video from everyone else (404)', async () => {
    for (const who of ['owner', 'editor', 'teameditor', 'lead1', 'boss']) {
      expect((await call(who, 'GET', `/api/videos/${videoId}/comments`)).statusCode, who).toBe(200);
      expect((await post(who, `hello from ${who}`)).statusCode, who).toBe(201);
    }
    for (const who of ['other', 'stranger']) {
      const read = await call(who, 'GET', `/api/videos/${videoId}/comments`);
      expect(read.statusCode, who).toBe(404);
      expect(read.json().message).toBe('Video not found');
      expect((await post(who, 'let me in')).statusCode, who).toBe(404);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('boss', 'GET', `/api/videos/${missing}/comments`)).statusCode).toBe(404);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/videos/${videoId}/comments` });
    expect(res.statusCode).toBe(401);
  });
});

describe('deleting comments', () => {
  it('lets the author, lead editors and the king delete; other readers get 403', async () => {
    const byEditor = (await post('editor', 'mine')).json().id as string;
    const del = (who: string, commentId: string) =>
      call(who, 'DELETE', `/api/comments/${commentId}`);
    expect((await del('owner', byEditor)).statusCode).toBe(403);
    expect((await del('owner', byEditor)).json().message).toBe(COMMENT_MESSAGES.forbiddenDelete);
    expect((await del('teameditor', byEditor)).statusCode).toBe(403);
    expect((await del('other', byEditor)).statusCode).toBe(404);
    const res = await del('editor', byEditor);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Comment deleted');
    expect((await del('editor', byEditor)).statusCode).toBe(404);

    for (const who of ['lead1', 'boss']) {
      const c = (await post('owner', 'remove me')).json().id as string;
      expect((await del(who, c)).statusCode, who).toBe(200);
    }
    const list = (await call('owner', 'GET', `/api/videos/${videoId}/comments`)).json() as {
      content: string;
    }[];
    expect(list.map((c) => c.content)).not.toContain('remove me');
  });

  it("takes the comment's notifications with it", async () => {
    const c = (await post('editor', 'note for the owner')).json().id as string;
    expect((await call('owner', 'GET', '/api/notifications/count')).json().count).toBe(1);
    await call('editor', 'DELETE', `/api/comments/${c}`);
    expect((await call('owner', 'GET', '/api/notifications/count')).json().count).toBe(0);
  });
});

const whoGotWhat = () => notificationsByUser(t);

describe('comment notifications', () => {
  it('reach exactly the right people across the whole user table', async () => {
    await post('owner', 'Plain note');
    expect(await whoGotWhat()).toEqual({ editor: ['comment'] });

    await t.db.delete(notifications);
    await post('lead2', 'Approved');
    expect(await whoGotWhat()).toEqual({ editor: ['comment'], owner: ['comment'] });

    await t.db.delete(notifications);
    await post('editor', '@lead1 @lead1 @teameditor @other @stranger @editor @owner see 0:10');
    expect(await whoGotWhat()).toEqual({
      lead1: ['mention'],
      owner: ['mention'],
      teameditor: ['mention'],
    });
  });

  it('tells the owner and the assigned editor, never the author', async () => {
    await post('owner', 'Please tighten the intro');
    expect(await noticesOf('owner')).toEqual([]);
    await expectOneNotice('editor', {
      type: 'comment',
      title: 'New comment',
      message: `Olivia 'O' Owner commented on "Spring promo": “Please tighten the intro”`,
      priority: 'normal',
      isRead: false,
      recipientId: id.editor,
    });
    expect(await noticesOf('teameditor')).toEqual([]);
    expect(await noticesOf('lead1')).toEqual([]);

    await t.db.delete(notifications);
    const c = (await post('lead2', 'Approved')).json();
    const toOwner = await noticesOf('owner');
    const toEditor = await noticesOf('editor');
    expect(toOwner).toHaveLength(1);
    expect(toEditor).toHaveLength(1);
    expect(toOwner[0]!.commentId).toBe(c.id);
    expect(toOwner[0]!.message).toBe('lead2 commented on "Spring promo": “Approved”');
    expect(await noticesOf('lead2')).toEqual([]);
  });

  it('gives a mentioned reader a high-priority mention instead of the comment notice', async () => {
    await post('owner', 'cc @lead1 and @Editor: look at 0:42.');
    await expectOneNotice('lead1', {
      type: 'mention',
      title: 'You were mentioned',
      priority: 'high',
      message: `Olivia 'O' Owner mentioned you in a comment on "Spring promo": “cc @lead1 and @Editor: look at 0:42.”`,
    });
    const toEditor = await noticesOf('editor');
    expect(toEditor.map((n) => n.type)).toEqual(['mention']);
    expect(await noticesOf('lead2')).toEqual([]);
  });

  it('quotes what was said, on one line, shortened, with the video name the only double-quoted part', async () => {
    const long = `@lead1   "Cut"\n\nthe\tintro ${'and more '.repeat(40)}`;
    await post('owner', long);
    const [n] = await noticesOf('lead1');
    const said = /: “(.*)”$/.exec(n!.message)?.[1];
    expect(said).toMatch(/^@lead1 'Cut' the intro and more and more /);
    expect(said).toMatch(/…$/);
    expect(Array.from(said!)).toHaveLength(COMMENT_QUOTE_LENGTH);
    expect(n!.message).not.toMatch(/\s{2}|\n|\t/);
    expect(quotedVideoName(n!.message)).toBe('Spring promo');
  });

  it('never notifies a mentioned person who may not read the video, nor the author', async () => {
    await post('editor', 'hey @other, @stranger and @editor and @nobody');
    expect(await noticesOf('other')).toEqual([]);
    expect(await noticesOf('stranger')).toEqual([]);
    expect(await noticesOf('editor')).toEqual([]);
    expect((await noticesOf('owner')).map((n) => n.type)).toEqual(['comment']);
  });

  it('notifies a mentioned team editor (a reader through the client assignment)', async () => {
    await post('owner', '@teameditor can you help?');
    expect((await noticesOf('teameditor')).map((n) => n.type)).toEqual(['mention']);
  });

  it('notifies nobody when the owner comments on an unassigned video with no mentions', async () => {
    const [v] = await t.db
      .insert(videos)
      .values({ userId: id.owner!, ordinal: 2, name: 'Solo', link: 'https://a.io/solo' })
      .returning();
    await post('owner', 'note to self', v!.id);
    const all = await t.db.select().from(notifications).where(eq(notifications.videoId, v!.id));
    expect(all).toEqual([]);
  });
});

describe('GET /api/videos/{id}/mentionable', () => {
  it('lists everyone a mention tells: the owner, the assigned editor, the client’s editors, every lead editor and the king; public fields only', async () => {
    const res = await call('teameditor', 'GET', `/api/videos/${videoId}/mentionable`);
    expect(res.statusCode).toBe(200);
    const people = res.json() as Record<string, unknown>[];
    // Issue 37: a mention of the client's editor or the king tells them, so they are offered
    // (and shown as mentions) too; a stranger, who may not read the video, is not.
    expect(people.map((p) => p.username)).toEqual([
      'owner',
      'editor',
      'teameditor',
      'lead1',
      'lead2',
      'boss',
    ]);
    expect(Object.keys(people[0]!).sort()).toEqual(
      ['avatarUrl', 'id', 'isAdmin', 'isVip', 'name', 'role', 'username'].sort(),
    );
    expect(JSON.stringify(people)).not.toMatch(/password|argon2/);
  });

  it('is 404 for those who may not read the video', async () => {
    expect((await call('other', 'GET', `/api/videos/${videoId}/mentionable`)).statusCode).toBe(404);
  });
});
