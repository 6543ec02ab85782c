import type { Database } from '../db/client';

/** The first argument of a driver's query call: the text, or a config object carrying it. */
type QueryText = string | { text?: string; sql?: string; name?: string; values?: unknown[] };
const textOf = (q: QueryText) => (typeof q === 'string' ? q : (q.text ?? q.sql ?? '?'));
type Queryable = { query: (q: QueryText, ...rest: unknown[]) => Promise<unknown> };

/** A statement as the app handed it to its driver. */
export interface SentStatement {
  /** Its text, blanks folded. */
  text: string;
  /** node-postgres: the name it is prepared under on the connection (server/db/prepared.ts). */
  name: string | undefined;
  /**
   * The query config object that came with it (node-postgres: the first argument; PGlite: the
   * options), the same object each time for a statement built once.
   */
  config: object | undefined;
  /** The values of its placeholders, in order. */
  params: unknown[];
  /**
   * When it was handed to the driver and when its answer came back, as places in one order of
   * those events over all statements: two statements overlap when each was sent before the
   * other's answer came.
   */
  sent: number;
  answered?: number;
}

/**
 * Records the statements the app sends to its database (each one a round trip), on either
 * driver: every query of a node-postgres client the pool hands out, or of PGlite and its
 * transactions (their BEGIN and COMMIT included). `during(work)` answers the texts sent while
 * `work` ran, leaving out the NOTIFYs sent on a listener's connection after a write has
 * committed (the cache bus's marker, CacheBus.localWrite; the new notifications told to the other
 * instances, Notifier), which are not the write's own round trips. (No write's statement starts
 * with a NOTIFY.)
 */
export function recordStatements(database: Database) {
  let log: SentStatement[] | null = null;
  let events = 0;
  const note = (q: QueryText, params?: unknown, options?: unknown) => {
    const statement: SentStatement = {
      text: textOf(q).trim().replace(/\s+/g, ' '),
      name: typeof q === 'string' ? undefined : q.name,
      config: typeof q === 'string' ? (options as object | undefined) : q,
      params: (params as unknown[] | undefined) ?? (typeof q === 'string' ? [] : (q.values ?? [])),
      sent: ++events,
    };
    log?.push(statement);
    return () => {
      statement.answered ??= ++events;
    };
  };
  const patched = new WeakSet<object>();
  const watch = (client: Queryable) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client);
    client.query = (q, ...rest) => {
      const answered = note(q, rest[0], rest[1]);
      // node-postgres's pool hands its clients a callback; everything else awaits a promise.
      const last = rest.length - 1;
      const callback = rest[last];
      if (typeof callback === 'function') {
        rest[last] = (...args: unknown[]) => {
          answered();
          return (callback as (...a: unknown[]) => unknown)(...args);
        };
      }
      const result = query(q, ...rest);
      void result?.then(answered, answered);
      return result;
    };
  };
  if (database.pool) {
    database.pool.on('acquire', (client) => watch(client as unknown as Queryable));
  } else {
    const pglite = database.pglite as unknown as Queryable & {
      transaction: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;
    };
    watch(pglite);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (work) => {
      note('begin');
      return transaction(async (tx) => {
        watch(tx);
        const result = await work(tx);
        note('commit');
        return result;
      });
    };
  }
  /** The statements sent while `work` ran, the listeners' NOTIFYs left out. */
  async function sentDuring(work: () => Promise<unknown>): Promise<SentStatement[]> {
    log = [];
    try {
      await work();
      return log.filter((s) => !s.text.startsWith('select pg_notify('));
    } finally {
      log = null;
    }
  }
  return {
    /** The texts of the statements sent while `work` ran. */
    async during(work: () => Promise<unknown>): Promise<string[]> {
      return (await sentDuring(work)).map((s) => s.text);
    },
    sentDuring,
  };
}
