import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';

/** A NOTIFY to send: its channel and payload. */
export type BusNotice = readonly [channel: string, payload: string];

export interface ListenerEvents {
  message(payload: string): void;
  /** Listening: at start, and again (`reconnected`) after the connection was lost. */
  up?(reconnected: boolean): void;
  /** The connection was lost or could not be made: a retry is scheduled. */
  down?(): void;
  /** `connecting`: the connection could not be made (a retry is scheduled). */
  error(err: unknown, connecting: boolean): void;
}

/** The pause before the first retry, doubled after each failure up to `maxMs`. */
export interface RetryPauses {
  firstMs: number;
  maxMs: number;
}

/**
 * A LISTEN on this schema's channel `<prefix><schema>`, so that instances on the same tables
 * share it and test schemas stay apart. On PostgreSQL it holds a connection of its own (a pooled
 * one would be handed to queries) and opens a new one when that is lost; on PGlite it uses
 * `listen`. The cache bus (server/db/cache-bus.ts) and the socket hub (server/plugins/
 * realtime.ts) each keep one.
 */
export class Listener {
  /** The channel's name, known once `start` has read the schema. */
  channel: string;
  /**
   * The backend process of the listening connection (PostgreSQL), undefined while there is none:
   * with the channel as its application_name, it names this listener among the others.
   */
  get pid(): number | undefined {
    return (this.client as { processID?: number } | undefined)?.processID ?? undefined;
  }
  private closed = false;
  private client: pg.Client | undefined;
  private unlistenPglite: (() => Promise<void>) | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs: number;
  /**
   * The NOTIFYs for `client` that wait for the statement before them to answer (pg 9 refuses a
   * second statement at once), to go together in the next one; undefined once that has gone.
   */
  private waiting: { notices: BusNotice[]; sent: Promise<number[]> } | undefined;
  /** The last statement sent or waiting on `client`: the next goes after it has answered. */
  private sending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly prefix: string,
    private readonly events: ListenerEvents,
    private readonly retry: RetryPauses,
  ) {
    this.channel = `${prefix}public`;
    this.retryMs = retry.firstMs;
  }

  async start() {
    // Both drivers answer raw SQL with { rows }.
    const result = (await this.database.db.execute(sql`select current_schema() as schema`)) as {
      rows?: { schema?: string }[];
    };
    const schema = (result.rows?.[0]?.schema ?? 'public').toLowerCase().replace(/[^a-z0-9_]/g, '_');
    this.channel = `${this.prefix}${schema}`.slice(0, 63);
    if (this.database.pglite) {
      this.unlistenPglite = await this.database.pglite.listen(this.channel, (payload) =>
        this.events.message(payload),
      );
      this.events.up?.(false);
    } else if (this.database.pool) {
      await this.connect(false);
    }
  }

  /** NOTIFYs `payloads` on the channel, in order and in one statement, as `send` does. */
  notify(...payloads: string[]) {
    return this.send(payloads.map((p) => [this.channel, p] as const));
  }

  /**
   * NOTIFYs on the listener's own connection, after the statement before them has answered and
   * together with every other NOTIFY given meanwhile, in the order given: under load the writes'
   * markers (CacheBus.localWrite) go out many to a statement, each statement a commit fewer for
   * PostgreSQL's notification queue. The statement is prepared under a name (parsed once). It
   * answers the backends of the other listeners of this channel as the NOTIFYs go out (`send`).
   */
  private onClient(notices: readonly BusNotice[]): Promise<number[]> {
    const client = this.client;
    if (!client) return Promise.reject(new Error(`not listening on ${this.channel}`));
    if (this.waiting) {
      this.waiting.notices.push(...notices);
      return this.waiting.sent;
    }
    const waiting = { notices: [...notices], sent: Promise.resolve([]) as Promise<number[]> };
    waiting.sent = this.sending.then(async () => {
      // Gone: what is given from now on waits for this one.
      if (this.waiting === waiting) this.waiting = undefined;
      const { rows } = await client.query<{ peers: number[] }>({
        name: 'vw_listener_notify',
        // count() makes every pg_notify run; the listeners are read after them.
        text: `select array(select pid from pg_stat_activity
            where application_name = $3 and pid <> pg_backend_pid()) as peers
          from (select count(pg_notify(c, p)) from unnest($1::text[], $2::text[]) as u(c, p)) n`,
        values: [waiting.notices.map(([c]) => c), waiting.notices.map(([, p]) => p), this.channel],
      });
      return rows[0]?.peers ?? [];
    });
    this.waiting = waiting;
    this.sending = waiting.sent.catch(() => undefined);
    return waiting.sent;
  }

  /**
   * NOTIFYs each payload on its channel (this listener's or another's), in order and in one
   * statement, over the listener's own connection (on PGlite, its one connection), so that a
   * pool busy with queries does not hold them back; through the app's pool if that cannot be
   * done. On the listener's connection it answers the backends of the other listeners of this
   * channel (every instance's, on PostgreSQL) as the NOTIFYs went out; undefined otherwise.
   */
  async send(notices: readonly BusNotice[]): Promise<number[] | undefined> {
    if (!notices.length) return undefined;
    if (this.client) {
      try {
        return await this.onClient(notices);
      } catch {
        // lost meanwhile: the pool below
      }
    }
    await this.database.db.execute(
      sql`select pg_notify(n->>0, n->>1) from jsonb_array_elements(${JSON.stringify(notices)}::jsonb) n`,
    );
    return undefined;
  }

  /**
   * Ends the connections of the listeners of this channel among `pids` (those `send` answered),
   * through the app's pool: a listener that did not answer in time (its instance died, stalled or
   * is deaf) loses its feed, and its instance stops serving its caches (CacheBus).
   */
  async cutOff(pids: readonly number[]) {
    if (!pids.length) return;
    await this.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${this.channel} and pid = any(${`{${pids.join(',')}}`}::int[])`);
  }

  private async connect(reconnected: boolean) {
    if (this.closed || !this.database.pool) return;
    // Named after its channel, so pg_stat_activity tells the listeners apart.
    // Keep-alive probes: a socket left half open (the server gone in a failover) ends in minutes
    // rather than hours, and with it a feed that would hear nothing.
    const client = new pg.Client({
      ...this.database.pool.options,
      application_name: this.channel,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('error', (err) => this.events.error(err, false));
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload) this.events.message(msg.payload);
    });
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.lost();
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (err) {
      this.events.error(err, true);
      client.end().catch(() => {});
      this.lost();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = this.retry.firstMs;
    this.events.up?.(reconnected);
  }

  /**
   * Listens afresh on a new connection, as if this one had been lost (down, then up): its user
   * found it deaf (CacheBus: a write's marker did not come back). Nothing on PGlite, whose
   * `listen` has no connection to lose.
   */
  reconnect() {
    const client = this.client;
    if (!client) return;
    this.client = undefined;
    // What waits on the old connection may never be answered (a half-open socket).
    this.waiting = undefined;
    this.sending = Promise.resolve();
    // Destroyed, not ended: on a half-open socket a statement still waiting would otherwise
    // wait for TCP to give up (minutes), and the NOTIFYs behind it with it; failed now, they go
    // through the pool (`send`).
    (
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
    client.end().catch(() => {});
    this.lost();
  }

  private lost() {
    this.events.down?.();
    if (this.closed || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.retry.maxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect(true);
    }, delay);
    this.retryTimer.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    if (this.unlistenPglite) await this.unlistenPglite().catch(() => {});
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => {});
  }
}
