import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite } from '../db/client';
import { migrate } from '../db/migrate';
import { readTestSettings } from '../env';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDumpPath: string;
  }
}

/**
 * Migrates one PGlite once per run and saves its data directory; every test file then starts
 * from that dump instead of running initdb and the migrations again.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'vw-test-'));
  const dumpPath = path.join(dir, 'migrated.tar.gz');
  if (readTestSettings().testDriver === 'pglite') {
    const database = fromPglite(await PGlite.create());
    await migrate(database);
    const dump = await database.pglite!.dumpDataDir('gzip');
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('migratedDumpPath', dumpPath);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
