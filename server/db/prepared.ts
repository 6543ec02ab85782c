import type { Db } from './client';

/**
 * Statements of the hot paths that are built once and sent as prepared statements (issue 20,
 * ADR 0007 "Prepared statements for a comment"). Drizzle builds a query's text anew at each
 * call (~14% of the server's CPU while comments were posted); a prepared query keeps its text
 * and takes its values as placeholders (`sql.placeholder`). On PostgreSQL it also goes under its
 * name, so each pooled connection parses it once and reuses its plan (node-postgres keeps the
 * names a connection has prepared); PGlite takes the same text without a name.
 *
 * `preparedStatement(name, build)` names one; the function it gives answers the prepared query
 * for a database handle, built on the first call with that handle (a transaction is a handle of
 * its own, so its statements run in it). A name is given once, since PostgreSQL refuses a name
 * prepared again with another text on the same connection.
 */
const names = new Set<string>();

export function preparedStatement<Q>(
  name: string,
  build: (db: Db) => { prepare(name: string): Q },
): (db: Db) => Q {
  if (names.has(name)) throw new Error(`prepared statement ${name} is named twice`);
  names.add(name);
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = build(db).prepare(name);
      byDb.set(db, query);
    }
    return query;
  };
}
