// @ts-check
/**
 * The embedded database's process (server/db/embedded.ts forks it): PGlite in the data directory
 * given as its argument, answering the server's requests one IPC message each. Everything PGlite
 * does (the WASM PostgreSQL, its memory, the parsing of results) happens here, so the server's
 * event loop only passes messages and the server's process holds only the server
 * (docs/decisions/0011-embedded-database-in-a-process-of-its-own.md).
 *
 * It ends with the server, whatever way the server ends: on the server's `close` request (after
 * PGlite's close has written the data directory out) and when the IPC channel closes (the server
 * exited or was killed: then at once, as the thread it was before died with its process). Ctrl+C
 * and a SIGTERM sent to the whole process group reach it too; it leaves them to the server, which
 * finishes its requests and then closes the database.
 *
 * Plain JavaScript, started with no Node flags: a process that loads TypeScript through tsx needs
 * tsx's loader (and on Node 20 a loader thread) of its own, 20-60 MB of memory (ADR 0008). The
 * messages' types are in embedded.ts.
 *
 * @typedef {import('./embedded.ts').Request} Request
 * @typedef {import('./embedded.ts').Reply} Reply
 * @typedef {import('@electric-sql/pglite').Transaction} Transaction
 */
import { closeSync, fsyncSync, openSync, promises as fsPromises, unlinkSync } from 'node:fs';
import net from 'node:net';
import process from 'node:process';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const dataDir = process.argv[2];
/** The lock of the data directory: a Unix socket this process listens on while it lives. */
const lockPath = process.argv[3];

/** @param {Reply} reply @returns {Promise<void>} once the reply is written to the channel */
function sendNow(reply) {
  // Nobody to answer once the server is gone (the 'disconnect' handler below ends this process).
  if (!process.connected || !process.send) return Promise.resolve();
  const sending = process.send;
  return new Promise((resolve) => sending.call(process, reply, undefined, {}, () => resolve()));
}

/*
 * Group commit (issue 47): an answer leaves only once the WAL written before it is on the disk,
 * but the flush no longer stops PostgreSQL. A WAL flush PostgreSQL asks for (at each COMMIT) is
 * noted, and fsync(2) runs on libuv's threads while PGlite goes on with the next requests; the
 * answers given meanwhile (a commit's, or a read that may have seen it) wait in order for the
 * flush that covers them, so one fsync serves every commit made while the one before it ran.
 * Nothing else reaches the files before the WAL that describes it (PostgreSQL's write-ahead
 * rule): a write or a flush of any other file first flushes the noted WAL, synchronously.
 * docs/deploy.md, "What is durable".
 */
/** A WAL segment of the data directory (other files in pg_wal are flushed at once). */
const WAL_SEGMENT = /\/pg_wal\/[0-9A-F]{24}$/;
/** How many WAL flushes PostgreSQL has asked for, and how many of them are on the disk. */
let walAsked = 0;
let walOnDisk = 0;
/** The segments of flushes asked for and not started, and of the flush running now. */
let walToFlush = new Set();
/** @type {Set<string>} */
let walFlushing = new Set();
/** @type {{ reply: Reply, after: number, sent: () => void }[]} answers waiting for a flush */
const held = [];

/** @param {Reply} reply @returns {Promise<void>} once the reply is written, after its WAL's flush */
function send(reply) {
  if (held.length === 0 && walOnDisk >= walAsked) return sendNow(reply);
  return new Promise((sent) => held.push({ reply, after: walAsked, sent }));
}

/** Sends, in order, the held answers whose WAL is on the disk. */
function release() {
  while (held.length > 0 && held[0].after <= walOnDisk) {
    const { reply, sent } = /** @type {(typeof held)[number]} */ (held.shift());
    sendNow(reply).then(sent);
  }
}

