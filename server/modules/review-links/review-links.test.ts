import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_LIMITS,
  REVIEW_LINK_MESSAGES,
  REVIEW_PASSWORD_HEADER,
  type CreatedReviewLink,
  type GuestVideoView,
} from '@domain/review-links';
import {
  clientTeamLeadAssignments,
  comments,
  reviewLinks,
  reviewLinkVideos,
  users,
  videos,
  videoStatusHistory,
} from '../../db/schema';
import { seedPerson, seedVideo, setUpVideoPeople } from '../../test/helper';
import { readNotices } from '../notifications/test-fixtures';

/**
 * Review links (issue 19): who shares, what the stored token is, and what a guest with nothing
 * but the token may read and do. The permission matrix (videos/permissions.test.ts) walks the
 * routes for every actor; this file walks the link's life.
 */
const t = setUpVideoPeople();
const { id, call } = t;
let teamLead: { id: string; cookie: string };

beforeAll(async () => {
  teamLead = await seedPerson(t, { username: 'tl', role: 'client_team_lead' });
  await t.db
    .insert(clientTeamLeadAssignments)
    .values({ clientId: id.owner!, teamLeadId: teamLead.id });
});

/** A video of the owner, in review unless told, with internal notes and money the guest never sees. */
const reviewVideo = (status = 'review', userId = id.owner!) =>
  seedVideo(t, {
    userId,
    assignedEditorId: id.editor!,
    name: 'Spring promo',
    status,
    link: 'https://www.youtube.com/watch?v=abcdefghijk',
    description: 'For the spring campaign',
    internalNotes: 'SECRET-NOTE',
    paymentAmount: '321.00',
  });

async function share(
  who: string,
  videoIds: string[],
  extra: { expiresInDays?: number; password?: string } = {},
) {
  return call(who, 'POST', '/api/review-links', { videoIds, expiresInDays: 7, ...extra });
}

async function linkFor(videoIds: string[], extra: { password?: string } = {}) {
  const res = await share('lead1', videoIds, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedReviewLink;
}

/** A guest's call: no cookie at all, the token in the path, a password header when given. */
const guest = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  remoteAddress = '10.0.0.1',
) => t.app.inject({ method, url, payload, headers, remoteAddress });

