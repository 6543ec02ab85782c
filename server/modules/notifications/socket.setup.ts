import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../app';
import { fromPostgres, type Database } from '../../db/client';
import { readTestSettings } from '../../env';
import {
  seedVideo,
  setUpSuite,
  type CastMember,
  type Suite,
  type TestApp,
} from '../../test/helper';

/*
 * The set-up of the live socket suites, socket.test.ts and its PostgreSQL-only part
 * socket-reconnect.test.ts: the app listening with a video to comment on, and a second instance
 * on the same database. Not a suite itself (vitest.config.ts includes *.test.ts only).
 */

/** Starts `app` listening on a free port of 127.0.0.1: its host:port. */
export async function listen(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * setUpSuite with an owner (a client), an editor and `others`; before the tests a video of the
 * owner's assigned to the editor (`videoId`) and the app listening (at `base`), both filled in
 * place on `t`. `comment` posts on that video as one of the cast.
 */
export function setUpSocketSuite<K extends string>(others: readonly CastMember<K>[] = []) {
  const t = setUpSuite<'owner' | 'editor' | K>([
    ['owner', 'client'],
    ['editor', 'editor'],
    ...others,
  ]) as Suite<'owner' | 'editor' | K> & { base: string; videoId: string };
  const { id, cookie } = t;

  beforeAll(async () => {
    ({ id: t.videoId } = await seedVideo(t, {
      userId: id.owner,
      assignedEditorId: id.editor,
      name: 'Spring promo',
    }));
    t.base = await listen(t.app);
  });

  const comment = (app: App, who: keyof typeof cookie, content: string) =>
    app.inject({
      method: 'POST',
      url: `/api/videos/${t.videoId}/comments`,
      headers: { cookie: cookie[who] },
      payload: { content },
    });

  return { t, comment };
}

/**
 * Instance B of several on one database (LISTEN/NOTIFY), in the describe that calls it: before its
 * tests a second app of `t`'s, listening (at `host`; `app` and `host` filled in place), closed
 * after them.
 */
export function setUpInstanceB(t: TestApp) {
  const b = {} as { app: App; host: string };
  let secondDb: Database | null = null;

  beforeAll(async () => {
    let database = t.database;
    if (t.database.kind === 'postgres') {
      // A separate pool on the same schema: instance B shares nothing with A but the database.
      const url = readTestSettings().testDatabaseUrl!;
      const [row] = (
        (await t.database.pool!.query('select current_schema() as schema')) as {
          rows: { schema: string }[];
        }
      ).rows;
      secondDb = fromPostgres({ url, searchPath: row!.schema, max: 2 });
      database = secondDb;
    }
    b.app = await buildApp({ database, logger: false });
    b.host = await listen(b.app);
  });
  afterAll(async () => {
    await b.app.close();
    await secondDb?.close();
  });

  return b;
}
