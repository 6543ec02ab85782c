/**
 * Reads of many keys at once, shared by the callers who arrive together, but never one that
 * began before a caller arrived (it could predate a change the caller must see): up to `limit`
 * reads run at once; while they all run, newcomers gather for the next one, which starts the
 * moment one of them ends. The read cache's labels (plugins/read-cache.ts) are read this way.
 */
export function freshBatches<K, V>(
  read: (keys: Set<K>) => Promise<Map<K, V>>,
  limit: number,
): (key: K) => Promise<V | undefined> {
  let running = 0;
  /** The keys waiting for the next read, and how to hand them its answer. */
  let next: { keys: Set<K>; answer: Promise<Map<K, V>>; begin: () => void } | undefined;
  const start = (keys: Set<K>) => {
    running += 1;
    const reading = read(keys);
    const ended = () => {
      running -= 1;
      const batch = next;
      next = undefined;
      batch?.begin();
    };
    void reading.then(ended, ended);
    return reading;
  };
  return async (key) => {
    let answer: Promise<Map<K, V>>;
    if (running < limit) {
      answer = start(new Set([key]));
    } else {
      if (!next) {
        const keys = new Set<K>();
        let hand: (reading: Promise<Map<K, V>>) => void = () => {};
        const waited = new Promise<Map<K, V>>((resolve) => (hand = resolve));
        // Started as a read ends, in that moment: no newcomer takes its place meanwhile.
        next = { keys, answer: waited, begin: () => hand(start(keys)) };
      }
      next.keys.add(key);
      answer = next.answer;
    }
    return (await answer).get(key);
  };
}
