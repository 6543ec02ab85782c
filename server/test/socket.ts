import { createRequire } from 'node:module';

/*
 * Real sockets for the suites, with the `ws` client (installed with @fastify/websocket; it ships
 * no types, hence the small interface).
 */
interface WsClient {
  readyState: number;
  on(event: 'open' | 'pong', cb: () => void): void;
  on(event: 'message', cb: (data: Buffer) => void): void;
  on(event: 'close', cb: (code: number, reason: Buffer) => void): void;
  on(event: 'unexpected-response', cb: (req: unknown, res: { statusCode: number }) => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
  send(data: string | Buffer): void;
  ping(): void;
  close(): void;
}
/** What `new WebSocket(url, options)` takes here: the handshake's headers, and a CA for wss. */
export interface SocketOptions {
  headers?: Record<string, string>;
  ca?: Buffer;
}
type WsCtor = new (url: string, opts: SocketOptions) => WsClient;
const WebSocket = createRequire(import.meta.url)('ws') as WsCtor;

export interface Message {
  type: string;
  data: unknown;
}

/** A connected socket that queues what it receives. */
export class TestSocket {
  readonly received: Message[] = [];
  closed: { code: number; reason: string } | null = null;
  private pongFrames = 0;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WsClient) {
    ws.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as Message);
      this.wake();
    });
    ws.on('pong', () => {
      this.pongFrames += 1;
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `test` holds, or fails after `ms`. */
  async until(test: () => boolean, ms = 2000, what = 'condition') {
    if (test()) return;
    await new Promise<void>((resolve, reject) => {
      // Asked again at each message, pong and close; the timer only bounds the failure.
      const check = () => {
        if (!test()) return void this.waiters.push(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`timed out waiting for ${what}`));
      }, ms);
      this.waiters.push(check);
    });
  }

  /** Waits for `n` messages in all and returns them. */
  async messages(n: number, ms = 2000) {
    await this.until(() => this.received.length >= n, ms, `${n} messages`);
    return this.received.slice(0, n);
  }

  async waitClosed(ms = 2000) {
    await this.until(() => this.closed !== null, ms, 'close');
    return this.closed!;
  }

  /**
   * Returns once everything the server sent on this socket before reading a ping has arrived:
   * its pong comes after it on the same connection, so a test can then assert that something
   * did not arrive (or that the socket was not closed) without sleeping and hoping. Uses the
   * app's own {"type":"ping"} and takes its pong out of `received`; a socket the server closes
   * meanwhile returns too (`closed` says so).
   */
  async roundTrip(ms = 2000) {
    const pongs = () => this.received.filter((m) => m.type === 'pong').length;
    const before = pongs();
    this.ws.send(JSON.stringify({ type: 'ping' }));
    await this.until(() => pongs() > before || this.closed !== null, ms, 'a pong');
    const last = this.received.findLastIndex((m) => m.type === 'pong');
    if (pongs() > before) this.received.splice(last, 1);
  }

  /**
   * The same with a WebSocket ping frame, which `ws` answers below the app: for a test in which
   * the app's pings are what is being counted (the server answers only a few of them).
   */
  async frameRoundTrip(ms = 2000) {
    const before = this.pongFrames;
    this.ws.ping();
    await this.until(() => this.pongFrames > before || this.closed !== null, ms, 'a pong frame');
  }
}

/** Opens a socket and resolves once it is open; a refused handshake rejects with `HTTP <status>`. */
export function openSocket(url: string, options: SocketOptions = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, options);
  const socket = new TestSocket(ws);
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve(socket));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

/**
 * A socket at ws://`host``path` (/ws), signed in with `cookie`, from this site unless told
 * otherwise (`origin: null` sends none).
 */
export function openAt(
  host: string,
  {
    cookie,
    origin = `http://${host}`,
    path = '/ws',
  }: { cookie?: string; origin?: string | null; path?: string } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  return openSocket(`ws://${host}${path}`, { headers });
}