/** A flush that failed: PostgreSQL would stop (PANIC); so does this process, answering nothing. */
/** @param {unknown} err */
function flushFailed(err) {
  process.stderr.write(
    `The WAL could not be flushed to the disk; the database process stops: ${err}\n`,
  );
  process.exit(1);
}

/** Starts a flush of the WAL asked for so far, unless one runs (it starts the next when done). */
function flushWal() {
  if (walFlushing.size > 0 || walOnDisk >= walAsked) return;
  const covers = walAsked;
  walFlushing = walToFlush;
  walToFlush = new Set();
  const flushing = [...walFlushing].map(async (file) => {
    let handle;
    try {
      handle = await fsPromises.open(file, 'r');
    } catch (err) {
      if (segmentGone(err)) return;
      throw err;
    }
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
  Promise.all(flushing).then(() => {
    walOnDisk = Math.max(walOnDisk, covers);
    walFlushing = new Set();
    release();
    flushWal();
  }, flushFailed);
}

/**
 * Whether an open failed because the segment is no longer there. PostgreSQL removes or recycles
 * a segment only after a checkpoint has put on the disk every change its WAL describes (and the
 * checkpoint's own flushes flushed the WAL first: flushWalNow), so nothing in it is needed.
 * @param {unknown} err
 */
const segmentGone = (err) => /** @type {NodeJS.ErrnoException} */ (err).code === 'ENOENT';

/** Flushes every WAL segment asked for, now, before another file is written or flushed. */
function flushWalNow() {
  if (walOnDisk >= walAsked) return;
  for (const file of [...walFlushing, ...walToFlush]) {
    let fd;
    try {
      fd = openSync(file, 'r');
    } catch (err) {
      if (segmentGone(err)) continue;
      throw err;
    }
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  walToFlush = new Set();
  walOnDisk = walAsked;
  process.nextTick(release); // after the statement PGlite is running
}

/** A database error as plain fields (code, detail, constraint…), which a clone would drop. */
/** @param {unknown} err @returns {Record<string, unknown>} */
function describeError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

/** drizzle passes identity parsers for the types it reads as text; the server names them. */
/** @param {number[] | undefined} rawTypes */
function parsersFor(rawTypes) {
  if (!rawTypes) return undefined;
  return Object.fromEntries(rawTypes.map((oid) => [oid, (/** @type {string} */ value) => value]));
}

/** @type {PGlite} */
let db;

/*
 * Named prepared statements (issue 47). PGlite's `query` sends each statement unnamed: Parse,
 * Describe, Bind, Describe, Execute and Sync, so PostgreSQL parses, analyses and plans it again at
 * every call (the video read of a comment: about 1.2 ms of this process's CPU, 0.2 ms of it
 * executing). Here each distinct text is parsed once under a name, its parameter types and row
 * description kept, and every later call is Bind, Execute and Sync; PostgreSQL keeps its plan
 * (a generic one after five calls, when that is no dearer). The answer is built as PGlite
 * builds its own (its exported parseResults), so callers see the same results.
 */
/** @typedef {{ name: string, paramTypes: number[], rowDescription?: import('@electric-sql/pglite').messages.BackendMessage }} Prepared */
/** @type {Map<string, Prepared>} */
const prepared = new Map();
/**
 * Texts kept at most: each costs PostgreSQL's memory (its parse tree and plan) for as long as the
 * process lives. The app has a few hundred; one beyond is sent unnamed, as PGlite sends it.
 */
const PREPARED_MAX = 1_000;
/** Names given so far (a name is never given twice). */
let named = 0;
/** PostgreSQL's answer when a table a kept statement reads has changed shape (feature_not_supported). */
const PLAN_CHANGED = '0A000';

/**
 * Runs `sql` with `params` as a named prepared statement, inside PGlite's locks as its `query`
 * takes them: outside a transaction, it waits for one that is open to end (`inTransaction` false).
 * @param {string} sql @param {unknown[] | undefined} params
 * @param {{ rowMode?: 'array' | 'object', parsers?: Record<number, (value: string) => unknown> }} options
 * @param {boolean} inTransaction
 */
function preparedQuery(sql, params, options, inTransaction) {
  // PGlite's own locks: a query waits for a transaction (the transaction's own do not).
  const internals =
    /** @type {PGlite & { _runExclusiveQuery: <T>(f: () => Promise<T>) => Promise<T>, _runExclusiveTransaction: <T>(f: () => Promise<T>) => Promise<T> }} */ (
      db
    );
  const run = () =>
    internals._runExclusiveQuery(async () => {
      const result = await execute(sql, params ?? [], options);
      if (!inTransaction) await db.syncToFs();
      return result;
    });
  return inTransaction ? run() : internals._runExclusiveTransaction(run);
}

/** @param {Uint8Array} message */
const stream = (message) => db.execProtocolStream(message, { syncToFs: false });

/**
 * @param {string} sql @param {unknown[]} params
 * @param {{ rowMode?: 'array' | 'object', parsers?: Record<number, (value: string) => unknown> }} options
 * @param {boolean} [again] whether this is the retry after a plan that changed shape
 * @returns {Promise<import('@electric-sql/pglite').Results>}
 */
async function execute(sql, params, options, again = false) {
  const { serialize } = protocol;
  let statement = prepared.get(sql);
  const name = statement?.name ?? (prepared.size < PREPARED_MAX ? `vw_${++named}` : '');
  try {
    if (!statement) {
      await stream(serialize.parse({ name, text: sql, types: [] }));
      const described = await stream(serialize.describe({ type: 'S', name }));
      statement = {
        name,
        paramTypes: parse.parseDescribeStatementResults(described),
        rowDescription: described.find((m) => m.name === 'rowDescription'),
      };
      if (name) prepared.set(sql, statement);
    }
    const types = statement.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[/** @type {number} */ (types[i])];
      return serializer ? serializer(value) : String(value);
    });
    const answered = [
      ...(statement.rowDescription ? [statement.rowDescription] : []),
      ...(await stream(serialize.bind({ statement: name, values }))),
      ...(await stream(serialize.execute({}))),
    ];
    return /** @type {import('@electric-sql/pglite').Results} */ (
      parse.parseResults(answered, db.parsers, options)[0]
    );
  } catch (err) {
    const code = /** @type {{ code?: string }} */ (err).code;
    if (code === PLAN_CHANGED && name && !again) {
      prepared.delete(sql);
      await stream(serialize.sync());
      await stream(serialize.close({ type: 'S', name }));
      // A name is never given twice: the retry prepares the text under a new one.
      return execute(sql, params, options, true);
    }
    throw Object.assign(/** @type {object} */ (err), { query: sql, params });
  } finally {
    await stream(serialize.sync());
  }
}
/** Set once PGlite has closed on the server's request. */
let closed = false;
/**
 * An open transaction: its handle, the way to end it, and its outcome (the COMMIT's).
 * @typedef {{ tx: Transaction, end: (commit: boolean) => void, done: Promise<unknown> }} OpenTransaction
 */
/** @type {Map<number, Promise<OpenTransaction>>} */
const transactions = new Map();

/** @param {number} id */
function opened(id) {
  const opening = transactions.get(id);
  if (!opening) throw new Error('the transaction has ended');
  return opening;
}
/** What ends a transaction the server rolls back (PGlite then runs ROLLBACK). */
const ROLLED_BACK = new Error('rolled back');
/** @type {Map<number, () => Promise<void>>} */
const unlisteners = new Map();

/** @param {Request} request */
async function handle(request) {
  const { id } = request;
  switch (request.op) {
    case 'query': {
      if (request.tx !== undefined) await opened(request.tx); // its BEGIN first
      const result = await preparedQuery(
        request.sql,
        request.params,
        { rowMode: request.rowMode, parsers: parsersFor(request.rawTypes) },
        request.tx !== undefined,
      );
      send({ id, ok: true, value: result });
      return;
    }
    case 'exec': {
      const target = request.tx === undefined ? db : (await opened(request.tx)).tx;
      send({ id, ok: true, value: await target.exec(request.sql) });
      return;
    }
    case 'begin': {
      // PGlite holds its lock for the whole callback: other queries wait until it ends. The
      // transaction's statements may arrive before it has begun: they wait for `opening`.
      /** @type {Promise<OpenTransaction>} */
      const opening = new Promise((opened, failed) => {
        /** @type {(commit: boolean) => void} */
        let end = () => {};
        const done = db.transaction(
          (tx) =>
            new Promise((resolve, reject) => {
              end = (commit) => (commit ? resolve(undefined) : reject(ROLLED_BACK));
              opened({ tx, end: (commit) => end(commit), done });
            }),
        );
        done.catch(failed); // BEGIN itself failed; after opening this does nothing
      });
      transactions.set(id, opening);
      await opening.catch((err) => {
        transactions.delete(id);
        throw err;
      });
      send({ id, ok: true, value: undefined });
      return;
    }
    case 'end': {
      const open = await opened(request.tx);
      transactions.delete(request.tx);
      open.end(request.commit);
      await open.done.catch((err) => {
        if (err !== ROLLED_BACK) throw err;
      });
      send({ id, ok: true, value: undefined });
      return;
    }
    case 'listen': {
      const unlisten = await db.listen(request.channel, (payload) =>
        send({ id: request.id, notification: payload }),
      );
      unlisteners.set(id, unlisten);
      send({ id, ok: true, value: undefined });
      return;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listener);
      unlisteners.delete(request.listener);
      if (unlisten) await unlisten();
      send({ id, ok: true, value: undefined });
      return;
    }
    case 'dump': {
      const file = await db.dumpDataDir('gzip');
      send({ id, ok: true, value: await file.arrayBuffer() });
      return;
    }
    case 'ping': {
      sendNow({ id, ok: true, value: undefined }); // says the process runs, nothing of the data
      return;
    }
    case 'close': {
      await db.close();
      closed = true;
      await send({ id, ok: true, value: undefined });
      process.disconnect(); // the channel was all that kept this process running
      return;
    }
  }
}

