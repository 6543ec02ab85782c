/**
 * The yardstick of the writes (issue 47): the database's own commit, timed in the same run as the
 * writes it measures them by, so that a slow machine slows both. One row inserted alone, from
 * this process: one statement, one commit, one flush of the WAL, one round trip (over loopback
 * to the PostgreSQL server, or over the IPC channel to an embedded database process of its own,
 * as durable as the app's: server/db/embedded-process.mjs).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, fromPostgres, openDatabase } from '../../server/db/client';
import { median } from './stats';

/** Median ms of `n` one-row commits, after a few unmeasured ones. */
async function timeCommits(database: Database, n: number): Promise<number> {
  await database.exec('create table if not exists bench_commits (n int)');
  const times: number[] = [];
  for (let i = 0; i < n + 10; i++) {
    const start = performance.now();
    await database.exec(`insert into bench_commits values (${i})`);
    if (i >= 10) times.push(performance.now() - start);
  }
  await database.exec('drop table bench_commits');
  return median(times);
}

/**
 * A commit on the PostgreSQL server at `url` (the bench's own database), or with none, on an
 * embedded database in a scratch directory (the app's holds its own directory).
 */
export async function commitMs(url: string | undefined, n = 200): Promise<number> {
  if (url) {
    const database = fromPostgres({ url, max: 1 });
    try {
      return await timeCommits(database, n);
    } finally {
      await database.close();
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vw-bench-commit-'));
  try {
    const database = await openDatabase({ dataDir });
    try {
      return await timeCommits(database, n);
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
