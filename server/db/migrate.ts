import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_KEY = 734_902_115;

interface Journal {
  entries: { idx: number; tag: string }[];
}

async function loadMigrations() {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return Promise.all(
    journal.entries
      .sort((a, b) => a.idx - b.idx)
      .map(async ({ tag }) => {
        const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
        // drizzle-kit qualifies references with "public"; dropping it lets a migration run in
        // whichever schema is first on the search path (one schema per test file).
        const statements = text
          .replaceAll('"public".', '')
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter(Boolean);
        return { tag, statements };
      }),
  );
}

/**
 * Applies the committed drizzle-kit migrations that are not applied yet, all in one transaction
 * under an advisory lock, so several instances starting together apply each exactly once.
 * Returns the tags it applied.
 */
export async function migrate(
  database: Database,
  opts: { until?: string } = {},
): Promise<string[]> {
  const all = await loadMigrations();
  // Tests of a data migration stop before it (`until`: the last tag to apply), set the scene.
  const last = opts.until ? all.findIndex((m) => m.tag === opts.until) : all.length - 1;
  if (last < 0) throw new Error(`No migration ${opts.until}`);
  const migrations = all.slice(0, last + 1);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql.raw(`create table if not exists app_migrations (
        tag text primary key,
        applied_at timestamptz not null default now()
      )`),
    );
    const applied = await tx.execute(sql.raw('select tag from app_migrations'));
    const done = new Set(rowsOf<{ tag: string }>(applied).map((r) => r.tag));
    const ran: string[] = [];
    for (const m of migrations) {
      if (done.has(m.tag)) continue;
      // On a PostgreSQL server a migration's statements go in one round trip (node-postgres
      // sends a query without values by the simple protocol, which takes several): a test
      // file's schema migrates in about half the time. PGlite's query takes one at a time.
      if (database.kind === 'postgres') await tx.execute(sql.raw(m.statements.join(';\n')));
      else for (const statement of m.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into app_migrations (tag) values (${m.tag})`);
      ran.push(m.tag);
    }
    return ran;
  });
}

/** True when every committed migration is applied (the readiness check uses it). */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const migrations = await loadMigrations();
  try {
    const applied = await database.db.execute(sql.raw('select tag from app_migrations'));
    const done = new Set(rowsOf<{ tag: string }>(applied).map((r) => r.tag));
    return migrations.every((m) => done.has(m.tag));
  } catch {
    return false;
  }
}
