import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { freshBatches } from '../lib/fresh-batches';
import { DELTA_STATUS, deltaOrder, LIST_DELTA } from '@domain/list-delta';
import { isManager } from '@domain/roles';
import { TtlCache } from '../db/cache-bus';
import type { Db } from '../db/client';
import type { SessionUser } from '../db/schema';
import { preparedStatement } from '../db/prepared';
import { namesTag } from '../lib/http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET whose answer depends only on the data, the signed-in user and the URL (and not on the
     * clock beyond READ_CACHE_MS): kept in the read cache (docs/decisions/0004-...). For anyone
     * but a manager, only on the data of the viewer's scopes (their own videos and those assigned
     * to them, their team's clients' rows, and what everyone sees: docs/decisions/0006-...).
     * Its answers carry an ETag, and a read naming it in If-None-Match is answered 304 while
     * the answer is the same (docs/decisions/0013-conditional-reads.md). A function says for
     * whom: an answer that for some viewers holds data outside their scopes is kept for the rest.
     */
    cacheable?: boolean | ((user: SessionUser) => boolean);
    /**
     * The tables a `cacheable` route's answer is made of, declared beside it: each needs its
     * scope triggers (migration 0013), or a kept answer outlives a change to its rows.
     * read-cache-reads.test.ts fails when a cacheable route declares none, or names a table with
     * no trigger that is not kept by another's statements (KEPT_BY).
     */
    reads?: readonly string[];
    /**
     * A `cacheable` GET whose answer does not depend on the clock (no "overdue", no "this
     * month"), or a function of the request that says for which reads: the tag of its answer is
     * kept for KEPT_TAG_MS rather than READ_CACHE_MS, since only a change of data (the label)
     * can change it. A reader who holds it is then answered 304 from the label alone however
     * long ago the answer was made.
     */
    timeless?: boolean | ((request: FastifyRequest) => boolean);
  }
  interface FastifyInstance {
    /** The answers of `cacheable` GETs, by user and URL (docs/decisions/0004-..., read cache). */
    readCache: TtlCache<CachedReply>;
    /**
     * For a read of an answer made of parts named by keys, taken as the read begins: the ETag of
     * the answer once its keys are known (read-cache.ts, tagOfKeys), or undefined if the salt
     * was redrawn meanwhile (the answer is then tagged by its bytes).
     */
    keysTagger: () => (keys: readonly string[]) => string | undefined;
    /**
     * Answers `reply` with a list joined as `[a,b,…]` from `list.parts` (its keys name their
     * bytes), under the ETag keysTagger gave, set on `reply` (with none, the list is sent and
     * tagged by its bytes): 304 to a reader who holds it; only what changed to a reader who
     * holds an older list of this instance's and asks for that (226, docs/decisions/0014-list-
     * deltas.md); the list otherwise. The list is joined only for that last answer, and kept in
     * the read cache as its parts, which the videos' kept JSON holds already.
     */
    sendKeyedList: (reply: FastifyReply, list: KeyedList) => FastifyReply;
    /**
     * The label (`labels`) under which the request's answer will be kept: the viewer's scopes and
     * their versions, read before its handler ran; undefined if it will not be kept.
     */
    readLabel: (request: FastifyRequest) => string | undefined;
  }
}

/**
 * Tables whose rows the statements of another table keep (its triggers, in the same statement):
 * a route that reads one depends on that other's scope triggers. video_counts: migration 0018.
 */
export const KEPT_BY: Readonly<Record<string, string>> = { video_counts: 'videos' };

/** A list answer's parts and the keys that name their bytes (see `sendKeyedList`). */
export interface KeyedList {
  keys: string[];
  parts: Buffer[];
}

/** How long a cached GET answer may be served; also bounds clock-based fields like overdue. */
const READ_CACHE_MS = 3_000;

/**
 * How many label queries (see `labelOf`) run at once. One: the readers who come while it runs
 * share the next. Two gave the working day's reads alone ~30% less throughput (smaller batches,
 * twice the queries) and those beside the writers no more (ADR 0007, "A create in one statement").
 */
