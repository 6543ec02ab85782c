import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_UNDO_KEEP_MS,
  type NotificationView,
} from '@domain/notifications';
import { rowsOf } from '../../db/rows';
import { clientEditorAssignments, notifications, videos } from '../../db/schema';
import { seedVideo, setUpVideoPeople, type Method } from '../../test/helper';
import { notificationsByUser, readNotices } from './test-fixtures';
import { DAY_MS } from '@domain/day-counter';

const t = setUpVideoPeople();
const { id, call } = t;

const noticesOf = (who: string) => readNotices(call, who);
const whoGotWhat = () => notificationsByUser(t);

async function video(values: Partial<typeof videos.$inferInsert> = {}) {
  const userId = values.userId ?? id.owner!;
  return seedVideo(t, {
    assignedEditorId: id.editor!,
    name: 'Spring promo',
    status: 'in_progress',
    ...values,
    userId,
  });
}

describe('status changes', () => {
  it('a move to review tells the client and every lead editor, and not the one who made it', async () => {
    const v = await video();
    expect(
      (await call('editor', 'PATCH', `/api/videos/${v.id}/status`, { status: 'review' }))
        .statusCode,
    ).toBe(200);
    expect(await whoGotWhat()).toEqual({
      lead1: ['review_requested'],
      lead2: ['review_requested'],
      owner: ['review_requested'],
    });
    const [n] = await noticesOf('lead1');
    expect(n).toMatchObject({
      title: 'Video ready for review',
      message: 'Eddie sent the source of "Spring promo" for review',
      videoId: v.id,
      priority: 'normal',
    });

    await t.db.delete(notifications);
    const w = await video();
    await call('lead1', 'PATCH', `/api/videos/${w.id}`, { status: 'review' });
    expect(await whoGotWhat()).toEqual({
      lead2: ['review_requested'],
      owner: ['review_requested'],
    });
  });

  it('other changes tell the owner and the assigned editor, never the actor', async () => {
    const v = await video({ status: 'review' });
    await call('lead1', 'PATCH', `/api/videos/${v.id}/status`, {
      status: 'ready_to_post',
      forClient: true,
    });
    expect(await whoGotWhat()).toEqual({ editor: ['status_change'], owner: ['status_change'] });
    const [n] = await noticesOf('owner');
    expect(n).toMatchObject({
      title: 'Video status updated',
      message: 'Lea moved "Spring promo" from In Review to Ready to Post',
    });

    await t.db.delete(notifications);
    await call('editor', 'PATCH', `/api/videos/${v.id}`, { status: 'posted', name: 'Renamed' });
    expect(await whoGotWhat()).toEqual({ owner: ['status_change'] });
    expect((await noticesOf('owner'))[0]!.message).toBe(
      'Eddie moved "Renamed" from Ready to Post to Posted',
    );
  });

  it('an update without a status change tells nobody', async () => {
    const v = await video();
    await call('lead1', 'PATCH', `/api/videos/${v.id}`, { name: 'Other name' });
    await call('lead1', 'PATCH', `/api/videos/${v.id}/status`, { status: 'in_progress' });
    expect(await whoGotWhat()).toEqual({});
  });
});

