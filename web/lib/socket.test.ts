import { describe, expect, it, vi } from 'vitest';
import { connectSocket, dispatchSocketMessage, socketUrl, type SocketLike } from './socket';

/** A stand-in for the browser's WebSocket: the test opens, closes and messages it by hand. */
class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop(code = 1006) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
  close(code?: number) {
    this.closedWith = code ?? null;
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const log = { warn: vi.fn() };
  const handlers = { onNotification: vi.fn(), onCount: vi.fn(), onOpen: vi.fn() };
  const connection = connectSocket({
    userId: 'u 1',
    location: { protocol: 'https:', host: 'app.example:8443' },
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
    log,
    ...handlers,
  });
  /** Runs the pending reconnect timer. */
  const fire = () => timers.at(-1)!.fn();
  return { sockets, timers, log, handlers, connection, fire };
}

describe('socketUrl', () => {
  it('uses the secure scheme on https and the page host', () => {
    expect(socketUrl('abc', { protocol: 'https:', host: 'a.io' })).toBe('wss://a.io/ws?userId=abc');
    expect(socketUrl('abc', { protocol: 'http:', host: 'localhost:5000' })).toBe(
      'ws://localhost:5000/ws?userId=abc',
    );
  });
});

describe('connectSocket', () => {
  it('connects to /ws with the user id', () => {
    const { sockets } = setup();
    expect(sockets.map((s) => s.url)).toEqual(['wss://app.example:8443/ws?userId=u%201']);
  });

  it('reconnects after 1000 ms doubling, at most 5 attempts, then stops with a warning', () => {
    const { sockets, timers, log, fire } = setup();
    sockets[0]!.open();
    sockets[0]!.drop();
    for (let i = 0; i < 5; i += 1) {
      expect(timers).toHaveLength(i + 1);
      fire();
      sockets.at(-1)!.drop();
    }
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(sockets).toHaveLength(6);
    expect(timers).toHaveLength(5);
    expect(log.warn).toHaveBeenCalledWith('Live updates stopped after 5 reconnect attempts');
  });

  it('starts the backoff again once a reconnect succeeds', () => {
    const { sockets, timers, fire } = setup();
    sockets[0]!.drop();
    fire();
    sockets[1]!.drop();
    fire();
    sockets[2]!.open();
    sockets[2]!.drop();
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 1000]);
  });

  it('tells each opening, the first and every reconnect, and nothing else', () => {
    const { sockets, handlers, fire } = setup();
    expect(handlers.onOpen).not.toHaveBeenCalled();
    sockets[0]!.open();
    expect(handlers.onOpen).toHaveBeenCalledTimes(1);
    sockets[0]!.drop();
    fire();
    expect(handlers.onOpen).toHaveBeenCalledTimes(1);
    sockets[1]!.open();
    expect(handlers.onOpen).toHaveBeenCalledTimes(2);
    sockets[1]!.receive({ type: 'count_update', data: { count: 3 } });
    expect(handlers.onOpen).toHaveBeenCalledTimes(2);
  });

  it('does not reconnect after a normal close (1000) or after close()', () => {
    const first = setup();
    first.sockets[0]!.open();
    first.sockets[0]!.drop(1000);
    expect(first.timers).toHaveLength(0);

    const second = setup();
    second.sockets[0]!.open();
    second.connection.close();
    expect(second.sockets[0]!.closedWith).toBe(1000);
    second.sockets[0]!.drop(1006);
    expect(second.timers).toHaveLength(0);
  });

  it('hands notifications and counts to their handlers', () => {
    const { sockets, handlers } = setup();
    sockets[0]!.open();
    const n = { id: 'n1', title: 'New comment' };
    sockets[0]!.receive({ type: 'notification', data: n });
    sockets[0]!.receive({ type: 'count_update', data: { count: 7 } });
    expect(handlers.onNotification).toHaveBeenCalledWith(n);
    expect(handlers.onCount).toHaveBeenCalledWith(7);
  });
});

describe('dispatchSocketMessage', () => {
  it('ignores unknown types and bad data with a warning, and pongs silently', () => {
    const handlers = { onNotification: vi.fn(), onCount: vi.fn() };
    const log = { warn: vi.fn() };
    dispatchSocketMessage(JSON.stringify({ type: 'surprise', data: 1 }), handlers, log);
    dispatchSocketMessage('not json', handlers, log);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith('Ignoring a socket message of unknown type', 'surprise');
    dispatchSocketMessage(JSON.stringify({ type: 'pong', data: null }), handlers, log);
    dispatchSocketMessage(JSON.stringify({ type: 'count_update', data: {} }), handlers, log);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(handlers.onCount).not.toHaveBeenCalled();
    expect(handlers.onNotification).not.toHaveBeenCalled();
  });
});