const LABEL_READS = 1;
/**
 * The headers that are part of a cacheable answer besides its body (a page's next cursor, a
 * list's total): its ETag names them too, and a 304 carries them, so a reader who revalidates
 * keeps the total of the answer it is told it holds (issue 39).
 */
const ANSWER_HEADERS = ['x-next-cursor', 'x-total-count'];
/** The answer headers a cached GET keeps besides its body. */
const KEPT_HEADERS = ['content-type', 'etag', ...ANSWER_HEADERS];
/** How many answers' tags are kept (about 200 bytes each): every reader's screens, not bodies. */
const KEPT_TAGS = 20_000;
/**
 * How long the tag of a `timeless` answer is kept. Kept for READ_CACHE_MS like the answers, a
 * tag went 3 s after it was made, and every screen read again in full at least that often: in
 * the working day beside writers, 30-40% of the reads, where a screen came round every second.
 */
const KEPT_TAG_MS = 10 * 60_000;

/**
 * A cacheable answer's ETag: a hash of its bytes and its ANSWER_HEADERS (`headers`, each name
 * with its value), so the same answer always has the same tag.
 */
const tagOf = (body: Buffer | string, headers: Record<string, string> = {}) => {
  const hash = createHash('sha1').update(body);
  for (const name of ANSWER_HEADERS) {
    if (headers[name] !== undefined) hash.update(`\n${name}: ${headers[name]}`);
  }
  return `"${hash.digest('base64url')}"`;
};

/** The values of `names` that `reply` carries. */
const headersOf = (reply: FastifyReply, names: readonly string[]) => {
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
};

/**
 * The ETag of an answer made of parts whose keys name their bytes, for its handler to set
 * (`app.keysTagger`): a hash of the keys. A video list's key names one video's JSON, version and
 * hidden fields (video-list.ts), ~50 bytes where the JSON is ~1 KB: an editor's list at 100,000
 * videos (1.5 MB) was hashed in 2 ms after every change to one of its videos. The keys name the
 * bytes only as far as this build writes them and this database numbers its rows, so the hash
 * also takes the instance's salt, drawn at start and again whenever the cache bus's feed was
 * down: another build (a rolling deploy) or a database put back from a backup (whose row
 * versions, transaction numbers, may come again) never gives a reader a 304 for bytes it does
 * not hold; a read that began under an old salt is tagged by its bytes. The price is a whole
 * answer, not a 304, for a reader who moves to another instance or outlives a restart. An
 * answer whose handler set no tag is tagged by its bytes.
 */
const tagOfKeys = (salt: string, keys: readonly string[]) =>
  tagOf(`keys ${salt}\n${keys.join('\n')}`);

/**
 * How many list keys (~60 bytes each) are kept to answer deltas: the lists readers hold, under
 * their tags, e.g. 80 editors' lists of 1,700 videos.
 */
const HELD_LIST_KEYS = 150_000;
/** Lists shorter than this are sent whole: a delta would save little. */
const DELTA_MIN_PARTS = 50;

const [OPEN, COMMA, CLOSE] = Buffer.from('[,]');

/**
 * `[a,b,…]` from a list's parts, as serializing the list at once writes it. Each part goes in with
 * the typed array's own copy, and the commas as bytes: `copy` and `write` cost more per call than
 * the kilobyte they move.
 */
const joinList = (parts: readonly Buffer[]): Buffer => {
  let length = 2 + Math.max(0, parts.length - 1);
  for (const part of parts) length += part.length;
  const out = Buffer.allocUnsafe(length);
  out[0] = OPEN!;
  let at = 1;
  for (const [i, part] of parts.entries()) {
    if (i > 0) out[at++] = COMMA!;
    out.set(part, at);
    at += part.length;
  }
  out[at] = CLOSE!;
  return out;
};
const CLOSE_DELTA = Buffer.from('}');

