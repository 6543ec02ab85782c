import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BULK_MESSAGES, type BulkChangeAnswer } from '@domain/bulk-changes';
import { NOTIFICATION_TEXT } from '@domain/notifications';
import type { VideoView } from '@domain/videos';
import { moveRefusal } from '@domain/workflow';
import { notifications, videos, videoStatusHistory } from '../../db/schema';
import { seedVideo, seedVideos, setUpVideoPeople } from '../../test/helper';

/**
 * Bulk changes (issue 45 part 3; docs/rules.md#bulk-changes): one call, each video checked by the
 * rules of its one-video change and answered one by one; its undo restores each video's own
 * values; its people hear once.
 */
const t = setUpVideoPeople();

const bulk = (who: string, body: object) => t.call(who, 'POST', '/api/videos/bulk', body);
const answer = (res: { json: () => unknown }) => res.json() as BulkChangeAnswer;
const rowsOf = async (ids: string[]) =>
  new Map((await t.db.select().from(videos).where(inArray(videos.id, ids))).map((v) => [v.id, v]));
const undoOf = (a: BulkChangeAnswer) => ({
  items: a.results.flatMap((r) => (r.ok ? [{ id: r.id, change: r.before }] : [])),
});

describe('POST /api/videos/bulk', () => {
  it('moves what the workflow allows and names the rest: not found, forbidden, never revealing', async () => {
    const drafts = await seedVideos(t, 3, { userId: t.id.owner, assignedEditorId: t.id.editor });
    const posted = await seedVideo(t, { userId: t.id.owner, status: 'posted' });
    const others = await seedVideo(t, { userId: t.id.other });
    const missing = '00000000-0000-4000-8000-000000000000';
    const ids = [...drafts.map((d) => d.id), posted.id, others.id, missing];
    const res = await bulk('teameditor', { ids, change: { status: 'in_progress' } });
    expect(res.statusCode).toBe(200);
    const a = answer(res);
    expect(a.changed).toBe(3);
    expect(a.failed).toBe(3);
    expect(a.message).toBe(BULK_MESSAGES.summary(3, 6));
    expect(a.results.map((r) => r.id)).toEqual(ids);
    expect(a.results.slice(0, 3)).toEqual(
      drafts.map((d) => ({ id: d.id, ok: true, before: { status: 'draft' } })),
    );
    expect(a.results[3]).toEqual({
      id: posted.id,
      ok: false,
      code: 'forbidden',
      message: moveRefusal('agency', 'posted', 'in_progress'),
    });
    // Another client's video and one that does not exist answer alike.
    for (const r of a.results.slice(4)) {
      expect(r).toMatchObject({ ok: false, code: 'not_found', message: BULK_MESSAGES.notFound });
    }
    const rows = await rowsOf(ids);
    for (const d of drafts) expect(rows.get(d.id)!.status).toBe('in_progress');
    expect(rows.get(posted.id)!.status).toBe('posted');
    expect(rows.get(others.id)!.status).toBe('draft');
    // Each move went the one path: its history row.
    const history = await t.db
      .select()
      .from(videoStatusHistory)
      .where(
        inArray(
          videoStatusHistory.videoId,
          drafts.map((d) => d.id),
        ),
      );
    expect(history).toHaveLength(3);
  });

  it('tells each person once for the whole change, not once a video', async () => {
    const vs = await seedVideos(t, 4, {
      userId: t.id.owner,
      assignedEditorId: t.id.editor,
      status: 'in_progress',
    });
    const res = await bulk('lead1', { ids: vs.map((v) => v.id), change: { status: 'draft' } });
    expect(answer(res).changed).toBe(4);
    const told = await t.db.select().from(notifications);
    const of = (who: string) => told.filter((n) => n.recipientId === who);
    expect(of(t.id.owner)).toHaveLength(1);
    expect(of(t.id.editor)).toHaveLength(1);
    expect(of(t.id.lead1)).toHaveLength(0);
    const [owners] = of(t.id.owner);
    expect(owners!.message).toBe(NOTIFICATION_TEXT.bulkMoved('Lea', 4, 'draft').message);
    expect(owners!.type).toBe('status_change');
    expect(owners!.videoId).toBeNull();
  });

  it('changes nothing of a field the caller may not set: an editor assigns only themselves', async () => {
    const mine = await seedVideo(t, { userId: t.id.owner });
    const taken = await seedVideo(t, { userId: t.id.owner, assignedEditorId: t.id.editor });
    const res = await bulk('teameditor', {
      ids: [mine.id, taken.id],
      change: { assignedEditorId: t.id.teameditor },
    });
    const a = answer(res);
    expect(a.results[0]).toEqual({ id: mine.id, ok: true, before: { assignedEditorId: null } });
    expect(a.results[1]).toMatchObject({ ok: false, code: 'forbidden' });
    const rows = await rowsOf([mine.id, taken.id]);
    expect(rows.get(mine.id)!.assignedEditorId).toBe(t.id.teameditor);
    expect(rows.get(taken.id)!.assignedEditorId).toBe(t.id.editor);
  });

  it('shifts each due date by its own and undoes to each video’s own values', async () => {
    const a1 = await seedVideo(t, {
      userId: t.id.owner,
      dueDate: new Date('2030-01-10T12:00:00Z'),
      priority: 'low',
    });
    const a2 = await seedVideo(t, {
      userId: t.id.owner,
      dueDate: new Date('2030-03-01T09:00:00Z'),
    });
    const none = await seedVideo(t, { userId: t.id.owner, dueDate: null });
    const ids = [a1.id, a2.id, none.id];
    const shifted = answer(
      await bulk('lead1', { ids, change: { shiftDueDays: 3, priority: 'urgent' } }),
    );
    expect(shifted.results[2]).toMatchObject({
      ok: false,
      code: 'invalid',
      message: BULK_MESSAGES.shiftWithoutDate,
    });
    let rows = await rowsOf(ids);
    expect(rows.get(a1.id)!.dueDate!.toISOString()).toBe('2030-01-13T12:00:00.000Z');
    expect(rows.get(a2.id)!.dueDate!.toISOString()).toBe('2030-03-04T09:00:00.000Z');
    expect(rows.get(a1.id)!.priority).toBe('urgent');
    expect(rows.get(none.id)!.priority).toBe('normal');
    const undone = answer(await bulk('lead1', undoOf(shifted)));
    expect(undone).toMatchObject({ changed: 2, failed: 0, message: BULK_MESSAGES.undone(2) });
    rows = await rowsOf(ids);
    expect(rows.get(a1.id)!.dueDate!.toISOString()).toBe('2030-01-10T12:00:00.000Z');
    expect(rows.get(a1.id)!.priority).toBe('low');
    expect(rows.get(a2.id)!.priority).toBe('normal');
    // The video JSON carries the priority.
    const view = (await t.call('lead1', 'GET', `/api/videos/${a1.id}`)).json<VideoView>();
    expect(view.priority).toBe('low');
  });

  it('undoes a client’s bulk approval, which the table alone would refuse, and tells once', async () => {
    const vs = await seedVideos(t, 2, {
      userId: t.id.owner,
      status: 'review',
      assignedEditorId: t.id.editor,
    });
    const ids = vs.map((v) => v.id);
    const approved = answer(await bulk('owner', { ids, change: { status: 'ready_to_post' } }));
    expect(approved.changed).toBe(2);
    // The same move back as a change is refused by the table...
    const refused = answer(await bulk('owner', { ids, change: { status: 'review' } }));
    expect(refused.results.every((r) => !r.ok && r.code === 'forbidden')).toBe(true);
    await t.db.delete(notifications);
    // ...but as the undo of the caller's own moves, it is allowed.
    const undone = answer(await bulk('owner', undoOf(approved)));
    expect(undone.changed).toBe(2);
    const rows = await rowsOf(ids);
    for (const id of ids) expect(rows.get(id)!.status).toBe('review');
    const editorTold = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, t.id.editor));
    expect(editorTold).toHaveLength(0);
    const leadTold = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, t.id.lead1));
    expect(leadTold.map((n) => n.message)).toEqual([
      NOTIFICATION_TEXT.bulkUndone("Olivia 'O' Owner", 2).message,
    ]);
  });

  it('refuses a type change of a completed video to a client, as PATCH does', async () => {
    const open = await seedVideo(t, { userId: t.id.owner });
    const done = await seedVideo(t, { userId: t.id.owner, status: 'posted' });
    const a = answer(
      await bulk('owner', { ids: [open.id, done.id], change: { type: 'behind the scenes' } }),
    );
    expect(a.results[0]).toEqual({ id: open.id, ok: true, before: { type: 'consultation' } });
    expect(a.results[1]).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await rowsOf([open.id])).get(open.id)!.type).toBe('behind-the-scenes');
  });

  it('refuses bad bodies with a message', async () => {
    const v = await seedVideo(t, { userId: t.id.owner });
    const cases: [object, string][] = [
      [{ ids: [], change: { priority: 'high' } }, BULK_MESSAGES.idsRequired],
      [{ ids: [v.id, v.id], change: { priority: 'high' } }, BULK_MESSAGES.idsRepeated],
      [{ ids: [v.id], change: {} }, BULK_MESSAGES.changeRequired],
      [{ ids: [v.id], change: { dueDate: null, shiftDueDays: 1 } }, BULK_MESSAGES.dueTwice],
      [{ ids: [v.id], change: { shiftDueDays: 366 } }, BULK_MESSAGES.shiftInvalid],
      [{ ids: [v.id], change: { shiftDueDays: 1.5 } }, BULK_MESSAGES.shiftInvalid],
      [{ ids: [v.id] }, BULK_MESSAGES.changeRequired],
      [{ ids: [v.id], change: { name: 'x' } }, BULK_MESSAGES.unknownKey('name')],
      [
        {
          ids: [v.id],
          change: { priority: 'high' },
          items: [{ id: v.id, change: { priority: 'low' } }],
        },
        BULK_MESSAGES.idsOrItems,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await bulk('lead1', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });

  it('GET /api/videos/ids lists the matching videos the caller may read', async () => {
    const urgent = await seedVideo(t, { userId: t.id.owner, priority: 'urgent' });
    await seedVideo(t, { userId: t.id.other, priority: 'urgent' });
    const res = await t.call('owner', 'GET', '/api/videos/ids?priority=urgent');
    expect(res.statusCode).toBe(200);
    const { ids, total } = res.json<{ ids: string[]; total: number }>();
    expect(ids).toContain(urgent.id);
    const rows = await rowsOf(ids);
    for (const id of ids) expect(rows.get(id)!.userId).toBe(t.id.owner);
    expect(total).toBe(ids.length);
  });
});
