import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { allowedActions } from '@domain/workflow';
import { fromPglite, fromPostgres, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { rowsOf } from '../db/rows';
import { clientEditorAssignments, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createScratchDatabase, freePort } from '../test/scratch';
import { VIDEO_COUNTS_ASTRAY } from '../test/video-counts';

/**
 * Issue 9 parts 3 and 4: a real server process on loopback, a crowd of simulated clients and
 * editors doing the daily work, a record of every write and its answer, and a reconciliation of
 * that record with the database afterwards. Shared by the bench's load run (scripts/bench/load-run.ts) and the fault tests.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
export const PASSWORD = 'secret123';
const LINK = 'https://youtu.be/abcdefghijk';

// --- The database --------------------------------------------------------------------------------

/** A fresh database for one run: an embedded data directory, or a database on the server. */
export interface LoadDatabase {
  /** Environment for the server process (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** Opens it for seeding and reconciling (PGlite: only while the server is stopped). */
  open(): Promise<Database>;
  /** The PostgreSQL database's name, when on the server. */
  name?: string;
  drop(): Promise<void>;
}

export async function createLoadDatabase(serverUrl?: string): Promise<LoadDatabase> {
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'vw_load');
    return {
      env: { DATABASE_URL: scratch.url },
      name: scratch.name,
      open: async () => fromPostgres({ url: scratch.url, max: 4 }),
      drop: () => scratch.drop().catch(() => {}),
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'vw-load-'));
  const dataDir = path.join(dir, 'data');
  return {
    env: { DATA_DIR: dataDir },
    open: async () => fromPglite(await PGlite.create({ dataDir })),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface Cast {
  clients: { id: string; username: string }[];
  editors: { id: string; username: string }[];
}

/** Migrates and seeds clients and editors (one editor per ten clients, each client assigned). */
export async function seedCast(database: Database, people: number): Promise<Cast> {
  await migrate(database);
  const hash = await hashPassword(PASSWORD);
  const editorCount = Math.max(1, Math.round(people / 11));
  const clientCount = people - editorCount;
  const tag = randomBytes(3).toString('hex');
  const insert = async (role: string, n: number, prefix: string) =>
    database.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          username: `${prefix}${i}.${tag}`,
          password: hash,
          role,
          name: `${prefix} ${i}`,
        })),
      )
      .returning({ id: users.id, username: users.username });
  const editors = await insert('editor', editorCount, 'editor');
  const clients = await insert('client', clientCount, 'client');
  await database.db
    .insert(clientEditorAssignments)
    .values(clients.map((c, i) => ({ clientId: c.id, editorId: editors[i % editorCount]!.id })));
  return { clients, editors };
}

/** A run's database with its people seeded (seedCast): what the suites that start a server use. */
export interface SeededDatabase extends LoadDatabase {
  cast: Cast;
}

/**
 * A fresh database (on the PostgreSQL server at `serverUrl`, else embedded) with `people`
 * seeded by seedCast; dropped again if the seeding fails.
 */
