/**
 * The words the screens use for issue 42's money (invoices, retainers, extra revision rounds,
 * the agency's invoice details): one home for the web's labels, shared by the king's /invoicing
 * and the client's dashboard. The server's own messages (refusals) live with its contracts.
 */
import { onFirstUse } from './on-first-use';
import type { InvoiceLineKind, InvoiceStatus } from './invoices';
import type { RetainerBilling, RoundFeeKind } from './invoicing';
import { MONTH_NAMES } from './retainers';

/** An issued invoice's status (the server derives it: docs/rules.md#money) as the web says it. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  overdue: 'Overdue',
};

/** The badge colour of each status. */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  open: 'blue',
  paid: 'teal',
  overdue: 'red',
};

/** What an invoice line bills. */
export const INVOICE_LINE_KIND_LABELS: Record<InvoiceLineKind, string> = {
  video: 'Video',
  overage: 'Overage',
  extra_round: 'Extra round',
  retainer_fee: 'Retainer',
};

/** How an extra revision round is priced. */
export const ROUND_FEE_KIND_LABELS: Record<RoundFeeKind, string> = {
  flat: 'Flat amount',
  percent: "Percent of the video's price",
};

/** The currencies the agency may bill in (ISO 4217); the server takes any three-letter code. */
export const AGENCY_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'JPY',
  'INR',
  'SGD',
  'HKD',
  'ZAR',
  'BRL',
  'MXN',
] as const;

/** '1 January' of '2027-01-01' (the day a retainer's month resets; UTC, no year). */
export function dayAndMonth(isoDay: string): string {
  const [, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTH_NAMES[m - 1] ?? ''}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A client's retainer month in one line: "7 of 10 this month · 2 rolled over · resets on 1
 * January"; the rolled-over part only when something rolled over, and the overage when there is
 * some ("· 1 beyond the allowance").
 */
export function retainerLine(r: {
  allowance: number;
  rolledOver: number;
  used: number;
  overage: number;
  resetsOn: string;
}): string {
  const parts = [`${r.used} of ${r.allowance} this month`];
  if (r.rolledOver > 0) parts.push(`${r.rolledOver} rolled over`);
  if (r.overage > 0) parts.push(`${plural(r.overage, 'video')} beyond the allowance`);
  parts.push(`resets on ${dayAndMonth(r.resetsOn)}`);
  return parts.join(' · ');
}

/** A retainer client's video on the king's invoicing row: what its retainer month made of it. */
export const RETAINER_BILLING_LABELS: Record<RetainerBilling, string> = {
  covered: 'Retainer · covered',
  overage: 'Retainer · overage',
  pending: 'Retainer · billed when the month closes',
};

/** "Round 3 · extra $50.00": an extra revision round as the king's invoicing row shows it. */
export const extraRoundLabel = (round: number, amount: string): string =>
  `Round ${round} · extra ${amount}`;

/** The web's words for the money screens: titles, toasts and confirmations. */
export const MONEY_LABELS = {
  agencyTitle: 'Agency details',
  agencyDescription: 'Who the invoices come from, how they are paid, and the defaults.',
  agencySaved: 'Agency details saved',
  agencySaveFailed: 'Failed to save the agency details',
  logoTooLarge: 'The logo must be a PNG or JPEG image of at most 200 KB',
  billingTitle: 'Billing details',
  billingSaved: 'Billing details saved',
  billingSaveFailed: 'Failed to save the billing details',
  retainerTitle: 'Retainer',
  retainerSaved: 'Retainer saved',
  retainerSaveFailed: 'Failed to save the retainer',
  retainerEnded: 'Retainer ends after this month',
  retainerEndFailed: 'Failed to end the retainer',
  retainerEndConfirm:
    "End this client's retainer? It runs to the end of the current month; its closed months and fees stay as they are.",
  retainersTitle: 'Retainers',
  retainersEmpty: 'No client has a retainer in this month.',
  invoicesTitle: 'Invoices',
  invoicesEmpty: 'No invoices issued yet.',
  issueTitle: 'Issue an invoice',
  issueConfirm: 'Issue this invoice? Its number, dates and amounts are fixed once issued.',
  issued: 'Invoice issued',
  issueFailed: 'Failed to issue the invoice',
  nothingToInvoice: 'There is nothing to invoice for this client yet.',
  payConfirm:
    'Mark every line of this invoice paid? Its videos lock their prices and the payments go to the ledger.',
  paid: 'Invoice marked paid',
  payFailed: 'Failed to mark the invoice paid',
  sendConfirm: 'Send this invoice by email, with its PDF attached?',
  sent: 'Invoice queued for sending',
  sendFailed: 'Failed to send the invoice',
  overdueTitle: 'Overdue invoices',
  myInvoicesTitle: 'Your invoices',
  myInvoicesEmpty: 'No invoices yet.',
  myRetainerTitle: 'Your retainer',
  roundsTitle: 'Extra revision rounds',
  roundsHelp:
    'Review rounds a video includes; each round beyond them costs the fee. Empty: the agency default.',
} as const;

/** 'Mar 5, 2027': a UTC calendar day, in US English. */
export const usDayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** 'Mar 5, 2027' of '2027-03-05' (a UTC calendar day). */
export const formatIsoDay = (day: string): string =>
  usDayFormat().format(new Date(`${day}T00:00:00Z`));
