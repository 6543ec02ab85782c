import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXT } from '@domain/notifications';
import type { VideoStatus } from '@domain/video-status';
import type { VideoView } from '@domain/videos';
import { moveRefusal, UNDO_WINDOW_MS } from '@domain/workflow';
import { notifications, videos, videoStatusHistory } from '../../db/schema';
import { seedVideo, setUpVideoPeople } from '../../test/helper';

/**
 * Issue 37, observations 1 and 5: a move's Undo (the reverse move, `undo: true`) is allowed to
 * whoever made the move while it is the video's latest and recent, even where the transition
 * table would refuse that side the reverse move; Start Work on an unassigned video assigns it.
 */
const t = setUpVideoPeople();

const move = (who: string, id: string, status: VideoStatus, extra: object = {}) =>
  t.call(who, 'PATCH', `/api/videos/${id}/status`, { status, ...extra });

const inReview = () => seedVideo(t, { userId: t.id.owner, status: 'review' });

const rowOf = async (id: string) => (await t.db.select().from(videos).where(eq(videos.id, id)))[0]!;

describe('undoing a move', () => {
  it('lets a client take back its Approve, recorded in the history like any move', async () => {
    const v = await inReview();
    expect((await move('owner', v.id, 'ready_to_post')).statusCode).toBe(200);
    expect((await rowOf(v.id)).finishDate).not.toBeNull();
    const undone = await move('owner', v.id, 'review', { undo: true });
    expect(undone.statusCode).toBe(200);
    const view = undone.json<VideoView>();
    expect(view.status).toBe('review');
    expect(
      view.statusHistory!.slice(-2).map((h) => [h.fromStatus, h.toStatus, h.changedBy?.id]),
    ).toEqual([
      ['review', 'ready_to_post', t.id.owner],
      ['ready_to_post', 'review', t.id.owner],
    ]);
    // finishDate follows the status back (docs/rules.md#rules-the-product-leaves-open).
    expect((await rowOf(v.id)).finishDate).toBeNull();
    // An undo notifies like any move: back in review, the lead editors hear it.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.videoId, v.id), eq(notifications.recipientId, t.id.lead1)));
    expect(told.length).toBeGreaterThan(0);
  });

  it('refuses the same reverse move without `undo`, with today’s message', async () => {
    const v = await inReview();
    await move('owner', v.id, 'ready_to_post');
    const res = await move('owner', v.id, 'review');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(moveRefusal('client', 'ready_to_post', 'review'));
  });

  it('refuses someone who did not make the move', async () => {
    const v = await inReview();
    await move('owner', v.id, 'ready_to_post');
    const res = await move('teameditor', v.id, 'review', { undo: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(moveRefusal('agency', 'ready_to_post', 'review'));
    expect((await rowOf(v.id)).status).toBe('ready_to_post');
  });

  it('refuses an undo once the window has passed', async () => {
    const v = await inReview();
    await move('owner', v.id, 'ready_to_post');
    const [latest] = await t.db
      .select({ id: videoStatusHistory.id })
      .from(videoStatusHistory)
      .where(eq(videoStatusHistory.videoId, v.id))
      .orderBy(desc(videoStatusHistory.changedAt))
      .limit(1);
    await t.db
      .update(videoStatusHistory)
      .set({ changedAt: new Date(Date.now() - UNDO_WINDOW_MS - 1000) })
      .where(eq(videoStatusHistory.id, latest!.id));
    const res = await move('owner', v.id, 'review', { undo: true });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(v.id)).status).toBe('ready_to_post');
  });

  it('undoes only the latest move, and only to where it came from', async () => {
    const v = await inReview();
    await move('owner', v.id, 'ready_to_post');
    // Not the reverse: ready_to_post -> in_progress is no undo of review -> ready_to_post.
    expect((await move('owner', v.id, 'in_progress', { undo: true })).statusCode).toBe(403);
    // Someone moved it since: the client's move is no longer the latest.
    await move('teameditor', v.id, 'posted');
    await move('teameditor', v.id, 'ready_to_post');
    expect((await move('owner', v.id, 'review', { undo: true })).statusCode).toBe(403);
  });

  it('keeps a paid video completed: its billing lock holds against an undo', async () => {
    const v = await inReview();
    await move('owner', v.id, 'ready_to_post');
    await t.db.update(videos).set({ paymentStatus: 'paid' }).where(eq(videos.id, v.id));
    const res = await move('owner', v.id, 'review', { undo: true });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(v.id)).status).toBe('ready_to_post');
  });

  it('keeps a Request Changes note as a comment after its undo', async () => {
    const v = await inReview();
    const sent = await move('owner', v.id, 'in_progress', { note: 'Shorter intro' });
    expect(sent.statusCode).toBe(200);
    expect((await move('owner', v.id, 'review', { undo: true })).statusCode).toBe(200);
    const comments = await t.call('owner', 'GET', `/api/videos/${v.id}/comments`);
    expect(JSON.stringify(comments.json())).toContain('Shorter intro');
  });
});

describe('Start Work on an unassigned video', () => {
  const draft = () => seedVideo(t, { userId: t.id.owner, status: 'draft' });

  it('makes the editor who starts it its editor, and its undo lets go of it', async () => {
    const v = await draft();
    const res = await move('teameditor', v.id, 'in_progress');
    expect(res.statusCode).toBe(200);
    expect(res.json<VideoView>().assignedEditor?.id).toBe(t.id.teameditor);
    expect((await rowOf(v.id)).assignedEditorId).toBe(t.id.teameditor);
    const undone = await move('teameditor', v.id, 'draft', { undo: true, assignedEditorId: null });
    expect(undone.statusCode).toBe(200);
    expect(await rowOf(v.id)).toMatchObject({ status: 'draft', assignedEditorId: null });
  });

  it('takes the editor a manager picks, who hears of it as of any assignment', async () => {
    const v = await draft();
    const res = await move('lead1', v.id, 'in_progress', { assignedEditorId: t.id.editor });
    expect(res.statusCode).toBe(200);
    expect(res.json<VideoView>().assignedEditor?.id).toBe(t.id.editor);
    const told = await t.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.videoId, v.id), eq(notifications.recipientId, t.id.editor)));
    expect(told.map((n) => n.message)).toContain(
      NOTIFICATION_TEXT.editorAssigned('Lea', v.name).message,
    );
  });

  it('refuses an editor who names someone else', async () => {
    const v = await draft();
    const res = await move('teameditor', v.id, 'in_progress', { assignedEditorId: t.id.editor });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(v.id)).status).toBe('draft');
  });

  it('makes the editor its editor when the edit dialog starts the work too', async () => {
    const v = await draft();
    const res = await t.call('teameditor', 'PATCH', `/api/videos/${v.id}`, {
      status: 'in_progress',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<VideoView>().assignedEditor?.id).toBe(t.id.teameditor);
    expect((await rowOf(v.id)).assignedEditorId).toBe(t.id.teameditor);
  });

  it('keeps an assigned video’s editor', async () => {
    const v = await seedVideo(t, {
      userId: t.id.owner,
      status: 'draft',
      assignedEditorId: t.id.editor,
    });
    expect((await move('teameditor', v.id, 'in_progress')).statusCode).toBe(200);
    expect((await rowOf(v.id)).assignedEditorId).toBe(t.id.editor);
  });
});
