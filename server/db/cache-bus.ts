import { randomBytes } from 'node:crypto';
import { CACHE_MESSAGES } from './cache-messages';
import type { Database } from './client';
import { type BusNotice, Listener } from './listener';

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

/**
 * How long a write's marker may take to come back (it takes well under a millisecond on
 * loopback); past it the caches are emptied and the listener listens afresh: it may be deaf (a
 * socket half open after a failover, a LISTEN gone), and a deaf feed that still counts as live
 * would never redraw what a change of database must redraw (the list tags' salt, read-cache.ts).
 */
const MARKER_TIMEOUT_MS = 2_000;
/** The first letter of a write's marker, a message of the bus to itself. */
const MARKER = CACHE_MESSAGES.marker;
/**
 * The first letter of another instance's answer to a marker: `a<its listener's pid> <marker>`,
 * sent once it has dropped what the NOTIFYs before the marker named.
 */
const ACK = CACHE_MESSAGES.ack;

export class CacheBus {
  live = false;
  private readonly subscribers = new Set<(message: CacheMessage) => void>();
  private readonly listener: Listener;
  /** This instance's writes whose marker has not come back yet, by marker. */
  private readonly unheard = new Map<
    string,
    { finish: (heard: boolean) => void; done: Promise<void> }
  >();
  private readonly markerPrefix = `${MARKER}${randomBytes(6).toString('hex')}.`;
  private markers = 0;
  /** NOTIFYs waiting for the next marker (`post`). */
  private readonly outgoing: BusNotice[] = [];
  /** What runs once the next marker has been heard by every other instance (`post`). */
  private readonly afterPeers: (() => unknown)[] = [];
  /** By marker of this instance: the other instances' listeners that answered it (`ACK`). */
  private readonly acks = new Map<
    string,
    { acked: Set<number>; check?: () => void; giveUp?: () => void }
  >();

  /**
   * @param keeps false with READ_CACHE=off (server/env.ts): the bus still listens and sends (the
   * other instances' caches need this one's messages) but no cache keeps anything (`keeping`).
   */
  constructor(
    database: Database,
    private readonly onError: (err: unknown) => void = () => {},
    readonly keeps = true,
  ) {
    this.listener = new Listener(
      database,
      'vw_cache_',
      {
        message: (payload) => {
          if (payload[0] === MARKER) this.markerHeard(payload);
          else if (payload[0] === ACK) this.ackHeard(payload);
          else this.emit(payload);
        },
        // Whatever changed while nobody listened was missed: start from empty caches.
        up: () => {
          this.emit(null);
          this.live = true;
        },
        down: () => {
          this.live = false;
          this.emit(null);
          for (const { finish } of [...this.unheard.values()]) finish(false);
          // Answers can no longer be heard: nobody is cut off for that.
          for (const { giveUp } of [...this.acks.values()]) giveUp?.();
        },
        error: (err) => onError(err),
      },
      { firstMs: 500, maxMs: 10_000 },
    );
  }

  /**
   * Whether the caches may keep and serve answers now: they are on (`keeps`) and the bus
   * listens (`live`). Every cache of answers between requests asks this, or `keeps`.
   */
  get keeping() {
    return this.keeps && this.live;
  }

  subscribe(fn: (message: CacheMessage) => void) {
    this.subscribers.add(fn);
  }

  private emit(message: CacheMessage) {
    for (const fn of this.subscribers) fn(message);
  }

  /**
   * A write's marker: this instance's comes back (`localWrite`); another's is answered, now that
   * every message before it has been applied here (they come in commit order, one at a time).
   */
  private markerHeard(marker: string) {
    if (marker.startsWith(this.markerPrefix)) {
      this.unheard.get(marker)?.finish(true);
      return;
    }
    const pid = this.listener.pid;
    if (pid === undefined || !this.live) return;
    void this.listener.send([[this.listener.channel, `${ACK}${pid} ${marker}`]]).catch(() => {});
  }

  /** Another instance's answer to a marker: counted if the marker is this instance's. */
  private ackHeard(payload: string) {
    const space = payload.indexOf(' ');
    const waiting = this.acks.get(payload.slice(space + 1));
    if (!waiting) return;
    waiting.acked.add(Number(payload.slice(ACK.length, space)));
    waiting.check?.();
  }