process.on('message', (/** @type {Request} */ request) => {
  handle(request).catch(
    (err) => void send({ id: request.id, ok: false, error: describeError(err) }),
  );
});
// The server exited, was killed or closed the database: nothing may hold DATA_DIR after it.
process.on('disconnect', () => process.exit(closed ? 0 : 1));
// Ctrl+C and a group's SIGTERM are the server's to act on: it closes the database when its
// requests are done. Ending here first would fail them.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

/**
 * PostgreSQL's settings as PGlite starts it, with a page cache of 64 MB instead of 128 MB: the
 * WASM memory, once grown, is never given back, and the 128 MB cost the process some 130 MB of
 * resident memory in the quick benchmark (ADR 0008). The files' pages are still in the
 * system's cache behind it.
 *
 * Durable commits (issue 38, docs/deploy.md "What is durable"): PGlite starts PostgreSQL with
 * `-F` (fsync off), so an acknowledged write could be lost to a power cut. Without `-F`,
 * PostgreSQL flushes the WAL before a COMMIT returns, but in PGlite's WASM C library
 * `fdatasync` (PostgreSQL's default WAL flush on Linux) does nothing, and only `fsync` reaches
 * the filesystem's `fsync` operation: hence wal_sync_method=fsync, and DurableNodeFS below.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'shared_buffers=64MB',
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
];

/**
 * PGlite's NODEFS (the data directory on the real disk) has no `fsync` operation: a flush
 * PostgreSQL asks for returns without touching the file. This gives it one: an fsync(2) of the
 * real file, which `strace -f -e trace=fsync` shows before each commit's answer; for a WAL
 * segment, a group commit's (above). Writes to other files flush the WAL asked for first.
 */
