import { z } from 'zod';
import { DATE_RANGE_MESSAGE, yearInRange } from './dates';
import { moneyAmount, moneyInput } from './money';

/**
 * Retainers (issue 42; docs/rules.md "Money"): a client pays a monthly fee for an allowance of
 * videos. The month arithmetic lives here, pure; the server reads the rows and writes what this
 * decides (server/modules/retainers).
 *
 * - Months are 'YYYY-MM', UTC. A retainer runs from its start month to its end month (none: on).
 * - Terms apply from a month's first day: for a month, the terms with the latest effectiveFrom
 *   not after it. A change made during a month applies from the next month; a retainer not yet
 *   started may be changed for its start month.
 * - The allowance is a total (bucket '*') or one per video type name (a bucket per type; a type
 *   without an allowance has none of its own: all overage, save what it carried).
 * - A video completed in the month (and unpaid) draws from its bucket in finish order:
 *   rolled-over videos first, the oldest carry first, then the month's own allowance; beyond
 *   those it is overage and owes its usual price.
 * - The unused own allowance rolls over, each for at most rolloverMonths months (0: nothing
 *   rolls over) and at most rolloverMax videos carried in all; when more would carry, the newest
 *   are kept (they last longest). A carry serves only videos of its own bucket.
 */

export const RETAINER_MESSAGES = {
  notFound: 'This client has no retainer',
  clientOnly: 'Only a client has a retainer',
  month: 'Month must be in the form YYYY-MM',
  allowanceOne: 'Give either a total allowance or an allowance per video type',
  allowanceCount: 'An allowance must be a whole number from 0 to 10000',
  allowanceTypes: 'An allowance per video type needs at least one type and at most 100',
  unknownType: (name: string) => `There is no video type named "${name}"`,
  rolloverMax: 'Rollover maximum must be a whole number from 0 to 10000',
  rolloverMonths: 'Rollover months must be a whole number from 0 to 24',
  startPast: 'A retainer cannot start in a month that has begun already',
  startFixed: 'A retainer that has started keeps its start month',
  endBeforeStart: 'The end month must not be before the start month',
  endPast: 'The end month must not be before this month',
  ended: 'This retainer has ended; it can no longer be changed',
  /** Mark paid's skip reason (server/modules/invoicing): shown beside the count. */
  pending: "draws from its client's retainer; billed when the month closes",
  closed: (n: number) =>
    n === 0
      ? 'No retainer month was due to close.'
      : `Closed ${n} retainer month${n === 1 ? '' : 's'}.`,
} as const;

/** The retainer loop closes ended months this often (server/modules/retainers). */
export const RETAINER_CLOSE_EVERY_MS = 15 * 60 * 1000;

export const TOTAL_BUCKET = '*';
export const MAX_ALLOWANCE = 10_000;
export const MAX_ROLLOVER_MONTHS = 24;

// --- Months -------------------------------------------------------------------------------------

/** 'YYYY-MM' of an instant, UTC. */
export const monthOfDate = (date: Date): string => date.toISOString().slice(0, 7);

/** The month `offset` months from `month`. */
export function shiftMonth(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOfDate(new Date(Date.UTC(y, m - 1 + offset, 1)));
}

/** A month's first day as a date ('2027-03' -> '2027-03-01'), the database's form. */
export const monthDate = (month: string): string => `${month}-01`;

/** The month of a database date ('2027-03-01' -> '2027-03'). */
export const monthOfDay = (day: string): string => day.slice(0, 7);

/** The months' names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'March 2027'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** The description of a month's fee charge: 'Retainer · March 2027'. */
export const retainerFeeDescription = (month: string): string => `Retainer · ${monthLabel(month)}`;

/** Whether a retainer runs in `month`. */
export const retainerRunsIn = (
  r: { startMonth: string; endMonth: string | null },
  month: string,
): boolean => r.startMonth <= month && (r.endMonth === null || month <= r.endMonth);

