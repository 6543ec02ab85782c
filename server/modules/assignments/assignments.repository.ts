import { and, eq, inArray, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Assignment, ClientWithCounts, EditorWithCounts } from '@domain/assignments';
import { CLIENT_ROLE_TEXTS } from '@domain/roles';
import type { Db } from '../../db/client';
import { deletePair, pairedIds, pairedWith } from '../../db/pairs';
import { countWhere } from '../../db/rows';
import { clientEditorAssignments, users, videos, type UserRow } from '../../db/schema';
import {
  hasClientRole,
  publicUserColumns,
  toDirectoryUser,
  toPublicUser,
} from '../users/users.repository';
import { videoCountOf } from '../scope/readable';

const byName = sql`lower(coalesce(${users.name}, ${users.username}))`;

/** Whose rows a list holds: ids, or a subquery of them (`pairedIds`). */
type PeopleIds = readonly string[] | SQLWrapper;

const amongIds = (ids: PeopleIds) =>
  inArray(users.id, Array.isArray(ids) ? [...(ids as readonly string[])] : (ids as SQLWrapper));

/** A client's video and editor counts, as a list of clients reads them. */
const clientCounts = () => ({
  videoCount: videoCountOf(users.id),
  editorCount: countWhere(clientEditorAssignments, clientEditorAssignments.clientId, users.id),
});

/**
 * What a listed client's JSON is made of: the version of its row (xmin, the transaction that
 * wrote it: a name, a role, an avatar change is a new one) and its two counts, as they stand.
 */
const clientRowVersion = () => {
  const { videoCount, editorCount } = clientCounts();
  return sql`${users.id}::text || ':' || ${users}.xmin::text || ':' || ${videoCount} || ':' || ${editorCount}`;
};

/** The clients' row versions joined in id order (`joined`, an aggregate of them), hashed. */
const hashed = (joined: SQL) => sql<string>`md5(coalesce(${joined}, ''))`;

/**
 * The version of every client's list (each client's, in id order, hashed): the same string in
 * the database's whole list and in the statement that lists them (`version` of
 * listClientsWithCounts), so an equal version means the same rows as that list's.
 */
export async function clientListVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({
      version: hashed(sql`string_agg(${clientRowVersion()}, ',' order by ${users.id})`),
    })
    .from(users)
    .where(hasClientRole());
  return row!.version;
}

/**
 * Clients with their video and editor counts, by name; only `ids` when given. The admin flag is
 * there only `withAdminFlag` (docs/rules.md#who-may-do-what, user lists). `version`, for the whole list
 * only (no `ids`) of at least one client: clientListVersion of the rows read, in the same
 * statement.
 */
export async function listClientsWithCounts(
  db: Db,
  { ids, withAdminFlag }: { ids?: PeopleIds; withAdminFlag: boolean },
): Promise<{ clients: ClientWithCounts[]; version?: string }> {
  if (Array.isArray(ids) && ids.length === 0) return { clients: [] };
  const whole = ids === undefined;
  const rows = await db
    .select({
      user: publicUserColumns,
      ...clientCounts(),
      // Over every row at once (the frame is the whole list), in id order as clientListVersion.
      ...(whole && {
        version: hashed(sql`string_agg(${clientRowVersion()}, ',') over (order by ${users.id}
          rows between unbounded preceding and unbounded following)`),
      }),
    })
    .from(users)
    .where(and(hasClientRole(), ids ? amongIds(ids) : undefined))
    .orderBy(byName);
  const clients = rows.map((r) => ({
    ...toDirectoryUser(r.user, withAdminFlag),
    videoCount: Number(r.videoCount),
    editorCount: Number(r.editorCount),
  }));
  // None when there is no client: an empty list is not worth keeping.
  return { clients, version: rows[0]?.version };
}

/** Editors with how many clients each is assigned to, by name; only `ids` when given. */
export async function listEditorsWithCounts(
  db: Db,
  { ids, withAdminFlag }: { ids?: PeopleIds; withAdminFlag: boolean },
): Promise<EditorWithCounts[]> {
  if (Array.isArray(ids) && ids.length === 0) return [];
  const rows = await db
    .select({
      user: publicUserColumns,
      clientCount: countWhere(clientEditorAssignments, clientEditorAssignments.editorId, users.id),
    })
    .from(users)
    .where(and(eq(users.role, 'editor'), ids ? amongIds(ids) : undefined))
    .orderBy(byName);
  return rows.map((r) => ({
    ...toDirectoryUser(r.user, withAdminFlag),
    clientCount: Number(r.clientCount),
  }));
}

const pairs = clientEditorAssignments;

/** The editors assigned to a client, and the clients assigned to an editor, as subqueries. */
export const editorsOfClient = (db: Db, clientId: string) =>
  pairedIds(db, pairs, [pairs.clientId, clientId], pairs.editorId);
export const clientsOfEditor = (db: Db, editorId: string) =>
  pairedIds(db, pairs, [pairs.editorId, editorId], pairs.clientId);

/** The editors assigned to a client. */
export const editorIdsOf = (db: Db, clientId: string) =>
  pairedWith(db, pairs, [pairs.clientId, clientId], pairs.editorId);

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
 * Ends a pair and, with it, the editor's place on the client's videos (docs/rules.md#rules-the-product-leaves-open):
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
