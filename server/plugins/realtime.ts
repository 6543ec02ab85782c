import { randomUUID } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  SOCKET_MAX_PAYLOAD,
  type NotificationView,
  type SocketMessage,
} from '@domain/notifications';
import type { Database, Db } from '../db/client';
import { type BusNotice, Listener } from '../db/listener';
import { sessions } from '../db/schema';
import { sameOrigin } from './auth';
import { HttpError } from './errors';

/**
 * The socket hub (docs/architecture.md#stack, docs/rules.md#rules-the-product-leaves-open and docs/architecture.md#scale): sockets at /ws per signed-in user, and the
 * fan-out between app instances through PostgreSQL LISTEN/NOTIFY (PGlite's listen when
 * embedded). Every event is applied locally at once and published for the other instances,
 * which ignore their own messages.
 */

/** The part of a `ws` WebSocket the hub uses (the package ships no types here). */
interface Socket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'pong' | 'close', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
}

interface Client {
  socket: Socket;
  userId: string;
  sessionId: string;
  alive: boolean;
  /** Pings this socket may still have answered now (refilled over time; see PING_*). */
  pingTokens: number;
  pingRefilledAt: number;
}

/** A socket's pings are answered up to PING_BURST at once, then one per PING_REFILL_MS. */
const PING_BURST = 5;
const PING_REFILL_MS = 1_000;

/** What instances tell each other; `o` is the sender, which skips its own messages. */
type BusMessage =
  | { k: 'notifications'; o: string; n: NotificationView[] }
  | { k: 'notification-id'; o: string; id: string; r: string }
  | { k: 'count'; o: string; u: string[] }
  | { k: 'close-session'; o: string; s: string }
  | { k: 'close-user'; o: string; u: string; except: string | null };

const OPEN = 1;
/** NOTIFY payloads must stay under 8000 bytes (with room for the envelope). */
const MAX_NOTIFY_BYTES = 7000;
/** How long a closing socket may take to answer 1001 at shutdown before it is cut off. */
const SHUTDOWN_GRACE_MS = 1_000;
export const SESSION_ENDED = { code: 1000, reason: 'Session ended' } as const;

/**
 * What the hub reads of the notifications: the notifications module's reads, handed in where
 * server/app.ts registers the hub (a plugin does not import a module: eslint.config.js).
 */
export interface HubReads {
  countUnread: (db: Db, userId: string) => Promise<number>;
  findNotification: (db: Db, id: string) => Promise<NotificationView | undefined>;
}

export interface RealtimeOptions {
  log: FastifyBaseLogger;
  reads: HubReads;
  /** Ping interval; a socket that missed the previous ping is terminated. */
  heartbeatMs?: number;
  /** Sockets per user (tabs); the oldest is closed beyond it. */
  maxSocketsPerUser?: number;
}

/** Whether a ping may be answered now: a flood of pings costs the server no more than a few. */
function takePing(client: Client, now = Date.now()): boolean {
  const refill = Math.floor((now - client.pingRefilledAt) / PING_REFILL_MS);
  if (refill > 0) {
    client.pingTokens = Math.min(PING_BURST, client.pingTokens + refill);
    client.pingRefilledAt += refill * PING_REFILL_MS;
  }
  if (client.pingTokens <= 0) return false;
  client.pingTokens -= 1;
  return true;
}

