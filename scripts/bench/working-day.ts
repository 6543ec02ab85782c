/**
 * The working-day scenario of `npm run bench` (issue 20): many people read their own screens at
 * once, each with a session of their own and the addresses their screen asks for, while editors
 * change statuses and comment with @mentions at a set rate. Measured twice on the same server:
 * reads alone, then reads beside the writers, so the report shows what the writes cost the reads
 * (a write empties the cached answers it can change, ADR 0007) and how fast the writes themselves
 * are.
 */
import autocannon from 'autocannon';
import { DELTA_STATUS, LIST_DELTA } from '@domain/list-delta';
import { type ServerTimings, serverTimingsReport } from './server-timings';

export interface WorkingDayOptions {
  /** Reading connections (autocannon's). */
  connections: number;
  durationS: number;
  /** Writes a second across all writers (status changes, comments with a mention). */
  writesPerSecond: number;
  /** How many clients and editors sign in to read (the seed's bench-client-N / bench-editor-N). */
  clients: number;
  editors: number;
}

export interface Latencies {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The share of reads answered 304: the reader held that very answer (its ETag). */
  unchanged?: number;
  /** The share of reads answered with what changed since the list the reader held (226). */
  delta?: number;
  /** Each address's reads (by role), slowest p99 first. */
  byAddress?: {
    address: string;
    count: number;
    p50: number;
    p99: number;
    unchanged: number;
    delta: number;
  }[];
}

export interface WorkingDayResult {
  readOnly: Latencies;
  reads: Latencies;
  writes: Latencies & { count: number };
  /** Server RSS after the run with writers, MB. */
  rss: number;
  /** The cores each process kept busy in each window (CPU seconds over the window's). */
  cores?: { readsAlone: Cores; besideWriters: Cores };
  /** Timed inside the server (`--inside`), in each window. */
  inside?: { readsAlone: ServerTimings; besideWriters: ServerTimings };
}

/** CPU seconds (or cores) by process: the server, the database, the bench's own readers and writers. */
export interface Cores {
  server: number;
  /** Undefined when the database's processes are not on this machine. */
  database?: number;
  bench: number;
}

/** What the working day may look at besides the answers. */
export interface WorkingDayProbes {
  /** The server's RSS now, MB. */
  rss: () => number;
  /** CPU seconds each process has used so far. */
  cpu: () => Cores;
  /** With `--inside`: ends the server's window of timings and gives it. */
  window?: () => Promise<ServerTimings>;
}

type LogIn = (username: string) => Promise<string>;

interface Screen {
  /** Whose screen and the address it reads ('editor /api/videos'), for the breakdown. */
  address: string;
  cookie: string;
  path: string;
  /** The ETag of the answer this screen holds, sent back as the web app does (api-client.ts). */
  etag?: string;
  /** A video list, which the web app asks to be sent as a delta (apiGetList). */
  list: boolean;
}

interface EditorWork {
  cookie: string;
  /** Videos the editor may move between draft and in progress, with their status now. */
  videos: { id: string; status: string; owner: string }[];
}

interface ListedVideo {
  id: string;
  status: string;
  owner?: { username: string };
}

/**
 * The addresses each person's dashboard reads when it opens (as the web app sends them, seen in
 * a browser on 2026-11-25), and the bell's list (what it reads when opened).
 */
const SCREENS = {
  client: ['/api/videos', '/api/videos/count', '/api/assignments/my-editors'],
  editor: ['/api/videos', '/api/videos/count', '/api/assignments/my-clients'],
  lead: [
    '/api/lead/summary',
    '/api/videos?limit=50&status=review',
    '/api/videos/count',
    '/api/clients',
  ],
  everyone: ['/api/notifications/count', '/api/notifications?includeRead=true'],
};

function screensOf(role: 'client' | 'editor' | 'lead', cookie: string): Screen[] {
  return [...SCREENS[role], ...SCREENS.everyone].map((path) => ({
    address: `${role} ${path}`,
    cookie,
    path,
    list: /^\/api\/videos($|\?)/.test(path),
  }));
}

