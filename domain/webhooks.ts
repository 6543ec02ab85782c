import { z } from 'zod';

/**
 * Webhooks (issue 46, docs/rules.md#webhooks): endpoints the king registers, the events they
 * hear, the payload each delivery carries and how it is signed. The server enqueues and sends
 * (server/modules/webhooks); the king's screen and the OpenAPI document read the same lists.
 */

/** Every event an endpoint may choose, in the order the king's screen lists them. */
export const WEBHOOK_EVENTS = [
  'video.created',
  'video.status_changed',
  'video.version_added',
  'comment.added',
  'video.approved',
  'video.changes_requested',
  'video.paid',
  'invoice.issued',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'video.created': 'Video created',
  'video.status_changed': 'Status changed',
  'video.version_added': 'Version added',
  'comment.added': 'Comment added',
  'video.approved': 'Approved',
  'video.changes_requested': 'Changes requested',
  'video.paid': 'Paid',
  'invoice.issued': 'Invoice issued',
};

/** 'json': the signed JSON payload below; 'slack': a Slack incoming webhook's `{ text }`. */
export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The header of a signed delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'Webhook-Signature';
/** A receiver refuses a signature whose timestamp is further than this from its own clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A delivery is retried until this long after it was queued, then marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** How long a receiver has to answer one delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The wait before the attempt after failed attempt `n` (1-based): 1 min × 4^(n−1), at most 6 h
 * (1, 4, 16, 64 min, 4 h 16 min, then every 6 h) until WEBHOOK_RETRY_WINDOW_MS has passed.
 */
export const webhookRetryDelayMs = (attempts: number) =>
  Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);

/** What a receiver is sent, the signed string: `<timestamp>.<body>`, as UTF-8. */
export const signedContent = (timestamp: number, body: string) => `${timestamp}.${body}`;

export const WEBHOOK_MESSAGES = {
  kingOnly: 'Only the king can manage webhooks',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  url: 'Enter an http:// or https:// address',
  privateAddress:
    'This address is private (loopback, local network, link-local or cloud metadata); allow private addresses in the webhook settings to use it',
  unresolvable: 'The host of this address could not be found',
  events: 'Choose at least one event',
  name: 'Give the endpoint a name (at most 100 characters)',
  created: 'Webhook endpoint added',
  deleted: 'Webhook endpoint deleted',
  resent: 'Delivery queued again',
} as const;

// --- Contracts ---------------------------------------------------------------------------------

const eventSchema = z.enum(WEBHOOK_EVENTS);
const urlSchema = z
  .string()
  .trim()
  .max(2000, WEBHOOK_MESSAGES.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.url);

