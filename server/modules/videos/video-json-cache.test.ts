import { describe, expect, it } from 'vitest';
import { VideoJsonCache } from './video-list';

/** Each entry costs its key's length and its bytes: 'k1' and 8 bytes is 10. */
const bytes = (n: number) => Buffer.alloc(n);

describe("the videos' kept JSON (VideoJsonCache)", () => {
  it('drops the oldest entry first once over its limit', () => {
    const cache = new VideoJsonCache(30);
    for (const key of ['k1', 'k2', 'k3']) cache.set(key, bytes(8), 0);
    cache.set('k4', bytes(8), 0);
    expect(cache.get('k1')).toBeUndefined();
    expect(['k2', 'k3', 'k4'].every((k) => cache.get(k) !== undefined)).toBe(true);
  });

  it('gives an entry read since it was stored a second chance', () => {
    const cache = new VideoJsonCache(30);
    for (const key of ['k1', 'k2', 'k3']) cache.set(key, bytes(8), 0);
    expect(cache.get('k1')?.json).toHaveLength(8);
    cache.set('k4', bytes(8), 0);
    // k1 was read: k2, the oldest not read, went instead.
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k1')?.json).toHaveLength(8);
    expect(cache.get('k4')?.json).toHaveLength(8);
  });

  it('keeps nothing larger than its limit, and stays within it', () => {
    const cache = new VideoJsonCache(30);
    cache.set('k1', bytes(8), 0);
    cache.get('k1');
    cache.set('big', bytes(40), 0);
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('k1')?.json).toHaveLength(8);
  });

  it('keeps nothing made by a read that began before it was emptied', () => {
    const cache = new VideoJsonCache(30);
    const before = cache.epoch;
    cache.clear();
    cache.set('k1', bytes(8), before);
    expect(cache.get('k1')).toBeUndefined();
    cache.set('k1', bytes(8), cache.epoch);
    expect(cache.get('k1')?.json).toHaveLength(8);
  });
});
