import { z } from 'zod';
import { textAnswer } from './api';
import { DATE_RANGE_MESSAGE, yearInRange } from './dates';
import { compareMoney, moneyAmount, moneyInput } from './money';
import { isAdmin, type Actor } from './roles';
import { COMPLETED_STATUSES } from './video-status';

/**
 * Invoicing, pricing and revenue contracts (docs/product.md#screens, #data, #validation-and-messages, #the-api and #constants-and-limits; docs/rules.md#rules-the-product-leaves-open), used by the /invoicing page and enforced by the server.
 *
 * Amount owed by a completed, unpaid video: the amount the king typed for it when that is more
 * than zero, else its effective price (the client's custom price for its type, else the client's
 * active plan rule for type and duration, else the default plan's rule, else the type's default
 * price). Typing 0 therefore means "no typed amount": the video owes its price again. A paid
 * video shows the price locked when it was marked paid; price changes never touch it.
 */

export const INVOICING_MESSAGES = {
  forbidden: 'Only the king or an admin can manage invoicing, pricing and payments',
  selectToPay: 'Please select videos to mark as paid',
  selectToUnpay: 'Please select videos to mark as unpaid',
  tooMany: 'At most 1000 videos at once',
  videoId: 'Each id must be a video id',
  videoNotFound: 'Video not found',
  clientNotFound: 'Client not found',
  videoTypeNotFound: 'Video type not found',
  planNotFound: 'Pricing plan not found',
  ruleNotFound: 'Pricing rule not found',
  customPriceNotFound: 'This client has no custom price for this video type',
  /** With the locked amount in US dollars, e.g. '$25.00'. */
  lockedAmount: (usd: string) =>
    `This video is paid and its amount is locked at ${usd}. Mark it unpaid before changing the amount.`,
  /** A video on an issued invoice: the invoice fixed its amount. */
  invoicedAmount:
    'This video is on an issued invoice, which fixed its amount. Its amount can no longer change.',
  month: 'Month must be in the form YYYY-MM',
  monthRange: 'The start month must not be after the end month',
  monthSpan: 'Trends cover at most 120 months',
  date: 'Please enter a valid date (YYYY-MM-DD)',
  dateRange: 'The start date must not be after the end date',
  customRange: 'Choose a start or an end date for the custom range',
  planName: 'Plan name is required',
  planNameLong: 'Plan name must be at most 100 characters',
  planNameTaken: 'A pricing plan with this name already exists',
  displayNameLong: 'Display name must be at most 100 characters',
  descriptionLong: 'Description must be at most 1000 characters',
  duration: 'Duration must be a whole number of seconds, zero or more',
  durationRange: 'Maximum duration must be at least the minimum duration',
  planInactive: 'Only an active pricing plan can be assigned to a client',
  nothingToUpdate: 'At least one field must be updated',
} as const;

/** Who may reach invoicing, pricing, payments and revenue: the king or an admin. */
export const canManageInvoicing = (actor: Pick<Actor, 'role' | 'isAdmin'>): boolean =>
  isAdmin(actor);

export { COMPLETED_STATUSES };
export const PAYMENT_STATUSES = ['paid', 'unpaid'] as const;
export const RETAINER_BILLING = ['covered', 'overage', 'pending'] as const;
export type RetainerBilling = (typeof RETAINER_BILLING)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// --- Invoicing rows ------------------------------------------------------------------------

export const INVOICING_SORT_KEYS = [
  'clientName',
  'editorName',
  'type',
  'amount',
  'finishDate',
] as const;
export type InvoicingSortKey = (typeof INVOICING_SORT_KEYS)[number];
export const DATE_FILTERS = ['current', 'all', 'custom'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day 'YYYY-MM-DD' (a whole UTC day) or an ISO date-time. */
const dateParam = z
  .string({ error: INVOICING_MESSAGES.date })
  .trim()
  .refine((s) => {
    if (DAY.test(s)) {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }
    return /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s));
  }, INVOICING_MESSAGES.date)
  .refine(yearInRange, DATE_RANGE_MESSAGE);

const uuidParam = (message: string) => z.uuid({ error: message });

