/**
 * The embedded database's thread (server/db/embedded.ts starts it): PGlite in DATA_DIR, answering
 * the main thread's requests one message each. Everything PGlite does (the WASM PostgreSQL, the
 * parsing of results) runs here, so the server's event loop only passes messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Reply, Request } from './embedded';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };

function send(reply: Reply, transfer: ArrayBuffer[] = []) {
  port.postMessage(reply, transfer);
}

/** A database error as plain fields (code, detail, constraint…), which a clone would drop. */
function describeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

/** drizzle passes identity parsers for the types it reads as text; the main thread names them. */
function parsersFor(rawTypes: number[] | undefined) {
  if (!rawTypes) return undefined;
  return Object.fromEntries(rawTypes.map((oid) => [oid, (value: string) => value]));
}

let db: PGlite;
/** An open transaction: its handle, the way to end it, and its outcome (the COMMIT's). */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<unknown>;
}
const transactions = new Map<number, OpenTransaction>();
/** What ends a transaction the main thread rolls back (PGlite then runs ROLLBACK). */
const ROLLED_BACK = new Error('rolled back');
const unlisteners = new Map<number, () => Promise<void>>();

async function handle(request: Request): Promise<void> {
  const { id } = request;
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
      if (!target) throw new Error('the transaction has ended');
      const result = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: parsersFor(request.rawTypes),
      });
      send({ id, ok: true, value: result });
      return;
    }
    case 'exec': {
      const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
      if (!target) throw new Error('the transaction has ended');
      send({ id, ok: true, value: await target.exec(request.sql) });
      return;
    }
    case 'begin': {
      // PGlite holds its lock for the whole callback: other queries wait until it ends.
      const open = await new Promise<OpenTransaction>((opened, failed) => {
        let end: (commit: boolean) => void = () => {};
        const done = db.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              end = (commit) => (commit ? resolve() : reject(ROLLED_BACK));
              opened({ tx, end: (commit) => end(commit), done });
            }),
        );
        done.catch(failed); // BEGIN itself failed; after opening this does nothing
      });
      transactions.set(id, open);
      send({ id, ok: true, value: undefined });
      return;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('the transaction has ended');
      transactions.delete(request.tx);
      open.end(request.commit);
      await open.done.catch((err: unknown) => {
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

port.on('message', (request: Request) => {
  handle(request).catch((err: unknown) =>
    send({ id: request.id, ok: false, error: describeError(err) }),
  );
});

PGlite.create({ dataDir }).then(
  (opened) => {
    db = opened;
    send({ id: 0, ok: true, value: 'ready' });
  },
  (err: unknown) => send({ id: 0, ok: false, error: describeError(err) }),
);
