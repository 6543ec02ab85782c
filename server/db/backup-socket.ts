import { existsSync } from 'node:fs';
import { chmod, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * Live backups of the embedded database (docs/deploy.md section 7). Only the process that has
 * DATA_DIR open may read it: a second PGlite on the same directory would corrupt it. So the
 * running app listens on a Unix socket beside DATA_DIR (`<DATA_DIR>.backup.sock`, mode 0600:
 * its owner only, who could take the files anyway; not inside, where the copy would trip on it)
 * and answers "backup" with a gzipped tar of the data directory. PGlite makes that copy while holding its query lock, so no statement runs during
 * it: the copy is the database at one moment, and opening it replays the write-ahead log like a
 * restart after a power cut (a transaction still open at that moment is rolled back).
 *
 * The socket also marks DATA_DIR as in use: a second app, a backup or a restore that finds a
 * live socket there stays away.
 */

/** Unix socket paths longer than this are refused by the kernel (108 bytes with the NUL). */
const MAX_SOCKET_PATH = 100;

/** A Unix socket path beside DATA_DIR (`<DATA_DIR><suffix>`), short enough for the kernel. */
function socketBeside(dataDir: string, suffix: string, what: string): string {
  const full = `${path.resolve(dataDir)}${suffix}`;
  if (full.length <= MAX_SOCKET_PATH) return full;
  const relative = path.relative(process.cwd(), full);
  if (relative.length <= MAX_SOCKET_PATH) return relative;
  throw new Error(
    `DATA_DIR is too long a path for the ${what} (${full.length} characters); use a shorter one`,
  );
}

export function backupSocketPath(dataDir: string): string {
  return socketBeside(dataDir, '.backup.sock', 'backup socket');
}

/**
 * The lock of DATA_DIR (`<DATA_DIR>.lock.sock`): the embedded database's process listens there
 * for as long as it lives (server/db/embedded-process.mjs), whatever its server does. A
 * connection the kernel accepts means a live holder, even one that spins without a system call.
 */
export function lockSocketPath(dataDir: string): string {
  return socketBeside(dataDir, '.lock.sock', 'lock socket');
}

/** Asks the process holding DATA_DIR for a backup; undefined when no process answers there. */
export function requestLiveBackup(dataDir: string): Promise<Buffer | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const conn = net.createConnection(socketPath);
    // write, not end: a half-closed connection would make the server close before it answers.
    conn.on('connect', () => conn.write('backup\n'));
    conn.on('data', (chunk: Buffer) => chunks.push(chunk));
    conn.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file nobody listens on is what a crashed app leaves behind.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(undefined);
      else reject(err);
    });
    conn.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      const head = all.subarray(0, newline).toString();
      if (head === 'ok') resolve(all.subarray(newline + 1));
      else reject(new Error(`The running app could not make the backup: ${head}`));
    });
  });
}

/** Whether a live process listens on the Unix socket `socketPath`. */
function listened(socketPath: string): Promise<boolean> {
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const conn = net.createConnection(socketPath);
    conn.on('connect', () => {
      conn.end('ping\n');
      resolve(true);
    });
    conn.on('error', () => resolve(false));
  });
}

/** True when a process holds DATA_DIR: its database process's lock or its app's backup socket. */
export async function dataDirInUse(dataDir: string): Promise<boolean> {
  return (await listened(lockSocketPath(dataDir))) || (await listened(backupSocketPath(dataDir)));
}

/**
 * Claims DATA_DIR for this process and serves backups of `pglite` on its socket. Throws when
 * another process already holds it. Returns the function that releases it.
 */
export async function serveBackups(
  pglite: { dumpDataDir(compression: 'gzip'): Promise<Blob> },
  dataDir: string,
  log: { error: (obj: object, msg: string) => void } = console,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // Only the backup socket: the lock socket is held by this app's own database process.
  if (await listened(socketPath)) {
    throw new Error(
      `Another process is using the embedded database in ${dataDir} (DATA_DIR); two processes on one data directory would corrupt it`,
    );
  }
  if (existsSync(socketPath)) await unlink(socketPath); // left by a process that died

  const server = net.createServer((conn) => {
    let request = '';
    conn.on('error', () => {});
    conn.on('data', (chunk: Buffer) => {
      request += chunk.toString();
      if (!request.includes('\n')) return;
      const command = request.split('\n')[0];
      if (command !== 'backup') {
        conn.end();
        return;
      }
      conn.removeAllListeners('data');
      pglite.dumpDataDir('gzip').then(
        async (file) => {
          conn.write('ok\n');
          conn.end(Buffer.from(await file.arrayBuffer()));
        },
        (err: unknown) => {
          log.error({ err }, 'backup failed');
          const message = (err as Error | undefined)?.message || String(err);
          conn.end(`error ${message.replace(/\n/g, ' ')}\n`);
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Created owner-only from the start (the bind happens inside listen()), not chmod-ed later.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  await chmod(socketPath, 0o600);
  server.unref();
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await unlink(socketPath).catch(() => {});
  };
}

/**
 * Opens a backup in memory and describes it; throws when it is not a database of this app.
 * Both `npm run backup` and `npm run restore` check a file with it before trusting it.
 */
export async function summarizeBackup(data: Buffer): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(data)]) });
  try {
    const count = async (table: string) =>
      (await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
    const migrations = await count('app_migrations').catch(() => {
      throw new Error('this is not a backup of the app (no app_migrations table)');
    });
    return `${await count('users')} users, ${await count('videos')} videos, ${await count('comments')} comments, ${migrations} migrations`;
  } finally {
    await pglite.close();
  }
}
