/**
 * The embedded database off the event loop (docs/decisions/0008-embedded-database-off-the-event-
 * loop.md) and out of the server's memory (0011-embedded-database-in-a-process-of-its-own.md):
 * PGlite runs in a child process (server/db/embedded-process.mjs) and this client offers the
 * part of PGlite's API that the app and drizzle's PGlite driver use (query, exec, transaction,
 * listen, dumpDataDir, close), each call one IPC message to that process. A long query then
 * delays only the queries queued behind it, never the HTTP serving.
 *
 * The client supervises that process (issue 38): when it exits, or stops answering the
 * watchdog's ping within a bound (it is then killed), every call fails at once with
 * DatabaseProcessDown (a 503 with a message, server/plugins/errors.ts) and a new process is
 * started on the same data directory, with growing pauses, until one opens it; LISTENs are made
 * again there. When none could be started after RESTART_ATTEMPTS tries, `onGiveUp` is called
 * (the server exits non-zero, for a process manager to restart it).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { lockSocketPath } from './backup-socket';

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
  /** The watchdog's question, answered at once (not queued behind PGlite's lock). */
  | { op: 'ping' }
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
/** How long close() waits for the process to end (PGlite's close included) before killing it. */
const EXIT_GRACE_MS = 5_000;
/** Restarts tried in a row before giving up, and the pauses before them (doubled each time). */
const RESTART_ATTEMPTS = 8;
const FIRST_RESTART_PAUSE_MS = 250;
const MAX_RESTART_PAUSE_MS = 4_000;
/** A restarted process that has not opened the data directory within this is killed. */
const RESTART_OPEN_MS = 30_000;

/**
 * Why a call failed: the database process is not there (dead, hung and killed, or restarting).
 * Its code is PostgreSQL's connection_failure, which the error handler answers with 503.
 */
export class DatabaseProcessDown extends Error {
  readonly code = '08006';
}

