import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_STATUSES, type VideoStatus } from '@domain/video-status';
import {
  creationRefusal,
  isClientApproval,
  moveRefusal,
  WORKFLOW_MESSAGES,
  type WorkflowSide,
} from '@domain/workflow';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  comments,
  notifications,
  videos,
  videoStatusHistory,
} from '../../db/schema';
import { setUpSuite } from '../../test/helper';
import { findVideo, updateVideo } from './videos.repository';

/**
 * The transition table (docs/rules.md#rules-the-product-leaves-open) through every route that sets a status, for every
 * kind of viewer: the moves each side may make are written out here, not read from the table.
 */
const ACTORS = [
  ['owner', 'client', 'false', 'client'],
  ['teamlead', 'client_team_lead', 'false', 'client'],
  ['assigned', 'editor', 'false', 'agency'],
  ['teameditor', 'editor', 'false', 'agency'],
  ['lead', 'lead_editor', 'false', 'manager'],
  ['boss', 'king', 'true', 'manager'],
  ['admin', 'editor', 'true', 'manager'],
] as const;
const OUTSIDERS = [
  ['other', 'client', 'false'],
  ['stranger', 'editor', 'false'],
  ['otherlead', 'client_team_lead', 'false'],
] as const;

const AGENCY_MOVES = [
  'draft->in_progress',
  'draft->review',
  'in_progress->draft',
  'in_progress->review',
  'review->in_progress',
  'ready_to_post->posted',
  'posted->ready_to_post',
];
const CLIENT_MOVES = ['review->ready_to_post', 'review->in_progress'];

const mayMove = (side: WorkflowSide, from: VideoStatus, to: VideoStatus) =>
  side === 'manager' ||
  (side === 'agency' ? AGENCY_MOVES : CLIENT_MOVES).includes(`${from}->${to}`);

const t = setUpSuite(
  [...ACTORS, ...OUTSIDERS].map(([username, role, isAdmin]) => [username, role, isAdmin] as const),
);
const { id, call } = t;

beforeAll(async () => {
  await t.db.insert(clientEditorAssignments).values([
    { clientId: id.owner!, editorId: id.assigned! },
    { clientId: id.owner!, editorId: id.teameditor! },
    { clientId: id.other!, editorId: id.stranger! },
  ]);
  await t.db.insert(clientTeamLeadAssignments).values([
    { clientId: id.owner!, teamLeadId: id.teamlead! },
    { clientId: id.other!, teamLeadId: id.otherlead! },
  ]);
});

async function videoIn(status: VideoStatus) {
  const [last] = await t.db
    .select({ n: sql<number>`coalesce(max(${videos.ordinal}), 0)` })
    .from(videos)
    .where(eq(videos.userId, id.owner!));
  const ordinal = Number(last!.n) + 1;
  const [row] = await t.db
    .insert(videos)
    .values({
      userId: id.owner!,
      assignedEditorId: id.assigned!,
      ordinal,
      name: `Video ${ordinal}`,
      link: 'https://vimeo.com/1',
      status,
    })
    .returning();
  return row!;
}

/** PATCH /api/videos/:id/status as `who`, with a note when one is given. */
const setStatus = (who: string, videoId: string, status: VideoStatus, note?: string) =>
  call(who, 'PATCH', `/api/videos/${videoId}/status`, { status, note });

const statusOf = async (videoId: string) =>
  (await t.db.select({ s: videos.status }).from(videos).where(eq(videos.id, videoId)))[0]?.s;

