import { describe, expect, it } from 'vitest';
import { unmet, titled } from '../test/conditions';
import { seedVideo } from '../test/helper';
import { names, setUpScopes } from './read-cache-scopes.setup';

/*
 * Invalidation by scope (read-cache-scopes.test.ts, docs/decisions/0007-invalidation-by-scope.md)
 * with transactions open side by side: an answer read while a change is uncommitted, and
 * commits of one client's videos in either order. PostgreSQL only (PGlite runs one transaction
 * at a time on its one connection): this file runs in the api-postgres project alone
 * (vitest.config.ts), so none of its tests is skipped in CI.
 */

const postgres = unmet({ driver: 'postgres' });
const { t, counters, agency } = setUpScopes();

describe.skipIf(postgres !== '')(
  titled(
    'no answer older than a committed change is served, with transactions side by side',
    postgres,
  ),
  () => {
    it('an answer read while a change was uncommitted is not served after its commit', async () => {
      const x = await agency('open');
      const client = await t.database.pool!.connect();
      try {
        await client.query('begin');
        await client.query('update videos set name = $1 where id = $2', [
          'open A changed',
          x.videoA.id,
        ]);
        // Read and kept while the change is not committed: the old name, under the old label.
        for (const app of [t.app, t.second]) {
          expect(await names(app, x.a.cookie)).toEqual(['open A video']);
          expect(await names(app, x.a.cookie)).toEqual(['open A video']);
        }
        await client.query('commit');
      } finally {
        client.release();
      }
      for (const app of [t.app, t.second]) {
        expect(await names(app, x.a.cookie)).toEqual(['open A changed']);
      }
    });

    it("commits on one client's videos do not wait for each other, and a label sees each, in whatever order they commit", async () => {
      const x = await agency('order');
      const videoA2 = await seedVideo(t, { userId: x.a.id, name: 'order A second' });
      for (const app of [t.app, t.second]) {
        expect(await names(app, x.a.cookie)).toEqual(['order A second', 'order A video']);
      }
      const first = await t.database.pool!.connect();
      const later = await t.database.pool!.connect();
      try {
        // The first change moves its versions now (its deferred trigger fired) and stays open.
        await first.query('begin');
        await first.query('update videos set name = $1 where id = $2', [
          'order A changed first',
          x.videoA.id,
        ]);
        await first.query('set constraints all immediate');
        // A later change of the same client's data moves its versions and commits before it,
        // without waiting for it (under 0013 it waited on the scope's one row until the end).
        await later.query('begin');
        await later.query("set local lock_timeout = '3s'");
        await later.query('update videos set name = $1 where id = $2', [
          'order A changed later',
          videoA2.id,
        ]);
        await later.query('commit');
        // Read and kept under a label that has the later change and not the first.
        for (const app of [t.app, t.second]) {
          expect(await names(app, x.a.cookie)).toEqual(['order A changed later', 'order A video']);
        }
        await first.query('commit');
      } finally {
        // After a failure, neither goes back to the pool with its transaction open.
        for (const client of [first, later]) {
          await client.query('rollback');
          client.release();
        }
      }
      // The first change's versions moved at its commit: a label that only kept the newest
      // move (the largest of a sequence) would not have changed, and served the kept answer.
      for (const app of [t.app, t.second]) {
        expect(await names(app, x.a.cookie)).toEqual([
          'order A changed first',
          'order A changed later',
        ]);
      }
      // The later commit found the scope's one counter held and added a second; no more.
      expect(await counters(`user:${x.a.id}`)).toBe(2);
    });
  },
);
