import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helper';
import type { Database } from './client';
import { migrate } from './migrate';
import { users, videos, videoStatusHistory } from './schema';

/*
 * Migration 0010 on a database that already has videos: each takes the time of its last status
 * history row as status_changed_at, or its creation when it has no history.
 */
describe('0010_status_changed_at', () => {
  it('backfills each video from its last history row, or its creation', async () => {
    const database = await createTestDatabase();
    try {
      await backfills(database);
    } finally {
      await database.close();
    }
  });
});

async function backfills(database: Database) {
  const { db } = database;
  const created = new Date('2025-03-01T09:00:00.000Z');
  const [owner] = await db
    .insert(users)
    .values({ username: 'backfill-owner', password: 'x', role: 'client' })
    .returning();
  const [moved, quiet] = await db
    .insert(videos)
    .values(
      ['Moved', 'Quiet'].map((name, i) => ({
        userId: owner!.id,
        ordinal: i + 1,
        name,
        link: `https://a.io/${i}`,
        createdAt: created,
      })),
    )
    .returning();
  const last = new Date('2025-03-04T15:30:00.123Z');
  await db.insert(videoStatusHistory).values([
    { videoId: moved!.id, toStatus: 'draft', changedAt: created },
    { videoId: moved!.id, toStatus: 'review', changedAt: last },
    { videoId: moved!.id, toStatus: 'in_progress', changedAt: new Date('2025-03-02T10:00:00Z') },
  ]);
  // As before the upgrade: no column, 0010 not applied.
  await database.exec(
    `alter table videos drop column status_changed_at; delete from app_migrations where tag = '0010_status_changed_at'`,
  );
  expect(await migrate(database)).toEqual(['0010_status_changed_at']);
  const rows = await db
    .select({ id: videos.id, at: videos.statusChangedAt })
    .from(videos)
    .orderBy(sql`${videos.ordinal}`);
  expect(rows).toEqual([
    { id: moved!.id, at: last },
    { id: quiet!.id, at: created },
  ]);
}
