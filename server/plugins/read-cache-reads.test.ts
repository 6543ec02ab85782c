/**
 * Each `cacheable` route declares the tables its answer is made of (`reads`, read-cache.ts), and
 * each of those tables has its scope triggers installed (migration 0013), or is kept by the
 * statements of one that has (KEPT_BY): else a kept answer would outlive a change to its rows,
 * and nothing would fail by itself (migration 0019's warning about comments).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyContextConfig } from 'fastify';
import { rowsOf } from '../db/rows';
import { createTestApp, type TestApp } from '../test/helper';
import { installedScopeTriggers } from '../test/scope-triggers';
import { KEPT_BY } from './read-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Route = { method: string; url: string; config?: FastifyContextConfig };

/** What is wrong with the routes' declared reads, given the tables and their scope triggers. */
function unkeptReads(
  routes: readonly Route[],
  tables: ReadonlySet<string>,
  triggers: ReadonlyMap<string, string[]>,
): string[] {
  const problems: string[] = [];
  for (const { method, url, config } of routes) {
    if (method !== 'GET' || !config?.cacheable) continue;
    const reads = config.reads ?? [];
    if (reads.length === 0) problems.push(`${method} ${url} is cacheable and declares no reads`);
    for (const table of reads) {
      const kept = KEPT_BY[table] ?? table;
      if (!tables.has(table)) problems.push(`${method} ${url} reads ${table}: no such table`);
      else if (!triggers.get(kept)?.length) {
        problems.push(`${method} ${url} reads ${table}, which has no scope trigger`);
      }
    }
  }
  return problems;
}

const databaseTables = async () =>
  new Set(
    rowsOf<{ name: string }>(
      await t.db.execute(sql`select table_name as name from information_schema.tables
        where table_schema = current_schema()`),
    ).map((r) => r.name),
  );

describe("cacheable routes' reads", () => {
  it('every cacheable route declares what it reads, and each table read has its scope triggers', async () => {
    const routes = t.app.registeredRoutes;
    const cacheable = routes.filter((r) => r.method === 'GET' && r.config?.cacheable);
    // The routes this walks: the videos', the lead's, invoicing's and the assignments'.
    expect(cacheable.map((r) => r.url).sort()).toEqual([
      '/api/admin/invoicing',
      '/api/assignments/my-clients',
      '/api/assignments/my-editors',
      '/api/clients',
      '/api/lead/summary',
      '/api/videos',
      '/api/videos/assigned-to-me',
      '/api/videos/calendar',
      '/api/videos/count',
    ]);
    expect(unkeptReads(routes, await databaseTables(), await installedScopeTriggers(t.db))).toEqual(
      [],
    );
  });

  it('a cacheable route that comes to show comments fails here until their trigger is back', async () => {
    // Migration 0019 dropped the comments' scope triggers: no cached answer is made of comments.
    const comments: Route = {
      method: 'GET',
      url: '/api/videos/with-comment-counts',
      config: { cacheable: true, reads: ['videos', 'users', 'comments'] },
    };
    const silent: Route = { method: 'GET', url: '/api/silent', config: { cacheable: true } };
    expect(
      unkeptReads([comments, silent], await databaseTables(), await installedScopeTriggers(t.db)),
    ).toEqual([
      'GET /api/videos/with-comment-counts reads comments, which has no scope trigger',
      'GET /api/silent is cacheable and declares no reads',
    ]);
  });
});
