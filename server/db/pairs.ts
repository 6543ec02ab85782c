import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * The tables that pair two rows, one pair a row keyed by its two sides: a client and its editor
 * (client_editor_assignments) or its team lead (client_team_lead_assignments), a client and a
 * video type it has a custom price for (client_video_type_pricing).
 */
type PairTable = PgTable & { id: PgColumn };

/**
 * The ids on the `to` side of every pair whose `from` side is `id`, as a query not yet run: a
 * subquery of a statement that lists those people (one round trip, not two).
 */
export const pairedIds = (db: Db, table: PairTable, [from, id]: [PgColumn, string], to: PgColumn) =>
  db.select({ id: to }).from(table).where(eq(from, id));

/** The ids on the `to` side of every pair whose `from` side is `id`. */
export async function pairedWith(
  db: Db,
  table: PairTable,
  pair: [PgColumn, string],
  to: PgColumn,
): Promise<string[]> {
  const rows = await pairedIds(db, table, pair, to);
  return rows.map((r) => r.id as string);
}

/** Deletes the pair of these two sides; whether there was one. */
export async function deletePair(
  db: Db,
  table: PairTable,
  [first, firstId]: [PgColumn, string],
  [second, secondId]: [PgColumn, string],
): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(and(eq(first, firstId), eq(second, secondId)))
    .returning({ id: table.id });
  return deleted.length > 0;
}
