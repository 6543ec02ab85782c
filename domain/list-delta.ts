/**
 * A video list sent as what changed since the list its reader holds (docs/decisions/0014-list-
 * deltas.md), in the manner of RFC 3229: the reader names the tag of its list in If-None-Match
 * and this instance-manipulation in A-IM; the server, if it knows what that tag was made of,
 * answers 226 with `IM: vw-list-delta` and the new list's ETag, and a body that says, in the new
 * list's order, which runs of the held list stay and which videos are new or changed.
 */
export const LIST_DELTA = 'vw-list-delta';

/** The status of a delta answer (RFC 3229: IM Used). */
export const DELTA_STATUS = 226;

/**
 * The new list in order: `[start, count]` takes that run of the held list as it is, an id takes
 * the video of that id from `changed`.
 */
export type ListDeltaOrder = (string | [start: number, count: number])[];

/** The body of a delta answer. */
export interface ListDelta<T> {
  order: ListDeltaOrder;
  changed: T[];
}

/**
 * The order of a delta from the held list's keys to the new list's (a key names one video's
 * exact bytes, and starts with its id and '|': server/modules/videos/video-list.ts): runs of
 * held videos kept as they are, and the index in `keys` of each video to send.
 */
export function deltaOrder(
  held: readonly string[],
  keys: readonly string[],
): { order: ListDeltaOrder; send: number[] } {
  const at = new Map<string, number>();
  held.forEach((key, i) => at.set(key, i));
  const order: ListDeltaOrder = [];
  const send: number[] = [];
  let run: [number, number] | undefined;
  keys.forEach((key, j) => {
    const i = at.get(key);
    if (i === undefined) {
      run = undefined;
      order.push(key.slice(0, key.indexOf('|')));
      send.push(j);
    } else if (run && run[0] + run[1] === i) {
      run[1] += 1;
    } else {
      run = [i, 1];
      order.push(run);
    }
  });
  return { order, send };
}

/**
 * The new list from the held one and a delta answer's body (checked here: no schema library in
 * the web app's bundle); undefined if it is not a delta that fits the held list (then read the
 * list whole).
 */
export function applyListDelta<T extends { id: string }>(
  held: readonly T[],
  delta: unknown,
): T[] | undefined {
  if (!delta || typeof delta !== 'object') return undefined;
  const { order, changed } = delta as Partial<ListDelta<unknown>>;
  if (!Array.isArray(order) || !Array.isArray(changed)) return undefined;
  const byId = new Map<string, T>();
  for (const video of changed) {
    if (!video || typeof (video as { id?: unknown }).id !== 'string') return undefined;
    byId.set((video as T).id, video as T);
  }
  const list: T[] = [];
  for (const step of order as unknown[]) {
    if (typeof step === 'string') {
      const video = byId.get(step);
      if (!video) return undefined;
      list.push(video);
      continue;
    }
    if (!Array.isArray(step) || step.length !== 2) return undefined;
    const [start, count] = step as unknown[];
    if (!Number.isInteger(start) || !Number.isInteger(count)) return undefined;
    const from = start as number;
    const to = from + (count as number);
    if (from < 0 || to <= from || to > held.length) return undefined;
    for (let i = from; i < to; i++) list.push(held[i]!);
  }
  return list;
}
