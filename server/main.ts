import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp, LOG_REDACT } from './app';
import { openDatabase, type Database } from './db/client';
import type { Supervision } from './db/embedded';
import { migrate } from './db/migrate';
import { ensureKing } from './db/seed';
import { generatePassword, readSettings, type Settings } from './env';
import { readableLog } from './lib/readable-log';
import { dataDirInUse, serveBackups } from './db/backup-socket';

const WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url));

/** How often the embedded database's process is asked whether it answers. */
const DATABASE_PING_INTERVAL_MS = 2_000;

/** How long start-up waits for the database to answer before giving up with a clear error. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The database in words for messages, without the password of DATABASE_URL. */
export function describeDatabase(settings: Pick<Settings, 'databaseUrl' | 'dataDir'>): string {
  if (!settings.databaseUrl) return `the embedded database in ${settings.dataDir} (DATA_DIR)`;
  try {
    const url = new URL(settings.databaseUrl);
    if (url.password) url.password = '***';
    return `the PostgreSQL server at ${url.toString()} (DATABASE_URL)`;
  } catch {
    return 'the PostgreSQL server of DATABASE_URL (which is not a valid URL)';
  }
}

/** The innermost cause's words: drizzle wraps driver errors in "Failed query: …". */
function rootMessage(err: unknown): string {
  let e = err as (Error & { code?: string; errors?: Error[] }) | undefined;
  while (e?.cause instanceof Error) e = e.cause;
  if (!e) return String(err);
  return e.message || e.code || e.errors?.[0]?.message || String(err);
}

/** Opens the database, checks that it answers, and applies migrations, each with a clear error. */
export async function prepareDatabase(
  settings: Settings,
  supervision?: Supervision,
): Promise<Database> {
  const where = describeDatabase(settings);
  // Two processes on one embedded data directory would corrupt it: refuse before opening it.
  if (!settings.databaseUrl && (await dataDirInUse(settings.dataDir).catch(() => false))) {
    throw new Error(`Another process is using ${where}; stop it first`);
  }
  let database: Database;
  try {
    database = await openDatabase({ ...settings, supervision });
    // pg-pool listens for errors only on idle connections: one that dies while checked out
    // between two queries (a restart's 57P01 inside a transaction) would emit an unhandled
    // 'error' and end the process. Its query fails on its own and the pool drops it; this only
    // keeps the process up. (Belongs in db/client.ts; kept here while that file is being changed.)
    database.pool?.on('connect', (client) => client.on('error', () => {}));
  } catch (err) {
    throw new Error(`Could not open ${where}: ${rootMessage(err)}`, { cause: err });
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)),
          CONNECT_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (err) {
    void database.close().catch(() => {});
    throw new Error(
      `Could not reach ${where}: ${rootMessage(err)}. ` +
        'Check that the server runs and accepts connections, and that the URL, user and password are right.',
      { cause: err },
    );
  } finally {
    clearTimeout(timer);
  }
  try {
    await migrate(database);
  } catch (err) {
    await database.close().catch(() => {});
    throw new Error(
      `Database migrations failed on ${where}; none of the pending ones was applied: ${rootMessage(err)}`,
      { cause: err },
    );
  }
  return database;
}

/** A start-up message: friendly text in development, one JSON log line in production. */
function announce(settings: Settings, text: string, fields: Record<string, unknown> = {}) {
  if (settings.production) {
    console.log(
      JSON.stringify({
        level: 30,
        time: Date.now(),
        pid: process.pid,
        ...fields,
        msg: text.trim().replace(/\s+/g, ' '),
      }),
    );
  } else {
    console.log(text);
  }
}

/** Fastify logs this for each interface it listens on; the start-up block gives the URL. */
const LISTENING = 'Server listening at ';

/**
 * pino, secrets redacted: JSON lines in production, readable lines in development
 * (server/lib/readable-log.ts), nothing when silent. Fastify's "Server listening at" lines (one
 * per interface, 192.0.2.2 and the like) are left out: the start-up message says where to go.
 */
export function loggerOptions(settings: Pick<Settings, 'logLevel' | 'production'>) {
  if (settings.logLevel === 'silent') return false as const;
  return {
    level: settings.logLevel,
    redact: LOG_REDACT,
    hooks: {
      logMethod(
        this: unknown,
        args: unknown[],
        method: { apply(self: unknown, a: unknown[]): void },
      ) {
        if (typeof args[0] === 'string' && args[0].startsWith(LISTENING)) return;
        method.apply(this, args);
      },
    },
    ...(settings.production ? {} : { stream: readableLog(process.stdout) }),
  };
}

