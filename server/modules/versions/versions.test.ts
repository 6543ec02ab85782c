import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, type CommentView } from '@domain/comments';
import type { CreatedReviewLink } from '@domain/review-links';
import {
  VERSION_MESSAGES,
  type RoundView,
  type VersionList,
  type VersionView,
} from '@domain/versions';
import type { VideoView } from '@domain/videos';
import { clientTeamLeadAssignments, reviewRounds, videos } from '../../db/schema';
import { seedVideo, setUpSuite } from '../../test/helper';

/**
 * Versions, notes on a version and review rounds (issue 41, docs/rules.md#versions-and-review-rounds):
 * the walk source -> v1 -> request changes -> v2 -> approve through the API, what each side may
 * do, and the rounds every way a status moves records (a client, a manager in the client's place,
 * a review link's guest, an undo, a video created in review).
 */
const t = setUpSuite([
  ['owner', 'client', 'false', 'Olive Owner'],
  ['other', 'client', 'false', 'Otto Other'],
  ['editor', 'editor', 'false', 'Eddie Editor'],
  ['teamlead', 'client_team_lead', 'false', 'Tia Lead'],
  ['lead', 'lead_editor', 'false', 'Lena Lead'],
] as const);
const { id, call } = t;

beforeAll(async () => {
  await t.db
    .insert(clientTeamLeadAssignments)
    .values({ clientId: id.owner, teamLeadId: id.teamlead });
});

const SECRET = 'AGENCY-ONLY-NOTE';

/** A video of the owner, assigned to the editor, with the agency's internal notes. */
const ownersVideo = (status = 'draft') =>
  seedVideo(t, {
    userId: id.owner,
    assignedEditorId: id.editor,
    name: 'Spring promo',
    status,
    link: 'https://www.youtube.com/watch?v=abcdefghijk',
    internalNotes: SECRET,
  });

async function ok<T>(
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  body?: object,
) {
  const res = await call(who, method, url, body);
  expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as T;
}

const move = (who: string, videoId: string, status: string, extra: object = {}) =>
  ok<VideoView>(who, 'PATCH', `/api/videos/${videoId}/status`, { status, ...extra });
const comment = (who: string, videoId: string, content: string, extra: object = {}) =>
  ok<CommentView>(who, 'POST', `/api/videos/${videoId}/comments`, { content, ...extra });
const commentsOf = (who: string, videoId: string, query = '') =>
  ok<CommentView[]>(who, 'GET', `/api/videos/${videoId}/comments${query}`);
const roundsOf = (who: string, videoId: string) =>
  ok<RoundView[]>(who, 'GET', `/api/videos/${videoId}/rounds`);
const versionsOf = (who: string, videoId: string) =>
  ok<VersionList>(who, 'GET', `/api/videos/${videoId}/versions`);

