import { z } from 'zod';

/**
 * The audit log (issue 46 part 6; docs/rules.md "Audit log"): one entry per change to people,
 * prices, plans, retainers, payments, payouts, invoices, webhooks and tokens, with who, when,
 * from which address, what, and the record before and after. The king reads, filters and
 * exports it; nobody changes or deletes it.
 */

export const AUDIT_KINDS = [
  'people',
  'prices',
  'plans',
  'retainers',
  'payments',
  'payouts',
  'invoices',
  'agency',
  'webhooks',
  'tokens',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  people: 'People',
  prices: 'Prices',
  plans: 'Pricing plans',
  retainers: 'Retainers',
  payments: 'Payments',
  payouts: 'Payouts',
  invoices: 'Invoices',
  agency: 'Agency settings',
  webhooks: 'Webhooks',
  tokens: 'API tokens',
};

export const AUDIT_MESSAGES = {
  forbidden: 'Only the king can read the audit log',
} as const;

/** Entries a page holds at most. */
export const AUDIT_PAGE_MAX = 200;

/**
 * Fields never written to the log, at any depth (a password, a token or webhook secret, a
 * second factor's secret or recovery codes): their value is replaced by HIDDEN.
 */
export const AUDIT_HIDDEN_FIELD = /(password|secret|^token$|recovery|otpauth|^qr)/i;
export const HIDDEN = '[hidden]';

/** A value as the log keeps it: the hidden fields masked, at any depth. */
export function auditSafe(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(auditSafe);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        AUDIT_HIDDEN_FIELD.test(key) && v !== null && v !== undefined ? HIDDEN : auditSafe(v),
      ]),
    );
  }
  return value;
}

export const auditQuery = z.object({
  kind: z.enum(AUDIT_KINDS, { error: `The kind is one of ${AUDIT_KINDS.join(', ')}` }).optional(),
  actorId: z.uuid({ error: 'Unknown person' }).optional(),
  /** Only entries from this day on ('YYYY-MM-DD', UTC). */
  from: z.iso.date({ error: 'from is a day, YYYY-MM-DD' }).optional(),
  /** Only entries up to this day, included. */
  to: z.iso.date({ error: 'to is a day, YYYY-MM-DD' }).optional(),
  /** Words in the action or subject. */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  address: z.string().nullable(),
  kind: z.enum(AUDIT_KINDS),
  action: z.string(),
  subject: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_CSV_HEADER = [
  'When (UTC)',
  'Who',
  'Address',
  'Kind',
  'Action',
  'Subject',
  'Before',
  'After',
] as const;