/**
 * The tag of the answer a viewer's URL last had, the viewer's label when it was read, and the
 * answer's ANSWER_HEADERS, which a 304 carries.
 */
interface KeptTag {
  label: string;
  etag: string;
  headers: Record<string, string>;
}

export interface CachedReply {
  /**
   * The viewer's scopes and their versions when the read began ('global=4,user:<id>=9', ADR
   * 0006); served only while the viewer's label is still the same.
   */
  label: string;
  /**
   * The body as bytes: encoded once, not at every answer; or, for a list its handler answered
   * from keyed parts (`sendKeyedList`), those parts, joined only when the list is sent whole
   * (most readers hold it: 304 or 226). The parts are the videos' kept JSON, so an editor's list
   * (1.5 MB at 100,000 videos) is not held a second time.
   */
  body: { payload: Buffer } | { list: KeyedList };
  /** What it holds in bytes, for the cache's budget (a list's parts as if held only here). */
  bytes: number;
  headers: Record<string, string>;
}

interface PendingRead {
  key: string;
  label: string;
  epoch: number;
  /** The tags' own epoch (they are emptied with the answers, but count apart). */
  tagEpoch: number;
  /** Whether the answer is the same whatever the clock says (`timeless`). */
  timeless: boolean;
  done: (reply: CachedReply | undefined) => void;
}

/** Where the read cache keeps a user's answer to a URL (an answer depends on role and rights too). */
export const readCacheKey = (user: Pick<SessionUser, 'id' | 'role' | 'isAdmin'>, url: string) =>
  `${user.id}|${user.role}|${user.isAdmin}|${url}`;

/** Whether the request's route keeps its answers for the request's user. */
const cacheableFor = (request: FastifyRequest): boolean => {
  const cacheable = request.routeOptions.config?.cacheable;
  if (typeof cacheable !== 'function') return cacheable === true;
  return request.user ? cacheable(request.user) : false;
};

/** Whether the request's answer is the same whatever the clock says. */
const timelessFor = (request: FastifyRequest): boolean => {
  const timeless = request.routeOptions.config?.timeless;
  return typeof timeless === 'function' ? timeless(request) : timeless === true;
};

/** Whose data a manager's answers are made of: everyone's, as the eight stripes of 'all'. */
const MANAGERS = 'all';

/**
 * The label of each viewer (a user id, or MANAGERS): their scopes with the versions committed
 * now, read in one statement, so the scopes (which follow the assignments) and their versions
 * come from one snapshot. A client's label also holds the pairs of each of its editors (their
 * number of clients is in its list of editors; migration 0017). A scope's version is the sum of
 * its counters, the number of moves committed (migration 0015), so it grows with every commit
 * whatever their order; a scope never moved has none: version 0. See migrations 0013 and 0015.
 * Built once and prepared (server/db/prepared.ts): it runs before every kept answer, ~150 times
 * a second in the working day beside writers, and its text was parsed and planned each time.
 */
export const labels = preparedStatement('read_cache_labels', (db) =>
  db.select({ viewer: sql<string>`viewer`, label: sql<string>`label` }).from(sql`(
  with viewer as (select unnest(${sql.placeholder('viewers')}::uuid[]) as id),
  deps as (
    select ${MANAGERS}::text as viewer, 'all:' || n as scope
      from generate_series(0, 7) n where ${sql.placeholder('managers')}::boolean
    union select v.id::text, s from viewer v, unnest(array['global', 'user:' || v.id]) s
    union select v.id::text, 'user:' || a.client_id
      from client_editor_assignments a join viewer v on a.editor_id = v.id
    union select v.id::text, 'user:' || a.client_id
      from client_team_lead_assignments a join viewer v on a.team_lead_id = v.id
    union select v.id::text, 'pairs:' || a.editor_id
      from client_editor_assignments a join viewer v on a.client_id = v.id
  )
  select d.viewer, string_agg(d.scope || '=' || coalesce(c.version, 0), ',' order by d.scope) as label
  from deps d
    left join lateral (select sum(version) as version from cache_scopes where scope = d.scope) c
    on true
  group by d.viewer) as labels`),
);

