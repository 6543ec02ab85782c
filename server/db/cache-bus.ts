import type { Database } from './client';
import { Listener } from './listener';

/**
 * The invalidation feed of the per-instance caches (docs/decisions/0004-session-and-count-cache.md).
 * Triggers (migration 0004) NOTIFY at commit which session, user or recipient changed; this
 * listens on the schema's channel (the name the triggers' vw_cache_channel() gives) through a
 * Listener. While it is not listening, `live` is false and the caches must not keep anything,
 * because a change could go unheard; every subscriber is then told to drop everything.
 */
export type CacheMessage = string | null; // null: anything may be stale

/** How long a cached session or unread count may be served without a change being heard. */
export const SHORT_CACHE_MS = 5_000;

interface Subscription {
  /**
   * The cache checks each entry's data versions before serving it (the read cache, ADR 0007): a
   * write on this instance needs nothing from it, and emptying it would only cost hits.
   */
  versioned?: boolean;
}

export class CacheBus {
  live = false;
  private readonly subscribers = new Map<(message: CacheMessage) => void, Subscription>();
  private readonly listener: Listener;

  constructor(database: Database, onError: (err: unknown) => void = () => {}) {
    this.listener = new Listener(
      database,
      'vw_cache_',
      {
        message: (payload) => this.emit(payload),
        // Whatever changed while nobody listened was missed: start from empty caches.
        up: () => {
          this.emit(null);
          this.live = true;
        },
        down: () => {
          this.live = false;
          this.emit(null);
        },
        error: (err) => onError(err),
      },
      { firstMs: 500, maxMs: 10_000 },
    );
  }

  subscribe(fn: (message: CacheMessage) => void, opts: Subscription = {}) {
    this.subscribers.set(fn, opts);
  }

  private emit(message: CacheMessage, localWrite = false) {
    for (const [fn, opts] of this.subscribers) {
      if (!localWrite || !opts.versioned) fn(message);
    }
  }

  /**
   * Every subscriber drops everything, as when the feed was down: a write on this instance may
   * change anything cached, and its NOTIFY can arrive after the client's next request. Caches
   * whose entries carry data versions (the read cache) see the change by themselves.
   */
  forgetAll() {
    this.emit(null, true);
  }

  start() {
    return this.listener.start();
  }

  async close() {
    this.live = false;
    await this.listener.close();
  }
}

/**
 * A small map with a time limit per entry. `epoch` changes with every invalidation, so a load
 * that started before one (and may have read the old row) is not stored after it.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number; bytes: number }>();
  private epoch = 0;
  private bytes = 0;

  constructor(
    private readonly bus: CacheBus | undefined,
    private readonly ttlMs: number,
    private readonly limits: {
      maxEntries?: number;
      maxBytes?: number;
      sizeOf?: (v: V) => number;
    } = {},
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.bus?.live) {
      this.remove(key);
      return undefined;
    }
    return entry.until < Date.now() ? undefined : entry.value;
  }

  /** The kept value even past its time limit (never while nobody listens); see `get`. */
  peek(key: string): V | undefined {
    if (!this.bus?.live) return undefined;
    return this.entries.get(key)?.value;
  }

  /** The epoch to hand back to `setIf` once a load is done. */
  epochNow() {
    return this.epoch;
  }

  /** Stores a loaded value unless something was invalidated since `epoch` (or nobody listens). */
  setIf(key: string, value: V, epoch: number) {
    if (epoch !== this.epoch || !this.bus?.live || value === undefined) return;
    const bytes = this.limits.sizeOf?.(value) ?? 0;
    const maxBytes = this.limits.maxBytes ?? Infinity;
    if (bytes > maxBytes / 4) return;
    this.remove(key);
    const maxEntries = this.limits.maxEntries ?? 10_000;
    while (this.entries.size >= maxEntries || this.bytes + bytes > maxBytes) {
      this.remove(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, until: Date.now() + this.ttlMs, bytes });
    this.bytes += bytes;
  }

  /** The cached value, or the loaded one (kept only if nothing was invalidated meanwhile). */
  async load(key: string, loader: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const epoch = this.epoch;
    const value = await loader();
    this.setIf(key, value, epoch);
    return value;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  delete(key: string) {
    this.epoch++;
    this.remove(key);
  }

  /**
   * Drops the matching entries. `keepEpoch` lets loads under way be stored all the same: only
   * for values that carry their own data versions, which a stale load cannot pass off as new.
   */
  deleteWhere(match: (value: V) => boolean, opts: { keepEpoch?: boolean } = {}) {
    if (!opts.keepEpoch) this.epoch++;
    for (const [key, entry] of this.entries) if (match(entry.value)) this.remove(key);
  }

  clear() {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
  }
}