export class RealtimeHub {
  readonly instanceId = randomUUID();
  private readonly clients = new Map<string, Set<Client>>();
  /** Per-user delivery chain, so each notification is followed by its count before the next. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly listener: Listener;
  private closed = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly heartbeatMs: number;
  private readonly maxSocketsPerUser: number;

  constructor(
    private readonly database: Database,
    private readonly opts: RealtimeOptions,
  ) {
    this.heartbeatMs = opts.heartbeatMs ?? 30_000;
    this.maxSocketsPerUser = opts.maxSocketsPerUser ?? 20;
    this.listener = new Listener(
      database,
      'vw_realtime_',
      {
        message: (payload) => this.onBusMessage(payload),
        // Events published while the listener was down were missed: at least correct the counts.
        up: (reconnected) => {
          if (reconnected) for (const userId of this.clients.keys()) this.pushCount(userId);
        },
        error: (err, connecting) =>
          opts.log.warn(
            { err },
            connecting
              ? 'realtime listener could not connect; retrying'
              : 'realtime listener error',
          ),
      },
      // Capped low: after a database restart, sockets hear of other instances' events again
      // within seconds (issue 9: recovery within 5 s).
      { firstMs: 1_000, maxMs: 4_000 },
    );
  }

  /** Subscribes to the channel of this database schema and starts the heartbeat. */
  async start() {
    await this.listener.start();
    this.heartbeat = setInterval(() => void this.tick(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private async publish(message: BusMessage | string) {
    if (this.closed) return;
    const payload = typeof message === 'string' ? message : JSON.stringify(message);
    await this.database.db.execute(sql`select pg_notify(${this.listener.channel}, ${payload})`);
  }

  private onBusMessage(payload: string) {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      return;
    }
    if (message.o === this.instanceId || this.closed) return;
    switch (message.k) {
      case 'notifications':
        for (const n of message.n) this.deliver(n);
        break;
      case 'notification-id':
        if (this.clients.has(message.r)) {
          void this.opts.reads.findNotification(this.database.db, message.id).then(
            (n) => n && this.deliver(n),
            (err: unknown) => this.opts.log.error({ err }, 'realtime lookup failed'),
          );
        }
        break;
      case 'count':
        for (const userId of message.u) this.pushCount(userId);
        break;
      case 'close-session':
        this.closeLocal((c) => c.sessionId === message.s);
        break;
      case 'close-user':
        this.closeLocal((c) => c.userId === message.u && c.sessionId !== message.except);
        break;
    }
  }

  // --- Sockets ---------------------------------------------------------------------------------

  /** Registers a socket of a signed-in user and sends the current unread count. */
  attach(socket: Socket, userId: string, sessionId: string) {
    const client: Client = {
      socket,
      userId,
      sessionId,
      alive: true,
      pingTokens: PING_BURST,
      pingRefilledAt: Date.now(),
    };
    let own = this.clients.get(userId);
    if (!own) this.clients.set(userId, (own = new Set()));
    own.add(client);
    if (own.size > this.maxSocketsPerUser) {
      const oldest = own.values().next().value!;
      own.delete(oldest);
      oldest.socket.close(1008, 'Too many connections');
    }
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      // Clients may only ping; anything else is ignored.
      if (isBinary || data.length > 64) return;
      try {
        if (
          (JSON.parse(data.toString()) as { type?: unknown })?.type === 'ping' &&
          takePing(client)
        ) {
          this.send(client, { type: 'pong', data: null });
        }
      } catch {
        // not JSON: ignored
      }
    });
    socket.on('close', () => {
      const set = this.clients.get(userId);
      set?.delete(client);
      if (set && set.size === 0) this.clients.delete(userId);
    });
    this.enqueue(userId, async () => {
      const count = await this.opts.reads.countUnread(this.database.db, userId);
      this.send(client, { type: 'count_update', data: { count } });
    });
  }

  private send(client: Client, message: SocketMessage) {
    if (client.socket.readyState === OPEN) client.socket.send(JSON.stringify(message));
  }

  private sendToUser(userId: string, message: SocketMessage) {
    for (const client of this.clients.get(userId) ?? []) this.send(client, message);
  }

