import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyListDelta, DELTA_STATUS, LIST_DELTA } from '@domain/list-delta';
import { rowsOf } from '../db/rows';
import { clientEditorAssignments, clientTeamLeadAssignments } from '../db/schema';
import { readTestSettings } from '../env';
import { titled, unmet } from '../test/conditions';
import {
  createTestApp,
  loginAs,
  secondInstance,
  seedUser,
  seedVideo,
  type TestApp,
} from '../test/helper';
import { VIDEO_COUNTS_ASTRAY } from '../test/video-counts';

/**
 * Issue 39, "a proof in the suite": the read caches answer what no cache would. Two app
 * instances with their caches on and one with READ_CACHE=off share one PostgreSQL database; a
 * seeded agency's people write at random through the API (every kind of write, role changes and
 * user deletion among them), and between writes every list and count route of a few people (of
 * everyone now and then) is read from a random caching instance with the web's conditional
 * protocol (web/lib/api-client.ts: If-None-Match with the held answer's tag, A-IM for lists, the
 * answer rebuilt from 304 and 226) and compared with the cache-off instance's answer at the same
 * moment. Before the reads, every instance has heard every write's NOTIFYs (a marker of each
 * instance's own, `settle`): the unread counts and sessions are kept by NOTIFY and may be a
 * moment old on another instance before that (issue 39, item 4), which this test does not
 * measure. READ_CACHE_DIFF_SEED=random (or a number) draws other writes; the seed is printed.
 */
const reason = unmet({ driver: 'postgres' });

const WRITES = 150;
/**
 * After each write, READERS people read their screen (at once, as the web does): SCREEN routes
 * of theirs, the same ones each time, so that they hold answers to revalidate, and one more at
 * random. Everyone reads every route after every EVERYONE_EVERY writes.
 */
const READERS = 2;
const SCREEN = 4;
const EVERYONE_EVERY = WRITES;
const LINK = 'https://youtu.be/abcdefghijk';
const STATUSES = ['draft', 'in_progress', 'review', 'ready_to_post', 'posted'];

function seedOf(raw: string | undefined): number {
  if (raw === undefined) return 39;
  if (raw === 'random') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`READ_CACHE_DIFF_SEED: a number or random`);
  return seed;
}

/** mulberry32: a small generator whose runs a seed repeats. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T | undefined => list[int(list.length)];
  return { next, int, pick };
}

interface Person {
  id: string;
  username: string;
  role: string;
  cookie: string;
  deleted: boolean;
}

/** What a reader holds of one URL, as the web keeps it: the answer, its tag, its headers. */
interface Held {
  status: number;
  etag: string | undefined;
  body: unknown;
  headers: Record<string, string | undefined>;
}

/** The headers that are part of an answer besides its body. */
const ANSWER_HEADERS = ['x-total-count', 'x-next-cursor'] as const;

/** URLs whose answers are video lists, read with A-IM as the web's apiGetList does. */
const isVideoList = (url: string) =>
  /^\/api\/(admin\/)?videos(\/assigned-to-me|\/calendar)?(\?|$)/.test(url);

const parse = (res: LightMyRequestResponse): unknown => (res.body ? JSON.parse(res.body) : null);

const headersOf = (res: LightMyRequestResponse, held?: Held) =>
  Object.fromEntries(
    ANSWER_HEADERS.map((name) => {
      const value = res.headers[name];
      // A 304 carries what it carries; the rest is the held answer's (RFC 9111, 4.3.4).
      return [name, value === undefined ? held?.headers[name] : String(value)];
    }),
  );

