import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver for the tests: a real HTTP server on 127.0.0.1 that keeps every request,
 * answers with the status codes it is told (200 once they run out), and counts how many
 * deliveries of one event are in flight at once.
 */
export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  status: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The codes of the next answers, in order; then 200. */
  answers: number[];
  /** The most deliveries of any one event (Webhook-Id) that were in flight at the same time. */
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const inFlight = new Map<string, number>();
  const receiver = {
    received: [] as Received[],
    answers: [] as number[],
    maxInFlight: 0,
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    const id = String(request.headers['webhook-id']);
    const now = (inFlight.get(id) ?? 0) + 1;
    inFlight.set(id, now);
    receiver.maxInFlight = Math.max(receiver.maxInFlight, now);
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = receiver.answers.shift() ?? 200;
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status,
      });
      inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${bound}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * The receiver's side of docs/rules.md#webhooks, written from the documentation and not from
 * the server's code: the header is `t=<unix seconds>,v1=<hex>`, the MAC is HMAC-SHA256 with the
 * secret over `<t>.<raw body>`, and a t more than 300 s from the clock is refused.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
