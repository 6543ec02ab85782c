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
  private closed = false;
  private client: pg.Client | undefined;
  private unlistenPglite: (() => Promise<void>) | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs: number;
  /** The last statement sent on `client`: the next waits for it (pg 9 refuses a second at once). */
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

  /**
   * NOTIFYs `payloads` on the channel, in order and in one statement, over the listener's own
   * connection (on PGlite, its one connection), so that a pool busy with queries does not hold
   * them back. Fails while the connection is lost.
   */
  async notify(...payloads: string[]) {
    if (payloads.length !== 1) return this.send(payloads.map((p) => [this.channel, p] as const));
    if (this.database.pglite) {
      await this.database.db.execute(sql`select pg_notify(${this.channel}, ${payloads[0]})`);
      return;
    }
    await this.onClient('select pg_notify($1, $2)', [this.channel, payloads[0]]);
  }

  /** A statement on the listener's own connection, after the one before it has answered. */
  private onClient(text: string, values: unknown[]) {
    const client = this.client;
    if (!client) return Promise.reject(new Error(`not listening on ${this.channel}`));
    const sent = this.sending.then(() => client.query(text, values));
    this.sending = sent.catch(() => undefined);
    return sent;
  }

  /**
   * NOTIFYs each payload on its channel (this listener's or another's), in order and in one
   * statement, over the listener's own connection as `notify` does, or through the app's pool
   * if that cannot be done.
   */
  async send(notices: readonly BusNotice[]) {
    if (!notices.length) return;
    if (this.client) {
      try {
        await this.onClient(
          'select pg_notify(c, p) from unnest($1::text[], $2::text[]) as u(c, p)',
          [notices.map(([c]) => c), notices.map(([, p]) => p)],
        );
        return;
      } catch {
        // lost meanwhile: the pool below
      }
    }
    await this.database.db.execute(
      sql`select pg_notify(n->>0, n->>1) from jsonb_array_elements(${JSON.stringify(notices)}::jsonb) n`,
    );
  }

  private async connect(reconnected: boolean) {
    if (this.closed || !this.database.pool) return;
    // Named after its channel, so pg_stat_activity tells the listeners apart.
    const client = new pg.Client({ ...this.database.pool.options, application_name: this.channel });
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
