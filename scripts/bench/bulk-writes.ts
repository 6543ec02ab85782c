/**
 * Issue 45 part 3's bulk changes at their largest: one POST /api/videos/bulk naming 1,000 videos
 * (BULK_MAX), made by the lead, timed from the request leaving to its answer read. Two shapes:
 * a status move (each video through the status call's rules and updateVideo, one by one in the
 * call's one transaction) and a priority and due-date change (one statement for all of them).
 * Each is judged against the one-at-a-time status change measured in the same run.
 */
import { median } from './stats';
import { BULK_MAX } from '@domain/bulk-changes';

export interface BulkWrites {
  /** Median ms of one call moving 1,000 videos' status. */
  move: number;
  /** Median ms of one call setting 1,000 videos' priority and due date. */
  set: number;
  videos: number;
  repetitions: number;
}

interface Answer {
  changed: number;
  failed: number;
  results: { ok: boolean; message?: string }[];
}

/**
 * Medians of `repetitions` of each call on the lead's `count` newest drafts (moved to in progress
 * and back in turn, so every call changes every video), after one unmeasured call of each.
 */
export async function bulkWrites(
  base: string,
  lead: string,
  repetitions: number,
  count = BULK_MAX,
): Promise<BulkWrites> {
  const listed = await fetch(`${base}/api/videos/ids?status=draft`, { headers: { cookie: lead } });
  if (!listed.ok) throw new Error(`GET /api/videos/ids: ${listed.status} ${await listed.text()}`);
  const ids = ((await listed.json()) as { ids: string[] }).ids.slice(0, count);
  if (ids.length < count) throw new Error(`${ids.length} drafts, ${count} needed`);
  const call = async (change: Record<string, unknown>) => {
    const start = performance.now();
    const res = await fetch(`${base}/api/videos/bulk`, {
      method: 'POST',
      headers: { cookie: lead, 'content-type': 'application/json' },
      body: JSON.stringify({ ids, change }),
    });
    const body = await res.text();
    const ms = performance.now() - start;
    if (!res.ok) throw new Error(`POST /api/videos/bulk: ${res.status} ${body}`);
    const answer = JSON.parse(body) as Answer;
    if (answer.failed > 0) {
      const why = answer.results.find((r) => !r.ok)?.message;
      throw new Error(`POST /api/videos/bulk: ${answer.failed} of ${ids.length} refused (${why})`);
    }
    return ms;
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
  const moves: number[] = [];
  const sets: number[] = [];
  for (let i = 0; i <= repetitions; i++) {
    const move = await call({ status: 'in_progress' });
    await call({ status: 'draft' }); // back, so the next round moves every video again
    const set = await call({ priority: i % 2 ? 'normal' : 'high', dueDate: day(10 + i) });
    if (i === 0) continue; // the warm-up
    moves.push(move);
    sets.push(set);
  }
  return { move: median(moves), set: median(sets), videos: ids.length, repetitions };
}