/** An answer's header by name, whatever its case (autocannon keeps the raw names). */
const headerOf = (headers: Record<string, unknown>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

/**
 * Readers at `connections`, each request a random person's random screen. `conditional`: each
 * screen sends the ETag of the answer it holds and keeps the new one, as the web app does; a
 * 304 is an answer, not an error, and its share is reported.
 */
async function readAll(
  base: string,
  screens: Screen[],
  opts: WorkingDayOptions,
  { conditional = true }: { conditional?: boolean } = {},
) {
  let i = 0;
  const times = new Map<string, { ms: number[]; unchanged: number; delta: number }>();
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.durationS,
    requests: [
      {
        setupRequest: (req, context) => {
          // A stride through the list (co-prime with its length is not needed: every entry is
          // visited), so consecutive requests belong to different people.
          i = (i + 7919) % screens.length;
          const screen = screens[i]!;
          // One request at a time on a connection: its answer is this screen's.
          Object.assign(context, { screen, started: performance.now() });
          const tag =
            conditional && screen.etag
              ? {
                  'if-none-match': screen.etag,
                  ...(screen.list ? { 'a-im': LIST_DELTA } : {}),
                }
              : {};
          return {
            ...req,
            path: screen.path,
            headers: { ...req.headers, cookie: screen.cookie, ...tag },
          };
        },
        onResponse: (status, _body, context, headers) => {
          const { screen, started } = context as { screen: Screen; started: number };
          const etag = headerOf(headers ?? {}, 'etag');
          const fresh = status === 200 || status === DELTA_STATUS;
          if (conditional && fresh && typeof etag === 'string') screen.etag = etag;
          let address = times.get(screen.address);
          if (!address) times.set(screen.address, (address = { ms: [], unchanged: 0, delta: 0 }));
          address.ms.push(performance.now() - started);
          if (status === 304) address.unchanged += 1;
          if (status === DELTA_STATUS) address.delta += 1;
        },
      },
    ],
  });
  const unchanged = result.statusCodeStats?.['304']?.count ?? 0;
  const delta = result.statusCodeStats?.[`${DELTA_STATUS}`]?.count ?? 0;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - unchanged,
    unchanged: result.requests.total ? unchanged / result.requests.total : 0,
    delta: result.requests.total ? delta / result.requests.total : 0,
    byAddress: [...times]
      .map(([address, { ms, unchanged: held, delta: changes }]) => {
        ms.sort((a, b) => a - b);
        const at = (p: number) => Math.round(percentile(ms, p) * 10) / 10;
        const share = (n: number) => n / ms.length;
        return {
          address,
          count: ms.length,
          p50: at(50),
          p99: at(99),
          unchanged: share(held),
          delta: share(changes),
        };
      })
      .sort((a, b) => b.p99 - a.p99),
  };
}

