/**
 * The rows of a raw SQL statement (`db.execute(sql`...`)`): both drivers answer with an object
 * carrying `rows` (node-postgres a QueryResult, PGlite a Results), typed only as the caller says.
 * Prefer the query builder; raw SQL is for what it cannot say (ledger sums, migrations).
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
