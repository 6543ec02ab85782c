import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import SrtParser from 'srt-parser-2';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import { COMMENT_MESSAGES, type CommentView } from '@domain/comments';
import { MARKER_FORMATS, REPLY_MARK } from '@domain/markers';
import { parseCsv } from '@domain/test-helpers';
import { VERSION_MESSAGES, type VersionList } from '@domain/versions';
import type { CreatedReviewLink } from '@domain/review-links';
import { comments, notifications, videos } from '../../db/schema';
import { seedVideo, setUpVideoPeople } from '../../test/helper';
import { notificationsByUser, readNotices } from '../notifications/test-fixtures';

/**
 * Threads (issue 45 part 4, docs/rules.md#threads): a reply hangs under its first
 * comment, on its version, with no time of its own; the people in the thread hear of each reply
 * once, never of their own; a thread is done, carried over and exported whole.
 */
const t = setUpVideoPeople();
const { id, call } = t;

/** A fresh video of the owner's, its editor `editor`: its id. */
const newVideo = async (name = 'Spring promo', status = 'in_progress') =>
  (await seedVideo(t, { userId: id.owner!, assignedEditorId: id.editor!, name, status })).id;

const post = async (who: string, videoId: string, body: object, status = 201) => {
  const res = await call(who, 'POST', `/api/videos/${videoId}/comments`, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as CommentView & { message?: string };
};
const listOf = async (who: string, videoId: string, query = '') => {
  const res = await call(who, 'GET', `/api/videos/${videoId}/comments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CommentView[];
};

describe('posting a reply', () => {
  let video: string;
  let first: CommentView;
  beforeAll(async () => {
    video = await newVideo();
    first = await post('owner', video, { content: 'The logo at 0:05 is too small' });
  });

  it('hangs under its first comment, on its version, with no time of its own', async () => {
    const reply = await post('editor', video, { content: 'Bigger at 0:07?', parentId: first.id });
    expect(reply).toMatchObject({
      parentId: first.id,
      version: first.version,
      // The words name a moment, but a reply is about its comment's.
      frame: null,
      timecode: null,
      drawing: null,
      doneAt: null,
    });
    expect(first.frame).toBe(150);
    const list = await listOf('owner', video);
    expect(list.find((c) => c.id === reply.id)).toEqual(reply);
    expect(list.find((c) => c.id === first.id)!.parentId).toBeNull();
  });

  it('joins the thread of the first comment when it answers a reply', async () => {
    const reply = await post('editor', video, { content: 'On it', parentId: first.id });
    const answer = await post('owner', video, { content: 'Thanks', parentId: reply.id });
    expect(answer.parentId).toBe(first.id);
  });

  it('refuses a parent of another video, a deleted one, no comment and not an id', async () => {
    const other = await newVideo('Teaser');
    const elsewhere = await post('owner', other, { content: 'Elsewhere' });
    const gone = await post('owner', video, { content: 'Soon gone' });
    expect((await call('owner', 'DELETE', `/api/comments/${gone.id}`)).statusCode).toBe(200);
    for (const parentId of [elsewhere.id, gone.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await post('owner', video, { content: 'Reply', parentId }, 400);
      expect(res.message).toBe(COMMENT_MESSAGES.parentNotFound);
    }
    const bad = await post('owner', video, { content: 'Reply', parentId: 'nope' }, 400);
    expect(bad.message).toBe(COMMENT_MESSAGES.parentInvalid);
    // Nothing was written by any of them.
    const replies = await t.db.select().from(comments).where(eq(comments.content, 'Reply'));
    expect(replies).toEqual([]);
  });

  it('refuses a time, a drawing or another version on a reply', async () => {
    for (const extra of [
      { time: '0:10' },
      { frame: 12 },
      {
        drawing: {
          shapes: [
            {
              tool: 'pen',
              color: 'red',
              points: [
                [0.1, 0.2],
                [0.2, 0.3],
              ],
            },
          ],
        },
      },
    ]) {
      const res = await post('editor', video, { content: 'R', parentId: first.id, ...extra }, 400);
      expect(res.message).toBe(COMMENT_MESSAGES.replyNoTime);
    }
    const res = await post('editor', video, { content: 'R', parentId: first.id, version: 1 }, 400);
    expect(res.message).toBe(COMMENT_MESSAGES.parentVersion);
  });

  it('answers 404 to someone who may not read the video, as for a comment', async () => {
    for (const who of ['other', 'stranger']) {
      const res = await call(who, 'POST', `/api/videos/${video}/comments`, {
        content: 'Sneaky',
        parentId: first.id,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('who hears of a reply', () => {
  it('the people in the thread, once per reply, never the one who wrote it', async () => {
    const video = await newVideo();
    const first = await post('owner', video, { content: 'Colour is off' });
    await t.db.delete(notifications);

    // The owner's thread: the editor's reply tells the owner alone.
    const a = await post('editor', video, { content: 'Fixing it', parentId: first.id });
    expect(await notificationsByUser(t)).toEqual({ owner: ['reply'] });
    expect(await readNotices(call, 'owner')).toMatchObject([
      {
        type: 'reply',
        commentId: a.id,
        videoId: video,
        priority: 'normal',
        message: 'Eddie replied in a thread on "Spring promo": “Fixing it”',
      },
    ]);

    // A lead editor joins: the owner and the editor (both in it) hear once each, the lead not.
    await t.db.delete(notifications);
    await post('lead1', video, { content: 'Check the skin tones', parentId: first.id });
    expect(await notificationsByUser(t)).toEqual({ editor: ['reply'], owner: ['reply'] });

    // The editor writes again: the owner and the lead hear, the editor does not.
    await t.db.delete(notifications);
    await post('editor', video, { content: 'Done', parentId: first.id });
    expect(await notificationsByUser(t)).toEqual({ lead1: ['reply'], owner: ['reply'] });
  });

  it('tells someone both in the thread and mentioned once, by the mention', async () => {
    const video = await newVideo();
    const first = await post('owner', video, { content: 'Music too loud' });
    await post('lead1', video, { content: 'Agreed', parentId: first.id });
    await t.db.delete(notifications);
    // The owner is in the thread and named; teameditor (on the owner's team) is only named.
    await post('editor', video, { content: '@owner @teameditor lowered it', parentId: first.id });
    expect(await notificationsByUser(t)).toEqual({
      lead1: ['reply'],
      owner: ['mention'],
      teameditor: ['mention'],
    });
    expect((await readNotices(call, 'owner'))[0]!.priority).toBe('high');
  });

  it('leaves out someone in the thread who may no longer read the video', async () => {
    const video = await newVideo();
    const first = await post('editor', video, { content: 'Which logo?' });
    // The editor is taken off the video (and is not on the owner's team): no longer a reader.
    await t.db.update(videos).set({ assignedEditorId: null }).where(eq(videos.id, video));
    await t.db.delete(notifications);
    await post('owner', video, { content: 'The new one', parentId: first.id });
    expect(await notificationsByUser(t)).toEqual({});
  });

  it('takes a first comment’s replies’ notices with it when it is deleted', async () => {
    const video = await newVideo();
    const first = await post('owner', video, { content: 'Delete me later' });
    await post('editor', video, { content: 'Reply one', parentId: first.id });
    await post('lead1', video, { content: 'Reply two', parentId: first.id });
    // The editor heard of the comment (its assigned editor) and of the lead's reply.
    const before = await call('editor', 'GET', '/api/notifications/count');
    expect(before.json().count).toBe(2);
    expect((await call('owner', 'DELETE', `/api/comments/${first.id}`)).statusCode).toBe(200);
    expect(await listOf('owner', video)).toEqual([]);
    expect(await notificationsByUser(t)).toEqual({});
    expect((await call('editor', 'GET', '/api/notifications/count')).json().count).toBe(0);
  });
});

describe('a thread is done as a whole', () => {
  it('is marked by its first comment; a reply cannot be marked on its own', async () => {
    const video = await newVideo();
    const first = await post('owner', video, { content: 'Trim the intro' });
    const reply = await post('editor', video, { content: 'Trimmed', parentId: first.id });
    const refused = await call('editor', 'PUT', `/api/comments/${reply.id}/done`, { done: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(COMMENT_MESSAGES.replyDone);

    // One open note on the source, not two: a reply is no note of its own.
    const versions = (
      await call('editor', 'GET', `/api/videos/${video}/versions`)
    ).json() as VersionList;
    expect(versions.source.openNotes).toBe(1);

    const done = await call('editor', 'PUT', `/api/comments/${first.id}/done`, { done: true });
    expect(done.statusCode, done.body).toBe(200);
    const after = (
      await call('editor', 'GET', `/api/videos/${video}/versions`)
    ).json() as VersionList;
    expect(after.source.openNotes).toBe(0);
  });
});

describe('carrying a thread over to the next version', () => {
  it('brings its replies along under the carried note, and leaves the old thread whole', async () => {
    const video = await newVideo();
    const url = `/api/videos/${video}/versions`;
    const first = await post('owner', video, { content: 'Louder music at 0:42' });
    const replies = [
      await post('editor', video, { content: 'How much louder?', parentId: first.id }),
      await post('owner', video, { content: 'Twice', parentId: first.id }),
    ];
    // A reply is no note to carry or close: the thread goes by its first comment.
    const byReply = await call('editor', 'POST', url, {
      link: 'https://a.io/v1',
      carry: [replies[0]!.id],
    });
    expect(byReply.statusCode).toBe(400);
    expect(byReply.json().message).toBe(VERSION_MESSAGES.notOpenNote);

    const v1 = await call('editor', 'POST', url, { link: 'https://a.io/v1', carry: [first.id] });
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json().openNotes).toBe(1);

    const onV1 = await listOf('owner', video, '?version=1');
    expect(onV1.map((c) => [c.content, c.parentId === null, c.carriedFrom])).toEqual([
      ['Louder music at 0:42', true, 0],
      ['How much louder?', false, 0],
      ['Twice', false, 0],
    ]);
    const [copy, ...copied] = onV1;
    expect(copy!.frame).toBe(first.frame);
    expect(copied.map((r) => r.parentId)).toEqual([copy!.id, copy!.id]);
    expect(copied.map((r) => r.author?.id)).toEqual([id.editor, id.owner]);

    // The source's thread stays as it was, its note done.
    const onSource = await listOf('owner', video, '?version=source');
    expect(onSource.map((c) => [c.id, c.parentId])).toEqual([
      [first.id, null],
      [replies[0]!.id, first.id],
      [replies[1]!.id, first.id],
    ]);
    expect(onSource[0]!.doneAt).not.toBeNull();

    // The carried thread goes on: a reply to it joins the copy.
    const more = await post('editor', video, { content: 'Louder now', parentId: copy!.id });
    expect(more).toMatchObject({ parentId: copy!.id, version: 1 });
  });
});

describe('markers carry the replies under their note', () => {
  let video: string;
  beforeAll(async () => {
    video = await newVideo('Promo <"v2"> & co');
    const first = await post('owner', video, { content: 'Logo at 0:05 is <small> & "off"' });
    await post('editor', video, { content: 'Bigger?\nOr brighter?', parentId: first.id });
    await post('owner', video, { content: 'Both --> please', parentId: first.id });
    await post('lead1', video, { content: 'No time here' });
  });
  const file = async (format: string) => {
    const res = await call('owner', 'GET', `/api/videos/${video}/markers?format=${format}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const note = 'Olivia "O" Owner (Source): Logo at 0:05 is <small> & "off"';
  const lines = [
    `${REPLY_MARK} Eddie: Bigger?\nOr brighter?`,
    `${REPLY_MARK} Olivia "O" Owner: Both --> please`,
  ];

  it('in every format', async () => {
    expect(MARKER_FORMATS).toEqual(['fcpxml', 'xmeml', 'edl', 'srt', 'vtt', 'csv']);
    // The line breaks in an attribute are character references (&#10;), which the parser reads.
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      htmlEntities: true,
    });

    const fcpxml = await file('fcpxml');
    expect(XMLValidator.validate(fcpxml)).toBe(true);
    const marker = parser.parse(fcpxml).fcpxml.library.event.project.sequence.spine.gap.marker;
    expect(marker.value).toBe([note, ...lines].join('\n'));

    const xmeml = await file('xmeml');
    expect(XMLValidator.validate(xmeml)).toBe(true);
    const xm = parser.parse(xmeml).xmeml.sequence.marker;
    expect(xm.comment).toBe(['Logo at 0:05 is <small> & "off"', ...lines].join('\n'));

    const edl = await file('edl');
    expect(edl).toContain(
      ` |M:${note} ${REPLY_MARK} Eddie: Bigger? Or brighter? ${REPLY_MARK} Olivia "O" Owner: Both --> please |D:1\r\n`,
    );

    const srt = new SrtParser().fromSrt(await file('srt'));
    expect(srt.map((c) => c.text)).toEqual([
      [
        note,
        `${REPLY_MARK} Eddie: Bigger?`,
        'Or brighter?',
        `${REPLY_MARK} Olivia "O" Owner: Both -> please`,
      ].join('\n'),
    ]);

    const vtt = new WebVTTParser().parse(await file('vtt'), 'metadata');
    expect(vtt.errors).toEqual([]);
    expect(vtt.cues.map((c: { text: string }) => c.text)).toEqual([
      [
        'Olivia "O" Owner (Source): Logo at 0:05 is &lt;small&gt; &amp; "off"',
        `${REPLY_MARK} Eddie: Bigger?`,
        'Or brighter?',
        `${REPLY_MARK} Olivia "O" Owner: Both -&gt; please`,
      ].join('\n'),
    ]);

    expect(parseCsv(await file('csv'))).toEqual([
      ['Time', 'Version', 'Author', 'Text', 'Status'],
      [
        '00:00:05:00',
        'Source',
        'Olivia "O" Owner',
        ['Logo at 0:05 is <small> & "off"', ...lines].join('\n'),
        'In Progress',
      ],
    ]);
  });
});