describe('a video walks source -> v1 -> request changes -> v2 -> approve', () => {
  it('records two rounds with their deciders, keeps notes on their version, carries one over', async () => {
    const video = await ownersVideo();
    const url = `/api/videos/${video.id}`;

    // The client's note on the source (no cut yet: the default is the source).
    const onSource = await comment('owner', video.id, 'Use the blue logo');
    expect(onSource.version).toBeNull();
    expect((await versionsOf('editor', video.id)).source).toEqual({
      link: 'https://www.youtube.com/watch?v=abcdefghijk',
      openNotes: 1,
      frameRate: '30',
    });

    // v1, closing the source's note; it goes to review.
    const v1 = await ok<VersionView>('editor', 'POST', `${url}/versions`, {
      link: 'youtu.be/v1v1v1v1v1v',
      note: 'First cut',
      close: [onSource.id],
    });
    expect(v1).toMatchObject({
      number: 1,
      link: 'https://www.youtube.com/watch?v=v1v1v1v1v1v',
      note: 'First cut',
      addedBy: { id: id.editor, name: 'Eddie Editor' },
      openNotes: 0,
    });
    await move('editor', video.id, 'review');

    // The client's notes default to the current version, v1; it requests changes.
    const louder = await comment('owner', video.id, 'Louder music at 0:42');
    const typo = await comment('owner', video.id, 'Typo in the title at 0:05');
    expect([louder.version, typo.version]).toEqual([1, 1]);
    await move('owner', video.id, 'in_progress', { note: 'The music is too quiet' });

    // v2 carries one note over and closes the other; it goes to review and is approved.
    const v2 = await ok<VersionView>('editor', 'POST', `${url}/versions`, {
      link: 'https://cdn.example.com/cuts/v2.mp4',
      carry: [louder.id],
      close: [typo.id],
    });
    expect(v2).toMatchObject({ number: 2, note: '', openNotes: 1 });
    await move('editor', video.id, 'review');
    const approved = await move('owner', video.id, 'ready_to_post');
    expect(approved).toMatchObject({ currentVersion: 2, rounds: 2, status: 'ready_to_post' });

    // Two rounds, each with its version, sender, decider, decision and note.
    const rounds = await roundsOf('owner', video.id);
    expect(rounds).toEqual([
      expect.objectContaining({
        number: 1,
        version: 1,
        sentBy: { id: id.editor, name: 'Eddie Editor' },
        decision: 'changes_requested',
        decidedBy: { id: id.owner, name: 'Olive Owner' },
        decidedByGuest: null,
        decidedForClient: false,
        note: 'The music is too quiet',
      }),
      expect.objectContaining({
        number: 2,
        version: 2,
        sentBy: { id: id.editor, name: 'Eddie Editor' },
        decision: 'approved',
        decidedBy: { id: id.owner, name: 'Olive Owner' },
        decidedForClient: false,
        note: null,
      }),
    ]);
    for (const round of rounds) {
      expect(Date.parse(round.decidedAt!)).toBeGreaterThanOrEqual(Date.parse(round.sentAt));
    }

    // v1's notes stay on v1 (the two, both closed, and the request's note, still open).
    const onV1 = await commentsOf('owner', video.id, '?version=1');
    expect(onV1.map((c) => [c.content, c.doneBy?.name ?? null])).toEqual([
      ['Louder music at 0:42', 'Eddie Editor'],
      ['Typo in the title at 0:05', 'Eddie Editor'],
      ['The music is too quiet', null],
    ]);
    // The carried note is v2's, by the same author, from v1.
    const onV2 = await commentsOf('owner', video.id, '?version=2');
    expect(onV2).toEqual([
      expect.objectContaining({
        content: 'Louder music at 0:42',
        userId: id.owner,
        version: 2,
        carriedFrom: 1,
        doneAt: null,
        doneBy: null,
      }),
    ]);
    const onSourceNow = await commentsOf('owner', video.id, '?version=source');
    expect(onSourceNow.map((c) => [c.content, c.carriedFrom, Boolean(c.doneAt)])).toEqual([
      ['Use the blue logo', null, true],
    ]);
    expect(await commentsOf('owner', video.id)).toHaveLength(5);

    // The markers for the edit are the current version's unless another is asked for.
    const markers = async (query: string) =>
      (await call('editor', 'GET', `${url}/markers?format=csv${query}`)).body;
    expect(await markers('')).toContain('Louder music');
    expect(await markers('')).not.toContain('Typo');
    expect(await markers('&version=1')).toContain('Typo');
    expect(await markers('&version=source')).not.toContain('Louder');

    // Open notes per version, newest first.
    const list = await versionsOf('teamlead', video.id);
    expect(list.source.openNotes).toBe(0);
    expect(list.versions.map((v) => [v.number, v.openNotes])).toEqual([
      [2, 1],
      [1, 1],
    ]);

    // The editor ticks off the carried note and takes it back.
    const carried = onV2[0]!;
    const done = await ok<CommentView>('editor', 'PUT', `/api/comments/${carried.id}/done`, {
      done: true,
    });
    expect(done.doneBy).toEqual({ id: id.editor, name: 'Eddie Editor' });
    expect((await versionsOf('owner', video.id)).versions[0]!.openNotes).toBe(0);
    const reopened = await ok<CommentView>('editor', 'PUT', `/api/comments/${carried.id}/done`, {
      done: false,
    });
    expect([reopened.doneAt, reopened.doneBy]).toEqual([null, null]);
  });
});