/** Writers at a steady rate (an open loop: a slow answer does not slow the next write). */
function startWriters(base: string, editors: EditorWork[], perSecond: number) {
  const times: number[] = [];
  let errors = 0;
  let n = 0;
  const pending = new Set<Promise<void>>();
  const write = async () => {
    n += 1;
    const editor = editors[n % editors.length]!;
    const video = editor.videos[Math.floor(n / editors.length) % editor.videos.length]!;
    const comment = n % 2 === 0;
    const to = video.status === 'draft' ? 'in_progress' : 'draft';
    const start = performance.now();
    try {
      const res = await fetch(`${base}/api/videos/${video.id}/${comment ? 'comments' : 'status'}`, {
        method: comment ? 'POST' : 'PATCH',
        headers: { cookie: editor.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(
          comment ? { content: `@${video.owner} a note at 0:42 (${n})` } : { status: to },
        ),
      });
      await res.arrayBuffer();
      if (!res.ok) errors += 1;
      else if (!comment) video.status = to;
    } catch {
      errors += 1;
    }
    times.push(performance.now() - start);
  };
  const timer = setInterval(() => {
    const p = write().finally(() => pending.delete(p));
    pending.add(p);
  }, 1000 / perSecond);
  return async (seconds: number) => {
    clearInterval(timer);
    await Promise.all(pending);
    times.sort((a, b) => a - b);
    return {
      count: times.length,
      rps: Math.round(times.length / seconds),
      p50: Math.round(percentile(times, 50) * 10) / 10,
      p99: Math.round(percentile(times, 99) * 10) / 10,
      errors,
    };
  };
}

/** Signs everyone in: the screens they read, and the editors' work. */
async function signIn(base: string, logIn: LogIn, opts: WorkingDayOptions) {
  const screens: Screen[] = [];
  const editors: EditorWork[] = [];
  for (let c = 1; c <= opts.clients; c++) {
    screens.push(...screensOf('client', await logIn(`bench-client-${c}`)));
  }
  for (let e = 1; e <= opts.editors; e++) {
    const cookie = await logIn(`bench-editor-${e}`);
    screens.push(...screensOf('editor', cookie));
    const res = await fetch(`${base}/api/videos?limit=50`, { headers: { cookie } });
    if (!res.ok) throw new Error(`bench-editor-${e}'s videos: ${res.status}`);
    const body = (await res.json()) as ListedVideo[] | { videos: ListedVideo[] };
    const listed = Array.isArray(body) ? body : body.videos;
    const videos = listed
      .filter((v) => (v.status === 'draft' || v.status === 'in_progress') && v.owner)
      .map((v) => ({ id: v.id, status: v.status, owner: v.owner!.username }));
    if (videos.length) editors.push({ cookie, videos });
  }
  // Two lead sessions (the seed has one lead editor, signed in on two devices).
  for (let l = 0; l < 2; l++) screens.push(...screensOf('lead', await logIn('bench-lead')));
  return { screens, editors };
}

/**
 * Everyone opens their screens once before the clock starts, as at the start of a day: what the
 * server keeps between reads (the read cache, the videos' JSON) is measured in its steady state,
 * not while it fills.
 */
async function openScreens(base: string, screens: Screen[]) {
  let next = 0;
  const open = async () => {
    while (next < screens.length) {
      const screen = screens[next++]!;
      const res = await fetch(`${base}${screen.path}`, { headers: { cookie: screen.cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${screen.path}: ${res.status}`);
      screen.etag = res.headers.get('etag') ?? undefined;
    }
  };
  await Promise.all(Array.from({ length: 10 }, open));
}

/**
 * Signs everyone in, finds the editors' work, opens every screen once, then measures reads alone
 * and beside writers.
 */
export async function workingDay(
  base: string,
  logIn: LogIn,
  opts: WorkingDayOptions,
  { rss, cpu, window }: WorkingDayProbes,
): Promise<WorkingDayResult> {
  const { screens, editors } = await signIn(base, logIn, opts);
  if (!editors.length) throw new Error('No editor has a draft or in-progress video to move');

  await openScreens(base, screens);
  await window?.();
  const coresSince = (before: Cores, started: number) => {
    const now = cpu();
    const seconds = (performance.now() - started) / 1000;
    const share = (a: number, b: number) => Math.round(((a - b) / seconds) * 100) / 100;
    return {
      server: share(now.server, before.server),
      ...(now.database !== undefined &&
        before.database !== undefined && { database: share(now.database, before.database) }),
      bench: share(now.bench, before.bench),
    };
  };
  let [before, started] = [cpu(), performance.now()];
  const readOnly = await readAll(base, screens, opts);
  const coresAlone = coresSince(before, started);
  const readsAlone = await window?.();
  [before, started] = [cpu(), performance.now()];
  const stop = startWriters(base, editors, opts.writesPerSecond);
  const reads = await readAll(base, screens, opts);
  const writes = await stop(opts.durationS);
  const coresBeside = coresSince(before, started);
  const besideWriters = await window?.();
  return {
    readOnly,
    reads,
    writes,
    rss: rss(),
    cores: { readsAlone: coresAlone, besideWriters: coresBeside },
    ...(readsAlone && besideWriters && { inside: { readsAlone, besideWriters } }),
  };
}

/**
 * The working day's reads alone with the read cache bypassed (`refresh`, ADR 0004): what each
 * read costs the database at this size, for `npm run bench -- --scale`. Every screen is opened
 * once first, as the working day does: the database's cache then holds what these people read,
 * as it does on a day's server, rather than the seed's last pages.
 */
export async function freshReads(base: string, logIn: LogIn, opts: WorkingDayOptions) {
  const { screens } = await signIn(base, logIn, opts);
  const fresh = screens.map((s) => ({
    ...s,
    path: `${s.path}${s.path.includes('?') ? '&' : '?'}refresh=true`,
  }));
  await openScreens(base, fresh);
  return readAll(base, fresh, opts, { conditional: false });
}

function coresLine({
  readsAlone: a,
  besideWriters: b,
}: {
  readsAlone: Cores;
  besideWriters: Cores;
}) {
  const pair = (x: number | undefined, y: number | undefined) =>
    x === undefined || y === undefined
      ? 'not on this machine'
      : `${x.toFixed(2)} / ${y.toFixed(2)}`;
  return `server ${pair(a.server, b.server)}, database ${pair(a.database, b.database)}, the bench's readers and writers ${pair(a.bench, b.bench)}`;
}

/** The scenario's lines in the report, and its targets (issue 20). */
export function workingDayReport(
  r: WorkingDayResult,
  opts: WorkingDayOptions,
  targets: { readShare: number; p99Ms: number; rssMb: number },
): { lines: string[]; checks: [string, boolean][] } {
  const share = r.readOnly.rps ? r.reads.rps / r.readOnly.rps : 0;
  const pct = (n: number | undefined) => (n === undefined ? '' : `${(n * 100).toFixed(0)}%`);
  const row = (name: string, l: Latencies) =>
    `${name.padEnd(28)}${String(l.rps).padEnd(9)}${String(l.p50).padEnd(8)}${String(l.p99).padEnd(8)}${String(l.errors).padEnd(8)}${pct(l.unchanged).padEnd(12)}${pct(l.delta)}`;
  return {
    lines: [
      `\nWorking day: ${opts.clients} clients, ${opts.editors} editors and 2 lead sessions reading at ${opts.connections} connections; writers at ${opts.writesPerSecond}/s`,
      `${'scenario'.padEnd(28)}${'req/s'.padEnd(9)}${'p50 ms'.padEnd(8)}${'p99 ms'.padEnd(8)}${'errors'.padEnd(8)}${'304 (held)'.padEnd(12)}226 (delta)`,
      row('reads alone', r.readOnly),
      row('reads beside writers', r.reads),
      row(`writes (${r.writes.count})`, r.writes),
      `reads beside writers keep ${(share * 100).toFixed(0)}% of their read-only throughput; server RSS ${r.rss} MB`,
      ...(r.cores
        ? [`cores busy (CPU seconds a second), reads alone / beside writers: ${coresLine(r.cores)}`]
        : []),
      `\nReads beside writers by address, slowest first (timed by the bench's client)`,
      `${'address'.padEnd(48)}${'reads'.padEnd(8)}${'p50 ms'.padEnd(8)}${'p99 ms'.padEnd(8)}${'304 (held)'.padEnd(12)}226 (delta)`,
      ...(r.reads.byAddress ?? []).map(
        (a) =>
          `${a.address.padEnd(48)}${String(a.count).padEnd(8)}${String(a.p50).padEnd(8)}${String(a.p99).padEnd(8)}${pct(a.unchanged).padEnd(12)}${pct(a.delta)}`,
      ),
      ...(r.inside
        ? [
            ...serverTimingsReport("the working day's reads alone", r.inside.readsAlone),
            ...serverTimingsReport('the working day beside the writers', r.inside.besideWriters),
          ]
        : []),
    ],
    checks: [
      [
        `working day: reads keep at least ${targets.readShare * 100}% of read-only throughput`,
        share >= targets.readShare,
      ],
      [
        `working day: read and write p99 under ${targets.p99Ms} ms`,
        r.reads.p99 < targets.p99Ms && r.writes.p99 < targets.p99Ms,
      ],
      ['working day: no errors', r.readOnly.errors + r.reads.errors + r.writes.errors === 0],
      [`working day: server RSS under ${targets.rssMb} MB`, r.rss < targets.rssMb],
    ],
  };
}
