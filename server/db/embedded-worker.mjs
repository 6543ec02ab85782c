// @ts-check
/**
 * The embedded database's thread (server/db/embedded.ts starts it): PGlite in DATA_DIR, answering
 * the main thread's requests one message each. Everything PGlite does (the WASM PostgreSQL, the
 * parsing of results) runs here, so the server's event loop only passes messages.
 *
 * Plain JavaScript, the one such file of the server: a thread that loads TypeScript through tsx
 * needs tsx's loader (and on Node 20 a loader thread) of its own, which cost the process 20-60 MB
 * of its 300 MB (ADR 0008). The messages' types are in embedded.ts.
 *
 * @typedef {import('./embedded.ts').Request} Request
 * @typedef {import('./embedded.ts').Reply} Reply
 * @typedef {import('@electric-sql/pglite').Transaction} Transaction
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir } = /** @type {{ dataDir: string }} */ (workerData);

/** @param {Reply} reply @param {ArrayBuffer[]} [transfer] */
function send(reply, transfer = []) {
  port.postMessage(reply, transfer);
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

/** drizzle passes identity parsers for the types it reads as text; the main thread names them. */
/** @param {number[] | undefined} rawTypes */
function parsersFor(rawTypes) {
  if (!rawTypes) return undefined;
  return Object.fromEntries(rawTypes.map((oid) => [oid, (/** @type {string} */ value) => value]));
}

/** @type {PGlite} */
let db;
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
/** What ends a transaction the main thread rolls back (PGlite then runs ROLLBACK). */
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
      const bytes = await file.arrayBuffer();
      send({ id, ok: true, value: bytes }, [bytes]);
      return;
    }
    case 'close': {
      await db.close();
      send({ id, ok: true, value: undefined });
      port.close();
      return;
    }
  }
}

port.on('message', (/** @type {Request} */ request) => {
  handle(request).catch((err) => send({ id: request.id, ok: false, error: describeError(err) }));
});

/**
 * PostgreSQL's settings as PGlite starts it, with a page cache of 64 MB instead of 128 MB: the
 * WASM memory, once grown, is never given back, and the 128 MB cost the process some 130 MB of
 * resident memory in the quick benchmark (ADR 0008). The files' pages are still in the
 * system's cache behind it.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'];

PGlite.create({ dataDir, startParams: START_PARAMS }).then(
  (opened) => {
    db = opened;
    send({ id: 0, ok: true, value: 'ready' });
  },
  (err) => send({ id: 0, ok: false, error: describeError(err) }),
);
