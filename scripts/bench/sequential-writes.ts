/**
 * Issue 20's "writes near their data's cost": the three writes of an agency's day, each made one
 * at a time on an otherwise idle server, timed from the request leaving to its answer read. A
 * commit on the benchmark's PostgreSQL takes ~0.5 ms and a round trip ~0.15 ms (docs/architecture.md#facts-about-the-tools), so a write that needs a few statements should take a few milliseconds.
 */

export interface SequentialWrites {
  create: number;
  status: number;
  comment: number;
}

export interface WriteActors {
  /** A client's cookie: creates videos for themselves and comments on their own video. */
  client: string;
  /** The cookie of the editor assigned to `videoId`, which is in draft or in progress. */
  editor: string;
  videoId: string;
  videoStatus: string;
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

async function timed(url: string, init: RequestInit): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${init.method} ${url}: ${res.status} ${body}`);
  return ms;
}

/** Medians of `n` of each write, in ms (after a few unmeasured ones to warm the server up). */
export async function sequentialWrites(
  base: string,
  who: WriteActors,
  n = 60,
): Promise<SequentialWrites> {
  const json = (cookie: string, method: string, body: unknown): RequestInit => ({
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  let status = who.videoStatus;
  const move = () => {
    status = status === 'draft' ? 'in_progress' : 'draft';
    return timed(`${base}/api/videos/${who.videoId}/status`, json(who.editor, 'PATCH', { status }));
  };
  const create = (i: number) =>
    timed(
      `${base}/api/videos`,
      json(who.client, 'POST', {
        name: `Sequential ${i}`,
        type: 'vlog',
        link: `https://youtu.be/seq${i}`,
      }),
    );
  const comment = (i: number) =>
    timed(
      `${base}/api/videos/${who.videoId}/comments`,
      json(who.client, 'POST', { content: `A note at 0:${String(i % 60).padStart(2, '0')}` }),
    );
  const times: Record<keyof SequentialWrites, number[]> = { create: [], status: [], comment: [] };
  for (let i = 0; i < n + 5; i++) {
    const c = await create(i);
    const s = await move();
    const m = await comment(i);
    if (i < 5) continue;
    times.create.push(c);
    times.status.push(s);
    times.comment.push(m);
  }
  return {
    create: median(times.create),
    status: median(times.status),
    comment: median(times.comment),
  };
}
