import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { fromPglite, fromPostgres, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { clientEditorAssignments, notifications, users, videos } from '../db/schema';
import { readTestSettings } from '../env';
import { hashPassword } from '../lib/passwords';

/**
 * A fresh migrated database for one test file: a PGlite restored from the run's migrated dump,
 * or, on the PostgreSQL server, a schema of its own that is dropped on close.
 */
export async function createTestDatabase(opts: { until?: string } = {}): Promise<Database> {
  const settings = readTestSettings();
  if (settings.testDriver === 'postgres') {
    if (!settings.testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = fromPostgres({ url: settings.testDatabaseUrl, max: 1 });
    await admin.exec(`create schema ${schema}`);
    const database = fromPostgres({ url: settings.testDatabaseUrl, searchPath: schema, max: 5 });
    await migrate(database, opts);
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.exec(`drop schema ${schema} cascade`);
        await admin.close();
      },
    };
  }
  if (opts.until) {
    // Stopped before the latest migrations: a fresh instance (slower than the dump).
    const database = fromPglite(await PGlite.create());
    await migrate(database, opts);
    return database;
  }
  const dump = await readFile(inject('migratedDumpPath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return fromPglite(client);
}

export async function createTestApp(options: Partial<AppOptions> = {}) {
  const database = options.database ?? (await createTestDatabase());
  // Limits high enough for any suite; the suites about limits pass their own.
  const app = await buildApp({
    database,
    logger: false,
    authRateLimit: 1000,
    passwordRateLimit: 1000,
    writeRateLimit: 100_000,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A second app instance on the test's database, as another server of the same deployment: on
 * PostgreSQL with a pool (and so a cache listener) of its own on the same schema, on PGlite on
 * the same database. Its caches share nothing with the first app's but the data. `options` as
 * buildApp's (e.g. `readCache: false`: READ_CACHE=off).
 */
export async function secondInstance(t: TestApp, options: Partial<AppOptions> = {}) {
  let database = t.database;
  let own: Database | null = null;
  if (t.database.kind === 'postgres') {
    const [row] = (
      (await t.database.pool!.query('select current_schema() as schema')) as {
        rows: { schema: string }[];
      }
    ).rows;
    own = fromPostgres({
      url: readTestSettings().testDatabaseUrl!,
      searchPath: row!.schema,
      max: 2,
    });
    database = own;
  }
  const app = await buildApp({ database, logger: false, authRateLimit: 1000, ...options });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await own?.close();
    },
  };
}

/** The backends of the cache listeners on the test's schema (PostgreSQL only). */
export async function cacheListenerPids(t: TestApp): Promise<number[]> {
  const { rows } = (await t.database.pool!.query(
    `select pid from pg_stat_activity
      where application_name = 'vw_cache_' || current_schema()`,
  )) as { rows: { pid: number }[] };
  return rows.map((r) => r.pid);
}

/**
 * One argon2id hash per password for a test file's seeded people: a hash costs tens of ms of a
 * core, and a suite seeds many people with the same password. Signing in still verifies it
 * through the real endpoint; the routes that set passwords hash their own.
 */
const seededHashes = new Map<string, Promise<string>>();
const seededHash = (password: string) => {
  let hashed = seededHashes.get(password);
  if (!hashed) seededHashes.set(password, (hashed = hashPassword(password)));
  return hashed;
};

/** Inserts a user directly (any role), the way a test sets the scene. */
export async function seedUser(
  t: TestApp,
  values: {
    username: string;
    password?: string;
    role?: string;
    isAdmin?: 'true' | 'false';
    name?: string;
  },
) {
  const [row] = await t.db
    .insert(users)
    .values({
      username: values.username,
      password: await seededHash(values.password ?? 'secret123'),
      role: values.role ?? 'client',
      isAdmin: values.isAdmin ?? 'false',
      name: values.name ?? null,
    })
    .returning();
  return row!;
}

/** Inserts a video directly (a test's scene), numbered after its owner's others unless told. */
export async function seedVideo(
  t: TestApp,
  values: Partial<typeof videos.$inferInsert> & { userId: string },
) {
  const [row] = await t.db
    .insert(videos)
    .values({
      ordinal: sql`(select coalesce(max(ordinal), 0) + 1 from videos where user_id = ${values.userId})`,
      name: 'Video',
      link: 'https://a.io/v',
      ...values,
    })
    .returning();
  return row!;
}

/**
 * `n` videos of one owner, seeded one after another: each takes the next of its owner's ordinals
 * (max + 1), which seedVideo calls made at once on PostgreSQL's pool would both take.
 */
export async function seedVideos(t: TestApp, n: number, values: Parameters<typeof seedVideo>[1]) {
  const rows = [];
  for (let i = 0; i < n; i++) rows.push(await seedVideo(t, values));
  return rows;
}

/** Logs in through the real endpoint and returns the cookie header to send. */
export async function loginAs(t: TestApp, username: string, password = 'secret123') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

/** Seeds one user and signs them in: the row, and the cookie header to send as them. */
export async function seedPerson(t: TestApp, values: Parameters<typeof seedUser>[1]) {
  const row = await seedUser(t, values);
  return { ...row, cookie: await loginAs(t, values.username, values.password) };
}

/** One of a suite's people: a key (the username unless told otherwise), a role, admin, a name. */
export type CastMember<K extends string = string> = readonly [
  key: K,
  role: string,
  isAdmin?: 'true' | 'false',
  name?: string | null,
];

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls the app as one of a suite's people (their cookie), or as nobody ('anonymous'). */
export type Caller<K extends string = string> = (
  who: K | 'anonymous',
  method: Method,
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/** A Caller over these cookies (read at each call, so a test may sign someone in again). */
export function callerFor<K extends string>(t: TestApp, cookie: Record<K, string>): Caller<K> {
  return (who, method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: who === 'anonymous' ? {} : { cookie: cookie[who] },
      payload,
    });
}

/**
 * Seeds a suite's people and signs each one in through the real endpoint: their ids and cookie
 * headers by key, and a Caller as them. The username is the key, or `username(key)`.
 */
export async function seedPeople<K extends string>(
  t: TestApp,
  cast: readonly CastMember<K>[],
  { username = (key: K): string => key }: { username?: (key: K) => string } = {},
) {
  const id = {} as Record<K, string>;
  const cookie = {} as Record<K, string>;
  for (const [key, role, isAdmin, name] of cast) {
    const person = await seedPerson(t, {
      username: username(key),
      role,
      isAdmin,
      name: name ?? undefined,
    });
    id[key] = person.id;
    cookie[key] = person.cookie;
  }
  // Keyed by any string: the suites' helpers take who as a string.
  return { id, cookie, call: callerFor<string>(t, cookie) };
}

/** A suite's app and its people, signed in: what setUpSuite answers, filled by its beforeAll. */
export type Suite<K extends string> = TestApp & {
  id: Record<K, string>;
  cookie: Record<K, string>;
  call: Caller;
};

/**
 * The set-up most suites share: before their tests a fresh app (createTestApp with `app`) with
 * `cast` seeded and signed in (seedPeople), closed after them. The object answered, its `id` and
 * `cookie` are filled in place by that beforeAll, so a suite keeps them from the start; a later
 * beforeAll of the suite's own sets the rest of its scene.
 */
export function setUpSuite<K extends string>(
  cast: readonly CastMember<K>[],
  options: { username?: (key: K) => string; app?: Partial<AppOptions> } = {},
): Suite<K> {
  const id = {} as Record<K, string>;
  const cookie = {} as Record<K, string>;
  const suite = { id, cookie } as Suite<K>;
  suite.call = callerFor<string>(suite, cookie);
  beforeAll(async () => {
    Object.assign(suite, await createTestApp(options.app));
    const people = await seedPeople(suite, cast, options);
    Object.assign(id, people.id);
    Object.assign(cookie, people.cookie);
  });
  afterAll(async () => {
    await suite.close();
  });
  return suite;
}

/**
 * The people around one client's videos, as the video, comment and notification suites cast
 * them: the owner (a double quote in her name, which a notice turns into a single one), another
 * client, the editor the suites assign to her videos, an editor on her team, an editor on
 * nobody's team, two lead editors and the king.
 */
const VIDEO_PEOPLE = [
  ['owner', 'client', 'false', 'Olivia "O" Owner'],
  ['other', 'client', 'false', null],
  ['editor', 'editor', 'false', 'Eddie'],
  ['teameditor', 'editor', 'false', null],
  ['stranger', 'editor', 'false', null],
  ['lead1', 'lead_editor', 'false', 'Lea'],
  ['lead2', 'lead_editor', 'false', null],
  ['boss', 'king', 'true', 'The King'],
] as const;

/** Those people signed in (setUpSuite), teameditor on the owner's team, no notice before each test. */
export function setUpVideoPeople() {
  const t = setUpSuite(VIDEO_PEOPLE);
  beforeAll(async () => {
    await t.db
      .insert(clientEditorAssignments)
      .values({ clientId: t.id.owner, editorId: t.id.teameditor });
  });
  beforeEach(async () => {
    await t.db.delete(notifications);
  });
  return t;
}
