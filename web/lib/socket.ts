import type { NotificationView } from '@domain/notifications';

/**
 * The live socket (docs/product.md#statuses-and-the-workflow 'Real-time socket'): /ws?userId={id} on the page's own host
 * (wss on https). The server identifies the user by the session cookie; the userId parameter is
 * kept only because the spec names it. Reconnects wait 1000 ms, doubling, at most 5 times, and
 * never after a normal close (code 1000: logout, session ended, or this client closing it).
 */
export const SOCKET_BASE_DELAY_MS = 1000;
export const SOCKET_MAX_ATTEMPTS = 5;
const NORMAL_CLOSE = 1000;

export interface SocketHandlers {
  onNotification(notification: NotificationView): void;
  onCount(count: number): void;
}

/** The part of the browser's WebSocket this client uses. */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface SocketOptions extends SocketHandlers {
  userId: string;
  /**
   * Each time the socket opens, the first time and after a reconnect: what was sent while it
   * was not open (a page drawn by the server opens it only once the browser is idle) is not sent
   * again, so what it would have refreshed is read again.
   */
  onOpen?(): void;
  /** The page's location; the socket goes to the same host. */
  location?: Pick<Location, 'protocol' | 'host'>;
  /** The WebSocket constructor (the browser's by default). */
  createSocket?: (url: string) => SocketLike;
  /** Timers, replaceable so tests can step through the backoff. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  log?: Pick<Console, 'warn'>;
}

export function socketUrl(userId: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws?userId=${encodeURIComponent(userId)}`;
}

/** The wait before reconnect attempt `attempt` (1-based): 1000, 2000, 4000, 8000, 16000 ms. */
export const reconnectDelay = (attempt: number) => SOCKET_BASE_DELAY_MS * 2 ** (attempt - 1);

/** Reads one message and hands it to the matching handler; anything else is warned about. */
export function dispatchSocketMessage(
  raw: unknown,
  handlers: SocketHandlers,
  log: Pick<Console, 'warn'> = console,
): void {
  let message: { type?: unknown; data?: unknown };
  try {
    message = JSON.parse(String(raw)) as { type?: unknown; data?: unknown };
  } catch {
    log.warn('Ignoring a socket message that is not JSON');
    return;
  }
  switch (message?.type) {
    case 'notification':
      if (message.data && typeof message.data === 'object') {
        handlers.onNotification(message.data as NotificationView);
      }
      return;
    case 'count_update': {
      const count = (message.data as { count?: unknown } | null)?.count;
      if (typeof count === 'number') handlers.onCount(count);
      return;
    }
    case 'pong':
      return;
    default:
      log.warn('Ignoring a socket message of unknown type', message?.type);
  }
}

/** Opens the socket and keeps it open as the rules above allow; `close()` ends it for good. */
export function connectSocket(options: SocketOptions): { close(): void } {
  const {
    userId,
    location = window.location,
    createSocket = (url) => new WebSocket(url),
    setTimer = (fn, ms) => setTimeout(fn, ms),
    clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    log = console,
  } = options;
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  let failures = 0;
  let stopped = false;

  const open = () => {
    timer = null;
    const current = createSocket(socketUrl(userId, location));
    socket = current;
    current.onopen = () => {
      failures = 0;
      options.onOpen?.();
    };
    current.onmessage = (event) => dispatchSocketMessage(event.data, options, log);
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (stopped || event.code === NORMAL_CLOSE) return;
      failures += 1;
      if (failures > SOCKET_MAX_ATTEMPTS) {
        log.warn(`Live updates stopped after ${SOCKET_MAX_ATTEMPTS} reconnect attempts`);
        return;
      }
      timer = setTimer(open, reconnectDelay(failures));
    };
    // A failed connection is followed by a close event, which decides about reconnecting.
    current.onerror = () => {};
  };

  open();
  return {
    close() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      const current = socket;
      socket = null;
      current?.close(NORMAL_CLOSE, 'Client closed');
    },
  };
}
