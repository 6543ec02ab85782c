import { addMonths, type PaymentStatus } from '@domain/invoicing';
import { usDayFormat } from '@domain/money-labels';
import { onFirstUse } from '@domain/on-first-use';

// Made on first use (domain/on-first-use.ts): the dashboards load this file, and few format.
const usd = onFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
);

/**
 * US dollars of a decimal string from the server ('1234.5' is '$1,234.50'). The text goes to
 * Intl.NumberFormat as a decimal string, which formats it exactly: no float on the way.
 */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return usd().format(0);
  return usd().format(value as `${number}`);
}

const monthName = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const monthShort = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
);

/** 'November 2026' of '2026-11' (months are UTC months, as on the server). */
export const formatMonth = (month: string) => monthName().format(new Date(`${month}-01T00:00:00Z`));
export const formatMonthShort = (month: string) =>
  monthShort().format(new Date(`${month}-01T00:00:00Z`));

export const formatDay = (iso: string | null | undefined) =>
  iso ? usDayFormat().format(new Date(iso)) : '—';

/** The current UTC month, 'YYYY-MM'. */
export const currentMonth = () => new Date().toISOString().slice(0, 7);

/** The last `count` months ending with the current one, newest first. */
export function recentMonths(count: number, from = currentMonth()): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(from, -i));
}

/** A video's payment status as the page says it. */
export const PAYMENT_LABELS: Record<PaymentStatus, string> = { unpaid: 'Unpaid', paid: 'Paid' };