describe('editors', () => {
  it('becoming a video’s assigned editor tells that editor, unless they took it themselves', async () => {
    const v = await video({ assignedEditorId: null });
    await call('lead1', 'PATCH', `/api/videos/${v.id}/assigned-editor`, {
      assignedEditorId: id.stranger,
    });
    expect(await whoGotWhat()).toEqual({ stranger: ['editor_assigned'] });
    expect((await noticesOf('stranger'))[0]).toMatchObject({
      title: 'Video assigned to you',
      message: 'Lea made you the editor of "Spring promo"',
      videoId: v.id,
    });

    await t.db.delete(notifications);
    const w = await video({ assignedEditorId: null });
    const res = await call('teameditor', 'PATCH', `/api/videos/${w.id}/assigned-editor`, {
      assignedEditorId: id.teameditor,
    });
    expect(res.statusCode).toBe(200);
    // Unassigning tells nobody either.
    await call('lead1', 'PATCH', `/api/videos/${w.id}/assigned-editor`, {
      assignedEditorId: null,
    });
    expect(await whoGotWhat()).toEqual({});
  });

  it('being assigned to a client tells that editor', async () => {
    const res = await call('boss', 'POST', '/api/assignments', {
      clientId: id.other,
      editorId: id.stranger,
    });
    expect(res.statusCode).toBe(201);
    expect(await whoGotWhat()).toEqual({ stranger: ['client_assigned'] });
    expect((await noticesOf('stranger'))[0]).toMatchObject({
      title: 'New client assigned',
      message: 'The King assigned you to the client other',
      videoId: null,
    });
    await t.db
      .delete(clientEditorAssignments)
      .where(eq(clientEditorAssignments.clientId, id.other!));
  });
});

