/**
 * The embedded database off the event loop (docs/decisions/0008-embedded-database-off-the-event-
 * loop.md) and out of the server's memory (0011-embedded-database-in-a-process-of-its-own.md):
 * PGlite runs in a child process (server/db/embedded-process.mjs) and this client offers the
 * part of PGlite's API that the app and drizzle's PGlite driver use (query, exec, transaction,
 * listen, dumpDataDir, close), each call one IPC message to that process. A long query then
 * delays only the queries queued behind it, never the HTTP serving.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** The calls of the server to the database process. */
export type Request = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Types to hand back as PostgreSQL's text (drizzle's parsers are all the identity). */
      rawTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump' }
  | { op: 'close' }
);

/** An answer to request `id`, or a notification for listener `id`. */
export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { id: number; notification: string };

/** What a transaction callback is given: queries inside it. */
export interface EmbeddedTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

type RequestBody = Request extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** A database error with the fields PGlite gave it (code, detail, constraint…). */
function rebuildError(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message));
  Object.assign(err, fields);
  return err;
}

/** The database process's script, beside this file (also how tests and the bench tell it). */
export const DATABASE_PROCESS_SCRIPT = 'embedded-process.mjs';
const PROCESS = fileURLToPath(new URL(`./${DATABASE_PROCESS_SCRIPT}`, import.meta.url));
/** How long close() waits for the process to end after PGlite's close before killing it. */
const EXIT_GRACE_MS = 5_000;

export class EmbeddedClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void }
  >();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private failure: Error | undefined;

  private readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (reply: Reply) => this.receive(reply));
    child.on('error', (err) => this.fail(err));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.fail(new Error(`the database process stopped (${signal ?? `exit ${code}`})`));
        resolve();
      }),
    );
  }

  /** The database process's id (its memory is its own: the benchmark reports it apart). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Starts the database process on `dataDir` and waits until PGlite has opened it. */
  static async open(dataDir: string): Promise<EmbeddedClient> {
    const child = fork(PROCESS, [dataDir], {
      // Not the server's flags: its `--import tsx` would load a TypeScript loader there too.
      execArgv: [],
      // Structured clone, as between threads: dates, byte arrays, the backup's ArrayBuffer.
      serialization: 'advanced',
    });
    const client = new EmbeddedClient(child);
    try {
      await new Promise((resolve, reject) => client.pending.set(0, { resolve, reject }));
    } catch (err) {
      child.kill('SIGKILL');
      await client.exited;
      throw err;
    }
    return client;
  }

  private receive(reply: Reply) {
    if ('notification' in reply) {
      this.listeners.get(reply.id)?.(reply.notification);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuildError(reply.error));
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }

  private call<T>(body: RequestBody): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ ...body, id });
    });
  }

  private queryIn<T>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ) {
    const rawTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      rawTypes,
      tx,
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: 'exec', sql });
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId; // the id `call` gives the begin, which names the transaction
    // Not awaited before the first statement: the database process runs it after BEGIN (one crossing
    // fewer per transaction, while PGlite's lock is held). A failed BEGIN fails them too.
    const begun = this.call({ op: 'begin' });
    begun.catch(() => {});
    const tx: EmbeddedTransaction = {
      query: (sql, params, options) => this.queryIn(id, sql, params, options),
      exec: (sql) => this.call({ op: 'exec', sql, tx: id }),
    };
    let result: T;
    try {
      result = await callback(tx);
      await begun;
    } catch (err) {
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** LISTEN on `channel`; returns the UNLISTEN. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.nextId; // the id `call` gives the listen, which names its notifications
    this.listeners.set(id, callback);
    try {
      await this.call({ op: 'listen', channel });
    } catch (err) {
      this.listeners.delete(id);
      throw err;
    }
    return async () => {
      this.listeners.delete(id);
      await this.call({ op: 'unlisten', listener: id });
    };
  }

  /** A gzipped tar of the data directory, made while no statement runs (PGlite's lock). */
  async dumpDataDir(compression: 'gzip'): Promise<Blob> {
    const bytes = await this.call<ArrayBuffer>({ op: 'dump' });
    return new Blob([bytes], { type: compression === 'gzip' ? 'application/x-gzip' : '' });
  }

  /**
   * Closes PGlite (which writes out its data directory) and waits for the process to end, so
   * that nothing holds DATA_DIR once this resolves.
   */
  async close(): Promise<void> {
    try {
      if (!this.failure) await this.call({ op: 'close' });
    } finally {
      // The process ends when its channel closes: at once if PGlite's close failed.
      if (this.child.connected) this.child.disconnect();
      const timer = setTimeout(() => this.child.kill('SIGKILL'), EXIT_GRACE_MS);
      await this.exited;
      clearTimeout(timer);
    }
  }
}
