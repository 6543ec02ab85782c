import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Assignment, ClientWithCounts, EditorWithCounts } from '@domain/assignments';
import { CLIENT_ROLE_TEXTS } from '@domain/roles';
import type { Db } from '../../db/client';
import { deletePair, pairedWith } from '../../db/pairs';
import { clientEditorAssignments, users, videos, type UserRow } from '../../db/schema';
import { hasClientRole, toDirectoryUser, toPublicUser } from '../users/users.repository';

const byName = sql`lower(coalesce(${users.name}, ${users.username}))`;

/**
 * A subquery of how many rows of `table` carry each value of `column` (a client's videos, an
 * editor's clients), to left-join on `key`; a value with no rows is absent, so read it through
 * coalesce.
 */
export function countPer(db: Db, table: PgTable, column: PgColumn, alias: string) {
  return db
    .select({ key: column, n: count().as(`${alias}_n`) })
    .from(table)
    .groupBy(column)
    .as(alias);
}

/**
 * Clients with their video and editor counts, by name; only `ids` when given. The admin flag is
 * there only `withAdminFlag` (DESIGN.md section 4, user lists).
 */
export async function listClientsWithCounts(
  db: Db,
  { ids, withAdminFlag }: { ids?: readonly string[]; withAdminFlag: boolean },
): Promise<ClientWithCounts[]> {
  if (ids && ids.length === 0) return [];
  const videoCounts = countPer(db, videos, videos.userId, 'vc');
  const editorCounts = countPer(
    db,
    clientEditorAssignments,
    clientEditorAssignments.clientId,
    'ec',
  );
  const rows = await db
    .select({
      user: users,
      videoCount: sql<number>`coalesce(${videoCounts.n}, 0)`,
      editorCount: sql<number>`coalesce(${editorCounts.n}, 0)`,
    })
    .from(users)
    .leftJoin(videoCounts, eq(videoCounts.key, users.id))
    .leftJoin(editorCounts, eq(editorCounts.key, users.id))
    .where(and(hasClientRole(), ids ? inArray(users.id, [...ids]) : undefined))
    .orderBy(byName);
  return rows.map((r) => ({
    ...toDirectoryUser(r.user, withAdminFlag),
    videoCount: Number(r.videoCount),
    editorCount: Number(r.editorCount),
  }));
}

/** Editors with how many clients each is assigned to, by name; only `ids` when given. */
export async function listEditorsWithCounts(
  db: Db,
  { ids, withAdminFlag }: { ids?: readonly string[]; withAdminFlag: boolean },
): Promise<EditorWithCounts[]> {
  if (ids && ids.length === 0) return [];
  const clientCounts = countPer(
    db,
    clientEditorAssignments,
    clientEditorAssignments.editorId,
    'cc',
  );
  const rows = await db
    .select({ user: users, clientCount: sql<number>`coalesce(${clientCounts.n}, 0)` })
    .from(users)
    .leftJoin(clientCounts, eq(clientCounts.key, users.id))
    .where(and(eq(users.role, 'editor'), ids ? inArray(users.id, [...ids]) : undefined))
    .orderBy(byName);
  return rows.map((r) => ({
    ...toDirectoryUser(r.user, withAdminFlag),
    clientCount: Number(r.clientCount),
  }));
}

const pairs = clientEditorAssignments;

/** The editors assigned to a client. */
export const editorIdsOf = (db: Db, clientId: string) =>
  pairedWith(db, pairs, [pairs.clientId, clientId], pairs.editorId);

/** The clients an editor is assigned to. */
export const clientIdsOf = (db: Db, editorId: string) =>
  pairedWith(db, pairs, [pairs.editorId, editorId], pairs.clientId);

/** A pair as the calls answer it: both people's public fields. */
export const toAssignment = (
  row: { id: string; clientId: string; editorId: string; createdAt: Date },
  client: UserRow,
  editor: UserRow,
): Assignment => ({
  id: row.id,
  clientId: row.clientId,
  editorId: row.editorId,
  createdAt: row.createdAt.toISOString(),
  client: toPublicUser(client),
  editor: toPublicUser(editor),
});

/**
 * Every pair whose client and editor still have those roles, with the ids of all clients and
 * the number of editors (what the statistics are computed over).
 */
export async function listAssignments(db: Db) {
  const [pairs, people] = await Promise.all([
    db.select().from(clientEditorAssignments),
    db
      .select()
      .from(users)
      .where(or(hasClientRole(), eq(users.role, 'editor'))),
  ]);
  const byId = new Map(people.map((u) => [u.id, u]));
  const assignments = pairs.flatMap((p) => {
    const client = byId.get(p.clientId);
    const editor = byId.get(p.editorId);
    return client && editor ? [toAssignment(p, client, editor)] : [];
  });
  return {
    assignments,
    clientIds: people.filter((u) => CLIENT_ROLE_TEXTS.includes(u.role)).map((u) => u.id),
    editorCount: people.filter((u) => u.role === 'editor').length,
  };
}

/** The new pair, or undefined when the editor was already assigned to the client. */
export async function insertAssignment(db: Db, clientId: string, editorId: string) {
  const [created] = await db
    .insert(clientEditorAssignments)
    .values({ clientId, editorId })
    .onConflictDoNothing()
    .returning();
  return created;
}

/**
 * Ends a pair and, with it, the editor's place on the client's videos (DESIGN.md section 5):
 * call it inside a transaction. Null when there was no such pair; else how many of the client's
 * videos the editor stopped being the editor of.
 */
export async function removeAssignment(
  db: Db,
  clientId: string,
  editorId: string,
): Promise<number | null> {
  if (!(await deletePair(db, pairs, [pairs.clientId, clientId], [pairs.editorId, editorId]))) {
    return null;
  }
  const unassigned = await db
    .update(videos)
    .set({ assignedEditorId: null, updatedAt: new Date() })
    .where(and(eq(videos.userId, clientId), eq(videos.assignedEditorId, editorId)))
    .returning({ id: videos.id });
  return unassigned.length;
}