class DurableNodeFS extends NodeFS {
  /** @type {NodeFS['init']} */
  async init(pg, emscriptenOptions) {
    const options = await super.init(pg, emscriptenOptions);
    const opts = options.emscriptenOpts;
    /**
     * @typedef {{ nfd?: number, node: unknown, walSegment?: string | false }} Stream
     * @param {{ NODEFS: { stream_ops: Record<string, Function>, realPath: (node: unknown) => string } }} module
     */
    const addFsync = (module) => {
      const ops = module.NODEFS.stream_ops;
      /** The real path of a stream's WAL segment, false for any other file. */
      const walSegment = (/** @type {Stream} */ stream) => {
        if (stream.walSegment === undefined) {
          const file = module.NODEFS.realPath(stream.node);
          stream.walSegment = WAL_SEGMENT.test(file) && file;
        }
        return stream.walSegment;
      };
      ops.fsync = (/** @type {Stream} */ stream) => {
        if (stream.nfd === undefined) return 0;
        const segment = walSegment(stream);
        if (segment) {
          walToFlush.add(segment);
          walAsked++;
          flushWal();
        } else {
          flushWalNow();
          fsyncSync(stream.nfd);
        }
        return 0;
      };
      const write = ops.write;
      ops.write = (/** @type {Stream} */ stream, /** @type {unknown[]} */ ...rest) => {
        if (walOnDisk < walAsked && !walSegment(stream)) flushWalNow();
        return write(stream, ...rest);
      };
    };
    return { ...options, emscriptenOpts: { ...opts, preRun: [...(opts.preRun ?? []), addFsync] } };
  }
}

