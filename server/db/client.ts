import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { EmbeddedClient, type Supervision } from './embedded';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Whether `db` is a transaction's handle. */
export const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/**
 * What the app uses of PGlite: a PGlite in this process (the tests, the scripts) or the one in
 * the database thread that the running server uses (server/db/embedded.ts).
 */
export interface EmbeddedPglite {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs plain SQL text (several statements allowed); used by migrations and tests. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, when there is one (backups, LISTEN on PGlite). */
  pglite?: EmbeddedPglite;
  pool?: pg.Pool;
}

export function fromPglite(client: PGlite | EmbeddedClient): Database {
  return {
    // The thread's client answers drizzle's calls (query, transaction) as PGlite does.
    db: drizzlePglite(client as PGlite, { schema }),
    kind: 'pglite',
    pglite: client,
    exec: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}

export interface PostgresOptions {
  url: string;
  /**
   * A schema to put first on the search path (tests use one schema per file); its connections
   * are then named `vw_app_<schema>` in pg_stat_activity, so a test can tell them from another
   * file's on the same server.
   */
  searchPath?: string;
  max?: number;
}

export function fromPostgres({ url, searchPath, max = 10 }: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
    application_name: searchPath ? `vw_app_${searchPath}` : undefined,
  });
  // A backend that dies (server restart, idle kill) must not take the process with it.
  pool.on('error', () => {});
  return {
    db: drizzlePg(pool, { schema }),
    kind: 'postgres',
    pool,
    exec: async (text) => {
      await pool.query(text);
    },
    close: () => pool.end(),
  };
}

/**
 * A PostgreSQL server when DATABASE_URL is given; otherwise PGlite in dataDir, run in a thread of
 * its own so that its work does not stall HTTP serving (server/db/embedded.ts).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** The embedded database process's watchdog and restarts (server/db/embedded.ts). */
  supervision?: Supervision;
}): Promise<Database> {
  if (opts.databaseUrl) return fromPostgres({ url: opts.databaseUrl });
  return fromPglite(await EmbeddedClient.open(opts.dataDir, opts.supervision));
}
