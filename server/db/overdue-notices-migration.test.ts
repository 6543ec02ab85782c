import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helper';
import type { Database } from './client';
import { migrate } from './migrate';
import { notifications, overdueNotices, users, videos } from './schema';

/*
 * Migration 0007 on a database that already has overdue notices: they count as sent for the
 * video's present due date, so the first check after the upgrade does not repeat them.
 */
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('0007_overdue_notices', () => {
  it('records the overdue notices already sent, once per video, recipient and due date', async () => {
    const { db } = database;
    const [owner] = await db
      .insert(users)
      .values({ username: 'mig-owner', password: 'x', role: 'client' })
      .returning();
    const due = new Date('2025-03-01T12:00:00.000Z');
    const [late, undated] = await db
      .insert(videos)
      .values([
        { userId: owner!.id, ordinal: 1, name: 'Late', link: 'https://a.io/1', dueDate: due },
        { userId: owner!.id, ordinal: 2, name: 'Undated', link: 'https://a.io/2', dueDate: null },
      ])
      .returning();
    const notice = (videoId: string, type: string) => ({
      recipientId: owner!.id,
      videoId,
      type,
      title: 'Video overdue',
      message: '"x" is past its due date',
    });
    await db
      .insert(notifications)
      .values([
        notice(late!.id, 'video_overdue'),
        notice(late!.id, 'video_overdue'),
        notice(late!.id, 'overdue'),
        notice(late!.id, 'comment'),
        notice(undated!.id, 'video_overdue'),
      ]);
    // As before the upgrade: no table, 0007 not applied.
    await database.exec(
      `drop table overdue_notices; delete from app_migrations where tag = '0007_overdue_notices'`,
    );
    expect(await migrate(database)).toEqual(['0007_overdue_notices']);
    const rows = await db.select().from(overdueNotices);
    expect(
      rows.map(({ videoId, recipientId, dueDate }) => ({ videoId, recipientId, dueDate })),
    ).toEqual([{ videoId: late!.id, recipientId: owner!.id, dueDate: due }]);
  });
});
