import { z } from 'zod';
import { textAnswer } from './api';
import { addMonths, checkMonthRange, monthOf, monthParam, TREND_MONTHS } from './invoicing';
import { addMoney, compareMoney, moneyAmount, percentChange } from './money';

/**
 * Margin (issue 44, docs/rules.md "Margin"): revenue minus editor payouts over a period of UTC
 * months, grouped one way. Revenue is the payments ledger's (paid minus reversed, in the month it
 * happened); payouts are the locked payout items, in the month they locked in. The king and
 * admins only, like all money.
 */

export const MARGIN_GROUPS = ['video', 'client', 'type', 'editor', 'month'] as const;
export type MarginGroup = (typeof MARGIN_GROUPS)[number];

export const MARGIN_GROUP_LABELS: Record<MarginGroup, string> = {
  video: 'Video',
  client: 'Client',
  type: 'Type',
  editor: 'Editor',
  month: 'Month',
};

export const MARGIN_MESSAGES = {
  by: `Group by must be one of: ${MARGIN_GROUPS.join(', ')}`,
  /** The row of retainer fees where the grouping is by video, type or editor. */
  retainerFees: 'Retainer fees',
  /** A video whose revenue carries no payout: its whole revenue is margin. */
  noPayout: 'no payout',
  retainerNote: 'A retainer fee belongs to a client and a month, not to a video, type or editor',
  unassigned: 'Unassigned',
} as const;

/**
 * GET /api/admin/margin(.csv)?by=&from=&to=: months inclusive; without either end the last six
 * months up to the current one (one end alone: the six months from or up to it).
 */
export const marginQuery = z
  .object({
    by: z.enum(MARGIN_GROUPS, { error: MARGIN_MESSAGES.by }).default('client'),
    from: monthParam.optional(),
    to: monthParam.optional(),
  })
  .superRefine((q, ctx) => checkMonthRange(q.from, q.to, ctx, ['from', 'to']));
export type MarginQuery = z.input<typeof marginQuery>;

/** The period a query names: `from` and `to` ('YYYY-MM', inclusive), as the answer says it. */
export function marginPeriod(
  q: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): { from: string; to: string } {
  const to = q.to ?? (q.from ? addMonths(q.from, TREND_MONTHS - 1) : monthOf(now));
  return { from: q.from ?? addMonths(to, -(TREND_MONTHS - 1)), to };
}

/**
 * Margin as a percent of revenue with one decimal ('25.0', '-12.5'), rounded half away from
 * zero; null without revenue (nothing to divide by). margin / revenue is the change from revenue
 * to revenue + margin, so percentChange's exact arithmetic says it.
 */
export function marginPercent(revenue: string, margin: string): string | null {
  if (compareMoney(revenue, '0.00') <= 0) return null;
  return percentChange(revenue, addMoney(revenue, margin));
}

const money = moneyAmount;

const figures = {
  revenue: money,
  payouts: money,
  /** revenue − payouts. */
  margin: money,
  /** margin / revenue in percent, one decimal; null when revenue is not above zero. */
  marginPercent: z.string().nullable(),
};

export const marginRowSchema = z.object({
  /** The video, client or editor id, the type's name, the month 'YYYY-MM'; null for Unassigned and the retainer fees. */
  key: z.string().nullable(),
  label: z.string(),
  /** The row of retainer fees (by video, type or editor). */
  retainerFees: z.boolean(),
  /** By video: the video has revenue in the period and no payout was ever locked for it. */
  noPayout: z.boolean(),
  ...figures,
});
export type MarginRow = z.infer<typeof marginRowSchema>;

export const marginTrendSchema = z.array(z.object({ month: z.string(), ...figures }));
export type MarginTrend = z.infer<typeof marginTrendSchema>;

export const marginReportSchema = z.object({
  by: z.enum(MARGIN_GROUPS),
  from: z.string(),
  to: z.string(),
  /** Largest margin first (by month: in order of the months, each month of the period). */
  rows: z.array(marginRowSchema),
  total: z.object(figures),
  /** The six months ending with `to`. */
  trend: marginTrendSchema,
});
export type MarginReport = z.infer<typeof marginReportSchema>;

/** GET /api/admin/margin.csv. */
export const marginCsvAnswer = textAnswer('The margin report of a period as CSV', ['text/csv']);

/** The margin CSV's columns after the group's own ('Client', 'Video', …). */
export const MARGIN_CSV_COLUMNS = [
  'Revenue (USD)',
  'Payouts (USD)',
  'Margin (USD)',
  'Margin %',
  'Note',
] as const;

/** The note of a row, in the table and the CSV: 'no payout', or what the retainer row is. */
export function marginNote(row: Pick<MarginRow, 'noPayout' | 'retainerFees'>): string {
  if (row.noPayout) return MARGIN_MESSAGES.noPayout;
  if (row.retainerFees) return MARGIN_MESSAGES.retainerNote;
  return '';
}