/**
 * GET /api/admin/invoicing. dateFilter 'current' (default): finished in the current month (UTC);
 * 'all'; 'custom': finished between from and to, both inclusive (a day means the whole UTC day).
 */
export const invoicingQuery = z
  .object({
    dateFilter: z
      .enum(DATE_FILTERS, { error: 'Date filter must be one of current, all, custom' })
      .default('current'),
    from: dateParam.optional(),
    to: dateParam.optional(),
    clientId: uuidParam(INVOICING_MESSAGES.clientNotFound).optional(),
    editorId: uuidParam('Editor not found').optional(),
    type: z.string().trim().max(50, 'Unknown video type').optional(),
    status: z
      .enum(COMPLETED_STATUSES, { error: 'Status must be ready_to_post or posted' })
      .optional(),
    paymentStatus: z
      .enum(PAYMENT_STATUSES, { error: 'Payment status must be paid or unpaid' })
      .optional(),
    sortBy: z
      .enum(INVOICING_SORT_KEYS, {
        error: `Sort must be one of ${INVOICING_SORT_KEYS.join(', ')}`,
      })
      .default('clientName'),
    sortOrder: z.enum(['asc', 'desc'], { error: 'Sort order must be asc or desc' }).default('asc'),
    // Numbers to callers (the document says so); the query string's text is coerced.
    limit: z.coerce
      .number<number>({ error: 'Limit must be a whole number from 1 to 5000' })
      .int('Limit must be a whole number from 1 to 5000')
      .min(1, 'Limit must be a whole number from 1 to 5000')
      .max(5000, 'Limit must be a whole number from 1 to 5000')
      .optional(),
    offset: z.coerce
      .number<number>({ error: 'Offset must be a whole number, zero or more' })
      .int('Offset must be a whole number, zero or more')
      .min(0, 'Offset must be a whole number, zero or more')
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.dateFilter !== 'custom') return;
    if (!q.from && !q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: INVOICING_MESSAGES.customRange });
    }
    if (q.from && q.to && rangeStart(q.from) >= rangeEnd(q.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: INVOICING_MESSAGES.dateRange });
    }
  });
export type InvoicingQuery = z.infer<typeof invoicingQuery>;
/** The query as a caller sends it: every field optional, defaults filled in by the server. */
export type InvoicingQueryInput = z.input<typeof invoicingQuery>;

/** The first instant of a custom range's start. */
export const rangeStart = (from: string): Date =>
  new Date(DAY.test(from) ? `${from}T00:00:00Z` : from);

