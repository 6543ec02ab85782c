/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` back.
 * Embedded (DATA_DIR): refuses while an app runs on DATA_DIR; checks the backup opens, moves the
 * current DATA_DIR aside (never deletes it) and unpacks the backup in its place.
 * PostgreSQL (DATABASE_URL): pg_restore --clean --if-exists --no-owner --single-transaction;
 * stop the instances first. An embedded backup (.tar.gz) given with DATABASE_URL moves that data
 * into the PostgreSQL database: the way from one process on PGlite to a server.
 * See docs/deploy.md sections 1 and 7.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { getTableName } from 'drizzle-orm';
import { fromPglite, fromPostgres } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { rowsOf } from '../server/db/rows';
import { videoCounts } from '../server/db/schema';
import { readSettings } from '../server/env';
import { dataDirInUse, summarizeBackup } from '../server/db/backup-socket';

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

/**
 * Tables the database's triggers fill from other tables' rows (migration 0018): not copied, but
 * made again as those rows go in (copied as well, they would count every video twice).
 */
const MADE_BY_TRIGGERS = new Set<string>([getTableName(videoCounts)]);

/**
 * Tables in an order where every table comes after the tables its foreign keys point to, but
 * those MADE_BY_TRIGGERS.
 */
async function tablesInLoadOrder(source: PGlite): Promise<string[]> {
  const tables = (
    await source.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'
         and table_name <> 'app_migrations' order by table_name`,
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => !MADE_BY_TRIGGERS.has(name));
  const edges = (
    await source.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       where k.contype = 'f' and c.relname <> p.relname`,
    )
  ).rows;
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size) {
    const ready = [...pending].filter(
      (t) => !edges.some((e) => e.child === t && pending.has(e.parent)),
    );
    if (!ready.length) throw new Error('The tables reference each other in a cycle');
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  return ordered;
}

/**
 * Moves an embedded backup into the PostgreSQL server: the backup is migrated to this version
 * in memory, then, in one transaction, every table of the server is emptied and refilled with
 * the backup's rows (as JSON text, so every value keeps its exact type).
 */
async function restoreEmbeddedIntoPostgres(databaseUrl: string, file: string) {
  const data = await readFile(file);
  console.log(`  Backup holds: ${await summarizeBackup(data)}`);
  const source = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(data)]) });
  const target = fromPostgres({ url: databaseUrl, max: 1 });
  try {
    await migrate(fromPglite(source));
    await migrate(target);
    const tags = async (query: (sql: string) => Promise<unknown>) =>
      rowsOf<{ tag: string }>(await query('select tag from app_migrations order by tag'))
        .map((r) => r.tag)
        .join(',');
    if ((await tags((q) => source.query(q))) !== (await tags((q) => target.pool!.query(q)))) {
      throw new Error('The backup and the server are at different migrations; update the app');
    }
    const tables = await tablesInLoadOrder(source);
    const client = await target.pool!.connect();
    try {
      await client.query('begin');
      await client.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')} cascade`);
      for (const table of tables) {
        const rows = (
          await source.query<{ j: string }>(`select row_to_json(t)::text as j from "${table}" t`)
        ).rows;
        for (let i = 0; i < rows.length; i += 2000) {
          const batch = `[${rows
            .slice(i, i + 2000)
            .map((r) => r.j)
            .join(',')}]`;
          await client.query(
            `insert into "${table}" select * from json_populate_recordset(null::"${table}", $1::json)`,
            [batch],
          );
        }
        console.log(`  ${table}: ${rows.length} rows`);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  } finally {
    await source.close();
    await target.close();
  }
  console.log('  Moved into the PostgreSQL server of DATABASE_URL');
}

/** gzip's magic bytes: an embedded backup, not a pg_dump file. */
async function isEmbeddedBackup(file: string): Promise<boolean> {
  const head = (await readFile(file)).subarray(0, 2);
  return head[0] === 0x1f && head[1] === 0x8b;
}

async function run() {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) throw new Error('Name the backup file: npm run restore -- <file>');
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  const settings = readSettings();
  const full = path.resolve(file);
  if (!settings.databaseUrl) await restoreEmbedded(settings.dataDir, full);
  else if (await isEmbeddedBackup(full))
    await restoreEmbeddedIntoPostgres(settings.databaseUrl, full);
  else restorePostgres(settings.databaseUrl, full);
}

run().catch((err: Error) => {
  console.error(`\n  Restore failed: ${err.message}\n`);
  process.exit(1);
});