describe('new videos', () => {
  /** POST /api/videos as `who`: the video made (201). */
  async function postVideo(who: string, payload: object): Promise<{ id: string }> {
    const res = await call(who, 'POST', '/api/videos', payload);
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  it("a client's new video tells the client's editors", async () => {
    const made = await postVideo('owner', { name: 'Summer teaser', link: 'https://a.io/s' });
    expect(await whoGotWhat()).toEqual({ teameditor: ['new_video'] });
    // A double quote in a person's name is turned into a single one: only the video is quoted.
    expect((await noticesOf('teameditor'))[0]).toMatchObject({
      title: 'New video',
      message: `Olivia 'O' Owner added a new video "Summer teaser"`,
      videoId: made.id,
    });
  });

  it('created by someone else for the client, with an editor chosen', async () => {
    await postVideo('lead1', {
      name: 'Autumn cut',
      link: 'https://a.io/a',
      targetUserId: id.owner,
      assignedEditorId: id.stranger,
    });
    expect(await whoGotWhat()).toEqual({
      stranger: ['editor_assigned'],
      teameditor: ['new_video'],
    });
    expect((await noticesOf('teameditor'))[0]!.message).toBe(
      `Lea added a new video "Autumn cut" for Olivia 'O' Owner`,
    );
  });

  it('an editor creating for their own client is not told about it', async () => {
    await postVideo('teameditor', {
      name: 'By the team',
      link: 'https://a.io/t',
      targetUserId: id.owner,
    });
    expect(await whoGotWhat()).toEqual({});
  });
});

describe('the notification calls', () => {
  async function seed(recipient: keyof typeof id, n: number, extra: object = {}) {
    const base = Date.now() - 60 * 60_000;
    await t.db.insert(notifications).values(
      Array.from({ length: n }, (_, i) => ({
        recipientId: id[recipient],
        type: 'comment',
        title: 'New comment',
        message: `#${i} on "Video"`,
        createdAt: new Date(base + i * 1000),
        ...extra,
      })),
    );
    // Rows added behind the app's back reach its kept counts and lists by their trigger's NOTIFY
    // (ADR 0004): wait until it is heard, as the app does after a write of its own.
    t.app.cacheBus.localWrite();
    await t.app.cacheBus.heard();
  }

  it('lists unread newest first by default, all with includeRead=true, at most 100', async () => {
    await seed('owner', 3);
    await seed('owner', 2, { isRead: true });
    await seed('other', 1);
    const unread = (await call('owner', 'GET', '/api/notifications')).json() as NotificationView[];
    expect(unread).toHaveLength(3);
    expect(unread.every((n) => !n.isRead && n.recipientId === id.owner)).toBe(true);
    const times = unread.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const all = (await call('owner', 'GET', '/api/notifications?includeRead=true')).json();
    expect(all).toHaveLength(5);
    expect((await call('owner', 'GET', '/api/notifications?includeRead=maybe')).statusCode).toBe(
      400,
    );

    await seed('owner', NOTIFICATION_LIST_LIMIT + 5);
    const capped = (await call('owner', 'GET', '/api/notifications')).json();
    expect(capped).toHaveLength(NOTIFICATION_LIST_LIMIT);
  });

  it('counts the unread', async () => {
    await seed('owner', 4);
    await seed('owner', 2, { isRead: true });
    const res = await call('owner', 'GET', '/api/notifications/count');
    expect(res.json()).toEqual({ count: 4 });
    expect((await call('other', 'GET', '/api/notifications/count')).json()).toEqual({ count: 0 });
  });

  it('marks one read for its recipient only (404 for anyone else)', async () => {
    await seed('owner', 1);
    const [n] = (await call('owner', 'GET', '/api/notifications')).json() as NotificationView[];
    const foreign = await call('other', 'PATCH', `/api/notifications/${n!.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notification not found');
    expect((await call('boss', 'PATCH', `/api/notifications/${n!.id}/read`)).statusCode).toBe(404);
    const res = await call('owner', 'PATCH', `/api/notifications/${n!.id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: n!.id, isRead: true });
    expect((await call('owner', 'GET', '/api/notifications/count')).json().count).toBe(0);
    expect((await call('owner', 'PATCH', '/api/notifications/not-a-uuid/read')).statusCode).toBe(
      400,
    );
  });

  it('marks all read and clears all, touching only the caller’s', async () => {
    await seed('owner', 3);
    await seed('other', 2);
    const read = await call('owner', 'POST', '/api/notifications/mark-all-read');
    expect(read.json()).toEqual({ message: 'All notifications marked as read', updated: 3 });
    expect((await call('owner', 'GET', '/api/notifications/count')).json().count).toBe(0);
    expect((await call('other', 'GET', '/api/notifications/count')).json().count).toBe(2);
    const cleared = await call('owner', 'DELETE', '/api/notifications/clear-all');
    expect(cleared.json()).toEqual({
      message: 'Notifications cleared',
      deleted: 3,
      undoId: expect.any(String),
    });
    expect(await noticesOf('owner')).toEqual([]);
    expect(await noticesOf('other')).toHaveLength(2);
  });

  it('undoes a clear all: exactly what was cleared comes back, for its recipient only', async () => {
    await seed('owner', 2);
    await seed('owner', 1, { isRead: true });
    await seed('other', 1);
    const before = (
      (
        await call('owner', 'GET', '/api/notifications?includeRead=true')
      ).json() as NotificationView[]
    ).map((n) => n.id);
    const { undoId } = (await call('owner', 'DELETE', '/api/notifications/clear-all')).json();
    expect((await call('owner', 'GET', '/api/notifications/count')).json().count).toBe(0);
    // A notice that came after the clear is not part of it and stays.
    await seed('owner', 1);

    // Nobody else may restore it, not even an admin: 404 as for any notification not theirs.
    for (const who of ['other', 'boss'] as const) {
      const res = await call(who, 'POST', '/api/notifications/restore', { undoId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOTIFICATION_MESSAGES.nothingToRestore);
    }
    expect((await call('other', 'GET', '/api/notifications/count')).json().count).toBe(1);

    const res = await call('owner', 'POST', '/api/notifications/restore', { undoId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: NOTIFICATION_MESSAGES.restored, restored: 3 });
    const after = (
      (
        await call('owner', 'GET', '/api/notifications?includeRead=true')
      ).json() as NotificationView[]
    ).map((n) => n.id);
    expect(after).toHaveLength(4);
    expect(after).toEqual(expect.arrayContaining(before));
    // Read and unread as they were.
    expect((await call('owner', 'GET', '/api/notifications/count')).json().count).toBe(3);

    // Once only; a malformed id is a 400 with a message.
    const again = await call('owner', 'POST', '/api/notifications/restore', { undoId });
    expect(again.statusCode).toBe(404);
    const bad = await call('owner', 'POST', '/api/notifications/restore', { undoId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(NOTIFICATION_MESSAGES.nothingToRestore);
  });

  it('keeps what was cleared only for the undo window', async () => {
    await seed('owner', 2);
    const { undoId } = (await call('owner', 'DELETE', '/api/notifications/clear-all')).json();
    await t.db.execute(
      sql`update cleared_notifications set cleared_at = now() - ${`${NOTIFICATION_UNDO_KEEP_MS + 1000} milliseconds`}::interval`,
    );
    const res = await call('owner', 'POST', '/api/notifications/restore', { undoId });
    expect(res.statusCode).toBe(404);
    // The next clear drops everything kept past the window, whoever cleared it.
    await call('other', 'DELETE', '/api/notifications/clear-all');
    const kept = await t.db.execute(sql`select count(*)::int as n from cleared_notifications`);
    expect(rowsOf<{ n: number }>(kept)[0]!.n).toBe(0);
  });
});

describe('POST /api/notifications/check-delayed', () => {
  const past = () => new Date(Date.now() - 2 * DAY_MS);

  it('creates one overdue notice per readable overdue video, due date and person, ever', async () => {
    const late = await video({ name: 'Late one', dueDate: past() });
    await video({ name: 'Done late', dueDate: past(), status: 'posted' });
    await video({ name: 'Ready late', dueDate: past(), status: 'ready_to_post' });
    await video({ name: 'Not due', dueDate: new Date(Date.now() + DAY_MS) });
    await video({ name: 'No due date', dueDate: null });
    await video({ name: 'Someone else', dueDate: past(), userId: id.other! });

    const first = await call('owner', 'POST', '/api/notifications/check-delayed');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: '1 overdue video(s) notified', created: 1 });
    const [n] = await noticesOf('owner');
    expect(n).toMatchObject({
      type: 'video_overdue',
      title: 'Video overdue',
      message: '"Late one" is past its due date',
      priority: 'high',
      videoId: late.id,
    });
    const again = await call('owner', 'POST', '/api/notifications/check-delayed');
    expect(again.json()).toEqual({ message: 'No new overdue videos', created: 0 });
    expect(await noticesOf('owner')).toHaveLength(1);

    // Not once a day: a day later, or after clearing the bell, the same lateness is not news.
    await t.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(notifications.recipientId, id.owner!));
    expect((await call('owner', 'POST', '/api/notifications/check-delayed')).json().created).toBe(
      0,
    );
    await call('owner', 'DELETE', '/api/notifications/clear-all');
    expect((await call('owner', 'POST', '/api/notifications/check-delayed')).json().created).toBe(
      0,
    );
    // A new due date that passes too is a new lateness: one more notice.
    await t.db
      .update(videos)
      .set({ dueDate: new Date(Date.now() - DAY_MS) })
      .where(eq(videos.id, late.id));
    const moved = await call('owner', 'POST', '/api/notifications/check-delayed');
    expect(moved.json().created).toBe(1);
    expect(await noticesOf('owner')).toHaveLength(1);
    await t.db.delete(videos);
  });

  it('tells only people who may read the video, and never about completed work', async () => {
    const late = await video({
      name: 'Late, assigned',
      dueDate: past(),
      assignedEditorId: id.editor!,
    });
    await video({
      name: 'Late, posted',
      dueDate: past(),
      status: 'posted',
      assignedEditorId: id.editor!,
    });
    // stranger is on nobody's team: nothing to read, nothing to hear.
    expect(
      (await call('stranger', 'POST', '/api/notifications/check-delayed')).json().created,
    ).toBe(0);
    for (const who of ['editor', 'teameditor', 'lead1', 'boss']) {
      const res = await call(who, 'POST', '/api/notifications/check-delayed');
      expect(res.json().created, who).toBe(1);
      expect(
        (await noticesOf(who)).map((x) => x.videoId),
        who,
      ).toEqual([late.id]);
    }
    expect(await noticesOf('other')).toEqual([]);
    await t.db.delete(videos);
  });

  it('is idempotent even when called concurrently', async () => {
    await video({ name: 'A', dueDate: past() });
    await video({ name: 'B', dueDate: past() });
    await video({ name: 'C', dueDate: past(), userId: id.other! });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('lead1', 'POST', '/api/notifications/check-delayed')),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.reduce((sum, r) => sum + (r.json().created as number), 0)).toBe(3);
    expect(await noticesOf('lead1')).toHaveLength(3);
    // Each person has their own notices: the owner's check adds theirs.
    expect((await call('owner', 'POST', '/api/notifications/check-delayed')).json().created).toBe(
      2,
    );
    await t.db.delete(videos);
  });
});