export async function createSeededDatabase(
  people: number,
  serverUrl?: string,
): Promise<SeededDatabase> {
  const database = await createLoadDatabase(serverUrl);
  try {
    const seeding = await database.open();
    const cast = await seedCast(seeding, people).finally(() => seeding.close());
    return { ...database, cast };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

// --- The server process ----------------------------------------------------------------------------

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  output(): string;
  /** Sends a signal and waits for the exit code (SIGKILL after `ms`). */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<number | null>;
}

/** Starts `server/index.ts` on loopback (on `port` when given: a restart keeps its address). */
export async function startServer(
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const settings: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    KING_PASSWORD: 'king-load-secret',
    // Every simulated user logs in from 127.0.0.1.
    AUTH_RATE_LIMIT: '100000',
    // Simulated users write faster than people; the write limit is tested in the API suites.
    WRITE_RATE_LIMIT: '100000',
    PASSWORD_RATE_LIMIT: '100000',
    ...env,
  };
  // `env` adds the settings to the inherited environment (PATH and the like) without this file
  // reading it, and drops database settings the test run itself may carry; it execs node, so
  // signals reach the server process itself.
  const child = spawn(
    'env',
    [
      '-u',
      'DATABASE_URL',
      '-u',
      'DATA_DIR',
      '-u',
      'NODE_ENV',
      ...Object.entries(settings).map(([k, v]) => `${k}=${v}`),
      process.execPath,
      '--import',
      'tsx',
      'server/index.ts',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await sleep(200);
  }
  return {
    port,
    base,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM', ms = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Signs `username` in on a running server: the cookie header to send as them. */
export async function sessionCookie(base: string, username: string, password = PASSWORD) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`login of ${username} answered ${login.status}`);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

/** After a suite: its server process killed and its database dropped, whichever were made. */
export async function release(server?: ServerProcess, database?: LoadDatabase) {
  await server?.stop('SIGKILL');
  await database?.drop();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- The simulated users ---------------------------------------------------------------------------

export type WriteKind =
  | 'login'
  | 'create'
  | 'edit'
  | 'status'
  | 'comment'
  | 'read'
  | 'bad-create'
  | 'bad-edit'
  | 'bad-status'
  | 'bad-comment';

/** One write and what the server answered (status 0: no answer at all). */
export interface WriteRecord {
  kind: WriteKind;
  userId: string;
  status: number;
  /** The unique text the write carried (video name, description, comment). */
  tag?: string;
  videoId?: string;
  /** The new status, for status changes. */
  value?: string;
  /** The id the server gave back (video, comment), or the notification read. */
  id?: string;
  at: number;
}

export interface LoadResult {
  writes: WriteRecord[];
  /** Every answer by status (reads too), and failures without an answer. */
  statuses: Record<string, number>;
  requests: number;
  /** 503 answers without the JSON message. */
  badErrorBodies: string[];
  /** Per video owned by a simulated client: the statuses it moved through, in order. */
  videos: Map<string, { owner: string; statuses: WriteRecord[]; edits: WriteRecord[] }>;
}

interface Answer {
  status: number;
  body: unknown;
}

export interface LoadOptions {
  base: string;
  cast: Cast;
  durationMs: number;
  /** Pause between one user's actions (a person, not a benchmark). */
  thinkMs: [number, number];
  /** Faults mode: a failed write makes its video's status/description unknown to the user. */
  faults?: boolean;
}

/** Runs every simulated user until the deadline; every loop is bounded by it. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 400 });
  const result: LoadResult = {
    writes: [],
    statuses: {},
    requests: 0,
    badErrorBodies: [],
    videos: new Map(),
  };
  const deadline = Date.now() + opts.durationMs;
  const rand = (n: number) => Math.floor(Math.random() * n);
  const pick = <T>(list: T[]): T | undefined => list[rand(list.length)];
  const unique = () => randomBytes(6).toString('hex');

  const call = async (
    method: string,
    url: string,
    cookie: string | undefined,
    body?: unknown,
  ): Promise<Answer & { cookie?: string }> => {
    result.requests += 1;
    try {
      const res = await fetchWithAgent(agent, `${opts.base}${url}`, method, cookie, body);
      result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1;
      if (res.status >= 400) {
        const message = (res.body as { message?: unknown } | null)?.message;
        if (typeof message !== 'string' || !message) {
          result.badErrorBodies.push(`${method} ${url} ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      return res;
    } catch {
      result.statuses.network = (result.statuses.network ?? 0) + 1;
      return { status: 0, body: null };
    }
  };
  const record = (w: Omit<WriteRecord, 'at'>) => {
    const full = { ...w, at: Date.now() };
    result.writes.push(full);
    return full;
  };
  const ok = (status: number) => status >= 200 && status < 300;

  /** A video another client owns, for the writes that must be refused. */
  const someonesVideo: string[] = [];

  async function login(user: { id: string; username: string }) {
    for (let attempt = 0; attempt < 50 && Date.now() < deadline; attempt++) {
      const res = await call('POST', '/api/auth/login', undefined, {
        username: user.username,
        password: PASSWORD,
      });
      record({ kind: 'login', userId: user.id, status: res.status });
      if (ok(res.status) && res.cookie) return res.cookie;
      await sleep(300);
    }
    return undefined;
  }

  const think = () => sleep(opts.thinkMs[0] + rand(Math.max(1, opts.thinkMs[1] - opts.thinkMs[0])));

  async function readNotifications(userId: string, cookie: string) {
    await call('GET', '/api/notifications/count', cookie);
    const list = await call('GET', '/api/notifications', cookie);
    const unread = Array.isArray(list.body)
      ? (list.body as { id: string; isRead: boolean }[]).filter((n) => !n.isRead)
      : [];
    const n = pick(unread);
    if (!n) return;
    const res = await call('PATCH', `/api/notifications/${n.id}/read`, cookie);
    record({ kind: 'read', userId, status: res.status, id: n.id });
  }

  async function client(user: { id: string; username: string }) {
    // Users arrive over the first seconds rather than all in one instant.
    await sleep(rand(Math.min(3000, opts.durationMs / 4)));
    const cookie = await login(user);
    if (!cookie) return;
    // A client's videos move only by its editor (the transition table), so it only edits them.
    const mine: { id: string; known: boolean }[] = [];
    while (Date.now() < deadline) {
      const roll = rand(100);
      const video = pick(mine.filter((v) => v.known));
      if (roll < 20) {
        await call('GET', '/api/videos?limit=50', cookie);
      } else if (roll < 35 || !video) {
        const tag = `load-${unique()}`;
        const res = await call('POST', '/api/videos', cookie, {
          name: tag,
          link: LINK,
          description: 'made under load',
        });
        const id = ok(res.status) ? (res.body as { id: string }).id : undefined;
        record({ kind: 'create', userId: user.id, status: res.status, tag, id });
        if (id) {
          mine.push({ id, known: true });
          result.videos.set(id, { owner: user.id, statuses: [], edits: [] });
          if (someonesVideo.length < 50) someonesVideo.push(id);
        }
      } else if (roll < 50) {
        const tag = `edit-${unique()}`;
        const res = await call('PATCH', `/api/videos/${video.id}`, cookie, { description: tag });
        const w = record({
          kind: 'edit',
          userId: user.id,
          status: res.status,
          tag,
          videoId: video.id,
        });
        result.videos.get(video.id)!.edits.push(w);
        if (!ok(res.status) && opts.faults) video.known = false;
      } else if (roll < 78) {
        const tag = `comment-${unique()}`;
        const res = await call('POST', `/api/videos/${video.id}/comments`, cookie, {
          content: tag,
        });
        const id = ok(res.status) ? (res.body as { id: string }).id : undefined;
        record({
          kind: 'comment',
          userId: user.id,
          status: res.status,
          tag,
          videoId: video.id,
          id,
        });
      } else if (roll < 92) {
        await readNotifications(user.id, cookie);
      } else {
        // Writes that must be refused and leave no trace: a broken link, and another client's
        // video (404: it is not theirs to see).
        const other = pick(someonesVideo.filter((id) => !mine.some((v) => v.id === id)));
        const kind = (['bad-create', 'bad-edit', 'bad-status', 'bad-comment'] as const)[rand(4)]!;
        const tag = `bad-${unique()}`;
        if (kind === 'bad-create' || !other) {
          const res = await call('POST', '/api/videos', cookie, { name: tag, link: 'not a link' });
          record({ kind: 'bad-create', userId: user.id, status: res.status, tag });
        } else if (kind === 'bad-edit') {
          const res = await call('PATCH', `/api/videos/${other}`, cookie, { description: tag });
          record({ kind, userId: user.id, status: res.status, tag, videoId: other });
        } else if (kind === 'bad-status') {
          const res = await call('PATCH', `/api/videos/${other}/status`, cookie, {
            status: 'posted',
          });
          record({ kind, userId: user.id, status: res.status, videoId: other, value: 'posted' });
        } else {
          const res = await call('POST', `/api/videos/${other}/comments`, cookie, { content: tag });
          record({ kind, userId: user.id, status: res.status, tag, videoId: other });
        }
      }
      await think();
    }
  }

  async function editor(user: { id: string; username: string }) {
    await sleep(rand(Math.min(3000, opts.durationMs / 4)));
    const cookie = await login(user);
    if (!cookie) return;
    let seen: string[] = [];
    // What this editor knows of its clients' videos' statuses: it is the only one moving them
    // (one editor per client), so its own answers keep this true; after an unclear answer (fault
    // tests) it leaves that video alone.
    const statusOf = new Map<string, string>();
    const unknown = new Set<string>();
    while (Date.now() < deadline) {
      const roll = rand(100);
      if (roll < 35 || !seen.length) {
        const res = await call('GET', '/api/videos?limit=50', cookie);
        if (Array.isArray(res.body)) {
          const list = res.body as { id: string; status: string }[];
          seen = list.map((v) => v.id);
          for (const v of list) statusOf.set(v.id, v.status);
        }
      } else if (roll < 50) {
        const videoId = pick(seen.filter((id) => result.videos.has(id) && !unknown.has(id)));
        const next = videoId && pick(allowedActions('agency', statusOf.get(videoId)!));
        if (videoId && next) {
          const res = await call('PATCH', `/api/videos/${videoId}/status`, cookie, {
            status: next.to,
          });
          const w = record({
            kind: 'status',
            userId: user.id,
            status: res.status,
            videoId,
            value: next.to,
          });
          result.videos.get(videoId)!.statuses.push(w);
          if (ok(res.status)) statusOf.set(videoId, next.to);
          else unknown.add(videoId);
        }
      } else if (roll < 70) {
        const videoId = pick(seen)!;
        const tag = `comment-${unique()}`;
        const res = await call('POST', `/api/videos/${videoId}/comments`, cookie, { content: tag });
        const id = ok(res.status) ? (res.body as { id: string }).id : undefined;
        record({ kind: 'comment', userId: user.id, status: res.status, tag, videoId, id });
      } else if (roll < 75) {
        await call('GET', `/api/videos/${pick(seen)!}/comments`, cookie);
      } else {
        await readNotifications(user.id, cookie);
      }
      await think();
    }
  }

  await Promise.all([...opts.cast.clients.map(client), ...opts.cast.editors.map(editor)]);
  agent.destroy();
  return result;
}

/** A small fetch over node:http with a keep-alive agent (undici's pool would be its own limit). */
async function fetchWithAgent(
  agent: Agent,
  url: string,
  method: string,
  cookie: string | undefined,
  body: unknown,
): Promise<Answer & { cookie?: string }> {
  const { request } = await import('node:http');
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('error', reject);
        res.on('end', () => {
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          const setCookie = res.headers['set-cookie']?.[0];
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            cookie: setCookie?.split(';')[0],
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

// --- Reconciliation ----------------------------------------------------------------------------------

/** reconcile, on a connection of its own to the run's database. */
export async function reconcileRun(database: LoadDatabase, result: LoadResult, cast: Cast) {
  const checking = await database.open();
  return reconcile(checking, result, cast).finally(() => checking.close());
}

/**
 * Compares the record with the database. Every write answered 2xx must be there; every write
 * refused with a 4xx must have left nothing. A write without a clear answer (5xx, no answer:
 * only in the fault tests) may or may not have happened, but never in part. Returns the
 * problems found (empty when everything reconciles).
 */
export async function reconcile(database: Database, result: LoadResult, cast: Cast) {
  const problems: string[] = [];
  const query = async <T>(text: string): Promise<T[]> =>
    database.pglite
      ? rowsOf<T>(await database.pglite.query(text))
      : ((await database.pool!.query(text)).rows as T[]);
  const ok = (s: number) => s >= 200 && s < 300;
  const refused = (s: number) => s >= 400 && s < 500;
  const ids = new Set([...cast.clients, ...cast.editors].map((u) => u.id));

  const videos = await query<{
    id: string;
    name: string;
    user_id: string;
    status: string;
    description: string;
  }>('select id, name, user_id, status, description from videos');
  const videoById = new Map(videos.map((v) => [v.id, v]));
  const videoByName = new Map(videos.map((v) => [v.name, v]));
  const history = await query<{
    video_id: string;
    from_status: string | null;
    to_status: string;
    changed_by_id: string;
  }>(
    'select video_id, from_status, to_status, changed_by_id from video_status_history order by changed_at, id',
  );
  const historyOf = new Map<string, typeof history>();
  for (const h of history) {
    if (!historyOf.has(h.video_id)) historyOf.set(h.video_id, []);
    historyOf.get(h.video_id)!.push(h);
  }
  const comments = await query<{ id: string; content: string; user_id: string; video_id: string }>(
    'select id, content, user_id, video_id from comments',
  );
  const commentById = new Map(comments.map((c) => [c.id, c]));
  const commentContents = new Set(comments.map((c) => c.content));
  const readIds = new Set(
    (await query<{ id: string }>('select id from notifications where is_read')).map((r) => r.id),
  );
  const sessions = await query<{ user_id: string; n: number }>(
    'select user_id, count(*)::int as n from sessions group by user_id',
  );
  const sessionsOf = new Map(sessions.map((s) => [s.user_id, Number(s.n)]));
  const descriptions = new Set(videos.map((v) => v.description));
  // The kept counts of each client's videos (migration 0018) followed every write that happened.
  for (const astray of await query<{ user_id: string }>(VIDEO_COUNTS_ASTRAY)) {
    problems.push(`video_counts of ${astray.user_id} differ from a count of its videos`);
  }

  // Every video (of the simulated users) was written whole: its creation is in the history, and
  // its status is the last one the history shows.
  for (const v of videos) {
    if (!ids.has(v.user_id)) continue;
    const h = historyOf.get(v.id) ?? [];
    if (!h.length || h[0]!.from_status !== null) {
      problems.push(`video ${v.id} has no creation row in its status history`);
    } else if (h.at(-1)!.to_status !== v.status) {
      problems.push(`video ${v.id} is ${v.status} but its history ends at ${h.at(-1)!.to_status}`);
    }
  }

  const loginsOk = new Map<string, number>();
  const loginsUnclear = new Map<string, number>();
  for (const w of result.writes) {
    switch (w.kind) {
      case 'login':
        if (ok(w.status)) loginsOk.set(w.userId, (loginsOk.get(w.userId) ?? 0) + 1);
        else if (!refused(w.status))
          loginsUnclear.set(w.userId, (loginsUnclear.get(w.userId) ?? 0) + 1);
        break;
      case 'create': {
        const row = videoByName.get(w.tag!);
        if (ok(w.status) && (!row || row.id !== w.id || row.user_id !== w.userId)) {
          problems.push(`created video ${w.tag} (${w.status}) is missing`);
        }
        if (refused(w.status) && row) problems.push(`refused create ${w.tag} is in the database`);
        break;
      }
      case 'comment': {
        if (ok(w.status)) {
          const row = commentById.get(w.id!);
          if (
            !row ||
            row.content !== w.tag ||
            row.user_id !== w.userId ||
            row.video_id !== w.videoId
          ) {
            problems.push(`comment ${w.tag} (${w.status}) is missing`);
          }
        } else if (refused(w.status) && commentContents.has(w.tag!)) {
          problems.push(`refused comment ${w.tag} is in the database`);
        }
        break;
      }
      case 'read':
        if (ok(w.status) && !readIds.has(w.id!)) problems.push(`notification ${w.id} is not read`);
        break;
      case 'bad-create':
        if (ok(w.status)) problems.push(`bad create ${w.tag} was accepted`);
        if (videoByName.has(w.tag!)) problems.push(`bad create ${w.tag} is in the database`);
        break;
      case 'bad-edit':
        if (ok(w.status)) problems.push(`edit of another's video ${w.videoId} was accepted`);
        if (descriptions.has(w.tag!)) problems.push(`bad edit ${w.tag} is in the database`);
        break;
      case 'bad-comment':
        if (ok(w.status)) problems.push(`comment on another's video ${w.videoId} was accepted`);
        if (commentContents.has(w.tag!)) problems.push(`bad comment ${w.tag} is in the database`);
        break;
      case 'bad-status':
        if (ok(w.status)) problems.push(`status of another's video ${w.videoId} was accepted`);
        if ((historyOf.get(w.videoId!) ?? []).some((h) => h.changed_by_id === w.userId)) {
          problems.push(`another client changed the status of ${w.videoId}`);
        }
        break;
      case 'edit':
      case 'status':
        break; // per video below
    }
  }

  // Each login that answered 200 made one session; unclear ones at most one each.
  for (const id of ids) {
    const have = sessionsOf.get(id) ?? 0;
    const min = loginsOk.get(id) ?? 0;
    const max = min + (loginsUnclear.get(id) ?? 0);
    if (have < min || have > max) {
      problems.push(`user ${id} has ${have} sessions for ${min}..${max} logins`);
    }
  }

  // Only the client's one editor changes a video's status and only the owner its description,
  // each one request at a time, so the history is exactly the accepted changes in order (plus, in the fault tests, the one unclear
  // change after which the simulated user stopped touching it), and the description is the
  // last accepted edit's.
  for (const [videoId, v] of result.videos) {
    const row = videoById.get(videoId);
    if (!row) {
      problems.push(`video ${videoId} vanished`);
      continue;
    }
    const changes = (historyOf.get(videoId) ?? []).slice(1).map((h) => h.to_status);
    const accepted = v.statuses.filter((w) => ok(w.status)).map((w) => w.value!);
    const unclear = v.statuses.filter((w) => !ok(w.status) && !refused(w.status));
    const expected = [accepted, ...unclear.map((w) => [...accepted, w.value!])];
    if (!expected.some((e) => e.join() === changes.join())) {
      problems.push(
        `video ${videoId}: history ${changes.join('>')} but accepted ${accepted.join('>')}`,
      );
    }
    const edits = v.edits.filter((w) => ok(w.status));
    const unclearEdits = v.edits.filter((w) => !ok(w.status) && !refused(w.status));
    const allowed = new Set([
      edits.at(-1)?.tag ?? 'made under load',
      ...unclearEdits.map((w) => w.tag!),
    ]);
    if (!allowed.has(row.description)) {
      problems.push(`video ${videoId}: description ${row.description} is not the last edit`);
    }
    for (const w of v.edits) {
      if (refused(w.status) && descriptions.has(w.tag!)) {
        problems.push(`refused edit ${w.tag} is in the database`);
      }
    }
  }
  return problems;
}

/** Counts per kind: [2xx, 4xx, other]. */
export function summarize(result: LoadResult) {
  const table: Record<string, [number, number, number]> = {};
  for (const w of result.writes) {
    const row = (table[w.kind] ??= [0, 0, 0]);
    row[w.status >= 200 && w.status < 300 ? 0 : w.status >= 400 && w.status < 500 ? 1 : 2] += 1;
  }
  return table;
}
