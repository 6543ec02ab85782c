import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DELIVERY_LIST_LIMIT,
  type WebhookDeliveryView,
  type WebhookEndpointPatch,
  type WebhookEndpointView,
  type WebhookEvent,
  type webhookEndpointBody,
  type WebhookSettings,
} from '@domain/webhooks';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  webhookSettings,
} from '../../db/schema';

/**
 * The king's webhook endpoints, their delivery log and the one setting (issue 46). Creating,
 * changing and deleting an endpoint each happen in one function here, the place the audit log
 * (issue 46 item 6) hooks into.
 */

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** A fresh signing secret: 32 random bytes, `whsec_` and base64url. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Each endpoint's newest delivery, by endpoint id. */
async function lastDeliveries(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, WebhookEndpointView['lastDelivery']>();
  const d = webhookDeliveries;
  const rows = await db
    .selectDistinctOn([d.endpointId], {
      endpointId: d.endpointId,
      status: d.status,
      statusCode: d.statusCode,
      at: sql<Date>`coalesce(${d.lastAttemptAt}, ${d.createdAt})`,
    })
    .from(d)
    .where(inArray(d.endpointId, ids))
    .orderBy(d.endpointId, desc(d.createdAt));
  return new Map(
    rows.map((r) => [
      r.endpointId,
      { status: r.status, statusCode: r.statusCode, at: new Date(r.at).toISOString() },
    ]),
  );
}

function toView(row: EndpointRow, last: WebhookEndpointView['lastDelivery']): WebhookEndpointView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    format: row.format,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last,
  };
}

export async function listEndpoints(db: Db): Promise<WebhookEndpointView[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(r, last.get(r.id) ?? null));
}

export async function findEndpoint(db: Db, id: string): Promise<WebhookEndpointView | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) return null;
  return toView(row, (await lastDeliveries(db, [id])).get(id) ?? null);
}

/** Adds an endpoint with a new secret: the answer is the only time the secret is shown. */
export async function createEndpoint(
  db: Db,
  input: z.infer<typeof webhookEndpointBody>,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const secret = newSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...input, events: [...new Set(input.events)], secret })
    .returning();
  return { endpoint: toView(row!, null), secret };
}

/** Changes an endpoint; null when there is none. Its queued deliveries keep going to it. */
export async function updateEndpoint(
  db: Db,
  id: string,
  patch: WebhookEndpointPatch,
): Promise<WebhookEndpointView | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...patch,
      ...(patch.events && { events: [...new Set(patch.events)] }),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row ? toView(row, (await lastDeliveries(db, [id])).get(id) ?? null) : null;
}

/** Deletes an endpoint with its delivery log (cascade); false when there is none. */
export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return gone.length > 0;
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

function toDeliveryView(row: DeliveryRow, event: string): WebhookDeliveryView {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    eventId: row.eventId,
    event,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.statusCode,
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt:
      row.status === 'pending' || row.status === 'sending' ? iso(row.nextAttemptAt) : null,
    deliveredAt: iso(row.deliveredAt),
  };
}

/** An endpoint's newest deliveries, newest first. */
export async function listDeliveries(db: Db, endpointId: string): Promise<WebhookDeliveryView[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LIST_LIMIT);
  return rows.map((r) => toDeliveryView(r.delivery, r.event));
}

/**
 * "Send again": a new delivery of the same event to the same endpoint, due now, with its own
 * attempts and 24 hours; the old one stays in the log as it ended. Null when there is none.
 */
export async function resendDelivery(
  db: Db,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryView | null> {
  const [old] = await db
    .select({ eventId: webhookDeliveries.eventId, event: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!old) return null;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventId: old.eventId })
    .returning();
  return toDeliveryView(row!, old.event);
}

export async function readWebhookSettings(db: Db): Promise<WebhookSettings> {
  const [row] = await db.select().from(webhookSettings);
  return { allowPrivate: row?.allowPrivate ?? false };
}

export async function saveWebhookSettings(db: Db, settings: WebhookSettings) {
  await db
    .insert(webhookSettings)
    .values({ id: true, allowPrivate: settings.allowPrivate })
    .onConflictDoUpdate({
      target: webhookSettings.id,
      set: { allowPrivate: settings.allowPrivate },
    });
  return readWebhookSettings(db);
}