/**
 * The month a change of terms made in `currentMonth` applies from: the next month, or the start
 * month of a retainer that has not started yet.
 */
export function changeAppliesFrom(startMonth: string, currentMonth: string): string {
  return startMonth > currentMonth ? startMonth : shiftMonth(currentMonth, 1);
}

// --- Terms --------------------------------------------------------------------------------------

export interface RetainerTerms {
  /** The month they apply from. */
  effectiveFrom: string;
  monthlyFee: string;
  /** A total allowance, or null when allowanceByType holds one per video type name. */
  allowance: number | null;
  allowanceByType: Record<string, number> | null;
  rolloverMax: number;
  rolloverMonths: number;
}

/** The terms for `month`: the latest effectiveFrom not after it (none before the first). */
export function termsForMonth<T extends { effectiveFrom: string }>(
  terms: readonly T[],
  month: string,
): T | undefined {
  let best: T | undefined;
  for (const t of terms) {
    if (t.effectiveFrom <= month && (!best || t.effectiveFrom > best.effectiveFrom)) best = t;
  }
  return best;
}

/** The own allowance of each bucket under `terms`: '*' for a total, else each type's. */
export function allowances(terms: Pick<RetainerTerms, 'allowance' | 'allowanceByType'>) {
  const out = new Map<string, number>();
  if (terms.allowance !== null) out.set(TOTAL_BUCKET, terms.allowance);
  else for (const [type, n] of Object.entries(terms.allowanceByType ?? {})) out.set(type, n);
  return out;
}

// --- A month ------------------------------------------------------------------------------------

/** Unused allowance carried on: `count` videos of `bucket`, earned in `from`, usable to `until`. */
export interface Carry {
  bucket: string;
  from: string;
  until: string;
  count: number;
}

/** A video completed in the month: its type's name and when it was finished (ISO). */
export interface MonthVideo {
  id: string;
  type: string;
  finishedAt: string;
}

export interface Draw {
  videoId: string;
  bucket: string;
  covered: boolean;
}

export interface BucketSummary {
  bucket: string;
  /** The month's own allowance. */
  allowance: number;
  /** Carried into the month (still valid at its start). */
  rolledOver: number;
  /** Videos covered by a carry, and by the own allowance. */
  usedRolledOver: number;
  usedOwn: number;
  /** Videos beyond both: they owe their price. */
  overage: number;
  /** Carries that lapsed unused at the month's end. */
  expired: number;
  /** Carried on to the next months. */
  carriedOut: number;
}

export interface MonthResult {
  month: string;
  draws: Draw[];
  buckets: BucketSummary[];
  /** What the next month receives. */
  carries: Carry[];
}

const byCarryAge = (a: Carry, b: Carry) =>
  a.from.localeCompare(b.from) ||
  a.until.localeCompare(b.until) ||
  a.bucket.localeCompare(b.bucket);

/**
 * One month of a retainer: the draws of its videos, each bucket's count, and the carries it
 * passes on. `carriesIn` are the previous month's carries (those past their last month are
 * dropped).
 */
