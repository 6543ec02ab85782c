import { fileURLToPath } from 'node:url';
import { buildApp, LOG_REDACT } from './app';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { ensureKing } from './db/seed';
import { generatePassword, readSettings } from './env';

const WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url));

export async function main(opts: { demo?: boolean } = {}) {
  const settings = readSettings();
  const database = await openDatabase(settings);
  try {
    await migrate(database);
  } catch (err) {
    await database.close().catch(() => {});
    throw new Error(`Could not prepare the database: ${(err as Error).message}`, { cause: err });
  }
  const king = await ensureKing(database.db, {
    password: settings.kingPassword,
    generate: generatePassword,
  });
  if (king.generatedPassword) {
    console.log(
      `\n  First start: the king account was created.\n  Username: king\n  Password: ${king.generatedPassword}\n  (shown once; set KING_PASSWORD to choose it)\n`,
    );
  }
  if (opts.demo) {
    const { loadDemo } = await import('./db/demo');
    const result = await loadDemo(database.db);
    console.log(`  Demo agency: ${result.message}`);
  }

  const app = await buildApp({
    database,
    webRoot: WEB_ROOT,
    logger:
      settings.logLevel === 'silent' ? false : { level: settings.logLevel, redact: LOG_REDACT },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close().catch(() => {});
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.port, host: settings.host });
  const where = settings.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${settings.dataDir}`;
  console.log(`  Serving on http://localhost:${settings.port} with ${where}`);
  return app;
}