  private enqueue(userId: string, task: () => Promise<void>) {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => (this.closed ? undefined : task()))
      .catch((err: unknown) => this.opts.log.error({ err }, 'realtime delivery failed'));
    this.queues.set(userId, next);
    void next.then(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    });
  }

  /** Sends a notification, then the recipient's new unread count, to their sockets here. */
  private deliver(n: NotificationView) {
    if (!this.clients.has(n.recipientId)) return;
    this.enqueue(n.recipientId, async () => {
      this.sendToUser(n.recipientId, { type: 'notification', data: n });
      const count = await this.opts.reads.countUnread(this.database.db, n.recipientId);
      this.sendToUser(n.recipientId, { type: 'count_update', data: { count } });
    });
  }

  private pushCount(userId: string) {
    if (!this.clients.has(userId)) return;
    this.enqueue(userId, async () => {
      const count = await this.opts.reads.countUnread(this.database.db, userId);
      this.sendToUser(userId, { type: 'count_update', data: { count } });
    });
  }

  private closeLocal(match: (c: Client) => boolean) {
    for (const set of this.clients.values()) {
      for (const client of set) {
        if (match(client)) client.socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
      }
    }
  }

  // --- What the app calls ----------------------------------------------------------------------

  /**
   * New notifications, committed, to their recipients' sockets on every instance: here at once,
   * elsewhere by NOTIFYs sent on the listener's own connection (through the pool if it is lost).
   */
  async notificationsCreated(list: NotificationView[]) {
    this.deliverHere(list);
    await this.listener.send(this.notificationNotices(list));
  }

  /**
   * The NOTIFYs that tell the other instances of new notifications: as few as the payload limit
   * allows; a notification too big alone travels by id. A writer sends them after its commit,
   * never inside its transaction, whose commit would then hold PostgreSQL's notification-queue
   * lock through its flush (ADR 0007, "Notices told after the commit").
   */
  notificationNotices(list: NotificationView[]): BusNotice[] {
    if (this.closed) return [];
    const payloads: string[] = [];
    let batch: NotificationView[] = [];
    let size = 0;
    const flush = () => {
      if (batch.length) {
        payloads.push(JSON.stringify({ k: 'notifications', o: this.instanceId, n: batch }));
      }
      batch = [];
      size = 0;
    };
    for (const n of list) {
      const bytes = Buffer.byteLength(JSON.stringify(n)) + 1;
      if (bytes > MAX_NOTIFY_BYTES) {
        const byId: BusMessage = {
          k: 'notification-id',
          o: this.instanceId,
          id: n.id,
          r: n.recipientId,
        };
        payloads.push(JSON.stringify(byId));
        continue;
      }
      if (size + bytes > MAX_NOTIFY_BYTES) flush();
      batch.push(n);
      size += bytes;
    }
    flush();
    return payloads.map((p) => [this.listener.channel, p] as const);
  }

  /** New notifications, to their recipients' sockets on this instance. */
  deliverHere(list: NotificationView[]) {
    for (const n of list) this.deliver(n);
  }

  /** Unread counts changed otherwise (read, cleared, deleted): push them to every instance. */
  async countsChanged(userIds: string[]) {
    if (!userIds.length) return;
    for (const userId of userIds) this.pushCount(userId);
    await this.publish({ k: 'count', o: this.instanceId, u: userIds });
  }

  /** Closes the sockets of one session, on every instance (logout). */
  async closeSession(sessionId: string | null) {
    if (!sessionId) return;
    this.closeLocal((c) => c.sessionId === sessionId);
    await this.publish({ k: 'close-session', o: this.instanceId, s: sessionId });
  }

  /**
   * Closes a user's sockets on every instance, except those of one session if given (a password
   * change keeps the session that made it; deleting a user closes them all).
   */
  async closeUser(
    userId: string,
    { exceptSession = null }: { exceptSession?: string | null } = {},
  ) {
    this.closeLocal((c) => c.userId === userId && c.sessionId !== exceptSession);
    await this.publish({ k: 'close-user', o: this.instanceId, u: userId, except: exceptSession });
  }

  /** Open sockets of a user on this instance (tests, diagnostics). */
  socketCount(userId?: string): number {
    if (userId) return this.clients.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  /**
   * The heartbeat: terminates sockets that did not answer the previous ping, pings the rest, and
   * closes sockets whose session has ended by any path (user deleted, expired, another instance).
   */
  async tick() {
    const all = [...this.clients.values()].flatMap((set) => [...set]);
    for (const client of all) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    const ids = [...new Set(all.map((c) => c.sessionId))];
    if (!ids.length || this.closed) return;
    try {
      const live = await this.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())));
      const alive = new Set(live.map((r) => r.id));
      this.closeLocal((c) => !alive.has(c.sessionId));
    } catch (err) {
      this.opts.log.warn({ err }, 'realtime session check failed');
    }
  }

  /**
   * Closes every socket with 1001 (going away) before the HTTP server stops. A browser that does
   * not answer the closing handshake within SHUTDOWN_GRACE_MS is cut off: the HTTP server waits
   * for every open socket, so one silent peer would otherwise hold a SIGTERM up for the ws
   * library's 30 s closing timeout (seen once in CI under load).
   */
  shutdown() {
    for (const set of this.clients.values()) {
      for (const client of set) {
        const { socket } = client;
        socket.close(1001, 'Server shutting down');
        setTimeout(() => socket.terminate(), SHUTDOWN_GRACE_MS).unref();
      }
    }
    this.clients.clear();
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    const unlistened = this.listener.close();
    this.shutdown();
    await Promise.allSettled([...this.queues.values()]);
    await unlistened;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** A browser's handshake must come from this site: Origin present, same scheme, host and port. */
function checkOrigin(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (!origin || !sameOrigin(request, origin))
    throw new HttpError(403, 'Cross-site socket refused');
}

/**
 * A socket that fails: a frame the server refuses (too large, not valid WebSocket) is the
 * client's doing and a warning; anything else is the server's and an error. Either way the
 * socket is cut off.
 */
function socketError(error: Error, socket: Socket, request: FastifyRequest) {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.warn(
      { code, reason: error.message },
      'socket closed: the client sent a refused frame',
    );
  } else {
    request.log.error({ err: error }, 'socket failed');
  }
  socket.terminate();
}