/**
 * Claims the data directory: listens on its lock socket for as long as this process lives. The
 * lock is this process's, not the server's: a database process that outlives its server (killed
 * while this one spun in WASM and could not see its channel close) keeps the directory, and the
 * next start is refused rather than opening a second PostgreSQL on the same files. The kernel
 * accepts connections to a listening socket even while its process runs no JavaScript, so a
 * connection that succeeds means a live holder; a refused one, a socket file left by a process
 * that died, which is removed.
 * @returns {Promise<void>}
 */
function claimDataDir() {
  const lock = net.createServer((conn) => conn.destroy());
  /** @param {boolean} retry @returns {Promise<void>} */
  const listen = (retry) =>
    new Promise((resolve, reject) => {
      lock.once('error', (/** @type {NodeJS.ErrnoException} */ err) => {
        if (err.code !== 'EADDRINUSE' || !retry) return reject(err);
        const probe = net.createConnection(lockPath);
        probe.on('connect', () => {
          probe.destroy();
          reject(
            Object.assign(
              new Error(
                `Another process is using the embedded database in ${dataDir} (DATA_DIR); two processes on one data directory would corrupt it. Stop it first (its database process listens on ${lockPath})`,
              ),
              { code: 'DATA_DIR_IN_USE' },
            ),
          );
        });
        probe.on('error', () => {
          try {
            unlinkSync(lockPath); // left by a process that died
          } catch {
            // already gone
          }
          listen(false).then(resolve, reject);
        });
      });
      // Owner-only from the start (the bind happens inside listen()).
      const umask = process.umask(0o177);
      try {
        lock.listen(lockPath, () => resolve());
      } finally {
        process.umask(umask);
      }
    });
  // The IPC channel keeps this process running, not the lock.
  lock.unref();
  return listen(true);
}

try {
  await claimDataDir();
} catch (err) {
  await send({ id: 0, ok: false, error: describeError(err) });
  process.exit(1);
}

PGlite.create({ fs: new DurableNodeFS(dataDir), startParams: START_PARAMS }).then(
  (opened) => {
    db = opened;
    send({ id: 0, ok: true, value: 'ready' });
  },
  (err) => send({ id: 0, ok: false, error: describeError(err) }),
);