export const webhookEndpointBody = z.object({
  name: z.string().trim().min(1, WEBHOOK_MESSAGES.name).max(100, WEBHOOK_MESSAGES.name),
  url: urlSchema.describe('Where deliveries are POSTed (http or https)'),
  format: z.enum(WEBHOOK_FORMATS).default('json'),
  events: z.array(eventSchema).min(1, WEBHOOK_MESSAGES.events).max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointBody>;

export const webhookEndpointPatch = z
  .object({
    name: webhookEndpointBody.shape.name,
    url: urlSchema,
    format: z.enum(WEBHOOK_FORMATS),
    events: webhookEndpointBody.shape.events,
    enabled: z.boolean(),
  })
  .partial();
export type WebhookEndpointPatch = z.infer<typeof webhookEndpointPatch>;

export const webhookIdParams = z.object({ id: z.uuid() });

/** An endpoint as lists show it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  events: z.array(eventSchema),
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The newest delivery's outcome, if any. */
  lastDelivery: z
    .object({ status: z.string(), statusCode: z.number().int().nullable(), at: z.iso.datetime() })
    .nullable(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

/** POST's answer: the endpoint and its signing secret, shown this once. */
export const webhookCreatedSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().describe('The signing secret: shown only in this answer'),
});

export const webhookSettingsSchema = z.object({
  /** Private addresses (loopback, local networks, link-local, cloud metadata) may be used. */
  allowPrivate: z.boolean(),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

export const webhookListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  settings: webhookSettingsSchema,
});
export type WebhookList = z.infer<typeof webhookListSchema>;

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null before an answer (or when none came). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const DELIVERY_LIST_LIMIT = 100;

// --- Payloads ----------------------------------------------------------------------------------

const person = z
  .object({ id: z.uuid().nullable(), name: z.string().nullable() })
  .describe('Who did it: a user, or a review link guest (id null, name "Alex (guest)")');
const videoRef = z
  .object({ id: z.uuid(), name: z.string(), status: z.string(), clientId: z.uuid() })
  .nullable()
  .describe('The video, as it was when the event was sent; null when it is gone (or none)');

const payloadData: Record<WebhookEvent, z.ZodType> = {
  'video.created': z.object({ status: z.string() }),
  'video.status_changed': z.object({ from: z.string(), to: z.string() }),
  'video.version_added': z.object({ number: z.number().int(), note: z.string() }),
  'comment.added': z.object({
    commentId: z.uuid(),
    content: z.string(),
    version: z.number().int().nullable(),
  }),
  'video.approved': z.object({ round: z.number().int(), version: z.number().int().nullable() }),
  'video.changes_requested': z.object({
    round: z.number().int(),
    version: z.number().int().nullable(),
    note: z.string().nullable(),
  }),
  'video.paid': z.object({
    amount: z.string().regex(/^-?\d+\.\d{2}$/),
    kind: z.string(),
    label: z.string(),
  }),
  'invoice.issued': z.object({
    invoiceId: z.uuid(),
    number: z.number().int(),
    clientId: z.uuid().nullable(),
    total: z.string().regex(/^-?\d+\.\d{2}$/),
    currency: z.string(),
  }),
};

/** The JSON body of a signed delivery of `event`. */
export const webhookPayloadSchema = (event: WebhookEvent) =>
  z.object({
    id: z.uuid().describe('The event: the same in every delivery and retry of it'),
    type: z.literal(event),
    occurredAt: z.iso.datetime(),
    actor: person,
    video: videoRef,
    data: payloadData[event],
    url: z.string().describe('Where the app shows it'),
  });
export type WebhookPayload = {
  id: string;
  type: WebhookEvent;
  occurredAt: string;
  actor: { id: string | null; name: string | null };
  video: { id: string; name: string; status: string; clientId: string } | null;
  data: Record<string, unknown>;
  url: string;
};

/** The OpenAPI `webhooks` object: one POST per event, its body the payload. */
export function webhooksOpenApi(): Record<string, unknown> {
  const hooks: Record<string, unknown> = {};
  for (const event of WEBHOOK_EVENTS) {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(webhookPayloadSchema(event), {
      io: 'input',
    });
    hooks[event] = {
      post: {
        operationId: `webhook_${event.replace('.', '_')}`,
        summary: WEBHOOK_EVENT_LABELS[event],
        description:
          `Sent to endpoints that chose "${WEBHOOK_EVENT_LABELS[event]}". Signed JSON endpoints get ` +
          `the \`${SIGNATURE_HEADER}\` header \`t=<unix seconds>,v1=<hex>\`: HMAC-SHA256 with the ` +
          "endpoint's secret over `<t>.<raw body>`; refuse a t more than " +
          `${SIGNATURE_TOLERANCE_SECONDS} s from your clock. Slack endpoints get \`{ "text": "…" }\`. ` +
          'Answer 2xx within 10 s; anything else is retried with backoff for 24 hours.',
        tags: ['webhooks'],
        parameters: [
          {
            name: SIGNATURE_HEADER,
            in: 'header',
            required: true,
            schema: { type: 'string' },
            description: 't=<unix seconds>,v1=<hex HMAC-SHA256>',
          },
          { name: 'Webhook-Id', in: 'header', required: true, schema: { type: 'string' } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: { '200': { description: 'Received (any 2xx)' } },
      },
    };
  }
  return hooks;
}

// --- Slack -------------------------------------------------------------------------------------

/** Slack's three escapes in mrkdwn text (&, <, >). */
const slackEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const statusWords = (s: unknown) => String(s).replaceAll('_', ' ');

/** A Slack message for a payload: who did what to which video, with a link. */
export function slackText(p: WebhookPayload): string {
  const who = `*${slackEscape(p.actor.name ?? 'Someone')}*`;
  const name = p.video?.name ?? (p.type === 'invoice.issued' ? 'an invoice' : 'a video');
  const link = `<${p.url}|${slackEscape(name)}>`;
  const d = p.data;
  switch (p.type) {
    case 'video.created':
      return `${who} created ${link}`;
    case 'video.status_changed':
      return `${who} moved ${link} from ${statusWords(d.from)} to ${statusWords(d.to)}`;
    case 'video.version_added':
      return `${who} added v${String(d.number)} of ${link}`;
    case 'comment.added':
      return `${who} commented on ${link}: ${slackEscape(String(d.content).slice(0, 300))}`;
    case 'video.approved':
      return `${who} approved ${link}`;
    case 'video.changes_requested':
      return `${who} requested changes on ${link}`;
    case 'video.paid':
      return `${who} marked ${p.video ? link : slackEscape(String(d.label))} paid (${String(d.amount)})`;
    case 'invoice.issued':
      return `${who} issued <${p.url}|invoice ${String(d.number)}> (${String(d.total)} ${String(d.currency)})`;
  }
}
