import { z } from 'zod';
import { messageAnswer, textAnswer } from './api';
import { monthParam } from './invoicing';
import { fromCents, moneyAmount, moneyInput, toCents } from './money';
import { monthLabel, monthOfDate } from './retainers';
import { PAYOUT_EVENTS, PAYOUT_KINDS, type PayoutEventKind } from './payout-labels';

/**
 * Editor rates and payouts (issue 44; docs/rules.md "Payouts"). The king sets a piece rate per
 * video type: a default (no editor) and, per editor, an override that wins whole (its round rate
 * too). When a video enters a completed status with an editor assigned, its payout locks for
 * that editor at the applying rate (no rate: nothing), with one item per extra review round at
 * the round rate (none: nothing), in the month of the lock (UTC). A rate change never moves a
 * locked item. Each (editor, month) is a statement; the king pays out its balance, which enters
 * an append-only ledger (a reversal is a new entry naming the one it reverses). Months are
 * 'YYYY-MM' (domain/retainers.ts).
 */

export const PAYOUT_MESSAGES = {
  forbidden: 'Only the king or an admin can manage payouts',
  editorsOnly: 'Only editors and lead editors have payouts',
  editorNotFound: 'There is no editor with this id',
  rateNotFound: 'There is no rate with this id',
  eventNotFound: 'There is no payout entry with this id',
  unknownType: (name: string) => `There is no video type named "${name}"`,
  typeRequired: 'Choose a video type',
  nothingToPay: 'Nothing to pay out: the balance of this month is 0.00',
  onlyPaidOut: 'Only a pay-out can be reversed',
  alreadyReversed: 'This pay-out was reversed already',
  rateSaved: 'Rate saved. Videos completed from now on are paid at it.',
  rateRemoved: 'Rate removed.',
  paidOut: (editor: string, month: string, amount: string) =>
    `Paid out ${amount} to ${editor} for ${monthLabel(month)}.`,
  reversed: (editor: string, month: string, amount: string) =>
    `Reversed the pay-out of ${amount} to ${editor} for ${monthLabel(month)}.`,
} as const;

/** The month of an instant ('YYYY-MM', UTC): a lock's statement. */
export const payoutMonthOf = (at: Date): string => monthOfDate(at);

// --- Statement arithmetic -----------------------------------------------------------------------

export interface StatementSums {
  /** The locked items' amounts. */
  items: readonly string[];
  /** The ledger's entries of the statement. */
  events: readonly { event: PayoutEventKind; amount: string }[];
}

/**
 * A statement's totals, exact to the cent: total = the items' sum; paid = the pay-outs less the
 * reversals; balance = total − paid (what a pay-out pays).
 */
export function statementTotals({ items, events }: StatementSums) {
  const total = items.reduce((sum, a) => sum + toCents(a), 0n);
  const paid = events.reduce(
    (sum, e) => sum + (e.event === 'paid_out' ? toCents(e.amount) : -toCents(e.amount)),
    0n,
  );
  return { total: fromCents(total), paid: fromCents(paid), balance: fromCents(total - paid) };
}

// --- Rates --------------------------------------------------------------------------------------

export const editorRateSchema = z.object({
  id: z.uuid(),
  /** null: the default for the type, for every editor without an own rate. */
  editorId: z.uuid().nullable(),
  editorName: z.string().nullable(),
  videoType: z.string(),
  rate: moneyAmount,
  /** What each extra review round pays; null: nothing. */
  roundRate: moneyAmount.nullable(),
  updatedAt: z.string(),
});
export type EditorRate = z.infer<typeof editorRateSchema>;
export const editorRateListSchema = z.array(editorRateSchema);

/** PUT /api/admin/editor-rates: the rate of a type, the default (no editor) or an editor's. */
export const editorRateBody = z.object({
  editorId: z.uuid({ error: PAYOUT_MESSAGES.editorNotFound }).nullish(),
  videoType: z
    .string({ error: PAYOUT_MESSAGES.typeRequired })
    .trim()
    .min(1, PAYOUT_MESSAGES.typeRequired)
    .max(50, PAYOUT_MESSAGES.typeRequired),
  rate: moneyInput('rate'),
  roundRate: moneyInput('roundRate').nullish(),
});
export type EditorRateBody = z.input<typeof editorRateBody>;

export const editorRateParams = z.object({ id: z.uuid({ error: PAYOUT_MESSAGES.rateNotFound }) });

export const editorRateAnswer = z.object({ message: z.string(), rate: editorRateSchema });

// --- Statements ---------------------------------------------------------------------------------

export const payoutMonthQuery = z.object({ month: monthParam.optional() });
export const statementParams = z.object({
  editorId: z.uuid({ error: PAYOUT_MESSAGES.editorNotFound }),
  month: monthParam,
});
export const myStatementParams = z.object({ month: monthParam });
export const payoutEventParams = z.object({
  id: z.uuid({ error: PAYOUT_MESSAGES.eventNotFound }),
});

const totals = {
  total: moneyAmount,
  paid: moneyAmount,
  balance: moneyAmount,
};

/** A statement's line in a month's table (and an editor's list of months). */
export const statementSummarySchema = z.object({
  editorId: z.uuid(),
  editorName: z.string(),
  month: z.string(),
  itemCount: z.number().int(),
  ...totals,
  /** The agency's currency, which statements are paid and written in. */
  currency: z.string(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;
export const statementSummaryListSchema = z.array(statementSummarySchema);

export const payoutItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PAYOUT_KINDS),
  roundNumber: z.number().int().nullable(),
  /** null once the video was deleted (the item stays). */
  videoId: z.uuid().nullable(),
  videoName: z.string(),
  videoType: z.string(),
  clientName: z.string(),
  amount: moneyAmount,
  lockedAt: z.string(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const payoutEventSchema = z.object({
  id: z.uuid(),
  event: z.enum(PAYOUT_EVENTS),
  amount: moneyAmount,
  itemCount: z.number().int(),
  /** The pay-out a reversal reverses. */
  reversesId: z.uuid().nullable(),
  /** The reversal of a pay-out, once reversed. */
  reversedById: z.uuid().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type PayoutEvent = z.infer<typeof payoutEventSchema>;

export const statementSchema = statementSummarySchema.extend({
  items: z.array(payoutItemSchema),
  events: z.array(payoutEventSchema),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementActionSchema = messageAnswer.extend({ statement: statementSchema });
export type StatementAction = z.infer<typeof statementActionSchema>;

export const statementCsvAnswer = textAnswer('The payout statement as CSV', ['text/csv']);
export const statementPdfAnswer = textAnswer('The payout statement as a PDF document', [
  'application/pdf',
]);

/** A statement download's file name: 'payout-sam-2027-03.csv'. */
export function statementFileName(editorName: string, month: string, ext: 'csv' | 'pdf') {
  const slug =
    editorName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'editor';
  return `payout-${slug}-${month}.${ext}`;
}

/**
 * The statement CSV's columns. Items count positive and ledger entries against the balance (a
 * pay-out negative, its reversal positive), so the Amount column sums to the balance.
 */
export const STATEMENT_CSV_HEADER = [
  'Date',
  'Entry',
  'Video',
  'Round',
  'Type',
  'Client',
  'Amount',
] as const;
