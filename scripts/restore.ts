/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` back.
 * Embedded (DATA_DIR): refuses while an app runs on DATA_DIR; checks the backup opens, moves the
 * current DATA_DIR aside (never deletes it) and unpacks the backup in its place.
 * PostgreSQL (DATABASE_URL): pg_restore --clean --if-exists --no-owner --single-transaction;
 * stop the instances first. See docs/deploy.md section 7.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readSettings } from '../server/env';
import { dataDirInUse, summarizeBackup } from '../server/plugins/backup-socket';

async function restoreEmbedded(dataDir: string, file: string) {
  if (await dataDirInUse(dataDir)) {
    throw new Error(`The app is running on ${dataDir} (DATA_DIR); stop it, then restore`);
  }
  const data = await readFile(file);
  console.log(`  Backup holds: ${await summarizeBackup(data)}`);
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    const aside = `${dataDir.replace(/\/+$/, '')}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dataDir, aside);
    console.log(`  The previous data directory is kept in ${aside}`);
  }
  const pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(data)]) });
  const check = await pglite.query<{ n: number }>('select count(*)::int as n from users');
  await pglite.close();
  console.log(`  Restored into ${dataDir} (DATA_DIR): ${check.rows[0]!.n} users`);
}

function restorePostgres(databaseUrl: string, file: string) {
  const result = spawnSync(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      file,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.error) {
    throw new Error(
      `Could not run pg_restore (${result.error.message}); install postgresql-client, at least the server's version`,
    );
  }
  if (result.status !== 0) throw new Error('pg_restore failed (see above); nothing was changed');
  console.log('  Restored into the PostgreSQL server of DATABASE_URL');
}

async function run() {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) throw new Error('Name the backup file: npm run restore -- <file>');
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  const settings = readSettings();
  if (settings.databaseUrl) restorePostgres(settings.databaseUrl, path.resolve(file));
  else await restoreEmbedded(settings.dataDir, path.resolve(file));
}

run().catch((err: Error) => {
  console.error(`\n  Restore failed: ${err.message}\n`);
  process.exit(1);
});