export function runMonth(input: {
  month: string;
  terms: Pick<RetainerTerms, 'allowance' | 'allowanceByType' | 'rolloverMax' | 'rolloverMonths'>;
  carriesIn: readonly Carry[];
  videos: readonly MonthVideo[];
}): MonthResult {
  const { month, terms } = input;
  const own = allowances(terms);
  const carries = input.carriesIn
    .filter((c) => c.until >= month && c.count > 0)
    .map((c) => ({ ...c }))
    .sort(byCarryAge);
  const buckets = new Map<string, BucketSummary>();
  const bucket = (name: string) => {
    let b = buckets.get(name);
    if (!b) {
      b = {
        bucket: name,
        allowance: own.get(name) ?? 0,
        rolledOver: 0,
        usedRolledOver: 0,
        usedOwn: 0,
        overage: 0,
        expired: 0,
        carriedOut: 0,
      };
      buckets.set(name, b);
    }
    return b;
  };
  for (const name of own.keys()) bucket(name);
  for (const c of carries) bucket(c.bucket).rolledOver += c.count;

  const videos = [...input.videos].sort(
    (a, b) => a.finishedAt.localeCompare(b.finishedAt) || a.id.localeCompare(b.id),
  );
  const draws: Draw[] = [];
  for (const v of videos) {
    const name = terms.allowance !== null ? TOTAL_BUCKET : v.type;
    const b = bucket(name);
    const carry = carries.find((c) => c.bucket === name && c.count > 0);
    let covered = true;
    if (carry) {
      carry.count -= 1;
      b.usedRolledOver += 1;
    } else if (b.usedOwn < b.allowance) {
      b.usedOwn += 1;
    } else {
      b.overage += 1;
      covered = false;
    }
    draws.push({ videoId: v.id, bucket: name, covered });
  }

  // Carries on: the unexpired rest, and the unused own allowance; the newest kept first.
  for (const c of carries) if (c.until === month) bucket(c.bucket).expired += c.count;
  const candidates = carries.filter((c) => c.until > month && c.count > 0);
  if (terms.rolloverMonths > 0) {
    for (const b of buckets.values()) {
      const unused = b.allowance - b.usedOwn;
      if (unused > 0) {
        candidates.push({
          bucket: b.bucket,
          from: month,
          until: shiftMonth(month, terms.rolloverMonths),
          count: unused,
        });
      }
    }
  }
  candidates.sort(
    (a, b) =>
      b.from.localeCompare(a.from) ||
      b.until.localeCompare(a.until) ||
      a.bucket.localeCompare(b.bucket),
  );
  let room = terms.rolloverMax;
  const out: Carry[] = [];
  for (const c of candidates) {
    if (room <= 0) break;
    const count = Math.min(c.count, room);
    room -= count;
    out.push({ ...c, count });
    bucket(c.bucket).carriedOut += count;
  }
  out.sort(byCarryAge);
  const ordered = [...buckets.values()].sort((a, b) => a.bucket.localeCompare(b.bucket));
  return { month, draws, buckets: ordered, carries: out };
}

// --- What the client and the king see -----------------------------------------------------------

export interface MonthCounts {
  allowance: number;
  rolledOver: number;
  /** Videos covered this month (by the own allowance or a carry). */
  used: number;
  /** Still covered before overage begins: allowance + rolledOver - used. */
  left: number;
  /** Videos beyond the allowance: they owe their price. */
  overage: number;
}

export function countsOf(buckets: readonly BucketSummary[]): MonthCounts {
  const c = { allowance: 0, rolledOver: 0, used: 0, left: 0, overage: 0 };
  for (const b of buckets) {
    const used = b.usedOwn + b.usedRolledOver;
    c.allowance += b.allowance;
    c.rolledOver += b.rolledOver;
    c.used += used;
    c.left += b.allowance + b.rolledOver - used;
    c.overage += b.overage;
  }
  return c;
}

/** The client's card: the month's counts, the day it resets, and per type when so allowed. */
export function retainerCard(
  result: Pick<MonthResult, 'month' | 'buckets'>,
  perType: boolean,
): RetainerCard {
  const card: RetainerCard = {
    month: result.month,
    ...countsOf(result.buckets),
    resetsOn: monthDate(shiftMonth(result.month, 1)),
  };
  if (perType) {
    card.byType = result.buckets
      .filter((b) => b.bucket !== TOTAL_BUCKET)
      .map((b) => ({ type: b.bucket, ...countsOf([b]) }));
  }
  return card;
}

// --- The API ------------------------------------------------------------------------------------

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const monthField = z
  .string({ error: RETAINER_MESSAGES.month })
  .trim()
  .regex(MONTH, RETAINER_MESSAGES.month)
  .refine(yearInRange, DATE_RANGE_MESSAGE);

const count = (message: string, max: number) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message);

