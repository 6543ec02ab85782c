import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  SIGNATURE_HEADER,
  signedContent,
  slackText,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelayMs,
  type WebhookEvent,
  type WebhookPayload,
} from '@domain/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { guardedLookup, isPrivateAddress, PrivateAddressError } from './addresses';
import { readWebhookSettings } from './webhooks.repository';

/**
 * The webhook sender (docs/decisions/0020-webhook-outbox.md): a loop in each server process that
 * claims due deliveries with FOR UPDATE SKIP LOCKED and a lease, as the email worker does, POSTs
 * each (signed JSON, or a Slack message) and records the answer; a failure is retried with
 * backoff until 24 hours after the delivery was queued. Two instances never hold one delivery at
 * once: the claim skips locked rows and takes only rows that are pending, or whose lease ran out.
 */

export interface WebhookSenderSettings {
  /** Where the app is reached from outside, for the payloads' links. */
  publicUrl: string;
  /** How often the loop looks for work (ms). */
  pollMs?: number;
}

/** A delivery being sent belongs to its worker this long (well above the 10 s timeout). */
export const WEBHOOK_LEASE_MS = 60_000;
/** Deliveries one pass claims at a time (sent side by side). */
const BATCH = 20;
/** How much of a receiver's answer is read (and of an error kept). */
const ANSWER_LIMIT = 1000;

export interface SendResult {
  delivered: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Deliveries given up on (24 hours of failures). */
  failed: number;
}