  /**
   * Resolves once each of `peers` (the other listeners' backends as the marker went out) has
   * answered `marker`, or has been cut off from the feed (Listener.cutOff) after MARKER_TIMEOUT_MS:
   * an instance that died, stalls or is deaf then serves nothing from its caches until it
   * listens again (its feed is down: `live`), and starts from empty caches.
   */
  private peersHeard(marker: string, peers: readonly number[]) {
    const waiting = this.acks.get(marker)!;
    // Lost meanwhile: the answers cannot be heard (see `down`).
    if (!this.live) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const left = () => peers.filter((pid) => !waiting.acked.has(pid));
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (!waiting.giveUp) return;
            waiting.check = undefined;
            waiting.giveUp = undefined;
            this.listener
              .cutOff(left())
              .catch((err: unknown) => this.onError(err))
              .finally(resolve);
          }),
        MARKER_TIMEOUT_MS,
      );
      timer.unref();
      waiting.giveUp = () => {
        waiting.check = undefined;
        waiting.giveUp = undefined;
        clearTimeout(timer);
        resolve();
      };
      waiting.check = () => {
        if (!left().length) waiting.giveUp?.();
      };
      waiting.check();
    });
  }

  /**
   * Whether every write this instance has answered has been heard: its NOTIFYs (which say what
   * it changed) have reached the subscribers. Until then the unversioned caches serve nothing.
   */
  get settled() {
    return this.unheard.size === 0;
  }

  /**
   * Resolves once the writes this instance has answered so far have been heard (or given up on,
   * which empties the caches): a request that waits for it may then be served from the caches.
   */
  heard(): Promise<unknown> {
    return Promise.all([...this.unheard.values()].map((w) => w.done));
  }

  /**
   * A write on this instance has committed and its answer is about to leave; its NOTIFYs can
   * arrive after the client's next request. Until they are heard, the unversioned caches serve
   * nothing (`settled`): a marker NOTIFY sent now, after the write's commit, comes back after
   * them, because PostgreSQL delivers notifications in commit order. If it does not come back in
   * time (or cannot be sent), every subscriber drops everything, as when the feed is down, and
   * after a timeout the listener listens on a new connection (its feed is down until then).
   * Caches whose entries carry data versions (the read cache) see the change by themselves.
   *
   * The other instances' caches: each answers the marker (`ACK`) once it has applied what came
   * before it, and the promise resolves when every listener of the channel has answered or been
   * cut off (`peersHeard`): the write's answer waits for it (plugins/caches.ts), so no instance
   * serves an ended session or an old count once the write has answered. Not while this
   * instance's own feed is down: it cannot hear the answers then (ADR 0004, "What it costs").
   */
  localWrite(): Promise<void> {
    if (!this.live) return this.flushUnheard();
    const marker = `${this.markerPrefix}${++this.markers}`;
    // Decided after the event loop's next poll: after a stall of 2 s the timer runs before the
    // socket that holds the marker is read, and a heard marker must not restart the feed.
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (!this.unheard.has(marker)) return;
          this.listener.reconnect();
          finish(false);
        }),
      MARKER_TIMEOUT_MS,
    );
    timer.unref();
    let resolve = () => {};
    const done = new Promise<void>((r) => (resolve = r));
    const finish = (heard: boolean) => {
      if (!this.unheard.delete(marker)) return;
      clearTimeout(timer);
      if (!heard) this.emit(null);
      resolve();
    };
    this.unheard.set(marker, { finish, done });
    this.acks.set(marker, { acked: new Set() });
    const after = this.afterPeers.splice(0);
    // On the listener's connection: queued behind the pool's queries, it would make the
    // lookups that wait for it (TtlCache.load) wait for them too.
    return this.flush([this.listener.channel, marker])
      .then(
        (peers) => this.peersHeard(marker, peers ?? []),
        () => finish(false),
      )
      .finally(() => {
        this.acks.delete(marker);
        this.run(after);
      });
  }

  /** Runs what waited for the other instances (`post`); a failure is the bus's error. */
  private run(after: (() => unknown)[]) {
    for (const fn of after) {
      try {
        void Promise.resolve(fn()).catch((err: unknown) => this.onError(err));
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /** Not listening: what `post` holds goes out with no marker, and nothing is waited for. */
  private async flushUnheard() {
    const after = this.afterPeers.splice(0);
    await this.flush().catch(() => {});
    this.run(after);
  }

  /**
   * The NOTIFYs of messages of a change this instance has committed that no trigger sent (new
   * notifications, `countsAdded`), for `post` once the caller has applied them here itself.
   */
  notices(messages: string[]): BusNotice[] {
    return messages.map((m) => [this.listener.channel, m] as const);
  }

  /**
   * Sends NOTIFYs of a change this instance has committed and has applied here already (the
   * count caches' messages of new notifications) with the write's marker, in its statement
   * (`localWrite`), or with a marker of their own if none goes out before the event loop's next
   * turn. `after` (a push to the sockets) runs once every other instance has answered that
   * marker: it has then applied these NOTIFYs and every one committed before them, so a read
   * that the push prompts is fresh on any instance (issue 39).
   */
  post(notices: readonly BusNotice[], after?: () => unknown) {
    if (!notices.length && !after) return;
    if (!this.outgoing.length && !this.afterPeers.length) {
      setImmediate(() => {
        if (this.outgoing.length || this.afterPeers.length) void this.localWrite();
      });
    }
    this.outgoing.push(...notices);
    if (after) this.afterPeers.push(after);
  }

  /** Sends what `post` holds, and `marker` last, in one statement: the other listeners. */
  private flush(marker?: BusNotice) {
    const notices = this.outgoing.splice(0);
    if (marker) notices.push(marker);
    return this.listener.send(notices).catch((err: unknown) => {
      this.onError(err);
      throw err;
    });
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
      /**
       * Each entry carries the data versions it was read at and its user checks them (the read
       * cache): it may serve while a write of this instance is still unheard.
       */
      versioned?: boolean;
    } = {},
  ) {}

  /**
   * Whether entries may be served now: the caches are on, the bus listens (`keeping`) and
   * (unless versioned) has heard all.
   */
  private serving() {
    return !!this.bus?.keeping && (this.limits.versioned || this.bus.settled);
  }

  get(key: string): V | undefined {
    return this.serving() ? this.fresh(key) : undefined;
  }

  /** The entry if it is within its time limit and the bus listens, whatever is unheard. */
  private fresh(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.bus?.keeping) {
      this.remove(key);
      return undefined;
    }
    return entry.until < Date.now() ? undefined : entry.value;
  }

  /** The kept value even past its time limit (never while nobody listens); see `get`. */
  peek(key: string): V | undefined {
    if (!this.serving()) return undefined;
    return this.entries.get(key)?.value;
  }

  /** The epoch to hand back to `setIf` once a load is done. */
  epochNow() {
    return this.epoch;
  }

  /**
   * Stores a loaded value unless something was invalidated since `epoch` (or nobody listens), for
   * the cache's time limit or `ttlMs`.
   */
  setIf(key: string, value: V, epoch: number, ttlMs = this.ttlMs) {
    if (epoch !== this.epoch || !this.bus?.keeping || value === undefined) return;
    const bytes = this.limits.sizeOf?.(value) ?? 0;
    const maxBytes = this.limits.maxBytes ?? Infinity;
    if (bytes > maxBytes / 4) return;
    this.remove(key);
    const maxEntries = this.limits.maxEntries ?? 10_000;
    while (this.entries.size >= maxEntries || this.bytes + bytes > maxBytes) {
      this.remove(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, until: Date.now() + ttlMs, bytes });
    this.bytes += bytes;
  }

  /**
   * The cached value, or the loaded one (kept only if nothing was invalidated meanwhile). While
   * a write of this instance is unheard, it first waits for it (well under a millisecond).
   */
  async load(key: string, loader: () => Promise<V>): Promise<V> {
    if (this.bus?.keeping && !this.serving()) await this.bus.heard();
    const hit = this.fresh(key);
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

  /** Drops the matching entries. */
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
