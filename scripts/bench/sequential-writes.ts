/**
 * Issue 20's "writes near their data's cost": the writes of an agency's day, each made one at a
 * time on an otherwise idle server, timed from the request leaving to its answer read. Issue 47
 * judges each against a commit of the same database timed in the same run (scripts/bench/
 * commit.ts): a write that needs a few statements and one commit should cost a few commits.
 */
import { median } from './stats';

export interface SequentialWrites {
  create: number;
  status: number;
  comment: number;
  /** A new cut of the video (issue 41), added by its editor. */
  version: number;
}

export interface WriteActors {
  /** A client's cookie: creates videos for themselves and comments on their own video. */
  client: string;
  /** The cookie of the editor assigned to `videoId`, which is in draft or in progress. */
  editor: string;
  videoId: string;
  videoStatus: string;
}

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
  const version = (i: number) =>
    timed(
      `${base}/api/videos/${who.videoId}/versions`,
      json(who.editor, 'POST', { link: `https://youtu.be/cut${i}` }),
    );
  const times: Record<keyof SequentialWrites, number[]> = {
    create: [],
    status: [],
    comment: [],
    version: [],
  };
  for (let i = 0; i < n + 5; i++) {
    const c = await create(i);
    const s = await move();
    const m = await comment(i);
    const v = await version(i);
    if (i < 5) continue;
    times.create.push(c);
    times.status.push(s);
    times.comment.push(m);
    times.version.push(v);
  }
  return {
    create: median(times.create),
    status: median(times.status),
    comment: median(times.comment),
    version: median(times.version),
  };
}