export interface Supervision {
  /** How often the watchdog pings the process (ms). */
  pingIntervalMs: number;
  /** A ping unanswered for this long means the process hangs: it is killed and restarted. */
  pingTimeoutMs: number;
  log?: {
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
  /** No process could be started after RESTART_ATTEMPTS tries. */
  onGiveUp?(err: Error): void;
}

const DEFAULT_SUPERVISION: Supervision = { pingIntervalMs: 2_000, pingTimeoutMs: 10_000 };

/** A running database process and the promise of its end. */
interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

export class EmbeddedClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void }
  >();
  /** LISTENs by the id of their request, made again in a restarted process. */
  private readonly listeners = new Map<
    number,
    { channel: string; callback: (payload: string) => void }
  >();
  /** Set while no process answers (dead, restarting); calls fail with it at once. */
  private down: DatabaseProcessDown | undefined;
  private closing = false;
  private running!: Running;
  /** A process being started by a restart, not yet answering. */
  private starting: ChildProcess | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private pingOut = false;

  private constructor(
    private readonly dataDir: string,
    private readonly supervision: Supervision,
  ) {}

  /** The database process's id (its memory is its own: the benchmark reports it apart). */
  get pid(): number | undefined {
    return this.running.child.pid;
  }

  /** Starts the database process on `dataDir` and waits until PGlite has opened it. */
  static async open(
    dataDir: string,
    supervision: Supervision = DEFAULT_SUPERVISION,
  ): Promise<EmbeddedClient> {
    const client = new EmbeddedClient(dataDir, supervision);
    client.running = await client.spawn();
    client.watchdog = setInterval(() => client.ping(), supervision.pingIntervalMs);
    client.watchdog.unref();
    return client;
  }

  /** A new database process, once it has opened the data directory (killed if it fails to). */
  private async spawn(openWithinMs?: number): Promise<Running> {
    const child = fork(PROCESS, [this.dataDir, lockSocketPath(this.dataDir)], {
      // Not the server's flags: its `--import tsx` would load a TypeScript loader there too.
      execArgv: [],
      // Structured clone, as between threads: dates, byte arrays, the backup's ArrayBuffer.
      serialization: 'advanced',
    });
    const exited = new Promise<void>((resolve) =>
      child.once('exit', (code, signal) => {
        if (this.running?.child === child) this.lost(signal ?? `exit ${code}`);
        resolve();
      }),
    );
    let opened: (value: unknown) => void = () => {};
    let failed: (err: Error) => void = () => {};
    const ready = new Promise((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    // Until it is the running process, its messages are only the opening's answer (id 0).
    const onOpening = (reply: Reply) => {
      if (reply.id !== 0 || 'notification' in reply) return;
      if (reply.ok) opened(reply.value);
      else failed(rebuildError(reply.error));
    };
    child.on('message', onOpening);
    child.on('error', (err) => failed(err));
    void exited.then(() => failed(new Error('the database process ended while opening')));
    const timer =
      openWithinMs === undefined
        ? undefined
        : setTimeout(
            () => failed(new Error(`the database process did not open within ${openWithinMs} ms`)),
            openWithinMs,
          );
    this.starting = child;
    try {
      await ready;
    } catch (err) {
      child.kill('SIGKILL');
      await exited;
      throw err;
    } finally {
      clearTimeout(timer);
      this.starting = undefined;
      child.off('message', onOpening);
    }
    child.on('message', (reply: Reply) => {
      if (this.running?.child === child) this.receive(reply);
    });
    return { child, exited };
  }

  private receive(reply: Reply) {
    if ('notification' in reply) {
      this.listeners.get(reply.id)?.callback(reply.notification);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuildError(reply.error));
  }

  /** The running process ended: fail what waits on it, and start another unless closing. */
  private lost(how: string) {
    const down = new DatabaseProcessDown(`the database process stopped (${how})`);
    this.down = down;
    this.pingOut = false;
    for (const waiting of this.pending.values()) waiting.reject(down);
    this.pending.clear();
    if (this.closing) return;
    this.supervision.log?.error({ how }, 'the database process stopped; restarting it');
    void this.restart();
  }

  private async restart() {
    let pause = FIRST_RESTART_PAUSE_MS;
    let lastError: Error = new Error('no restart tried');
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS; attempt++) {
      // A pause before each try: a process that dies at once must not be restarted in a loop.
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
      pause = Math.min(pause * 2, MAX_RESTART_PAUSE_MS);
      if (this.closing) return;
      let running: Running;
      try {
        running = await this.spawn(RESTART_OPEN_MS);
      } catch (err) {
        lastError = err as Error;
        this.supervision.log?.warn({ err, attempt }, 'the database process could not restart');
        continue;
      }
      if (this.closing) {
        running.child.kill('SIGKILL');
        return;
      }
      this.running = running;
      try {
        // The LISTENs, under the ids their notifications are known by.
        await Promise.all(
          [...this.listeners].map(([id, { channel }]) => this.send(id, { op: 'listen', channel })),
        );
      } catch (err) {
        // Its exit starts the restarts again.
        this.supervision.log?.warn({ err }, 'the restarted database process could not LISTEN');
        running.child.kill('SIGKILL');
        return;
      }
      this.down = undefined;
      this.supervision.log?.info({ attempt }, 'the database process was restarted');
      return;
    }
    this.supervision.onGiveUp?.(lastError);
  }

  /** The watchdog: a process that does not answer a ping within the bound is killed. */
  private ping() {
    if (this.down || this.closing || this.pingOut) return;
    this.pingOut = true;
    const { child } = this.running;
    const timer = setTimeout(() => {
      this.supervision.log?.error(
        { timeoutMs: this.supervision.pingTimeoutMs },
        'the database process does not answer; killing it',
      );
      child.kill('SIGKILL');
    }, this.supervision.pingTimeoutMs);
    this.send(this.nextId++, { op: 'ping' }).then(
      () => {
        clearTimeout(timer);
        if (this.running.child === child) this.pingOut = false;
      },
      () => clearTimeout(timer),
    );
  }

  private send<T>(id: number, body: RequestBody): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.running.child.send({ ...body, id });
    });
  }

  private call<T>(body: RequestBody): Promise<T> {
    if (this.down) return Promise.reject(this.down);
    if (this.closing) return Promise.reject(new DatabaseProcessDown('the database is closing'));
    return this.send(this.nextId++, body);
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
    this.listeners.set(id, { channel, callback });
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
   * that nothing holds DATA_DIR once this resolves. Bounded: a process that has not ended
   * within EXIT_GRACE_MS (a hung one never answers the close) is killed.
   */
  async close(): Promise<void> {
    const wasDown = this.down;
    this.closing = true;
    clearInterval(this.watchdog);
    this.starting?.kill('SIGKILL');
    const { child, exited } = this.running;
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS);
    try {
      if (!wasDown) await this.send(this.nextId++, { op: 'close' });
    } finally {
      // The process ends when its channel closes: at once if PGlite's close failed.
      if (child.connected) child.disconnect();
      await exited;
      clearTimeout(timer);
    }
  }
}
