import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
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

/** How many shapes of a family are named: the ones a day uses are a few. */
const FAMILY_SHAPES = 32;

/**
 * A family of prepared statements whose text depends on a few choices, its `shape` (the columns
 * a change sets, whether notices come with it): one statement per shape, built on its first use
 * and named by the family and a hash of `keyOf(shape)`, which must tell every shape's text apart.
 * Shapes are chosen by requests (an edit's fields), and each name stays on every pooled
 * connection: past FAMILY_SHAPES, a new shape is built at each use and sent unnamed.
 */
export function preparedFamily<S, Q>(
  family: string,
  keyOf: (shape: S) => string,
  build: (db: Db, shape: S) => { prepare(name: string): Q },
): (db: Db, shape: S) => Q {
  const byShape = new Map<string, (db: Db) => Q>();
  return (db, shape) => {
    const key = keyOf(shape);
    let statement = byShape.get(key);
    if (statement === undefined && byShape.size >= FAMILY_SHAPES)
      return build(db, shape).prepare('');
    if (statement === undefined) {
      const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
      statement = preparedStatement(`${family}_${hash}`, (handle) => build(handle, shape));
      byShape.set(key, statement);
    }
    return statement(db);
  };
}

/**
 * A prepared statement's values for the columns of `table` in the form the driver takes, as Drizzle
 * would encode them (a Date as its ISO text), null kept null: a placeholder given as a column's
 * value is handed to the driver as it is (placeholderFor).
 */
export function driverValues(
  table: Table,
  values: Record<string, unknown>,
  /** The statement's other placeholders, which no column may be named as. */
  others: readonly string[],
): Record<string, unknown> {
  const columns = getTableColumns(table);
  const encoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    if (others.includes(key)) throw new Error(`the placeholder ${key} is also a column's`);
    encoded[key] = value === null ? null : column.mapToDriverValue(value);
  }
  return encoded;
}

/**
 * The value of column `key` as a placeholder of the same name, wrapped so that Drizzle leaves
 * it to the driver (driverValues encodes it; Drizzle's own encoding of a placeholder fails on
 * null dates).
 */
export const placeholderFor = (key: string): SQL => sql`${sql.placeholder(key)}`;
