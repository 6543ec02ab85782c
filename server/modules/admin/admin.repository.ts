import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AdminStats, AdminUser, UserEdit } from '@domain/admin';
import type { Db } from '../../db/client';
import { sessions, users, videos, type UserRow } from '../../db/schema';
import { toPublicUser } from '../users/users.repository';

/** The admin dashboard's counts: every user, the admins among them (the king counts), videos. */
export async function adminStats(db: Db): Promise<AdminStats> {
  const [[u], [v]] = await Promise.all([
    db
      .select({
        userCount: count(),
        adminCount: sql<number>`count(*) filter (where ${users.isAdmin} = 'true' or ${users.role} = 'king')`,
      })
      .from(users),
    db.select({ videoCount: count() }).from(videos),
  ]);
  return {
    userCount: Number(u!.userCount),
    adminCount: Number(u!.adminCount),
    videoCount: Number(v!.videoCount),
  };
}

/** Everyone, by display name (else username) case-insensitively, with when they joined. */
export async function listUsersByName(db: Db): Promise<AdminUser[]> {
  const rows = await db
    .select()
    .from(users)
    .orderBy(sql`lower(coalesce(${users.name}, ${users.username}))`);
  return rows.map((r) => ({ ...toPublicUser(r), createdAt: r.createdAt.toISOString() }));
}

type UserChanges = Extract<UserEdit, { ok: true }>['changes'];

export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row!;
}

export async function setVip(db: Db, id: string, isVip: boolean): Promise<UserRow> {
  const [row] = await db.update(users).set({ isVip }).where(eq(users.id, id)).returning();
  return row!;
}

/**
 * A new password and the end of the user's sessions, together: whoever had them must sign in
 * again, except the session `keep` (the king resetting their own keeps the one that did it).
 */
export async function resetPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  keep: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(
        keep
          ? and(eq(sessions.userId, userId), ne(sessions.id, keep))
          : eq(sessions.userId, userId),
      );
  });
}

/**
 * One statement: the foreign keys remove the user's videos, comments, notifications,
 * assignments and sessions, and unassign them from others' videos (docs/rules.md#rules-the-product-leaves-open). Once
 * it has committed, the read cache's counters of users gone are pruned (migration 0024).
 */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
  await db.execute(sql`select vw_cache_scopes_prune()`);
}
