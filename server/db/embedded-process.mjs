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
import { fsyncSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import process from 'node:process';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const dataDir = process.argv[2];
/** The lock of the data directory: a Unix socket this process listens on while it lives. */
const lockPath = process.argv[3];

/** @param {Reply} reply @returns {Promise<void>} once the reply is written to the channel */
function send(reply) {
  // Nobody to answer once the server is gone (the 'disconnect' handler below ends this process).
  if (!process.connected || !process.send) return Promise.resolve();
  const sending = process.send;
  return new Promise((resolve) => sending.call(process, reply, undefined, {}, () => resolve()));
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
      const target = request.tx === undefined ? db : (await opened(request.tx)).tx;
      const result = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: parsersFor(request.rawTypes),
      });
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
      send({ id, ok: true, value: undefined });
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
 * PostgreSQL asks for returns without touching the file. This gives it one, an fsync(2) of the
 * real file, which `strace -f -e trace=fsync` shows after each commit's WAL write.
 */
class DurableNodeFS extends NodeFS {
  /** @type {NodeFS['init']} */
  async init(pg, emscriptenOptions) {
    const options = await super.init(pg, emscriptenOptions);
    const opts = options.emscriptenOpts;
    /** @param {{ NODEFS: { stream_ops: Record<string, unknown> } }} module */
    const addFsync = (module) => {
      module.NODEFS.stream_ops.fsync = (/** @type {{ nfd?: number }} */ stream) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        return 0;
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