/** A user's own scope, as `labels` names it. */
const USER_SCOPE = 'user:';

/**
 * What moved between two labels of one viewer (`labels`): the ids of the users whose own scope
 * (`user:<id>`, ADR 0007) moved, and of every user whose scope the label names; or undefined when
 * anything else moved or the scopes are not the same ones (an assignment changed, or a manager's
 * stripes moved). Only then are the changes to what the viewer reads since the first label all in
 * rows of the moved users' scopes.
 */
export function movedUserScopes(
  before: string,
  after: string,
): { moved: string[]; users: string[] } | undefined {
  const versions = (label: string) =>
    new Map(
      label.split(',').map((pair) => {
        const at = pair.lastIndexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)] as const;
      }),
    );
  const [was, now] = [versions(before), versions(after)];
  if (was.size !== now.size) return undefined;
  const moved: string[] = [];
  const users: string[] = [];
  for (const [scope, version] of now) {
    const old = was.get(scope);
    if (old === undefined) return undefined;
    const user = scope.startsWith(USER_SCOPE) ? scope.slice(USER_SCOPE.length) : undefined;
    if (user !== undefined) users.push(user);
    if (old === version) continue;
    if (user === undefined) return undefined;
    moved.push(user);
  }
  return { moved, users };
}

/**
 * The read cache: a GET of a route marked `cacheable`, by the same user with the same URL, is
 * answered from memory while the versions of the viewer's scopes have not moved (ADR 0007).
 * Only while the bus listens; `refresh` in the query always reads afresh. Needs the session
 * (plugins/auth.ts) registered before it. With the caches off (READ_CACHE=off, server/env.ts)
 * nothing is kept: every answer is read afresh and tagged by its bytes, a reader who holds
 * those bytes is answered 304, and no delta (226) is ever sent.
 */
