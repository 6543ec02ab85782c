import { describe, expect, it, vi } from 'vitest';
import { freshBatches } from './fresh-batches';

/** A read whose answer the test gives: each read records the keys it began with. */
function controlledReads() {
  const reads: { keys: string[]; finish: () => void }[] = [];
  let version = 0;
  const read = (keys: Set<string>) =>
    new Promise<Map<string, string>>((resolve) => {
      // What the read sees is the data as it was when it began.
      const seen = version;
      reads.push({
        keys: [...keys],
        finish: () => resolve(new Map([...keys].map((k) => [k, `${k}@${seen}`]))),
      });
    });
  return { reads, read, change: () => (version += 1) };
}

describe('fresh batches', () => {
  it('runs up to the limit at once, gathers the callers who come meanwhile into one read, and starts it as one ends', async () => {
    const { reads, read } = controlledReads();
    const get = freshBatches(read, 2);
    const a = get('a');
    const b = get('b');
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b']]);
    const c = get('c');
    const d = get('d');
    const again = get('c');
    expect(reads).toHaveLength(2);
    reads[0]!.finish();
    expect(await a).toBe('a@0');
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b'], ['c', 'd']]);
    reads[1]!.finish();
    reads[2]!.finish();
    expect([await b, await c, await d, await again]).toEqual(['b@0', 'c@0', 'd@0', 'c@0']);
  });

  it('never answers a caller from a read that began before it came', async () => {
    const { reads, read, change } = controlledReads();
    const get = freshBatches(read, 1);
    const before = get('v');
    change(); // committed after the first read began, before the second caller came
    const after = get('v');
    reads[0]!.finish();
    expect(await before).toBe('v@0');
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!.finish();
    expect(await after).toBe('v@1');
  });

  it('goes on after a read that failed', async () => {
    const get = freshBatches(async (keys: Set<string>) => {
      if (keys.has('bad')) throw new Error('the database went away');
      return new Map([...keys].map((k) => [k, k]));
    }, 1);
    await expect(get('bad')).rejects.toThrow('went away');
    expect(await get('good')).toBe('good');
  });
});