/** The address to open: localhost when listening on every interface or on loopback. */
function browserUrl(host: string, port: number): string {
  const local = ['', '0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

type KingAtStart = { created: false } | { created: true; generatedPassword?: string };

/** What to say of the king at start: the password only on the start that generated it. */
function kingNote(king: KingAtStart): string[] {
  if (king.created && king.generatedPassword) {
    return [
      '  First start: the king account was created. Sign in with',
      '    Username: king',
      `    Password: ${king.generatedPassword}`,
      '  This password is shown only now: keep it. Lost it? npm run reset-king-password',
    ];
  }
  if (king.created) return ['  First start: the king account was created with KING_PASSWORD.'];
  return [
    '  Sign in as king with the password of the first start (lost? npm run reset-king-password)',
  ];
}

/**
 * What `npm start` says once it listens, in development: one short block with the URL, the
 * king's password on the first start (only then), and the demo. Production says the same in
 * JSON lines.
 */
function startupBlock(facts: {
  url: string;
  /** describeDatabase's words. */
  database: string;
  king: KingAtStart;
  /** loadDemo's message when started with --demo. */
  demo?: string;
}): string {
  return [
    '',
    `  Video workflow is ready: ${facts.url}`,
    `  Data: ${facts.database}`,
    '',
    ...kingNote(facts.king),
    '',
    facts.demo
      ? `  Demo agency: ${facts.demo}`
      : '  To look around with sample data: npm run demo (docs/getting-started.md lists its accounts).',
    '  Stop with Ctrl+C.',
    '',
  ].join('\n');
}

export async function main(opts: { demo?: boolean } = {}) {
  const settings = readSettings();
  // The embedded database's process is watched (server/db/embedded.ts): its stops and restarts
  // go to the app's log once there is one, and a database that cannot be restarted ends the
  // server with a non-zero code, for a process manager (systemd, Docker) to start it again.
  let log: NonNullable<Supervision['log']> = {
    info: (obj, msg) => announce(settings, msg, obj as Record<string, unknown>),
    warn: (obj, msg) => console.error(msg, obj),
    error: (obj, msg) => console.error(msg, obj),
  };
  const supervision: Supervision = {
    pingIntervalMs: DATABASE_PING_INTERVAL_MS,
    pingTimeoutMs: settings.databasePingTimeoutSeconds * 1000,
    log: {
      info: (obj, msg) => log.info(obj, msg),
      warn: (obj, msg) => log.warn(obj, msg),
      error: (obj, msg) => log.error(obj, msg),
    },
    onGiveUp: (err) => {
      log.error({ err }, 'the database process could not be restarted; exiting');
      process.exit(1);
    },
  };
  const database = await prepareDatabase(settings, supervision);
  // The embedded database serves `npm run backup` while it runs (server/db/backup-socket.ts).
  let releaseDataDir = async () => {};
  if (database.pglite) {
    try {
      releaseDataDir = await serveBackups(database.pglite, settings.dataDir);
    } catch (err) {
      const message = (err as Error).message;
      if (!message.includes('too long a path')) {
        await database.close().catch(() => {});
        throw err;
      }
      // Still usable; only live backups are not (npm run backup then needs the app stopped).
      announce(settings, `  Warning: ${message}; live backups are off`);
    }
  }
  const kingOptions = { password: settings.kingPassword, generate: generatePassword };
  // Instances started together race to create the king; the loser finds it on a second look
  // (and still fails when the name "king" is really taken by someone else).
  const king = await ensureKing(database.db, kingOptions).catch(() =>
    ensureKing(database.db, kingOptions),
  );
  let demo: string | undefined;
  if (opts.demo) {
    const { loadDemo } = await import('./db/demo');
    demo = (await loadDemo(database.db)).message;
  }

  const app = await buildApp({
    authRateLimit: settings.authRateLimit,
    passwordRateLimit: settings.passwordRateLimit,
    writeRateLimit: settings.writeRateLimit,
    sessionIdleDays: settings.sessionIdleDays,
    sessionMaxDays: settings.sessionMaxDays,
    database,
    webRoot: WEB_ROOT,
    logger: loggerOptions(settings),
    trustProxy: settings.trustProxy,
    production: settings.production,
    mail: { smtpUrl: settings.smtpUrl, from: settings.mailFrom, publicUrl: settings.publicUrl },
    mailLoop: true,
    reminderLoop: true,
    retainerLoop: true,
    webhookLoop: true,
    queueTimeoutMs: settings.queueTimeoutSeconds * 1000,
    readCache: settings.readCache,
  });

  log = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await releaseDataDir().catch(() => {});
      await database.close().catch(() => {});
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: settings.port, host: settings.host });
  } catch (err) {
    // The king exists now: a failed start (the port taken) must not lose its password.
    if (king.generatedPassword) announce(settings, kingNote(king).join('\n'));
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const url = browserUrl(settings.host, port);
  const where = describeDatabase(settings);
  if (settings.production) {
    if (king.generatedPassword) announce(settings, kingNote(king).join('\n'));
    if (demo) announce(settings, `Demo agency: ${demo}`);
    announce(settings, `Serving on ${url} with ${where}`, { port });
  } else {
    console.log(startupBlock({ url, database: where, king, demo }));
  }
  return app;
}
