import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The invalidation feed of the per-instance caches (docs/decisions/0004-session-and-count-cache.md).
 * Triggers (migration 0004) NOTIFY at commit which session, user or recipient changed; this
 * listens on the schema's channel, through a dedicated connection on PostgreSQL (reconnecting)
 * or PGlite's listen. While it is not listening, `live` is false and the caches must not keep
 * anything, because a change could go unheard; every listener is then told to drop everything.
 */
export type CacheMessage = string | null; // null: anything may be stale

export class CacheBus {
  live = false;
  private readonly subscribers = new Set<(message: CacheMessage) => void>();
  private channel = 'vw_cache_public';
  private closed = false;
  private client: pg.Client | undefined;
  private unlistenPglite: (() => Promise<void>) | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectMs = 500;

  constructor(
    private readonly database: Database,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  subscribe(fn: (message: CacheMessage) => void) {
    this.subscribers.add(fn);
  }

  private emit(message: CacheMessage) {
    for (const fn of this.subscribers) fn(message);
  }

  async start() {
    const result = (await this.database.db.execute(sql`select current_schema() as schema`)) as {
      rows?: { schema?: string }[];
    };
    const schema = (result.rows?.[0]?.schema ?? 'public').toLowerCase();
    // The same name the triggers' vw_cache_channel() gives.
    this.channel = `vw_cache_${schema.replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);
    if (this.database.pglite) {
      this.unlistenPglite = await this.database.pglite.listen(this.channel, (payload) =>
        this.emit(payload),
      );
      this.live = true;
    } else if (this.database.pool) {
      await this.connect();
    }
  }

  private async connect() {
    if (this.closed || !this.database.pool) return;
    const client = new pg.Client(this.database.pool.options);
    client.on('error', (err) => this.onError(err));
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload) this.emit(msg.payload);
    });
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.down();
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (err) {
      this.onError(err);
      client.end().catch(() => {});
      this.down();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.reconnectMs = 500;
    // Whatever changed while nobody listened was missed: start from empty caches.
    this.emit(null);
    this.live = true;
  }

  private down() {
    this.live = false;
    this.emit(null);
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectMs;
    this.reconnectMs = Math.min(this.reconnectMs * 2, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  async close() {
    this.closed = true;
    this.live = false;
    clearTimeout(this.reconnectTimer);
    if (this.unlistenPglite) await this.unlistenPglite().catch(() => {});
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => {});
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

  deleteWhere(match: (value: V) => boolean) {
    this.epoch++;
    for (const [key, entry] of this.entries) if (match(entry.value)) this.remove(key);
  }

  clear() {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
  }
}