describe('a review link’s guest', () => {
  it('replies in a thread of the version shown; the people in it hear of it', async () => {
    const video = await newVideo('Guest promo', 'review');
    const first = await post('owner', video, { content: 'Looks good to me' });
    const other = await post('owner', await newVideo('Other', 'review'), { content: 'Else' });
    const link = (
      await call('lead1', 'POST', '/api/review-links', { videoIds: [video], expiresInDays: 7 })
    ).json() as CreatedReviewLink;
    await t.db.delete(notifications);
    const guest = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/review/${link.token}/videos/${video}/comments`,
        payload,
        remoteAddress: '10.0.0.9',
      });
    const res = await guest({ name: 'Alex', content: 'Agreed', parentId: first.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      author: 'Alex',
      guest: true,
      parentId: first.id,
      frame: null,
    });
    expect(await notificationsByUser(t)).toEqual({ owner: ['reply'] });
    expect((await readNotices(call, 'owner'))[0]!.message).toBe(
      'Alex (guest) replied in a thread on "Guest promo": “Agreed”',
    );
    const elsewhere = await guest({ name: 'Alex', content: 'Hm', parentId: other.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(COMMENT_MESSAGES.parentNotFound);
    const timed = await guest({ name: 'Alex', content: 'Hm', parentId: first.id, time: '0:03' });
    expect(timed.statusCode).toBe(400);
  });
});
