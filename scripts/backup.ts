/**
 * `npm run backup [-- --out <file>]`: a consistent backup of the database the app uses.
 * Embedded (DATA_DIR): asked of the running app through its backup socket, or read directly
 * when no app runs; written as a gzipped tar of the data directory. PostgreSQL (DATABASE_URL):
 * pg_dump's custom format, one snapshot taken while the instances keep running.
 * See docs/deploy.md section 7.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readSettings } from '../server/env';
import {
  dataDirInUse,
  requestLiveBackup,
  serveBackups,
  summarizeBackup,
} from '../server/db/backup-socket';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function backupEmbedded(dataDir: string, out: string) {
  let data = await requestLiveBackup(dataDir);
  let how = 'from the running app';
  if (!data) {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR) to back up`);
    }
    // A database process that outlived its app still holds the directory (its lock socket).
    if (await dataDirInUse(dataDir)) {
      throw new Error(
        `Another process is using the embedded database in ${dataDir} (DATA_DIR) without serving backups; stop it first`,
      );
    }
    // No app runs: open the directory ourselves, claiming it so an app cannot start meanwhile.
    const pglite = await PGlite.create({ dataDir });
    const release = await serveBackups(pglite, dataDir);
    try {
      data = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await release();
      await pglite.close();
    }
    how = 'directly (no app was running)';
  }
  // Written beside the target and renamed, so a half-written file never looks like a backup.
  await writeFile(`${out}.partial`, data);
  await rename(`${out}.partial`, out);
  console.log(`  Backup of the embedded database in ${dataDir} (DATA_DIR), made ${how}`);
  console.log(`  Check: ${await summarizeBackup(data)}`);
}

function backupPostgres(databaseUrl: string, out: string) {
  const result = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', `--file=${out}.partial`, `--dbname=${databaseUrl}`],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.error) {
    throw new Error(
      `Could not run pg_dump (${result.error.message}); install postgresql-client, at least the server's version`,
    );
  }
  if (result.status !== 0) throw new Error('pg_dump failed (see above)');
  return rename(`${out}.partial`, out);
}

async function run() {
  const settings = readSettings();
  const out = path.resolve(
    option('--out') ??
      path.join('backups', `video-workflow-${stamp()}.${settings.databaseUrl ? 'dump' : 'tar.gz'}`),
  );
  await mkdir(path.dirname(out), { recursive: true });
  if (settings.databaseUrl) await backupPostgres(settings.databaseUrl, out);
  else await backupEmbedded(settings.dataDir, out);
  const { size } = await stat(out);
  console.log(`  Written: ${out} (${(size / 1024 / 1024).toFixed(1)} MB)`);
}

run().catch((err: Error) => {
  console.error(`\n  Backup failed: ${err.message}\n`);
  process.exit(1);
});