describe('every (viewer × from × to) move through every status route', () => {
  for (const [who, , , side] of ACTORS) {
    it(`${who} (${side} side)`, async () => {
      for (const from of VIDEO_STATUSES) {
        for (const to of VIDEO_STATUSES) {
          if (from === to) continue;
          const label = `${who} ${from}->${to}`;
          const allowed = mayMove(side, from, to);
          const needsNote = side === 'client' && from === 'review' && to === 'in_progress';
          // The client's approval: a manager makes it only saying it decides for the client.
          const forClient = side === 'manager' && isClientApproval(from, to);

          // PATCH /api/videos/:id/status
          const v1 = await videoIn(from);
          const res = await setStatus(who, v1.id, to);
          if (!allowed) {
            expect(res.statusCode, label).toBe(403);
            expect(res.json().message, label).toBe(moveRefusal(side, from, to));
            expect(await statusOf(v1.id), label).toBe(from);
          } else if (needsNote) {
            expect(res.statusCode, label).toBe(400);
            expect(res.json().message, label).toBe(WORKFLOW_MESSAGES.noteRequired);
            expect(await statusOf(v1.id), label).toBe(from);
            const withNote = await setStatus(who, v1.id, to, 'Shorter intro, please');
            expect(withNote.statusCode, label).toBe(200);
            expect(await statusOf(v1.id), label).toBe(to);
          } else if (forClient) {
            expect(res.statusCode, label).toBe(409);
            expect(res.json().message, label).toBe(WORKFLOW_MESSAGES.forClientRequired);
            expect(await statusOf(v1.id), label).toBe(from);
            const saying = await call(who, 'PATCH', `/api/videos/${v1.id}/status`, {
              status: to,
              forClient: true,
            });
            expect(saying.statusCode, label).toBe(200);
            expect(await statusOf(v1.id), label).toBe(to);
          } else {
            expect(res.statusCode, label).toBe(200);
            expect(res.json().status, label).toBe(to);
          }

          // PATCH /api/videos/:id (the edit dialog; its status list has no draft)
          const v2 = await videoIn(from);
          const edit = await call(who, 'PATCH', `/api/videos/${v2.id}`, { status: to });
          if (to === 'draft') {
            expect(edit.statusCode, label).toBe(400);
          } else if (!allowed) {
            expect(edit.statusCode, label).toBe(403);
            expect(edit.json().message, label).toBe(moveRefusal(side, from, to));
          } else if (needsNote) {
            expect(edit.statusCode, label).toBe(400);
            expect(edit.json().message, label).toBe(WORKFLOW_MESSAGES.noteRequired);
          } else if (forClient) {
            expect(edit.statusCode, label).toBe(409);
            expect(edit.json().message, label).toBe(WORKFLOW_MESSAGES.forClientRequired);
          } else {
            expect(edit.statusCode, label).toBe(200);
            expect(edit.json().status, label).toBe(to);
          }
          if (edit.statusCode !== 200) expect(await statusOf(v2.id), label).toBe(from);
        }
      }
    });
  }

  it('people outside the video never learn it exists', async () => {
    const v = await videoIn('review');
    for (const [who] of OUTSIDERS) {
      const res = await setStatus(who, v.id, 'ready_to_post');
      expect(res.statusCode, who).toBe(404);
      const edit = await call(who, 'PATCH', `/api/videos/${v.id}`, { status: 'ready_to_post' });
      expect(edit.statusCode, who).toBe(404);
    }
    expect(await statusOf(v.id)).toBe('review');
  });
});