describe('notifications commit with the change that causes them (issue 15, finding 8)', () => {
  /**
   * A real database failure between the change and its notifications: a trigger that makes
   * every notification insert fail, as a full disk or a lost connection would at that moment.
   * Before, the change was kept (201/200) and its notifications silently lost.
   */
  async function withFailingNotifications(work: () => Promise<void>) {
    await t.db.execute(
      sql.raw(`create or replace function vw_test_refuse_notification() returns trigger
        language plpgsql as $$ begin raise exception 'disk full (test)'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger vw_test_refuse before insert on notifications
        for each row execute function vw_test_refuse_notification()`),
    );
    try {
      await work();
    } finally {
      await t.db.execute(sql.raw('drop trigger vw_test_refuse on notifications'));
      await t.db.execute(sql.raw('drop function vw_test_refuse_notification()'));
    }
  }

  /** A call made while notifications cannot be written: it fails whole (500). */
  async function failsWhole(who: string, method: Method, url: string, payload: object) {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, url).toBe(500);
    expect(res.json().message, url).toBe('Internal server error');
  }

  async function freshVideo(status = 'in_progress') {
    return seedVideo(t, {
      userId: id.owner!,
      assignedEditorId: id.editor!,
      name: 'Atomic',
      status,
    });
  }

  it('a comment whose notifications cannot be written is not kept either', async () => {
    const v = await freshVideo();
    await withFailingNotifications(() =>
      failsWhole('editor', 'POST', `/api/videos/${v.id}/comments`, {
        content: 'Please check 0:10 @lead1',
      }),
    );
    const thread = (await call('owner', 'GET', `/api/videos/${v.id}/comments`)).json() as unknown[];
    expect(thread).toEqual([]);
    // Once the database takes notifications again, the same call keeps both.
    const again = await call('editor', 'POST', `/api/videos/${v.id}/comments`, {
      content: 'Please check 0:10 @lead1',
    });
    expect(again.statusCode).toBe(201);
    expect((await noticesOf('owner')).map((n) => n.commentId)).toEqual([again.json().id]);
    expect((await noticesOf('lead1')).map((n) => n.type)).toEqual(['mention']);
  });

  it('a status change, a new video and an assignment likewise', async () => {
    const v = await freshVideo();
    await withFailingNotifications(async () => {
      await failsWhole('editor', 'PATCH', `/api/videos/${v.id}/status`, { status: 'review' });
      await failsWhole('owner', 'POST', '/api/videos', {
        name: 'Never made',
        link: 'https://a.io/never',
      });
      await failsWhole('boss', 'POST', '/api/assignments', {
        clientId: id.owner,
        editorId: id.stranger,
      });
    });
    const [row] = await t.db.select().from(videos).where(eq(videos.id, v.id));
    expect(row!.status).toBe('in_progress');
    const names = (await t.db.select({ name: videos.name }).from(videos)).map((r) => r.name);
    expect(names).not.toContain('Never made');
    const pairs = await t.db
      .select()
      .from(clientEditorAssignments)
      .where(eq(clientEditorAssignments.editorId, id.stranger!));
    expect(pairs).toEqual([]);
  });
});