describe.skipIf(reason !== '')(titled('the read caches against none', reason), () => {
  type Instance = Pick<TestApp, 'app'>;
  let first: TestApp;
  const others: Awaited<ReturnType<typeof secondInstance>>[] = [];
  const instances: Instance[] = [];
  let off: Instance;
  let caching: Instance[];
  const people: Person[] = [];
  let typeIds: string[] = [];

  beforeAll(async () => {
    // Each with a pool and a cache listener of its own, as servers of one deployment.
    first = await createTestApp();
    others.push(await secondInstance(first), await secondInstance(first, { readCache: false }));
    caching = [first, others[0]!];
    off = others[1]!;
    instances.push(...caching, off);
    const cast: [string, string, number][] = [
      ['king', 'king', 1],
      ['lead', 'lead_editor', 2],
      ['editor', 'editor', 4],
      ['client', 'client', 5],
      ['teamlead', 'client_team_lead', 2],
    ];
    for (const [name, role, n] of cast) {
      for (let i = 1; i <= n; i++) {
        const username = n === 1 ? name : `${name}${i}`;
        const row = await seedUser(first, {
          username,
          role,
          isAdmin: role === 'king' ? 'true' : 'false',
          name: `${name} ${i}`,
        });
        people.push({ id: row.id, username, role, cookie: '', deleted: false });
      }
    }
    const ofRole = (role: string) => people.filter((p) => p.role === role);
    const [clients, editors, teamLeads] = ['client', 'editor', 'client_team_lead'].map(ofRole);
    // Each client has one or two editors and some a team lead; editor4 is on no team.
    for (const [i, client] of clients!.entries()) {
      const team = [editors![i % 3]!, ...(i % 2 ? [editors![(i + 1) % 3]!] : [])];
      for (const editor of team) {
        await first.db
          .insert(clientEditorAssignments)
          .values({ clientId: client.id, editorId: editor.id });
      }
      if (i < 4) {
        await first.db
          .insert(clientTeamLeadAssignments)
          .values({ clientId: client.id, teamLeadId: teamLeads![i % 2]!.id });
      }
      // The first client's list is long enough for deltas (read-cache.ts, DELTA_MIN_PARTS).
      for (let v = 0; v < (i === 0 ? 60 : 8); v++) {
        await seedVideo(first, {
          userId: client.id,
          name: `Video ${client.username} ${v}`,
          status: STATUSES[(i + v) % STATUSES.length],
          assignedEditorId: v % 3 === 2 ? null : team[v % team.length]!.id,
          dueDate: new Date(v % 2 ? '2020-01-01' : '2099-01-01'),
        });
      }
    }
    for (const person of people) person.cookie = await loginAs(first, person.username);
    typeIds = rowsOf<{ id: string }>(
      await first.db.execute(sql`select id from video_types order by name`),
    ).map((r) => r.id);
  });

  afterAll(async () => {
    for (const other of others) await other.close();
    await first?.close();
  });

  /**
   * Every instance has heard the NOTIFYs of every write answered so far: first the markers of
   * their own writes (which follow the notices an instance posts itself, in one statement), then
   * a marker each sent now, which PostgreSQL delivers after every NOTIFY committed before it.
   */
  async function settle() {
    await Promise.all(instances.map((i) => i.app.cacheBus.heard()));
    for (const instance of instances) instance.app.cacheBus.localWrite();
    await Promise.all(instances.map((i) => i.app.cacheBus.heard()));
  }

  it('answers every reader as the cache-off instance does, through random writes', async () => {
    const seed = seedOf(readTestSettings().readCacheDiffSeed);
    console.log(`read-cache-diff: seed ${seed} (READ_CACHE_DIFF_SEED=${seed} repeats this run)`);
    const random = generator(seed);
    const db = first.db;
    const started = Date.now();

    const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
    const live = (role?: string) => people.filter((p) => !p.deleted && (!role || p.role === role));
    const one = (role?: string) => random.pick(live(role));
    const anyVideo = async () =>
      random.pick(
        await rows<{ id: string; user_id: string; assigned_editor_id: string | null }>(
          sql`select id, user_id, assigned_editor_id from videos order by created_at, ordinal, name`,
        ),
      );
    const writer = () => random.pick(instances)!;
    const as = (who: Person | undefined, method: string, url: string, payload?: object) =>
      writer().app.inject({
        method: method as 'GET',
        url,
        headers: who ? { cookie: who.cookie } : {},
        payload,
      });

    /** The king ends one of a client's pairs (`table`, the other side `column`) at `/api/<path>`. */
    const unassign = async (table: string, column: string, path: string) => {
      const pair = random.pick(
        await rows<{ client_id: string; other: string }>(
          sql.raw(`select client_id, ${column} as other from ${table}
            join users c on c.id = client_id join users o on o.id = ${column}
            order by c.username, o.username`),
        ),
      );
      return as(one('king'), 'DELETE', `/api/${path}/${pair?.client_id}/${pair?.other}`);
    };

    // --- The writes: each picks its actor and target from the data as it is now. ----------------
    const writes: Record<string, () => Promise<LightMyRequestResponse | undefined>> = {
      createOwnVideo: async () =>
        as(one('client'), 'POST', '/api/videos', {
          name: `Own ${random.int(1000)}`,
          link: LINK,
          dueDate: random.pick(['2020-02-02', '2099-02-02']),
        }),
      createForClient: async () => {
        const client = one('client');
        return as(random.pick([one('king'), one('lead_editor')]), 'POST', '/api/videos', {
          name: `For ${random.int(1000)}`,
          link: LINK,
          userId: client?.id,
          assignedEditorId: random.next() < 0.5 ? one('editor')?.id : undefined,
        });
      },
      rename: async () => {
        const video = await anyVideo();
        const owner = people.find((p) => p.id === video?.user_id);
        return as(random.pick([owner, one('king')]), 'PATCH', `/api/videos/${video?.id}`, {
          name: `Renamed ${random.int(1000)}`,
          ...(random.next() < 0.3 && { dueDate: random.pick(['2020-03-03', '2099-03-03']) }),
        });
      },
      internalNotes: async () =>
        as(one('lead_editor'), 'PATCH', `/api/videos/${(await anyVideo())?.id}`, {
          internalNotes: `Note ${random.int(1000)}`,
        }),
      move: async () => {
        const video = await anyVideo();
        const editor = people.find((p) => p.id === video?.assigned_editor_id);
        return as(random.pick([editor, one('king')]), 'PATCH', `/api/videos/${video?.id}/status`, {
          status: random.pick(STATUSES),
        });
      },
      assignEditor: async () =>
        as(
          random.pick([one('king'), one('lead_editor')]),
          'PATCH',
          `/api/videos/${(await anyVideo())?.id}/assigned-editor`,
          { assignedEditorId: random.next() < 0.2 ? null : one('editor')?.id },
        ),
      deleteVideo: async () => as(one('king'), 'DELETE', `/api/videos/${(await anyVideo())?.id}`),
      assignTeam: async () =>
        as(one('king'), 'POST', '/api/assignments', {
          clientId: one('client')?.id,
          editorId: one('editor')?.id,
        }),
      unassignTeam: async () => unassign('client_editor_assignments', 'editor_id', 'assignments'),
      assignTeamLead: async () =>
        as(one('king'), 'POST', '/api/team-leads', {
          clientId: one('client')?.id,
          teamLeadId: one('client_team_lead')?.id,
        }),
      unassignTeamLead: async () =>
        unassign('client_team_lead_assignments', 'team_lead_id', 'team-leads'),
      comment: async () => {
        const video = await anyVideo();
        const owner = people.find((p) => p.id === video?.user_id);
        const mention = one();
        return as(
          random.pick([owner, one('king'), one('lead_editor')]),
          'POST',
          `/api/videos/${video?.id}/comments`,
          { content: `See @${mention?.username} ${random.int(1000)}` },
        );
      },
      readNotice: async () => {
        const person = one();
        const [notice] = await rows<{ id: string }>(
          sql`select id from notifications where recipient_id = ${person?.id ?? null}
            and not is_read order by created_at desc limit 1`,
        );
        return notice && as(person, 'PATCH', `/api/notifications/${notice.id}/read`);
      },
      readAll: async () => as(one(), 'POST', '/api/notifications/mark-all-read'),
      clearAll: async () => as(one(), 'DELETE', '/api/notifications/clear-all'),
      paymentAmount: async () =>
        as(one('king'), 'PATCH', `/api/admin/videos/${(await anyVideo())?.id}/payment-amount`, {
          paymentAmount: `${10 + random.int(90)}.50`,
        }),
      typePrice: async () =>
        as(one('king'), 'PATCH', `/api/admin/video-types/${random.pick(typeIds)}/price`, {
          defaultPrice: `${20 + random.int(50)}.00`,
        }),
      pay: async () => {
        const done = await rows<{ id: string }>(
          sql`select id from videos where status in ('ready_to_post', 'posted')
            order by created_at, ordinal, name`,
        );
        const ids = done.filter(() => random.next() < 0.4).map((v) => v.id);
        const path = random.next() < 0.7 ? '/api/admin/payment' : '/api/admin/payment/reverse';
        return ids.length ? as(one('king'), 'PATCH', path, { videoIds: ids }) : undefined;
      },
      createUser: async () => {
        const role = random.pick(['client', 'editor', 'lead_editor', 'client_team_lead'])!;
        const username = `new${people.length}`;
        const res = await as(one('king'), 'POST', '/api/admin/users', {
          username,
          name: `New ${people.length}`,
          password: 'secret123',
          role,
        });
        if (res.statusCode === 201) {
          const id = (JSON.parse(res.body) as { id: string }).id;
          const cookie = await loginAs(first, username);
          people.push({ id, username, role, cookie, deleted: false });
        }
        return res;
      },
      changeRole: async () => {
        const target = random.pick(live().filter((p) => p.role !== 'king'));
        const role = random.pick(['client', 'editor', 'lead_editor', 'client_team_lead'])!;
        const res = await as(one('king'), 'PATCH', `/api/admin/users/${target?.id}`, {
          name: `Renamed ${target?.username}`,
          role,
        });
        if (res.statusCode === 200 && target) target.role = role;
        return res;
      },
      deleteUser: async () => {
        // Not the last of a role the other writes need.
        const target = random.pick(
          live().filter((p) => p.role !== 'king' && live(p.role).length > 2),
        );
        const res = await as(one('king'), 'DELETE', `/api/admin/users/${target?.id}`);
        if (res.statusCode < 300 && target) target.deleted = true;
        return res;
      },
    };
    const weighted: [string, number][] = [
      ['createOwnVideo', 3],
      ['createForClient', 3],
      ['rename', 4],
      ['internalNotes', 2],
      ['move', 6],
      ['assignEditor', 4],
      ['deleteVideo', 2],
      ['assignTeam', 2],
      ['unassignTeam', 2],
      ['assignTeamLead', 1],
      ['unassignTeamLead', 1],
      ['comment', 4],
      ['readNotice', 3],
      ['readAll', 1],
      ['clearAll', 1],
      ['paymentAmount', 2],
      ['typePrice', 1],
      ['pay', 2],
      ['createUser', 1],
      ['changeRole', 1],
      ['deleteUser', 1],
    ];
    const kinds = weighted.flatMap(([kind, n]) => Array<string>(n).fill(kind));

    // --- The reads: every list and count route, as each reader's web app would read it. ---------
    const someClient = () => one('client')?.id ?? people[0]!.id;
    const calendarFrom = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const calendarTo = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const urlsOf = () => [
      '/api/auth/me',
      '/api/videos',
      '/api/videos?limit=7',
      `/api/videos?status=${random.pick(STATUSES)}`,
      `/api/videos?clientId=${someClient()}`,
      '/api/videos?q=Renamed',
      '/api/videos?overdue=true',
      '/api/videos/assigned-to-me',
      // The calendar's window (issue 45): the month around now, as the web app asks for it.
      `/api/videos/calendar?from=${calendarFrom}&to=${calendarTo}`,
      '/api/videos/count',
      '/api/admin/videos',
      '/api/clients',
      '/api/editors',
      '/api/assignments/my-clients',
      '/api/assignments/my-editors',
      '/api/team-leads/my-clients',
      '/api/lead/summary',
      `/api/lead/summary?clientId=${someClient()}`,
      '/api/lead/summary?q=Own',
      '/api/admin/invoicing?dateFilter=all&limit=5',
      '/api/admin/invoicing?dateFilter=all&limit=5&offset=5',
      '/api/admin/invoicing',
      '/api/notifications',
      '/api/notifications?includeRead=true',
      '/api/notifications/count',
    ];
    // A new cacheable route is read here too, or this fails: the route table says which.
    const routes = caching[0]!.app.registeredRoutes;
    const read = new Set(urlsOf().map((url) => url.split('?')[0]));
    const cacheable = routes.filter((r) => r.method === 'GET' && r.config?.cacheable);
    expect(cacheable.length).toBeGreaterThan(0);
    expect(cacheable.map((r) => r.url).filter((url) => !read.has(url))).toEqual([]);

    const held = new Map<string, Held>();
    const answered = { whole: 0, notModified: 0, delta: 0 };
    let step = 0;
    let lastWrite = '';

    /** The reader's answer from a caching instance, rebuilt as the web rebuilds it. */
    async function cachedAnswer(person: Person, url: string, from: number) {
      const key = `${person.id} ${url}`;
      const mine = held.get(key);
      const headers: Record<string, string> = { cookie: person.cookie };
      if (mine?.etag) {
        headers['if-none-match'] = mine.etag;
        if (isVideoList(url)) headers['a-im'] = LIST_DELTA;
      }
      const instance = caching[from]!;
      const res = await instance.app.inject({ method: 'GET', url, headers });
      let answer: Held;
      if (res.statusCode === 304 && mine) {
        answered.notModified += 1;
        answer = { ...mine, headers: headersOf(res, mine) };
      } else if (res.statusCode === DELTA_STATUS && mine) {
        answered.delta += 1;
        const list = applyListDelta(mine.body as { id: string }[], parse(res));
        expect(list, `a delta that does not fit: ${res.body.slice(0, 200)}`).toBeDefined();
        answer = { status: 200, body: list, headers: headersOf(res), etag: undefined };
      } else {
        answered.whole += 1;
        answer = {
          status: res.statusCode,
          body: parse(res),
          headers: headersOf(res),
          etag: undefined,
        };
      }
      const etag = res.headers.etag;
      answer.etag = res.statusCode < 300 && typeof etag === 'string' ? etag : undefined;
      held.set(key, answer);
      return { answer, code: res.statusCode };
    }

    /**
     * Which caching instance a read goes to: mostly the reader's own (a load balancer's sticky
     * sessions), sometimes the other. Drawn before the reads run at once, so a seed repeats.
     */
    const instanceFor = (person: Person) => {
      const own = people.indexOf(person) % caching.length;
      return random.next() < 0.8 ? own : random.int(caching.length);
    };

    async function compare(person: Person, url: string, from: number) {
      timing.n += 1;
      // At once: no write comes between them.
      const [fresh, { answer, code }] = await Promise.all([
        off.app.inject({ method: 'GET', url, headers: { cookie: person.cookie } }),
        cachedAnswer(person, url, from),
      ]);
      const expected = { status: fresh.statusCode, body: parse(fresh), headers: headersOf(fresh) };
      const got = { status: answer.status, body: answer.body, headers: answer.headers };
      const where =
        `seed ${seed}, step ${step} (after ${lastWrite}), ${person.username} (${person.role}` +
        `${person.deleted ? ', deleted' : ''}), GET ${url} from caching instance ${from} ` +
        `(answered ${code})`;
      expect(got, where).toEqual(expected);
      return fresh;
    }

    /** A URL, and the next page by the cursor the first one gave. */
    async function readPages(person: Person, url: string, from: number) {
      const fresh = await compare(person, url, from);
      const next = fresh.headers['x-next-cursor'];
      if (typeof next === 'string') await compare(person, `${url}&cursor=${next}`, from);
    }

    const timing = { settle: 0, reads: 0, n: 0 };
    /**
     * Each person's screen: their video list (the screen everyone opens, and the one deltas are
     * made for) and SCREEN more of their routes; one that refused them (a role's) is replaced by
     * another not known to refuse them.
     */
    const screens = new Map<Person, string[]>();
    const screenOf = (person: Person) => {
      const answers = (url: string) => (held.get(`${person.id} ${url}`)?.status ?? 0) < 400;
      const screen = (screens.get(person) ?? ['/api/videos']).filter(answers);
      const more = urlsOf().filter((url) => answers(url) && !screen.includes(url));
      while (screen.length <= SCREEN && more.length) {
        screen.push(more.splice(random.int(more.length), 1)[0]!);
      }
      screens.set(person, screen);
      return screen;
    };
    const readStep = async (everyone: boolean) => {
      const readers = everyone
        ? people
        : Array.from({ length: READERS }, () => random.pick(people)!);
      const reads = new Map<string, [Person, string]>();
      for (const person of readers) {
        const urls = person.deleted
          ? ['/api/auth/me']
          : everyone
            ? urlsOf()
            : [...screenOf(person), random.pick(urlsOf())!];
        for (const url of urls) reads.set(`${person.id} ${url}`, [person, url]);
      }
      const t1 = Date.now();
      const drawn = [...reads.values()].map(
        ([person, url]) => [person, url, instanceFor(person)] as const,
      );
      await Promise.all(drawn.map(([person, url, from]) => readPages(person, url, from)));
      timing.reads += Date.now() - t1;
    };

    const done: Record<string, { ok: number; refused: number }> = {};
    // Every kind once first, in a drawn order, then as weighted.
    const firsts = weighted.map(([kind]) => kind).sort(() => random.next() - 0.5);
    for (step = 1; step <= WRITES; step++) {
      const kind = firsts.shift() ?? random.pick(kinds)!;
      const res = await writes[kind]!();
      const tally = (done[kind] ??= { ok: 0, refused: 0 });
      if (res && res.statusCode < 300) tally.ok += 1;
      else tally.refused += 1;
      // A refused write is one an actor may not make: 4xx, never 5xx.
      if (res) expect(res.statusCode, `${kind}: ${res.body}`).toBeLessThan(500);
      lastWrite = `${kind} → ${res?.statusCode ?? 'nothing to do'}`;
      const t0 = Date.now();
      await settle();
      timing.settle += Date.now() - t0;
      await readStep(step % EVERYONE_EVERY === 0);
    }

    // The kept counts (migration 0018) are a cache in the database: the same as a count.
    expect(await rows(sql.raw(VIDEO_COUNTS_ASTRAY))).toEqual([]);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `read-cache-diff: ${WRITES} writes in ${seconds} s (${timing.reads} ms reading, ` +
        `${timing.settle} ms settling), taken or refused: ${JSON.stringify(done)}; ` +
        `${timing.n} answers compared, the caching instances' were: ${JSON.stringify(answered)}`,
    );
    // Strong enough to mean something: most writes took, and the caches answered.
    const took = Object.values(done).reduce((n, d) => n + d.ok, 0);
    expect(took).toBeGreaterThan(WRITES / 2);
    expect(answered.notModified).toBeGreaterThan(100);
    expect(answered.delta).toBeGreaterThan(0);
  }, 120_000);
});