describe('creation sets a status too', () => {
  const creators = [
    ['owner', 'client'],
    ['teamlead', 'client'],
    ['teameditor', 'agency'],
    ['lead', 'manager'],
    ['boss', 'manager'],
  ] as const;
  const START = { client: ['draft'], agency: ['draft', 'in_progress', 'review'] };

  for (const [who, side] of creators) {
    it(`${who} (${side} side)`, async () => {
      for (const status of VIDEO_STATUSES) {
        const res = await call(who, 'POST', '/api/videos', {
          name: `${who} ${status}`,
          link: 'https://vimeo.com/2',
          status,
          targetUserId: who === 'owner' ? undefined : id.owner,
        });
        const allowed = side === 'manager' || START[side].includes(status);
        if (allowed) {
          expect(res.statusCode, status).toBe(201);
          expect(res.json().status, status).toBe(status);
        } else {
          expect(res.statusCode, status).toBe(403);
          expect(res.json().message, status).toBe(creationRefusal(side, status));
        }
      }
    });
  }

  it('a team lead creates for the clients it leads, never for itself', async () => {
    const res = await call('teamlead', 'POST', '/api/videos', {
      name: 'Team lead own',
      link: 'https://vimeo.com/4',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot create videos for this user');
  });

  it('a client creating a posted video is refused, nothing is stored', async () => {
    const before = await t.db.select().from(videos).where(eq(videos.name, 'Straight to posted'));
    const res = await call('owner', 'POST', '/api/videos', {
      name: 'Straight to posted',
      link: 'https://vimeo.com/3',
      status: 'posted',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your new videos start as Draft: the agency moves them from there',
    );
    const after = await t.db.select().from(videos).where(eq(videos.name, 'Straight to posted'));
    expect(after.length).toBe(before.length);
  });
});

describe('Request Changes and Send Back', () => {
  it('the note becomes a comment and the assigned editor hears of it', async () => {
    const v = await videoIn('review');
    const res = await setStatus(
      'owner',
      v.id,
      'in_progress',
      '  Please cut the intro to 5 seconds  ',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('in_progress');
    const [comment] = await t.db.select().from(comments).where(eq(comments.videoId, v.id));
    expect(comment).toMatchObject({
      userId: id.owner,
      content: 'Please cut the intro to 5 seconds',
    });
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.videoId, v.id), eq(notifications.recipientId, id.assigned!)));
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'changes_requested',
        title: 'Changes requested',
        priority: 'high',
        commentId: comment!.id,
        message: `owner sent "${v.name}" back with changes requested`,
      }),
    ]);
    const history = await t.db
      .select()
      .from(videoStatusHistory)
      .where(eq(videoStatusHistory.videoId, v.id));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: 'review',
        toStatus: 'in_progress',
        changedById: id.owner,
      }),
    ]);
  });

  it('a blank note is no note', async () => {
    const v = await videoIn('review');
    const res = await setStatus('teamlead', v.id, 'in_progress', '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please say what needs to change');
  });

  it('the agency may send back without a note; a note goes only with sending back', async () => {
    const v = await videoIn('review');
    const bare = await setStatus('assigned', v.id, 'in_progress');
    expect(bare.statusCode).toBe(200);
    const stray = await setStatus('assigned', v.id, 'review', 'done');
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe('A note goes with Send Back or Request Changes only');
    expect(await t.db.select().from(comments).where(eq(comments.videoId, v.id))).toEqual([]);
  });

  it('with no assigned editor, the client’s editors (and its team lead) hear of it', async () => {
    const v = await videoIn('review');
    await t.db.update(videos).set({ assignedEditorId: null }).where(eq(videos.id, v.id));
    const res = await setStatus('owner', v.id, 'in_progress', 'Louder music');
    expect(res.statusCode).toBe(200);
    const notices = await t.db.select().from(notifications).where(eq(notifications.videoId, v.id));
    expect(notices.map((n) => n.recipientId).sort()).toEqual(
      [id.assigned!, id.teameditor!, id.teamlead!].sort(),
    );
  });
});

describe('a move checked against a status that changed meanwhile', () => {
  it('writes nothing', async () => {
    const v = await videoIn('review');
    const stale = (await findVideo(t.db, v.id))!.video;
    const lead = { id: id.lead!, role: 'lead_editor', isAdmin: 'false' };
    expect(await updateVideo(t.db, stale, { status: 'ready_to_post' }, lead)).not.toBeNull();
    expect(await updateVideo(t.db, stale, { status: 'in_progress' }, lead)).toBeNull();
    expect(await statusOf(v.id)).toBe('ready_to_post');
    const history = await t.db
      .select()
      .from(videoStatusHistory)
      .where(eq(videoStatusHistory.videoId, v.id));
    expect(history).toHaveLength(1);
  });
});

describe('deciding for the client (issue 41)', () => {
  it('a manager says so; nobody else may, and only with a decision on a video in review', async () => {
    const v = await videoIn('review');
    const send = (who: string, body: object) =>
      call(who, 'PATCH', `/api/videos/${v.id}/status`, body);
    for (const [who, status] of [
      ['assigned', 'in_progress'],
      ['teameditor', 'in_progress'],
      ['owner', 'ready_to_post'],
      ['teamlead', 'ready_to_post'],
    ]) {
      const res = await send(who!, { status, forClient: true, note: 'x' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message, who).toBe(WORKFLOW_MESSAGES.forClientOnlyManagers);
    }
    const misplaced = await send('lead', { status: 'draft', forClient: true });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json().message).toBe(WORKFLOW_MESSAGES.forClientOnlyDecisions);
    // Changes requested for the client need their note, as the client's own do.
    const noNote = await send('lead', { status: 'in_progress', forClient: true });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(WORKFLOW_MESSAGES.noteRequired);
    expect(await statusOf(v.id)).toBe('review');
    const changes = await send('lead', {
      status: 'in_progress',
      forClient: true,
      note: 'The client asked for a shorter intro',
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const w = await videoIn('review');
    const approved = await call('boss', 'PATCH', `/api/videos/${w.id}/status`, {
      status: 'ready_to_post',
      forClient: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Not a decision once approved: forClient no longer fits.
    const again = await call('boss', 'PATCH', `/api/videos/${w.id}/status`, {
      status: 'posted',
      forClient: true,
    });
    expect(again.statusCode).toBe(400);
  });
});