describe('creating, listing and revoking', () => {
  it('lets managers, the owner and its team lead share; editors get 403, strangers 404', async () => {
    const v = await reviewVideo();
    for (const who of ['lead1', 'boss', 'owner'])
      expect((await share(who, [v.id])).statusCode).toBe(201);
    const tl = await t.app.inject({
      method: 'POST',
      url: '/api/review-links',
      headers: { cookie: teamLead.cookie },
      payload: { videoIds: [v.id], expiresInDays: 1 },
    });
    expect(tl.statusCode).toBe(201);
    for (const who of ['editor', 'teameditor']) {
      const res = await share(who, [v.id]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REVIEW_LINK_MESSAGES.forbidden);
    }
    for (const who of ['other', 'stranger'])
      expect((await share(who, [v.id])).statusCode).toBe(404);
    expect((await share('anonymous', [v.id])).statusCode).toBe(401);
  });

  it('answers the token once, stores only its SHA-256, and lists links without tokens', async () => {
    const v = await reviewVideo();
    const link = await linkFor([v.id]);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const [row] = await t.db.select().from(reviewLinks).where(eq(reviewLinks.id, link.id));
    const { createHash } = await import('node:crypto');
    expect(row!.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);
    const list = await call('owner', 'GET', `/api/videos/${v.id}/review-links`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      { id: link.id, state: 'active', hasPassword: false, createdBy: 'Lea', videoIds: [v.id] },
    ]);
    expect(list.body).not.toContain(link.token);
    expect((await call('editor', 'GET', `/api/videos/${v.id}/review-links`)).statusCode).toBe(403);
    expect((await call('other', 'GET', `/api/videos/${v.id}/review-links`)).statusCode).toBe(404);
  });

  it('stores the password hashed (argon2id)', async () => {
    const v = await reviewVideo();
    const link = await linkFor([v.id], { password: 'open-sesame' });
    const [row] = await t.db.select().from(reviewLinks).where(eq(reviewLinks.id, link.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(link.hasPassword).toBe(true);
  });

  it('refuses bad input with clear messages', async () => {
    const v = await reviewVideo();
    const cases: [object, string][] = [
      [{ videoIds: [], expiresInDays: 7 }, REVIEW_LINK_MESSAGES.noVideos],
      [{ videoIds: [v.id], expiresInDays: 2 }, REVIEW_LINK_MESSAGES.expiry],
      [{ videoIds: [v.id] }, REVIEW_LINK_MESSAGES.expiry],
      [{ videoIds: [v.id], expiresInDays: 7, password: '123' }, REVIEW_LINK_MESSAGES.passwordShort],
      [{ videoIds: ['nope'], expiresInDays: 7 }, 'Video ids must be ids'],
    ];
    for (const [body, message] of cases) {
      const res = await call('lead1', 'POST', '/api/review-links', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const otherVideo = await reviewVideo('review', id.other!);
    const mixed = await share('lead1', [v.id, otherVideo.id]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(REVIEW_LINK_MESSAGES.oneClient);
  });

  it('revokes: managers and the client side; editors 403, strangers 404; the page says so', async () => {
    const v = await reviewVideo();
    const link = await linkFor([v.id]);
    expect((await call('editor', 'DELETE', `/api/review-links/${link.id}`)).statusCode).toBe(403);
    expect((await call('teameditor', 'DELETE', `/api/review-links/${link.id}`)).statusCode).toBe(
      403,
    );
    expect((await call('other', 'DELETE', `/api/review-links/${link.id}`)).statusCode).toBe(404);
    const res = await call('owner', 'DELETE', `/api/review-links/${link.id}`);
    expect(res.statusCode).toBe(200);
    const page = await guest('GET', `/api/review/${link.token}`);
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual({
      message: REVIEW_LINK_MESSAGES.guestRevoked,
      reason: 'revoked',
    });
    const list = await call('lead1', 'GET', `/api/videos/${v.id}/review-links`);
    expect(list.json()[0].state).toBe('revoked');
  });
});

describe('the guest', () => {
  it('reads the videos and comments with no internal notes, money or people ids', async () => {
    const v = await reviewVideo();
    await call('editor', 'POST', `/api/videos/${v.id}/comments`, { content: 'First cut is up' });
    const link = await linkFor([v.id]);
    const res = await guest('GET', `/api/review/${link.token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      client: 'Olivia "O" Owner',
      expiresAt: link.expiresAt,
      videos: [
        {
          id: v.id,
          name: 'Spring promo',
          type: v.type,
          status: 'review',
          link: v.link,
          frameRate: '30',
          description: 'For the spring campaign',
          dueDate: null,
          version: null,
          sentVersion: null,
          notice: null,
          decision: null,
          canDecide: true,
          comments: [
            {
              id: expect.any(String),
              content: 'First cut is up',
              createdAt: expect.any(String),
              author: 'Eddie',
              guest: false,
              done: false,
              carriedFrom: null,
              frame: null,
              timecode: null,
              drawing: null,
              parentId: null,
            },
          ],
          earlier: [],
        },
      ],
    });
    for (const hidden of [
      'SECRET-NOTE',
      '321.00',
      'internalNotes',
      'payment',
      id.editor!,
      id.owner!,
    ]) {
      expect(res.body).not.toContain(hidden);
    }
  });

  it('answers a clear 404 for unknown and malformed tokens, 410 once expired', async () => {
    const unknown = await guest('GET', `/api/review/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: REVIEW_LINK_MESSAGES.guestNotFound,
      reason: 'not_found',
    });
    expect((await guest('GET', '/api/review/short')).json().reason).toBe('not_found');
    const v = await reviewVideo();
    const link = await linkFor([v.id]);
    await t.db
      .update(reviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewLinks.id, link.id));
    const expired = await guest('GET', `/api/review/${link.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      message: REVIEW_LINK_MESSAGES.guestExpired,
      reason: 'expired',
    });
    const comment = await guest('POST', `/api/review/${link.token}/videos/${v.id}/comments`, {
      name: 'Alex',
      content: 'Too late?',
    });
    expect(comment.statusCode).toBe(410);
  });

  it('needs the password when the link has one', async () => {
    const v = await reviewVideo();
    const link = await linkFor([v.id], { password: 'pässword-1' });
    const none = await guest('GET', `/api/review/${link.token}`);
    expect(none.statusCode).toBe(401);
    expect(none.json().reason).toBe('password');
    const wrong = await guest('GET', `/api/review/${link.token}`, undefined, {
      [REVIEW_PASSWORD_HEADER]: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: REVIEW_LINK_MESSAGES.guestWrongPassword,
      reason: 'wrong_password',
    });
    const right = await guest('GET', `/api/review/${link.token}`, undefined, {
      [REVIEW_PASSWORD_HEADER]: encodeURIComponent('pässword-1'),
    });
    expect(right.statusCode).toBe(200);
  });

  it('comments under a name: stored with no user, shown as a guest everywhere, the team told', async () => {
    const v = await reviewVideo();
    const link = await linkFor([v.id]);
    const res = await guest('POST', `/api/review/${link.token}/videos/${v.id}/comments`, {
      name: '  Alex  ',
      content: 'Love the intro at 0:12',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      content: 'Love the intro at 0:12',
      createdAt: expect.any(String),
      author: 'Alex',
      guest: true,
      done: false,
      carriedFrom: null,
      // The time its text names, at the source's 30 fps (issue 43).
      frame: 360,
      timecode: '00:00:12:00',
      drawing: null,
      parentId: null,
    });
    const [row] = await t.db.select().from(comments).where(eq(comments.id, res.json().id));
    expect(row).toMatchObject({ userId: null, guestName: 'Alex' });
    // The team's own view of the comments renders the guest.
    const list = await call('lead1', 'GET', `/api/videos/${v.id}/comments`);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ userId: null, author: null, guestName: 'Alex' }),
    );
    const csv = await call('lead1', 'GET', `/api/videos/${v.id}/markers?format=csv`);
    expect(csv.body).toContain('Alex (guest)');
    // The client side, the video's editor and the client's editors hear it.
    for (const who of ['owner', 'editor', 'teameditor']) {
      expect(await readNotices(call, who)).toContainEqual(
        expect.objectContaining({
          videoId: v.id,
          commentId: res.json().id,
          message: 'Alex (guest) commented on "Spring promo"',
        }),
      );
    }
    const bad = await guest('POST', `/api/review/${link.token}/videos/${v.id}/comments`, {
      name: ' ',
      content: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REVIEW_LINK_MESSAGES.nameMissing);
    const empty = await guest('POST', `/api/review/${link.token}/videos/${v.id}/comments`, {
      name: 'Alex',
      content: '  ',
    });
    expect(empty.statusCode).toBe(400);
    const elsewhere = await reviewVideo();
    const notInLink = await guest(
      'POST',
      `/api/review/${link.token}/videos/${elsewhere.id}/comments`,
      {
        name: 'Alex',
        content: 'sneaky',
      },
    );
    expect(notInLink.statusCode).toBe(404);
  });

  it('requests changes once: the note is a guest comment, the move is in the history by name', async () => {
    const v = await reviewVideo();
    const link = await linkFor([v.id]);
    const url = `/api/review/${link.token}/videos/${v.id}/decision`;
    const noNote = await guest('POST', url, { name: 'Alex', decision: 'request_changes' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(REVIEW_LINK_MESSAGES.noteRequired);
    const badDecision = await guest('POST', url, { name: 'Alex', decision: 'maybe' });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json().message).toBe(REVIEW_LINK_MESSAGES.decisionInvalid);
    const res = await guest('POST', url, {
      name: 'Alex',
      decision: 'request_changes',
      note: 'Shorter outro please',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'in_progress',
      canDecide: false,
      decision: { decision: 'changes_requested', by: 'Alex' },
      comments: [{ content: 'Shorter outro please', author: 'Alex', guest: true }],
    });
    const history = await t.db
      .select()
      .from(videoStatusHistory)
      .where(eq(videoStatusHistory.videoId, v.id));
    expect(history).toContainEqual(
      expect.objectContaining({
        fromStatus: 'review',
        toStatus: 'in_progress',
        changedById: null,
        guestName: 'Alex',
      }),
    );
    const detail = await call('lead1', 'GET', `/api/videos/${v.id}`);
    expect(detail.json().statusHistory).toContainEqual(
      expect.objectContaining({ toStatus: 'in_progress', changedBy: null, guestName: 'Alex' }),
    );
    expect(await readNotices(call, 'editor')).toContainEqual(
      expect.objectContaining({
        videoId: v.id,
        type: 'changes_requested',
        message: 'Alex (guest) sent "Spring promo" back with changes requested',
      }),
    );
    // Once: even back in review, this link's decision on the video is made.
    await t.db.update(videos).set({ status: 'review' }).where(eq(videos.id, v.id));
    const again = await guest('POST', url, { name: 'Bo', decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_LINK_MESSAGES.alreadyDecided);
  });

  it('approves a video in review, and may not decide on one that is not', async () => {
    const v = await reviewVideo();
    const draft = await reviewVideo('draft');
    const link = await linkFor([v.id, draft.id]);
    const ok = await guest('POST', `/api/review/${link.token}/videos/${v.id}/decision`, {
      name: 'Alex',
      decision: 'approve',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'ready_to_post',
      decision: { decision: 'approved' },
    });
    const page = await guest('GET', `/api/review/${link.token}`);
    expect(page.json().videos.find((x: { id: string }) => x.id === draft.id).canDecide).toBe(false);
    const no = await guest('POST', `/api/review/${link.token}/videos/${draft.id}/decision`, {
      name: 'Alex',
      decision: 'approve',
    });
    expect(no.statusCode).toBe(409);
    expect(no.json().message).toBe(REVIEW_LINK_MESSAGES.notInReview);
  });

  it('is limited per link and per address (429)', async () => {
    const v = await reviewVideo();
    const link = await linkFor([v.id]);
    const statuses: number[] = [];
    for (let i = 0; i <= REVIEW_LIMITS.perLinkPerMinute; i++) {
      // A new address each time: only the link's own limit counts.
      statuses.push(
        (await guest('GET', `/api/review/${link.token}`, undefined, {}, `10.1.0.${i}`)).statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const last = await guest('GET', `/api/review/${link.token}`, undefined, {}, '10.1.1.1');
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(REVIEW_LINK_MESSAGES.tooMany);
    // One address over many links (guessing tokens, say).
    const codes: number[] = [];
    for (let i = 0; i <= REVIEW_LIMITS.perAddressPerMinute; i++) {
      codes.push(
        (await guest('GET', `/api/review/${'B'.repeat(42)}${i % 10}`, undefined, {}, '10.2.0.1'))
          .statusCode,
      );
    }
    expect(codes.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('is no session: its token as a cookie, bearer or x-user-id opens no other route', async () => {
    const v = await reviewVideo();
    const link = await linkFor([v.id]);
    const routes = [
      ['GET', '/api/auth/me'],
      ['GET', '/api/videos'],
      ['GET', `/api/videos/${v.id}`],
      ['GET', `/api/videos/${v.id}/comments`],
      ['POST', `/api/videos/${v.id}/comments`],
      ['GET', `/api/videos/${v.id}/review-links`],
      ['POST', '/api/review-links'],
      ['GET', '/api/notifications'],
    ] as const;
    const carriers = [
      { cookie: `sid=${link.token}` },
      { cookie: `__Host-sid=${link.token}` },
      { authorization: `Bearer ${link.token}` },
      { 'x-user-id': link.token },
      { 'x-review-token': link.token },
    ];
    for (const [method, url] of routes) {
      for (const headers of carriers) {
        const res = await t.app.inject({
          method,
          url,
          headers,
          payload: method === 'POST' ? {} : undefined,
        });
        expect([401, 404], `${method} ${url} ${JSON.stringify(headers)}`).toContain(res.statusCode);
      }
    }
    // A session token is no review token either.
    const sid = t.cookie.owner!.replace(/^sid=/, '');
    expect((await guest('GET', `/api/review/${sid}`)).statusCode).toBe(404);
  });
});

describe('a link lives only while its creator may share every video on it (issue 37, obs 11)', () => {
  /** A client team lead of the owner, signed in, and a call as it. */
  async function freshTeamLead(username: string) {
    const person = await seedPerson(t, { username, role: 'client_team_lead' });
    await t.db
      .insert(clientTeamLeadAssignments)
      .values({ clientId: id.owner!, teamLeadId: person.id });
    const as = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: person.cookie } });
    return { ...person, as };
  }

  /** What a guest may do with a dead link: read, comment, decide: each the documented 410. */
  async function expectTurnedOff(token: string, videoId: string) {
    const answers = [
      await guest('GET', `/api/review/${token}`),
      await guest('POST', `/api/review/${token}/videos/${videoId}/comments`, {
        name: 'Alex',
        content: 'Still here?',
      }),
      await guest('POST', `/api/review/${token}/videos/${videoId}/decision`, {
        name: 'Alex',
        decision: 'approve',
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(410);
      expect(res.json()).toEqual({
        message: REVIEW_LINK_MESSAGES.guestCreatorLost,
        reason: 'revoked',
      });
    }
    const [row] = await t.db.select().from(videos).where(eq(videos.id, videoId));
    expect(row!.status).toBe('review');
    expect(await t.db.select().from(comments).where(eq(comments.videoId, videoId))).toEqual([]);
  }

  it('stops when a team lead who made it is removed from the client; a manager sees and revokes it', async () => {
    const tl = await freshTeamLead('tl-removed');
    const v = await reviewVideo();
    const made = await tl.as('POST', '/api/review-links', { videoIds: [v.id], expiresInDays: 7 });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json() as CreatedReviewLink;
    expect((await guest('GET', `/api/review/${link.token}`)).statusCode).toBe(200);

    const removed = await call('lead1', 'DELETE', `/api/team-leads/${id.owner}/${tl.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectTurnedOff(link.token, v.id);
    // The creator reads the video no more: its link is gone for it (404).
    expect((await tl.as('DELETE', `/api/review-links/${link.id}`)).statusCode).toBe(404);

    // A manager lists every link of the video, this one with its creator and as turned off.
    const listed = await call('lead1', 'GET', `/api/videos/${v.id}/review-links`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject([
      { id: link.id, createdBy: 'tl-removed', state: 'creator_lost_access', revokedAt: null },
    ]);
    expect(listed.body).not.toContain(link.token);
    const revoked = await call('lead1', 'DELETE', `/api/review-links/${link.id}`);
    expect(revoked.statusCode).toBe(200);
    const after = await call('lead1', 'GET', `/api/videos/${v.id}/review-links`);
    expect(after.json()[0].state).toBe('revoked');
    // Put back on the team, the creator finds its link revoked for good.
    await t.db.insert(clientTeamLeadAssignments).values({ clientId: id.owner!, teamLeadId: tl.id });
    expect((await guest('GET', `/api/review/${link.token}`)).statusCode).toBe(410);
  });

  /** A new lead editor, a video in review and a working link the lead editor made of it. */
  async function linkByNewManager(username: string) {
    const manager = await seedPerson(t, { username, role: 'lead_editor' });
    const v = await reviewVideo();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/review-links',
      headers: { cookie: manager.cookie },
      payload: { videoIds: [v.id], expiresInDays: 7 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json() as CreatedReviewLink;
    expect((await guest('GET', `/api/review/${link.token}`)).statusCode).toBe(200);
    return { manager, v, link };
  }

  it('stops when its creator is deleted', async () => {
    const { manager, v, link } = await linkByNewManager('lead-leaving');
    expect((await call('boss', 'DELETE', `/api/admin/users/${manager.id}`)).statusCode).toBe(200);
    await expectTurnedOff(link.token, v.id);
    const listed = await call('boss', 'GET', `/api/videos/${v.id}/review-links`);
    expect(listed.json()).toMatchObject([
      { id: link.id, createdBy: null, state: 'creator_lost_access' },
    ]);
  });

  it('stops when its creator may no longer share one of its videos (a manager made an editor)', async () => {
    const { manager, v, link } = await linkByNewManager('lead-demoted');
    await t.db.update(users).set({ role: 'editor' }).where(eq(users.id, manager.id));
    await expectTurnedOff(link.token, v.id);
  });

  it('lists every link of a video to managers and the client side, and lets them revoke any', async () => {
    const tl = await freshTeamLead('tl-lister');
    const v = await reviewVideo();
    const byOwner = (await share('owner', [v.id])).json() as CreatedReviewLink;
    const byManager = await linkFor([v.id]);
    const byLead = (
      await tl.as('POST', '/api/review-links', { videoIds: [v.id], expiresInDays: 7 })
    ).json() as CreatedReviewLink;
    const idsOf = (res: { json: () => unknown }) =>
      (res.json() as { id: string }[]).map((l) => l.id).sort();
    const every = [byOwner.id, byManager.id, byLead.id].sort();

    for (const who of ['lead1', 'lead2', 'boss', 'owner']) {
      const all = await call(who, 'GET', `/api/videos/${v.id}/review-links`);
      expect(all.statusCode).toBe(200);
      expect(idsOf(all), who).toEqual(every);
    }
    expect(idsOf(await tl.as('GET', `/api/videos/${v.id}/review-links`))).toEqual(every);
    expect((await call('editor', 'GET', `/api/videos/${v.id}/review-links`)).statusCode).toBe(403);

    // Whoever made it: a manager revokes the owner's, the owner the manager's, the team lead
    // the owner's team lead's.
    expect((await call('lead2', 'DELETE', `/api/review-links/${byOwner.id}`)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', `/api/review-links/${byManager.id}`)).statusCode).toBe(
      200,
    );
    expect((await tl.as('DELETE', `/api/review-links/${byLead.id}`)).statusCode).toBe(200);
    for (const token of [byOwner.token, byManager.token, byLead.token]) {
      expect((await guest('GET', `/api/review/${token}`)).json().reason).toBe('revoked');
    }
  });
});

describe('links follow the versions (issue 41, item 7)', () => {
  const cut = (n: number) => `https://cdn.example.com/cuts/v${n}.mp4`;

  /** The editor adds cut `n` (POST /api/videos/{id}/versions): the current version from then on. */
  async function addVersion(videoId: string, n: number) {
    const res = await call('editor', 'POST', `/api/videos/${videoId}/versions`, {
      link: cut(n),
      note: 'SECRET-CHANGE-NOTE',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().number).toBe(n);
  }

  /** The client sends the video back with changes requested (its round closes). */
  async function back(videoId: string) {
    const res = await call('owner', 'PATCH', `/api/videos/${videoId}/status`, {
      status: 'in_progress',
      note: 'Again please',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The editor sends the current version to review: the status move begins a round on it. */
  async function toReview(videoId: string) {
    const [video] = await t.db.select().from(videos).where(eq(videos.id, videoId));
    if (video!.status === 'review') await back(videoId);
    const res = await call('editor', 'PATCH', `/api/videos/${videoId}/status`, {
      status: 'review',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const page = async (token: string) => {
    const res = await guest('GET', `/api/review/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().videos[0] as GuestVideoView;
  };
  const comment = (token: string, videoId: string, body: object) =>
    guest('POST', `/api/review/${token}/videos/${videoId}/comments`, { name: 'Alex', ...body });
  const versionOf = async (commentId: string) =>
    (await t.db.select().from(comments).where(eq(comments.id, commentId)))[0]!.version;

  it('records the version sent: the current one, or null for the source', async () => {
    const source = await reviewVideo();
    const cutVideo = await reviewVideo();
    await addVersion(cutVideo.id, 1);
    await addVersion(cutVideo.id, 2);
    const link = await linkFor([source.id, cutVideo.id]);
    const rows = await t.db
      .select()
      .from(reviewLinkVideos)
      .where(eq(reviewLinkVideos.linkId, link.id));
    expect(Object.fromEntries(rows.map((r) => [r.videoId, r.version]))).toEqual({
      [source.id]: null,
      [cutVideo.id]: 2,
    });
    const res = await guest('GET', `/api/review/${link.token}`);
    const [a, b] = res.json().videos as GuestVideoView[];
    expect(a).toMatchObject({ version: null, sentVersion: null, link: source.link, notice: null });
    expect(b).toMatchObject({ version: 2, sentVersion: 2, link: cut(2), notice: null });
  });

  it('shows the version sent and its notes; a newer one once it goes to review, with a notice; earlier notes stay', async () => {
    const v = await reviewVideo('in_progress');
    await addVersion(v.id, 1);
    await toReview(v.id);
    const link = await linkFor([v.id]);
    const mine = await comment(link.token, v.id, { content: '0:12 Logo too small', version: 1 });
    expect(mine.statusCode, mine.body).toBe(201);
    // The team's reply lands on the current version, v1.
    await call('editor', 'POST', `/api/videos/${v.id}/comments`, { content: 'On it' });
    const sent = await page(link.token);
    expect(sent).toMatchObject({ version: 1, sentVersion: 1, link: cut(1), notice: null });
    expect(sent.comments.map((c) => c.content)).toEqual(['0:12 Logo too small', 'On it']);
    expect(sent.earlier).toEqual([]);

    // A cut added but not sent to review is not shown yet.
    await back(v.id);
    await addVersion(v.id, 2);
    expect(await page(link.token)).toMatchObject({ version: 1, link: cut(1), notice: null });

    await toReview(v.id);
    const newer = await page(link.token);
    expect(newer).toMatchObject({
      version: 2,
      sentVersion: 1,
      link: cut(2),
      notice: 'A newer version (v2) is ready: you were sent v1',
      comments: [],
      canDecide: true,
    });
    // The guest's note stays with v1, where the page lists it with v1's link.
    expect(newer.earlier).toEqual([
      {
        version: 1,
        link: cut(1),
        decision: null,
        comments: [expect.objectContaining({ content: '0:12 Logo too small', guest: true })],
      },
    ]);
    expect(await versionOf(mine.json().id)).toBe(1);

    // Three versions on: every one shown before keeps its notes, newest first.
    await comment(link.token, v.id, { content: 'Better', version: 2 });
    await addVersion(v.id, 3);
    await toReview(v.id);
    const third = await page(link.token);
    expect(third.notice).toBe('A newer version (v3) is ready: you were sent v1');
    expect(third.earlier.map((e) => [e.version, e.comments.map((c) => c.content)])).toEqual([
      [2, ['Better']],
      [1, ['0:12 Logo too small']],
    ]);
  });

  it('says the guest was sent the source when the first cut replaces it', async () => {
    const v = await reviewVideo();
    await toReview(v.id);
    const link = await linkFor([v.id]);
    await comment(link.token, v.id, { content: 'Source note', version: null });
    await addVersion(v.id, 1);
    await toReview(v.id);
    const shown = await page(link.token);
    expect(shown).toMatchObject({
      version: 1,
      sentVersion: null,
      link: cut(1),
      notice: 'A newer version (v1) is ready: you were sent the source',
    });
    expect(shown.earlier).toEqual([
      expect.objectContaining({ version: null, link: v.link, comments: [expect.anything()] }),
    ]);
  });

  it("saves the guest's comment on the version shown; a page older than a newer version gets 409", async () => {
    const v = await reviewVideo();
    await addVersion(v.id, 1);
    await toReview(v.id);
    const link = await linkFor([v.id]);
    await addVersion(v.id, 2);
    await toReview(v.id);
    const plain = await comment(link.token, v.id, { content: 'No version said' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await versionOf(plain.json().id)).toBe(2);
    const said = await comment(link.token, v.id, { content: '1:05 Music louder', version: 2 });
    expect(said.statusCode).toBe(201);
    expect(await versionOf(said.json().id)).toBe(2);
    const stale = await comment(link.token, v.id, { content: 'On the old one', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(REVIEW_LINK_MESSAGES.versionChanged);
    const bad = await comment(link.token, v.id, { content: 'x', version: 0 });
    expect(bad.statusCode).toBe(400);
    // The team sees them on v2; the guest page lists them with v2's.
    expect((await page(link.token)).comments.filter((c) => c.guest).map((c) => c.content)).toEqual([
      'No version said',
      '1:05 Music louder',
    ]);
  });

  it('decides once per version: the decision on v1 stays with v1, v2 in review is decided again', async () => {
    const v = await reviewVideo('in_progress');
    await addVersion(v.id, 1);
    await toReview(v.id);
    const link = await linkFor([v.id]);
    const url = `/api/review/${link.token}/videos/${v.id}/decision`;
    const changes = await guest('POST', url, {
      name: 'Alex',
      decision: 'request_changes',
      note: 'Shorter outro',
      version: 1,
    });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json()).toMatchObject({ version: 1, canDecide: false });
    const [note] = await t.db.select().from(comments).where(eq(comments.content, 'Shorter outro'));
    expect(note!.version).toBe(1);

    await addVersion(v.id, 2);
    await toReview(v.id);
    const newer = await page(link.token);
    expect(newer).toMatchObject({ version: 2, decision: null, canDecide: true });
    expect(newer.earlier).toEqual([
      {
        version: 1,
        link: cut(1),
        decision: expect.objectContaining({ decision: 'changes_requested', by: 'Alex' }),
        comments: [expect.objectContaining({ content: 'Shorter outro' })],
      },
    ]);
    // A page still showing v1 may not decide on v2 unseen.
    const stale = await guest('POST', url, { name: 'Alex', decision: 'approve', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(REVIEW_LINK_MESSAGES.versionChanged);
    const approve = await guest('POST', url, { name: 'Alex', decision: 'approve', version: 2 });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({
      status: 'ready_to_post',
      version: 2,
      decision: { decision: 'approved', by: 'Alex' },
      canDecide: false,
    });
    // Both through the one status move, which records each round's guest decider.
    const rounds = await call('lead1', 'GET', `/api/videos/${v.id}/rounds`);
    expect(rounds.json()).toMatchObject([
      { version: 1, decision: 'changes_requested', decidedByGuest: 'Alex', note: 'Shorter outro' },
      { version: 2, decision: 'approved', decidedByGuest: 'Alex', decidedForClient: false },
    ]);
    // Once on v2.
    await t.db.update(videos).set({ status: 'review' }).where(eq(videos.id, v.id));
    const again = await guest('POST', url, { name: 'Bo', decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_LINK_MESSAGES.alreadyDecided);
  });

  it('shows versions with no internal notes, money, version notes or people ids', async () => {
    const v = await reviewVideo();
    await addVersion(v.id, 1);
    await toReview(v.id);
    const link = await linkFor([v.id]);
    await comment(link.token, v.id, { content: 'Nice' });
    await addVersion(v.id, 2);
    await toReview(v.id);
    await call('editor', 'POST', `/api/videos/${v.id}/comments`, { content: 'Team note' });
    const res = await guest('GET', `/api/review/${link.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Nice');
    for (const hidden of [
      'SECRET-NOTE',
      'SECRET-CHANGE-NOTE',
      '321.00',
      'internalNotes',
      'payment',
      'addedBy',
      'userId',
      id.editor!,
      id.owner!,
      id.lead1!,
    ]) {
      expect(res.body).not.toContain(hidden);
    }
  });
});