export const readCache = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    const bus = app.cacheBus;
    const cache = new TtlCache<CachedReply>(bus, READ_CACHE_MS, {
      maxEntries: 2_000,
      maxBytes: 32 * 1024 * 1024,
      sizeOf: (r) => r.bytes,
      versioned: true,
    });
    app.decorate('readCache', cache);
    /**
     * The keys of the lists this instance tagged, by viewer and tag: what a reader who holds one
     * holds, part by part, so that it can be sent only what changed (`deltaFor`). Emptied with
     * the salt: keys name bytes only within it.
     */
    const heldLists = new TtlCache<string[]>(bus, KEPT_TAG_MS, {
      maxEntries: KEPT_TAGS,
      maxBytes: HELD_LIST_KEYS,
      sizeOf: (keys) => keys.length,
      versioned: true,
    });
    /**
     * The answer to a reader who asked for a delta (A-IM) and holds a list this instance tagged
     * (If-None-Match): the new list as runs of the held one and the videos to add, if that is
     * less than half of it (domain/list-delta.ts).
     */
    const deltaFor = (
      request: FastifyRequest,
      keys: string[] | undefined,
      partAt: (i: number) => Buffer,
    ) => {
      const asked = request.headers['if-none-match'];
      const wanted = request.headers['a-im'];
      if (!keys || !asked || !request.user || typeof wanted !== 'string') return undefined;
      if (!wanted.split(',').some((im) => im.trim() === LIST_DELTA)) return undefined;
      const held = heldLists.get(`${request.user.id} ${asked.trim().replace(/^W\//, '')}`);
      if (!held) return undefined;
      const { order, send } = deltaOrder(held, keys);
      if (send.length * 2 > keys.length) return undefined;
      const head = Buffer.from(`{"order":${JSON.stringify(order)},"changed":`);
      return Buffer.concat([head, joinList(send.map(partAt)), CLOSE_DELTA]);
    };
    /** A list to a reader who does not hold it: what changed if it asked (226), else whole. */
    const sendList = (reply: FastifyReply, list: KeyedList) => {
      const delta = deltaFor(reply.request, list.keys, (i) => list.parts[i]!);
      if (delta) return reply.code(DELTA_STATUS).header('im', LIST_DELTA).send(delta);
      return reply.send(joinList(list.parts));
    };
    const newSalt = () => randomBytes(12).toString('base64url');
    let salt = newSalt();
    app.decorate('keysTagger', () => {
      // With the caches off nothing tells a reader what a tag was made of: tagged by the bytes.
      if (!bus.keeps) return () => undefined;
      const before = salt;
      return (keys: readonly string[]) => (salt === before ? tagOfKeys(salt, keys) : undefined);
    });
    /**
     * The tags of answers too many or too large to keep whole (an editor's list at 100,000
     * videos is 1.5 MB): a reader that holds the answer is told 304 with no database read but
     * the label, as long as the label and the time limit allow serving a kept answer.
     */
    const tags = new TtlCache<KeptTag>(bus, READ_CACHE_MS, {
      maxEntries: KEPT_TAGS,
      versioned: true,
    });
    /** The reads of this app that will fill the cache when their answer is sent. */
    const pendingReads = new WeakMap<FastifyRequest, PendingRead>();
    /** Reads being made now, so that concurrent identical ones wait for the first. */
    const inFlight = new Map<string, Promise<CachedReply | undefined>>();
    // The labels alone keep answers right, with no message about the change (migration 0015
    // sends none): an answer whose label is old is replaced at its next read, or goes with its
    // time limit or the size limits. While nobody listens (null), nothing is kept.
    bus.subscribe((message) => {
      if (message === null) {
        cache.clear();
        tags.clear();
        heldLists.clear();
        inFlight.clear();
        salt = newSalt();
      }
    });

    /**
     * The label of a viewer for a request that has just arrived, read in one query with the other
     * viewers' that arrived meanwhile, never in one that began before it (lib/fresh-batches.ts).
     */
    const labelRead = freshBatches(async (viewers: Set<string>) => {
      const ids = [...viewers].filter((v) => v !== MANAGERS);
      const rows = await labels(opts.db).execute({
        viewers: `{${ids.join(',')}}`,
        managers: viewers.has(MANAGERS),
      });
      return new Map(rows.map((r) => [r.viewer, r.label]));
    }, LABEL_READS);
    const labelOf = async (viewer: string): Promise<string> => {
      const label = await labelRead(viewer);
      if (label === undefined) throw new Error(`No read cache label for ${viewer}`);
      return label;
    };

    app.addHook('preHandler', async (request, reply) => {
      const user = request.user;
      if (
        request.method !== 'GET' ||
        !user ||
        !cacheableFor(request) ||
        !bus.keeping ||
        request.url.includes('refresh=')
      ) {
        return;
      }
      const key = readCacheKey(user, request.url);
      // One small read: a change committed before this request began has moved a version of
      // the viewer's scopes even if its NOTIFY is still on the way, so a kept answer is never
      // older than the request. A change to others' data leaves the label as it was.
      const label = await labelOf(isManager(user) ? MANAGERS : user.id);
      const asked = request.headers['if-none-match'];
      const tag = asked ? tags.get(key) : undefined;
      if (tag?.label === label && namesTag(asked, tag.etag)) {
        return reply.headers(tag.headers).header('etag', tag.etag).code(304).send();
      }
      let cached = cache.get(key);
      if (cached?.label !== label) cached = undefined;
      const flightKey = `${label}|${key}`;
      if (!cached) {
        const running = inFlight.get(flightKey);
        if (running) {
          // Past its time limit but of this very data version: only clock-bound fields (overdue,
          // this month) may be a moment old. Serve it rather than queue behind the refresh.
          const old = cache.peek(key);
          cached = old?.label === label ? old : await running;
        }
      }
      if (cached) {
        for (const [name, value] of Object.entries(cached.headers)) reply.header(name, value);
        if (namesTag(asked, cached.headers.etag ?? '')) return reply.code(304).send();
        const { body } = cached;
        return 'payload' in body ? reply.send(body.payload) : sendList(reply, body.list);
      }
      if (inFlight.has(flightKey)) return; // the first one failed; this one reads for itself
      let done!: (reply: CachedReply | undefined) => void;
      const running = new Promise<CachedReply | undefined>((resolve) => (done = resolve));
      inFlight.set(flightKey, running);
      void running.then(() => {
        if (inFlight.get(flightKey) === running) inFlight.delete(flightKey);
      });
      pendingReads.set(request, {
        key,
        label,
        epoch: cache.epochNow(),
        tagEpoch: tags.epochNow(),
        timeless: timelessFor(request),
        done,
      });
    });

    app.decorate('readLabel', (request: FastifyRequest) => pendingReads.get(request)?.label);

    /** Replies sendKeyedList answered: tagged, kept and answered already. */
    const answered = new WeakSet<FastifyReply>();
    app.decorate('sendKeyedList', (reply: FastifyReply, list: KeyedList) => {
      const request = reply.request;
      const etag = reply.getHeader('etag');
      if (typeof etag !== 'string') return reply.send(joinList(list.parts));
      answered.add(reply);
      const pending = pendingReads.get(request);
      pendingReads.delete(request);
      if (pending) {
        const bytes = list.parts.reduce((sum, part) => sum + part.length + 1, 1);
        // The keys, which a delta is made from, count too (~80 bytes each).
        keep(pending, reply, { list }, bytes + list.keys.length * 80);
      }
      // Only where a delta can be answered: a cacheable read, a list the held keys can keep.
      const viewer = request.user?.id;
      const deltas =
        viewer &&
        cacheableFor(request) &&
        list.parts.length >= DELTA_MIN_PARTS &&
        list.keys.length <= HELD_LIST_KEYS / 4;
      if (deltas) heldLists.setIf(`${viewer} ${etag}`, list.keys, heldLists.epochNow());
      if (namesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return sendList(reply, list);
    });

    // The answer of a read this instance made: tagged, kept (if nothing changed meanwhile) and
    // handed to the identical reads that waited for it; 304 if the reader holds it already.
    app.addHook('onSend', async (request, reply, payload) => {
      if (answered.has(reply)) return payload;
      const pending = pendingReads.get(request);
      pendingReads.delete(request);
      const tagged =
        request.method === 'GET' &&
        cacheableFor(request) &&
        reply.statusCode === 200 &&
        (typeof payload === 'string' || Buffer.isBuffer(payload));
      if (!tagged) return pending?.done(undefined);
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      // Set by the handler (keysTagger), or by a kept answer served again (preHandler).
      const named = reply.getHeader('etag');
      const etag =
        typeof named === 'string' ? named : tagOf(body, headersOf(reply, ANSWER_HEADERS));
      reply.header('etag', etag);
      if (pending) keep(pending, reply, { payload: body }, body.length);
      if (!namesTag(request.headers['if-none-match'], etag)) return payload;
      reply.code(304);
      return null;
    });
    const keep = (
      pending: PendingRead,
      reply: FastifyReply,
      body: CachedReply['body'],
      bytes: number,
    ) => {
      const headers = headersOf(reply, KEPT_HEADERS);
      const cached = { label: pending.label, body, bytes, headers };
      cache.setIf(pending.key, cached, pending.epoch);
      tags.setIf(
        pending.key,
        { label: pending.label, etag: headers.etag!, headers: headersOf(reply, ANSWER_HEADERS) },
        pending.tagEpoch,
        pending.timeless ? KEPT_TAG_MS : READ_CACHE_MS,
      );
      pending.done(cached);
    };
    // A read that ended without an answer (error, aborted) must not keep others waiting.
    const settle = async (request: FastifyRequest) => {
      const pending = pendingReads.get(request);
      if (!pending) return;
      pendingReads.delete(request);
      pending.done(undefined);
    };
    app.addHook('onResponse', settle);
    app.addHook('onRequestAbort', settle);
  },
  { name: 'read-cache', dependencies: ['caches', 'auth'] },
);