export interface WebhookSender {
  /** One pass at `now` (the loop's tick; tests call it themselves). */
  work(now?: Date): Promise<SendResult>;
  start(): void;
  close(): Promise<void>;
}

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signature(secret: string, timestamp: number, body: string) {
  const mac = createHmac('sha256', secret).update(signedContent(timestamp, body)).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

interface Answer {
  statusCode: number | null;
  error: string | null;
}

/**
 * POSTs `body` to `url` and waits for the status line: no redirects followed (a redirect could
 * lead anywhere), every address checked at connection time unless private ones are allowed.
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<Answer> {
  return new Promise((resolve) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
      resolve({ statusCode: null, error: new PrivateAddressError().message });
      return;
    }
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        ...(!allowPrivate && { lookup: guardedLookup }),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < ANSWER_LIMIT) text += chunk;
        });
        response.on('end', () => {
          const code = response.statusCode ?? null;
          const ok = code !== null && code >= 200 && code < 300;
          resolve({ statusCode: code, error: ok ? null : text.slice(0, ANSWER_LIMIT) || null });
        });
        response.on('error', (err) =>
          resolve({ statusCode: response.statusCode ?? null, error: err.message }),
        );
      },
    );
    // The whole exchange, not only a silent socket, is bounded: well inside the lease.
    const deadline = setTimeout(
      () => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)),
      WEBHOOK_TIMEOUT_MS,
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('error', (err) => resolve({ statusCode: null, error: err.message || String(err) }));
    request.end(body);
  });
}

export function createWebhookSender(
  db: Db,
  settings: WebhookSenderSettings,
  log: FastifyBaseLogger,
): WebhookSender {
  const workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const base = settings.publicUrl.replace(/\/+$/, '');

  /**
   * Claims due deliveries of enabled endpoints (and ones whose lease ran out) for this worker,
   * under a new lease; rows another instance holds locked are skipped, not waited for.
   */
  async function claim(now: Date) {
    return db.transaction(async (tx) => {
      const d = webhookDeliveries;
      const due = await tx
        .select({ id: d.id })
        .from(d)
        .where(
          and(
            or(
              and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now)),
              and(eq(d.status, 'sending'), isNotNull(d.leaseUntil), lt(d.leaseUntil, now)),
            ),
            inArray(
              d.endpointId,
              tx
                .select({ id: webhookEndpoints.id })
                .from(webhookEndpoints)
                .where(eq(webhookEndpoints.enabled, true)),
            ),
          ),
        )
        .orderBy(asc(d.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      const ids = due.map((r) => r.id);
      await tx
        .update(d)
        .set({
          status: 'sending',
          attempts: sql`${d.attempts} + 1`,
          leaseUntil: new Date(now.getTime() + WEBHOOK_LEASE_MS),
          worker: workerId,
          lastAttemptAt: now,
        })
        .where(inArray(d.id, ids));
      return tx
        .select({ delivery: d, endpoint: webhookEndpoints, event: webhookEvents })
        .from(d)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, d.eventId))
        .where(inArray(d.id, ids));
    });
  }

  /** The payload an event's deliveries carry: the same body in every retry. */
  function payloadOf(event: typeof webhookEvents.$inferSelect): WebhookPayload {
    const stored = event.payload as Pick<WebhookPayload, 'actor' | 'video' | 'data'>;
    const data = stored.data ?? {};
    const url =
      event.type === 'invoice.issued'
        ? `${base}/invoicing`
        : stored.video
          ? `${base}/dashboard?video=${stored.video.id}`
          : `${base}/dashboard`;
    return {
      id: event.id,
      type: event.type as WebhookEvent,
      occurredAt: event.createdAt.toISOString(),
      actor: stored.actor,
      video: stored.video ?? null,
      data,
      url,
    };
  }

  async function deliver(
    claimed: Awaited<ReturnType<typeof claim>>[number],
    allowPrivate: boolean,
    now: Date,
  ): Promise<keyof SendResult> {
    const { delivery, endpoint, event } = claimed;
    const payload = payloadOf(event);
    const slack = endpoint.format === 'slack';
    const body = JSON.stringify(slack ? { text: slackText(payload) } : payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'video-workflow-webhooks/1',
      'Webhook-Id': event.id,
      'Webhook-Delivery': delivery.id,
      'Webhook-Event': event.type,
      ...(!slack && { [SIGNATURE_HEADER]: signature(endpoint.secret, timestamp, body) }),
    };
    let answer: Answer;
    try {
      answer = await post(new URL(endpoint.url), headers, body, allowPrivate);
    } catch (err) {
      answer = { statusCode: null, error: (err as Error).message || String(err) };
    }
    const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.worker, workerId));
    if (answer.error === null) {
      await db
        .update(webhookDeliveries)
        .set({
          status: 'delivered',
          statusCode: answer.statusCode,
          lastError: null,
          leaseUntil: null,
          deliveredAt: new Date(),
        })
        .where(mine);
      return 'delivered';
    }
    // The claim counted this attempt already.
    const next = new Date(now.getTime() + webhookRetryDelayMs(delivery.attempts));
    const giveUp = next.getTime() > delivery.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
    await db
      .update(webhookDeliveries)
      .set({
        status: giveUp ? 'failed' : 'pending',
        statusCode: answer.statusCode,
        lastError: answer.error.slice(0, ANSWER_LIMIT),
        leaseUntil: null,
        nextAttemptAt: next,
      })
      .where(mine);
    if (giveUp) log.warn({ deliveryId: delivery.id }, 'webhook not delivered; gave up');
    return giveUp ? 'failed' : 'retried';
  }

  async function work(now = new Date()): Promise<SendResult> {
    const result: SendResult = { delivered: 0, retried: 0, failed: 0 };
    const claimed = await claim(now);
    if (!claimed.length) return result;
    const { allowPrivate } = await readWebhookSettings(db);
    for (const outcome of await Promise.all(claimed.map((c) => deliver(c, allowPrivate, now)))) {
      result[outcome]++;
    }
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  function tick() {
    running = work()
      .catch((err: unknown) => log.warn({ err }, 'webhook sender pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, settings.pollMs ?? 5000);
      });
  }

  return {
    work,
    start() {
      if (!timer && !running) timer = setTimeout(tick, settings.pollMs ?? 5000);
    },
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
