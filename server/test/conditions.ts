import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readTestSettings } from '../env';

/*
 * Suites that need something a run may lack (the PostgreSQL server, nginx, pg_dump) or that
 * start a process of their own and so run in one project only. They are always registered and
 * skipped with `describe.skipIf(reason !== '')`: a suite left out with `if` vanishes from the
 * counts, and a run that quietly tests less looks the same as one that tests everything.
 * Under REQUIRE_POSTGRES=1 (.ci/run) a PostgreSQL suite that finds no server fails instead.
 */

/** The full path of a command, looking in the sbin folders too (nginx lives there). */
export function which(command: string): string | undefined {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
    if (existsSync(path.join(dir, command))) return path.join(dir, command);
  }
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

/**
 * Why a suite cannot run in this project, or '' when it can.
 * - `driver: 'postgres'`: it needs the PostgreSQL server (the api-postgres project).
 * - `driver: 'pglite'`: it starts its own process and does not use the test database, so it
 *   runs once, on PGlite (the api-pglite-processes project).
 * - `commands`: programs it runs.
 */
export function unmet(needs: { driver?: 'pglite' | 'postgres'; commands?: string[] }): string {
  const settings = readTestSettings();
  const reasons: string[] = [];
  if (
    needs.driver === 'postgres' &&
    (settings.testDriver !== 'postgres' || !settings.testDatabaseUrl)
  )
    reasons.push(
      'PostgreSQL not set (it runs in the api-postgres project, with TEST_DATABASE_URL)',
    );
  if (needs.driver === 'pglite' && settings.testDriver !== 'pglite')
    reasons.push(
      'runs once, in the api-pglite-processes project (its process does not use the test database)',
    );
  const missing = (needs.commands ?? []).filter((command) => !which(command));
  if (missing.length) reasons.push(`${missing.join(', ')} not installed`);
  // CI (.ci/run) demands the server: a PostgreSQL suite that lacks it, or what it runs, fails.
  if (
    needs.driver === 'postgres' &&
    settings.requirePostgres &&
    (!settings.testDatabaseUrl || missing.length)
  )
    throw new Error(
      `REQUIRE_POSTGRES=1 and this PostgreSQL suite cannot run: ${reasons.join('; ')}`,
    );
  return reasons.join('; ');
}

/** A suite's or test's name, with the reason it is skipped, which the run's log also prints. */
export function titled(name: string, reason: string): string {
  if (!reason) return name;
  console.log(`skipped: ${name}: ${reason}`);
  return `${name} (skipped: ${reason})`;
}