/**
 * Registers @fastify/websocket and /ws, and decorates the app with the hub. The session comes
 * from the auth hook (which answers 401 without one); a `userId` query parameter is ignored.
 */
export const realtime = fp(
  async (
    app: FastifyInstance,
    opts: { database: Database; reads: HubReads; heartbeatMs?: number },
  ) => {
    const { reads, heartbeatMs } = opts;
    const hub = new RealtimeHub(opts.database, { log: app.log, reads, heartbeatMs });
    await hub.start();
    app.decorate('realtime', hub);
    app.addHook('onClose', async () => hub.close());

    await app.register(fastifyWebsocket, {
      options: { maxPayload: SOCKET_MAX_PAYLOAD },
      errorHandler: (error, socket, request) => socketError(error, socket as Socket, request),
      // The plugin's default closes sockets without a code on shutdown; 1001 (going away) tells
      // browsers the server is restarting, so they reconnect (web/lib/socket.ts).
      preClose: function (this: FastifyInstance, done: () => void) {
        hub.shutdown();
        const server = this.websocketServer as { close(cb: () => void): void };
        server.close(() => {});
        done();
      },
    });
    // A handshake refused by an earlier hook (401, 403) never reached @fastify/websocket's own
    // hook, which would end the connection: end it here, or it stays open for the client's sake.
    app.addHook('onResponse', async (request) => {
      if (!request.ws && request.headers.upgrade?.toLowerCase() === 'websocket') {
        request.raw.socket.destroy();
      }
    });
    app.get(
      '/ws',
      {
        websocket: true,
        onRequest: async (request) => checkOrigin(request),
        // Described in the API document under x-websocket (domain/api.ts SOCKET_REFERENCE).
      },
      (socket, request) => {
        if (!request.user || !request.sessionId) {
          (socket as Socket).close(1008, 'Authentication required');
          return;
        }
        hub.attach(socket as Socket, request.user.id, request.sessionId);
      },
    );
  },
  { name: 'realtime' },
);