describe('who may', () => {
  it('add a version: the agency side and managers, never the client side', async () => {
    const video = await ownersVideo();
    const body = { link: 'https://vimeo.com/123456' };
    for (const who of ['owner', 'teamlead']) {
      const res = await call(who, 'POST', `/api/videos/${video.id}/versions`, body);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ message: VERSION_MESSAGES.agencyOnly });
    }
    expect((await call('other', 'POST', `/api/videos/${video.id}/versions`, body)).statusCode).toBe(
      404,
    );
    const byLead = await ok<VersionView>('lead', 'POST', `/api/videos/${video.id}/versions`, body);
    expect(byLead.number).toBe(1);
    const [row] = await t.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.currentVersion).toBe(1);
  });

  it('mark a note done: the agency side, managers and its author, not another client-side reader', async () => {
    const video = await ownersVideo();
    const byEditor = await comment('editor', video.id, 'Check the colour grade');
    const byOwner = await comment('owner', video.id, 'Shorter please');
    const put = (who: string, commentId: string, done: boolean) =>
      call(who, 'PUT', `/api/comments/${commentId}/done`, { done });
    const refused = await put('owner', byEditor.id, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: COMMENT_MESSAGES.forbiddenDone });
    expect((await put('teamlead', byOwner.id, true)).statusCode).toBe(403);
    expect((await put('other', byOwner.id, true)).statusCode).toBe(404);
    expect((await put('owner', byOwner.id, true)).statusCode).toBe(200);
    expect((await put('lead', byEditor.id, true)).statusCode).toBe(200);
    expect((await put('editor', byOwner.id, false)).statusCode).toBe(200);
  });

  it("a client never reads another client's versions, rounds or comments", async () => {
    const video = await ownersVideo();
    await comment('owner', video.id, 'Mine');
    await ok('editor', 'POST', `/api/videos/${video.id}/versions`, { link: 'https://a.io/v1.mp4' });
    for (const path of ['versions', 'rounds', 'comments', 'comments?version=1']) {
      const res = await call('other', 'GET', `/api/videos/${video.id}/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('Mine');
    }
  });

  it("the client side's answers never carry the agency's internal notes", async () => {
    const video = await ownersVideo();
    await ok('editor', 'POST', `/api/videos/${video.id}/versions`, { link: 'https://a.io/v1.mp4' });
    await move('editor', video.id, 'review');
    await comment('owner', video.id, 'Fine');
    for (const who of ['owner', 'teamlead']) {
      for (const path of ['', '/versions', '/rounds', '/comments', '/comments?version=1']) {
        const res = await call(who, 'GET', `/api/videos/${video.id}${path}`);
        expect(res.statusCode, `${who} ${path}`).toBe(200);
        expect(res.body, `${who} ${path}`).not.toContain(SECRET);
      }
    }
    // The agency reads them on the video itself.
    expect((await call('editor', 'GET', `/api/videos/${video.id}`)).body).toContain(SECRET);
  });
});

describe('bad input is a 400 that says why', () => {
  it('refuses a bad link, a note of another version or already done, and one both carried and closed', async () => {
    const video = await ownersVideo();
    const url = `/api/videos/${video.id}/versions`;
    const badLink = await call('editor', 'POST', url, { link: 'mailto:x@y.z' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toBe('Please enter a valid video link');

    const note = await comment('owner', video.id, 'On the source');
    const both = await call('editor', 'POST', url, {
      link: 'https://a.io/1.mp4',
      carry: [note.id],
      close: [note.id],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(VERSION_MESSAGES.carryAndClose);

    await ok('editor', 'POST', url, { link: 'https://a.io/1.mp4', close: [note.id] });
    // Now done, and of the source while v1 is the previous version: neither may be carried.
    const stale = await call('editor', 'POST', url, {
      link: 'https://a.io/2.mp4',
      carry: [note.id],
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: VERSION_MESSAGES.notOpenNote });
    const otherVideo = await ownersVideo();
    const foreign = await comment('owner', otherVideo.id, 'Elsewhere');
    const notHers = await call('editor', 'POST', url, {
      link: 'https://a.io/2.mp4',
      close: [foreign.id],
    });
    expect(notHers.statusCode).toBe(400);
    // Nothing of a refused add was written.
    expect((await versionsOf('editor', video.id)).versions.map((v) => v.number)).toEqual([1]);
  });

  it('refuses a comment on a version the video does not have, and an unknown filter', async () => {
    const video = await ownersVideo();
    const res = await call('owner', 'POST', `/api/videos/${video.id}/comments`, {
      content: 'Hi',
      version: 3,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: COMMENT_MESSAGES.noSuchVersion(3) });
    const filter = await call('owner', 'GET', `/api/videos/${video.id}/comments?version=latest`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toBe(COMMENT_MESSAGES.versionFilterInvalid);
    // Null is the source, even once there is a cut.
    await ok('editor', 'POST', `/api/videos/${video.id}/versions`, { link: 'https://a.io/1.mp4' });
    expect(
      (await comment('owner', video.id, 'On the source', { version: null })).version,
    ).toBeNull();
    expect((await comment('owner', video.id, 'On v1')).version).toBe(1);
  });
});

describe('every status move records its round', () => {
  const roundsRows = (videoId: string) =>
    t.db.select().from(reviewRounds).where(eq(reviewRounds.videoId, videoId));

  it('a manager deciding for the client is recorded so; its own Send Back is not', async () => {
    const video = await ownersVideo();
    await move('editor', video.id, 'review');
    await move('lead', video.id, 'in_progress', { note: 'We fix the grade first' });
    await move('editor', video.id, 'review');
    await move('lead', video.id, 'in_progress', { note: 'Tighter cut', forClient: true });
    await move('editor', video.id, 'review');
    await move('lead', video.id, 'ready_to_post', { forClient: true });
    const rounds = await roundsOf('owner', video.id);
    expect(
      rounds.map((r) => [r.version, r.decision, r.decidedBy?.id, r.decidedForClient, r.note]),
    ).toEqual([
      [null, 'changes_requested', id.lead, false, 'We fix the grade first'],
      [null, 'changes_requested', id.lead, true, 'Tighter cut'],
      [null, 'approved', id.lead, true, null],
    ]);
  });

  it('leaving review another way withdraws the round; an undo takes its round change back', async () => {
    const video = await ownersVideo();
    const sent = await move('editor', video.id, 'review');
    expect(sent.rounds).toBe(1);
    // The editor's own undo of the send: the round is gone, as if never sent.
    const unsent = await move('editor', video.id, 'draft', { undo: true });
    expect(unsent.rounds).toBe(0);
    expect(await roundsRows(video.id)).toEqual([]);
    await move('editor', video.id, 'review');
    // The client's approve, undone: the round is open again.
    await move('owner', video.id, 'ready_to_post');
    const undone = await move('owner', video.id, 'review', { undo: true });
    expect(undone.rounds).toBe(1);
    expect(
      (await roundsOf('owner', video.id)).map((r) => [r.number, r.decision, r.decidedAt]),
    ).toEqual([[1, null, null]]);
    // A manager takes it back to draft: withdrawn, not decided for the client.
    await move('lead', video.id, 'draft');
    expect(
      (await roundsOf('owner', video.id)).map((r) => [r.decision, r.decidedForClient]),
    ).toEqual([['withdrawn', false]]);
  });

  it("a review link's guest decision records the guest", async () => {
    const video = await ownersVideo();
    await ok('editor', 'POST', `/api/videos/${video.id}/versions`, { link: 'https://a.io/1.mp4' });
    await move('editor', video.id, 'review');
    const link = await ok<CreatedReviewLink>('lead', 'POST', '/api/review-links', {
      videoIds: [video.id],
      expiresInDays: 7,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/review/${link.token}/videos/${video.id}/decision`,
      payload: { name: 'Gus', decision: 'request_changes', note: 'Brighter please' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await roundsOf('owner', video.id)).toEqual([
      expect.objectContaining({
        version: 1,
        decision: 'changes_requested',
        decidedBy: null,
        decidedByGuest: 'Gus',
        decidedForClient: false,
        note: 'Brighter please',
      }),
    ]);
  });

  it('a video created in review begins its first round', async () => {
    const res = await call('editor', 'POST', '/api/videos', {
      name: 'Straight to review',
      link: 'https://a.io/s.mp4',
      status: 'review',
      targetUserId: id.editor,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as VideoView;
    expect([created.rounds, created.currentVersion]).toEqual([1, 0]);
    expect(await roundsOf('editor', created.id)).toEqual([
      expect.objectContaining({
        number: 1,
        version: null,
        sentBy: { id: id.editor, name: 'Eddie Editor' },
        decision: null,
      }),
    ]);
  });
});