/** The first instant after a custom range's end: the end day is included whole. */
export function rangeEnd(to: string): Date {
  if (!DAY.test(to)) return new Date(new Date(to).getTime() + 1);
  const d = new Date(`${to}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

const money = moneyAmount;
const isoDate = z.string();

/** One extra revision round of a video (issue 42; docs/rules.md#money). */
export const extraRoundSchema = z.object({
  /** Its round number: included + 1 and on. */
  round: z.number().int(),
  amount: money,
  paid: z.boolean(),
  /** Paid or on an invoice: its amount no longer follows the fee. */
  locked: z.boolean(),
});
export type ExtraRound = z.infer<typeof extraRoundSchema>;

/** One completed video as the invoicing table shows it (docs/product.md#data 'Invoicing row'). */
export const invoicingRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  link: z.string(),
  status: z.enum(COMPLETED_STATUSES),
  clientId: z.string(),
  clientName: z.string(),
  assignedEditorId: z.string().nullable(),
  /** The assigned editor's display name or username; null when unassigned. */
  editorName: z.string().nullable(),
  startDate: isoDate.nullable(),
  finishDate: isoDate.nullable(),
  duration: z.number().nullable(),
  /** What the video owes (unpaid) or the locked price (paid), two decimals. */
  paymentAmount: money,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paidDate: isoDate.nullable(),
  lockedPrice: money.nullable(),
  /** The amount the king typed, or null when the video owes its price. */
  typedAmount: money.nullable(),
  /** What the video would cost at today's prices. */
  effectivePrice: money,
  /** Where paymentAmount comes from. */
  amountSource: z.enum(['locked', 'typed', 'price']),
  /**
   * A retainer client's video (docs/rules.md "Money"): 'covered' (owes 0.00) or 'overage' (owes
   * its price) once its month closed, 'pending' (owes 0.00 until then) while it is open; null
   * outside a retainer.
   */
  retainer: z.enum(RETAINER_BILLING).nullable(),
  /** Where and on which day ('YYYY-MM-DD') a posted video went out; null unless posted. */
  publishedUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** How many review rounds the video went through (issue 41). */
  rounds: z.number().int(),
  /** How many rounds the client's pricing includes (client, else plan, else agency). */
  includedRounds: z.number().int(),
  /**
   * The video's extra rounds (beyond the included ones), by number: the amount (locked once
   * paid or invoiced, else floating at today's fee), whether paid and whether locked.
   */
  extraRounds: z.array(extraRoundSchema),
  /** What the unpaid extra rounds owe now, two decimals ('0.00' with none). */
  extraRoundsOwed: money,
  /** The sum of every extra round's amount, paid or not. */
  extraRoundsTotal: money,
});
export type InvoicingRow = z.infer<typeof invoicingRowSchema>;
export const invoicingRowListSchema = z.array(invoicingRowSchema);

/** /api/admin/videos/{id}/payment-amount: a malformed id is a video that does not exist. */
export const videoIdParams = z.object({ id: uuidParam(INVOICING_MESSAGES.videoNotFound) });

/** PATCH /api/admin/videos/{id}/payment-amount answers with the video's payment state. */
export const videoPaymentSchema = invoicingRowSchema.extend({ status: z.string() });
export type VideoPayment = z.infer<typeof videoPaymentSchema>;

// --- Revenue ---------------------------------------------------------------------------------

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A UTC month, 'YYYY-MM' (revenue, trends, margins). */
export const monthParam = z
  .string({ error: INVOICING_MESSAGES.month })
  .trim()
  .regex(MONTH, INVOICING_MESSAGES.month)
  .refine(yearInRange, DATE_RANGE_MESSAGE);

/** 'YYYY-MM' of a date, in UTC (months are UTC months throughout). */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** The month `offset` months from `month` ('2025-01', -1 gives '2024-12'). */
export function addMonths(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return monthOf(d);
}

/** First instant of a month (UTC). */
export function monthStart(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1));
}

export function monthsBetween(start: string, end: string): number {
  const [ys, ms] = start.split('-').map(Number) as [number, number];
  const [ye, me] = end.split('-').map(Number) as [number, number];
  return (ye - ys) * 12 + (me - ms);
}

/** The six months of the trend chart: the current one and the five before it. */
export const TREND_MONTHS = 6;

export const revenueSummaryQuery = z.object({ month: monthParam.optional() });
export type RevenueSummaryQuery = z.input<typeof revenueSummaryQuery>;

export const revenueTrendsQuery = z
  .object({ start: monthParam.optional(), end: monthParam.optional() })
  .superRefine((q, ctx) => checkMonthRange(q.start, q.end, ctx, ['start', 'end']));

/**
 * A range of months reads forwards and spans fewer than 120 months; the issue names the field
 * of `paths` ([start, end]) it is about. Either end missing: nothing to check.
 */
export function checkMonthRange(
  start: string | undefined,
  end: string | undefined,
  ctx: z.RefinementCtx,
  paths: readonly [string, string],
): void {
  if (!start || !end) return;
  const span = monthsBetween(start, end);
  if (span < 0) {
    ctx.addIssue({ code: 'custom', path: [paths[0]], message: INVOICING_MESSAGES.monthRange });
  } else if (span >= 120) {
    ctx.addIssue({ code: 'custom', path: [paths[1]], message: INVOICING_MESSAGES.monthSpan });
  }
}
export type RevenueTrendsQuery = z.input<typeof revenueTrendsQuery>;

export const revenueSummarySchema = z.object({
  month: z.string(),
  /** The ledger's amounts paid in the month minus those reversed in it. */
  totalRevenue: money,
  /** Payments in the month minus reversals in it. */
  totalVideos: z.number(),
  /** totalRevenue / totalVideos to the cent, '0.00' with no videos. */
  averagePerVideo: money,
  /**
   * Every completed video that owes now, whatever the month: what its unpaid price and unpaid
   * extra rounds owe, and how many videos owe something.
   */
  outstanding: z.object({ amount: money, videos: z.number() }),
});
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

export const revenueTrendSchema = z.array(
  z.object({ month: z.string(), totalRevenue: money, totalVideos: z.number() }),
);
export type RevenueTrend = z.infer<typeof revenueTrendSchema>;

// --- Payments --------------------------------------------------------------------------------

const videoIds = (emptyMessage: string) =>
  z
    .array(z.uuid({ error: INVOICING_MESSAGES.videoId }), { error: emptyMessage })
    .min(1, emptyMessage)
    .max(1000, INVOICING_MESSAGES.tooMany);

export const markPaidBody = z.object({ videoIds: videoIds(INVOICING_MESSAGES.selectToPay) });
export const markUnpaidBody = z.object({ videoIds: videoIds(INVOICING_MESSAGES.selectToUnpay) });
/**
 * The bodies as a caller sends them (before the schemas' defaults and checks; a money field is
 * any value, checked by the server). Mark paid and reverse take the same body.
 */
export type PaymentBody = z.input<typeof markPaidBody>;

export const SKIP_REASONS = [
  'not_found',
  'not_completed',
  'already_paid',
  'not_paid',
  /** A retainer client's video whose month is not closed yet (docs/rules.md "Money"). */
  'retainer_pending',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const paymentResultSchema = z.object({
  message: z.string(),
  /** How many videos changed. */
  updated: z.number(),
  /** How many of the selected videos were left as they were. */
  skipped: z.number(),
  updatedIds: z.array(z.string()),
  skippedVideos: z.array(z.object({ id: z.string(), reason: z.enum(SKIP_REASONS) })),
  /** Extra rounds paid (mark paid) or reversed (reverse) with them. */
  extraRounds: z.number(),
  /**
   * Mark paid: the sum of the prices locked (videos and extra rounds); reverse: the sum of the
   * prices released.
   */
  total: money,
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const paymentAmountBody = z.object({ paymentAmount: moneyInput('paymentAmount') });
export type PaymentAmountBody = z.input<typeof paymentAmountBody>;

// --- Prices ----------------------------------------------------------------------------------

export const defaultPriceBody = z.object({ defaultPrice: moneyInput('defaultPrice') });
export type DefaultPriceBody = z.input<typeof defaultPriceBody>;
export const customPriceBody = z.object({ price: moneyInput('customPrice') });
export type CustomPriceBody = z.input<typeof customPriceBody>;

/** Malformed ids in the pricing calls are things that do not exist. */
export const clientIdParams = z.object({ clientId: uuidParam(INVOICING_MESSAGES.clientNotFound) });
export const clientTypeParams = clientIdParams.extend({
  videoTypeId: uuidParam(INVOICING_MESSAGES.videoTypeNotFound),
});
export const videoTypeIdParams = z.object({ id: uuidParam(INVOICING_MESSAGES.videoTypeNotFound) });
export const planIdParams = z.object({ id: uuidParam(INVOICING_MESSAGES.planNotFound) });
export const ruleParams = planIdParams.extend({
  ruleId: uuidParam(INVOICING_MESSAGES.ruleNotFound),
});

export const videoTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  /** Only for the king and admins. */
  defaultPrice: money.optional(),
});
export type VideoTypePrice = z.infer<typeof videoTypeSchema>;
/** GET /api/video-types: the active types (a client side sees only its own custom ones). */
export const videoTypeListSchema = z.array(videoTypeSchema);

export const customPriceSchema = z.object({
  videoTypeId: z.string(),
  videoTypeName: z.string(),
  price: money,
});

/** PATCH /api/admin/client-pricing/{clientId}/{videoTypeId}: the client's price now. */
export const clientCustomPriceSchema = customPriceSchema.extend({ clientId: z.string() });
export type ClientCustomPrice = z.infer<typeof clientCustomPriceSchema>;

const planRef = z.object({ id: z.string(), name: z.string(), displayName: z.string() });

export const clientPricingListSchema = z.array(
  z.object({
    id: z.string(),
    username: z.string(),
    name: z.string().nullable(),
    customPricing: z.array(customPriceSchema),
    /** The client's active pricing plan, if any. */
    pricingPlan: planRef.nullable(),
  }),
);
export type ClientPricingList = z.infer<typeof clientPricingListSchema>;

export const PRICE_SOURCES = ['custom', 'plan', 'default_plan', 'default'] as const;

export const clientPricingDetailSchema = z.object({
  client: z.object({ id: z.string(), username: z.string(), name: z.string().nullable() }),
  pricingPlan: planRef.nullable(),
  videoTypes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      displayName: z.string(),
      defaultPrice: money,
      customPrice: money.nullable(),
      hasCustomPricing: z.boolean(),
      /**
       * The price a video of this type without a duration (0 seconds) owes this client; a plan
       * rule may price longer videos differently.
       */
      effectivePrice: money,
      priceSource: z.enum(PRICE_SOURCES),
    }),
  ),
});
export type ClientPricingDetail = z.infer<typeof clientPricingDetailSchema>;

// --- Pricing plans ---------------------------------------------------------------------------

const planName = z
  .string({ error: INVOICING_MESSAGES.planName })
  .trim()
  .min(1, INVOICING_MESSAGES.planName)
  .max(100, INVOICING_MESSAGES.planNameLong);
const displayName = z
  .string({ error: INVOICING_MESSAGES.displayNameLong })
  .trim()
  .max(100, INVOICING_MESSAGES.displayNameLong);
const description = z
  .string({ error: INVOICING_MESSAGES.descriptionLong })
  .max(1000, INVOICING_MESSAGES.descriptionLong);
const seconds = z
  .number({ error: INVOICING_MESSAGES.duration })
  .int(INVOICING_MESSAGES.duration)
  .min(0, INVOICING_MESSAGES.duration)
  .max(1_000_000, INVOICING_MESSAGES.duration);
const bool = (field: string) => z.boolean({ error: `${field} must be true or false` });

// --- Revision-round pricing (issue 42) ---------------------------------------------------------

export const ROUND_FEE_KINDS = ['flat', 'percent'] as const;
export type RoundFeeKind = (typeof ROUND_FEE_KINDS)[number];

export const ROUND_MESSAGES = {
  includedRounds: 'Included rounds must be a whole number from 0 to 100',
  roundFeeKind: 'Round fee kind must be flat or percent',
  pair: 'Round fee kind and round fee go together: give both, or both null',
  percent: 'A percentage round fee must be at most 100',
} as const;

/** How many review rounds a video includes: 0 to 100 (null: the next level's). */
export const includedRoundsInput = z
  .number({ error: ROUND_MESSAGES.includedRounds })
  .int(ROUND_MESSAGES.includedRounds)
  .min(0, ROUND_MESSAGES.includedRounds)
  .max(100, ROUND_MESSAGES.includedRounds);
export const roundFeeKindInput = z.enum(ROUND_FEE_KINDS, { error: ROUND_MESSAGES.roundFeeKind });
/** A flat amount, or a percentage (at most 100) of the video's price; two decimals. */
export const roundFeeInput = moneyInput('roundFee');

/** The checks of a kind and fee given together (a body's fields, any of them absent). */
export function checkRoundFee(
  v: { roundFeeKind?: RoundFeeKind | null; roundFee?: string | null },
  ctx: z.RefinementCtx,
): void {
  const kindGiven = v.roundFeeKind !== undefined;
  const feeGiven = v.roundFee !== undefined;
  if (kindGiven !== feeGiven || (v.roundFeeKind === null) !== (v.roundFee === null)) {
    ctx.addIssue({ code: 'custom', path: ['roundFee'], message: ROUND_MESSAGES.pair });
  } else if (v.roundFeeKind === 'percent' && v.roundFee && compareMoney(v.roundFee, '100.00') > 0) {
    ctx.addIssue({ code: 'custom', path: ['roundFee'], message: ROUND_MESSAGES.percent });
  }
}

/** A plan's or client's round pricing fields: null means the agency's (or the plan's). */
const roundPricingFields = {
  includedRounds: includedRoundsInput.nullable().optional(),
  roundFeeKind: roundFeeKindInput.nullable().optional(),
  roundFee: roundFeeInput.nullable().optional(),
};

export const createPlanBody = z
  .object({
    name: planName,
    /** Defaults to the name. */
    displayName: displayName.optional(),
    description: description.optional(),
    isActive: bool('isActive').optional(),
    isDefault: bool('isDefault').optional(),
    ...roundPricingFields,
  })
  .superRefine(checkRoundFee);

export const updatePlanBody = z
  .object({
    name: planName.optional(),
    displayName: displayName.min(1, 'Display name is required').optional(),
    description: description.optional(),
    isActive: bool('isActive').optional(),
    isDefault: bool('isDefault').optional(),
    ...roundPricingFields,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), INVOICING_MESSAGES.nothingToUpdate)
  .superRefine(checkRoundFee);
export type CreatePlanBody = z.input<typeof createPlanBody>;
export type UpdatePlanBody = z.input<typeof updatePlanBody>;

export const createRuleBody = z
  .object({
    videoTypeId: z.uuid({ error: INVOICING_MESSAGES.videoTypeNotFound }),
    minDurationSeconds: seconds.default(0),
    maxDurationSeconds: seconds.nullable().optional(),
    price: moneyInput('price'),
  })
  .refine(
    (r) =>
      r.maxDurationSeconds === null || r.maxDurationSeconds === undefined
        ? true
        : r.maxDurationSeconds >= r.minDurationSeconds,
    { path: ['maxDurationSeconds'], message: INVOICING_MESSAGES.durationRange },
  );

export const updateRuleBody = z
  .object({
    videoTypeId: z.uuid({ error: INVOICING_MESSAGES.videoTypeNotFound }).optional(),
    minDurationSeconds: seconds.optional(),
    maxDurationSeconds: seconds.nullable().optional(),
    price: moneyInput('price').optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), INVOICING_MESSAGES.nothingToUpdate);
export type CreateRuleBody = z.input<typeof createRuleBody>;
export type UpdateRuleBody = z.input<typeof updateRuleBody>;

export const ruleSchema = z.object({
  id: z.string(),
  planId: z.string(),
  videoTypeId: z.string(),
  videoTypeName: z.string(),
  minDurationSeconds: z.number(),
  maxDurationSeconds: z.number().nullable(),
  price: money,
});

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  /** Clients whose active plan this is. */
  clientCount: z.number(),
  /** The plan's revision-round pricing; null: the agency's. */
  includedRounds: z.number().nullable(),
  roundFeeKind: z.enum(ROUND_FEE_KINDS).nullable(),
  roundFee: money.nullable(),
  rules: z.array(ruleSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type PricingPlan = z.infer<typeof planSchema>;
export type PricingRule = z.infer<typeof ruleSchema>;
export const planListSchema = z.array(planSchema);

export const clientPlanBody = z.object({
  planId: z.uuid({ error: INVOICING_MESSAGES.planNotFound }).nullable(),
});

export type ClientPlanBody = z.input<typeof clientPlanBody>;

export const clientPlanSchema = z.object({ clientId: z.string(), pricingPlan: planRef.nullable() });
export type ClientPlan = z.infer<typeof clientPlanSchema>;

// --- Reports beyond the spec: CSV, breakdowns, unpaid work by age ---------

/** The invoicing table's filters, for the CSV export (the whole filtered list, no paging). */
export const invoicingCsvQuery = invoicingQuery;

/** A CSV download's answer as the API document shows it. */
const csvAnswer = (description: string) => textAnswer(description, ['text/csv']);
/** GET /api/admin/invoicing.csv. */
export const invoicingCsvAnswer = csvAnswer('The filtered invoicing rows as CSV');
/** GET /api/admin/payments.csv. */
export const ledgerCsvAnswer = csvAnswer(
  "The payments ledger's events (of a month, or all) as CSV",
);

/** The CSV's columns, in order; money as two-decimal text, dates 'YYYY-MM-DD HH:MM:SS' (UTC). */
/** What the CSV exports write for a video without an editor (and the import reads back). */
export const UNASSIGNED_EDITOR = 'Unassigned';

export const INVOICING_CSV_HEADER = [
  'Video',
  'Type',
  'Status',
  'Client',
  'Editor',
  'Start date',
  'Finish date',
  'Amount (USD)',
  'Payment status',
  'Paid date',
  'Locked price (USD)',
  'Link',
  'Published on',
  'Published URL',
  'Rounds',
  'Extra rounds',
  'Extra rounds (USD)',
  'Extra rounds unpaid (USD)',
] as const;

/** The last day of a month, 'YYYY-MM-DD'. */
export function monthLastDay(month: string): string {
  const next = monthStart(addMonths(month, 1));
  next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

export const revenueBreakdownQuery = z.object({ month: monthParam.optional() });
export type RevenueBreakdownQuery = z.input<typeof revenueBreakdownQuery>;

const breakdownEntry = z.object({
  /** The client, editor or type name; null for unassigned editors. */
  key: z.string().nullable(),
  label: z.string(),
  totalRevenue: money,
  totalVideos: z.number(),
});
export type BreakdownEntry = z.infer<typeof breakdownEntry>;

/**
 * The month's revenue (the ledger's payments minus reversals in it) split three ways, largest
 * first; clients, editors and types are those of the payment, a deleted one marked '(deleted)'.
 */
export const revenueBreakdownSchema = z.object({
  month: z.string(),
  byClient: z.array(breakdownEntry),
  byType: z.array(breakdownEntry),
  byEditor: z.array(breakdownEntry),
  /** Videos, Extra rounds, Retainer fees: totalVideos counts the kind's items. */
  byKind: z.array(breakdownEntry),
});
export type RevenueBreakdown = z.infer<typeof revenueBreakdownSchema>;

// --- The payments ledger -------------------------------------------------------------------

/** GET /api/admin/payments(.csv)?month=YYYY-MM: the ledger's events of a month, or all. */
export const ledgerQuery = z.object({ month: monthParam.optional() });

/**
 * One event of the payments ledger (docs/rules.md#rules-the-product-leaves-open): names and type as they were when it
 * happened, '(deleted)' after a video, client or editor that no longer exists.
 */
export const LEDGER_KINDS = ['video', 'extra_round', 'retainer_fee'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  video: 'Video',
  extra_round: 'Extra round',
  retainer_fee: 'Retainer fee',
};

export const ledgerEventSchema = z.object({
  id: z.string(),
  event: z.enum(['paid', 'reversed']),
  /** What was paid: a video's price, an extra round, a retainer's monthly fee. */
  kind: z.enum(LEDGER_KINDS),
  at: isoDate,
  /** Null for a retainer fee. */
  videoId: z.string().nullable(),
  videoName: z.string(),
  videoType: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  editorId: z.string().nullable(),
  editorName: z.string().nullable(),
  /** Two decimals; negative for a reversal (it subtracts). */
  amount: money,
  /** Who marked it paid or reversed it; null for payments made before the ledger existed. */
  by: z.string().nullable(),
});
export type LedgerEvent = z.infer<typeof ledgerEventSchema>;
export const ledgerEventListSchema = z.array(ledgerEventSchema);

/** The ledger CSV's columns, in order. */
export const LEDGER_CSV_HEADER = [
  'Date',
  'Event',
  'Kind',
  'Video',
  'Type',
  'Client',
  'Editor',
  'Amount (USD)',
  'By',
] as const;

/** Age buckets of completed unpaid work, in whole days since the video was finished. */
export const AGING_BUCKETS = [
  { key: '0-30', label: '0–30 days', maxDays: 30 },
  { key: '31-60', label: '31–60 days', maxDays: 60 },
  { key: '61-90', label: '61–90 days', maxDays: 90 },
  { key: '90+', label: 'Over 90 days', maxDays: null },
] as const;

export const unpaidAgingSchema = z.object({
  buckets: z.array(
    z.object({ key: z.string(), label: z.string(), amount: money, videos: z.number() }),
  ),
  total: z.object({ amount: money, videos: z.number() }),
  /** Issued invoices past their due date with a balance, by whole days overdue (issue 42). */
  overdueInvoices: z.object({
    buckets: z.array(
      z.object({ key: z.string(), label: z.string(), amount: money, invoices: z.number() }),
    ),
    total: z.object({ amount: money, invoices: z.number() }),
  }),
});
export type UnpaidAging = z.infer<typeof unpaidAgingSchema>;