/** PUT /api/admin/clients/{id}/retainer. */
export const retainerBody = z
  .object({
    monthlyFee: moneyInput('monthlyFee'),
    allowance: count(RETAINER_MESSAGES.allowanceCount, MAX_ALLOWANCE).nullable().optional(),
    allowanceByType: z
      .record(
        z.string().trim().min(1).max(100),
        count(RETAINER_MESSAGES.allowanceCount, MAX_ALLOWANCE),
        { error: RETAINER_MESSAGES.allowanceTypes },
      )
      .nullable()
      .optional()
      .refine(
        (r) => !r || (Object.keys(r).length >= 1 && Object.keys(r).length <= 100),
        RETAINER_MESSAGES.allowanceTypes,
      ),
    rolloverMax: count(RETAINER_MESSAGES.rolloverMax, MAX_ALLOWANCE).default(0),
    rolloverMonths: count(RETAINER_MESSAGES.rolloverMonths, MAX_ROLLOVER_MONTHS).default(0),
    startMonth: monthField.optional(),
    endMonth: monthField.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const total = b.allowance !== undefined && b.allowance !== null;
    const typed = b.allowanceByType !== undefined && b.allowanceByType !== null;
    if (total === typed) {
      ctx.addIssue({
        code: 'custom',
        path: ['allowance'],
        message: RETAINER_MESSAGES.allowanceOne,
      });
    }
    if (b.startMonth && b.endMonth && b.endMonth < b.startMonth) {
      ctx.addIssue({
        code: 'custom',
        path: ['endMonth'],
        message: RETAINER_MESSAGES.endBeforeStart,
      });
    }
  });
export type RetainerBody = z.input<typeof retainerBody>;
export type RetainerInput = z.output<typeof retainerBody>;

const termsSchema = z.object({
  effectiveFrom: z.string(),
  monthlyFee: moneyAmount,
  allowance: z.number().nullable(),
  allowanceByType: z.record(z.string(), z.number()).nullable(),
  rolloverMax: z.number(),
  rolloverMonths: z.number(),
});

const countsShape = {
  allowance: z.number(),
  rolledOver: z.number(),
  used: z.number(),
  left: z.number(),
  overage: z.number(),
};

/** GET /api/me/retainer (or null), and the admin view's `thisMonth`. */
export const retainerCardSchema = z.object({
  month: z.string(),
  ...countsShape,
  /** The next month's first day, 'YYYY-MM-DD'. */
  resetsOn: z.string(),
  /** Per video type, when the allowance is per type. */
  byType: z.array(z.object({ type: z.string(), ...countsShape })).optional(),
});
export type RetainerCard = z.infer<typeof retainerCardSchema>;
export const myRetainerSchema = retainerCardSchema.nullable();

/** GET/PUT/DELETE /api/admin/clients/{id}/retainer: the retainer, or null when it has none. */
export const retainerSchema = z.object({
  clientId: z.string(),
  startMonth: z.string(),
  endMonth: z.string().nullable(),
  /** The terms of this month (before the start: of the start month). */
  terms: termsSchema,
  /** Terms set to apply from a later month, if any. */
  nextTerms: termsSchema.nullable(),
  /** This month's counts, or null when the retainer does not run this month. */
  thisMonth: retainerCardSchema.nullable(),
});
export type Retainer = z.infer<typeof retainerSchema>;
export const retainerAnswerSchema = retainerSchema.nullable();

export const retainersQuery = z.object({ month: monthField.optional() });

/** GET /api/admin/retainers: one row per retainer running in the month. */
export const retainerRowSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  month: z.string(),
  fee: moneyAmount,
  ...countsShape,
  /** Whether the month is closed (its draws and fee are fixed). */
  closed: z.boolean(),
});
export type RetainerRow = z.infer<typeof retainerRowSchema>;
export const retainerRowsSchema = z.array(retainerRowSchema);

/** POST /api/admin/retainers/close. */
export const retainerCloseSchema = z.object({ message: z.string(), closed: z.number() });
