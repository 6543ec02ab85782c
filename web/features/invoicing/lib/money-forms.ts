import { checkMoney } from '@domain/money';
import type { Agency, ClientBilling } from '@domain/invoices';
import type { FrameRate } from '@domain/timecode';
import type { RoundFeeKind } from '@domain/invoicing';
import type { Retainer, RetainerBody } from '@domain/retainers';

/*
 * The money forms' values as typed (text, as the inputs hold them) and the bodies they send.
 * The server's zod schemas (domain/invoices.ts, domain/retainers.ts) are the rules; these checks
 * only say early, in the same words, what the server would refuse.
 */

export const FORM_MESSAGES = {
  wholeNumber: (field: string, max: number) => `${field} must be a whole number from 0 to ${max}`,
  money: (field: string) => `${field} must be an amount of at most two decimals, zero or more`,
  percent: (field: string) => `${field} must be a percentage from 0 to 100, two decimals at most`,
  currency: 'Currency must be a three-letter code such as USD',
  month: 'Month must be in the form YYYY-MM',
  endBeforeStart: 'The end month must not be before the start month',
  allowanceType: 'Choose a video type for each allowance',
} as const;

/** A whole number 0..max typed as text, or the message. */
function wholeNumber(text: string, field: string, max: number): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) > max) return FORM_MESSAGES.wholeNumber(field, max);
  return Number(t);
}

/** A two-decimal amount typed as text ('7.5' is '7.50'), or the message. */
function amount(text: string, field: string): { value: string } | string {
  const read = checkMoney(text.trim());
  return read.ok ? { value: read.value } : FORM_MESSAGES.money(field);
}

/** A percentage 0..100 with two decimals at most ('8.25'), or the message. */
function percent(text: string, field: string): { value: string } | string {
  const read = checkMoney(text.trim());
  if (!read.ok || read.cents > 10_000n) return FORM_MESSAGES.percent(field);
  return { value: read.value };
}

export type FormResult<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };

// --- Agency details ----------------------------------------------------------------------------

export interface AgencyFormValues {
  name: string;
  address: string;
  taxId: string;
  logo: string | null;
  paymentTermsDays: string;
  paymentInstructions: string;
  currency: string;
  /** Empty: no tax. */
  taxRate: string;
  includedRounds: string;
  roundFeeKind: RoundFeeKind;
  roundFee: string;
  frameRate: FrameRate;
}

export const agencyFormValues = (d: Agency): AgencyFormValues => ({
  name: d.name,
  address: d.address,
  taxId: d.taxId,
  logo: d.logo,
  paymentTermsDays: String(d.paymentTermsDays),
  paymentInstructions: d.paymentInstructions,
  currency: d.currency,
  taxRate: d.taxRate ?? '',
  includedRounds: String(d.includedRounds),
  roundFeeKind: d.roundFeeKind,
  roundFee: d.roundFee,
  frameRate: d.frameRate,
});

export function agencyBody(v: AgencyFormValues): FormResult<Agency> {
  const errors: Record<string, string> = {};
  const terms = wholeNumber(v.paymentTermsDays, 'Payment terms', 365);
  if (typeof terms === 'string') errors.paymentTermsDays = terms;
  const rounds = wholeNumber(v.includedRounds, 'Included rounds', 100);
  if (typeof rounds === 'string') errors.includedRounds = rounds;
  const currency = v.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = FORM_MESSAGES.currency;
  const tax = v.taxRate.trim() === '' ? null : percent(v.taxRate, 'Tax rate');
  if (typeof tax === 'string') errors.taxRate = tax;
  const fee =
    v.roundFeeKind === 'percent'
      ? percent(v.roundFee, 'Extra round fee')
      : amount(v.roundFee, 'Extra round fee');
  if (typeof fee === 'string') errors.roundFee = fee;
  if (
    Object.keys(errors).length > 0 ||
    typeof terms === 'string' ||
    typeof rounds === 'string' ||
    typeof tax === 'string' ||
    typeof fee === 'string'
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    body: {
      name: v.name.trim(),
      address: v.address.trim(),
      taxId: v.taxId.trim(),
      logo: v.logo,
      paymentTermsDays: terms,
      paymentInstructions: v.paymentInstructions.trim(),
      currency,
      taxRate: tax?.value ?? null,
      includedRounds: rounds,
      roundFeeKind: v.roundFeeKind,
      roundFee: fee.value,
      frameRate: v.frameRate,
    },
  };
}

// --- Round pricing overrides (a plan, a client) -------------------------------------------------

/** A plan's or a client's own round pricing as typed; empty fields: the next level's. */
export interface RoundsFormValues {
  includedRounds: string;
  /** '' : the fee comes from the next level. */
  roundFeeKind: RoundFeeKind | '';
  roundFee: string;
}

export interface RoundsBody {
  includedRounds: number | null;
  roundFeeKind: RoundFeeKind | null;
  roundFee: string | null;
}

export const roundsFormValues = (r: RoundsBody): RoundsFormValues => ({
  includedRounds: r.includedRounds === null ? '' : String(r.includedRounds),
  roundFeeKind: r.roundFeeKind ?? '',
  roundFee: r.roundFee ?? '',
});

/** The fee kind and fee go together (both set or both null), as the database pairs them. */
export function roundsBody(v: RoundsFormValues): FormResult<RoundsBody> {
  const errors: Record<string, string> = {};
  let includedRounds: number | null = null;
  if (v.includedRounds.trim() !== '') {
    const rounds = wholeNumber(v.includedRounds, 'Included rounds', 100);
    if (typeof rounds === 'string') errors.includedRounds = rounds;
    else includedRounds = rounds;
  }
  let roundFee: string | null = null;
  if (v.roundFeeKind !== '') {
    const fee =
      v.roundFeeKind === 'percent'
        ? percent(v.roundFee, 'Extra round fee')
        : amount(v.roundFee, 'Extra round fee');
    if (typeof fee === 'string') errors.roundFee = fee;
    else roundFee = fee.value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: { includedRounds, roundFeeKind: v.roundFeeKind || null, roundFee },
  };
}

// --- A client's billing details ----------------------------------------------------------------

export interface BillingFormValues extends RoundsFormValues {
  companyName: string;
  billingAddress: string;
  taxId: string;
  billingEmail: string;
}

export const billingFormValues = (b: ClientBilling): BillingFormValues => ({
  companyName: b.companyName,
  billingAddress: b.billingAddress,
  taxId: b.taxId,
  billingEmail: b.billingEmail,
  ...roundsFormValues(b),
});

/** The form's fields; the delivery mode is chosen apart (client-billing-section.tsx). */
export function billingBody(v: BillingFormValues): FormResult<Omit<ClientBilling, 'deliveryMode'>> {
  const rounds = roundsBody(v);
  const errors: Record<string, string> = rounds.ok ? {} : { ...rounds.errors };
  const email = v.billingEmail.trim();
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    errors.billingEmail = 'Billing email must be an email address';
  }
  if (!rounds.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      companyName: v.companyName.trim(),
      billingAddress: v.billingAddress.trim(),
      taxId: v.taxId.trim(),
      billingEmail: email,
      ...rounds.body,
    },
  };
}

// --- A client's retainer -----------------------------------------------------------------------

export interface RetainerFormValues {
  monthlyFee: string;
  /** 'total': one allowance for every type; 'byType': a count per video type name. */
  allowanceKind: 'total' | 'byType';
  allowance: string;
  byType: { type: string; count: string }[];
  rolloverMax: string;
  rolloverMonths: string;
  /** 'YYYY-MM' */
  startMonth: string;
  /** 'YYYY-MM' or '' for no end. */
  endMonth: string;
}

/** The form over a retainer's latest terms (a change set for a later month, else this month's). */
export function retainerFormValues(r: Retainer | null, thisMonth: string): RetainerFormValues {
  const t = r ? (r.nextTerms ?? r.terms) : null;
  return {
    monthlyFee: t?.monthlyFee ?? '',
    allowanceKind: t?.allowanceByType ? 'byType' : 'total',
    allowance: t?.allowance === null || t?.allowance === undefined ? '' : String(t.allowance),
    byType: Object.entries(t?.allowanceByType ?? {}).map(([type, count]) => ({
      type,
      count: String(count),
    })),
    rolloverMax: String(t?.rolloverMax ?? 0),
    rolloverMonths: String(t?.rolloverMonths ?? 0),
    startMonth: r?.startMonth ?? thisMonth,
    endMonth: r?.endMonth ?? '',
  };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function retainerBody(v: RetainerFormValues): FormResult<RetainerBody> {
  const errors: Record<string, string> = {};
  const fee = amount(v.monthlyFee, 'Monthly fee');
  if (typeof fee === 'string') errors.monthlyFee = fee;
  const rolloverMax = wholeNumber(v.rolloverMax, 'Rollover limit', 10_000);
  if (typeof rolloverMax === 'string') errors.rolloverMax = rolloverMax;
  const rolloverMonths = wholeNumber(v.rolloverMonths, 'Rollover months', 24);
  if (typeof rolloverMonths === 'string') errors.rolloverMonths = rolloverMonths;
  if (!MONTH.test(v.startMonth)) errors.startMonth = FORM_MESSAGES.month;
  if (v.endMonth !== '' && !MONTH.test(v.endMonth)) errors.endMonth = FORM_MESSAGES.month;
  else if (v.endMonth !== '' && v.endMonth < v.startMonth) {
    errors.endMonth = FORM_MESSAGES.endBeforeStart;
  }
  let allowance: number | undefined;
  let allowanceByType: Record<string, number> | undefined;
  if (v.allowanceKind === 'total') {
    const n = wholeNumber(v.allowance, 'Allowance', 10_000);
    if (typeof n === 'string') errors.allowance = n;
    else allowance = n;
  } else {
    allowanceByType = {};
    v.byType.forEach((row, i) => {
      if (!row.type) errors[`byType.${i}.type`] = FORM_MESSAGES.allowanceType;
      const n = wholeNumber(row.count, 'Allowance', 10_000);
      if (typeof n === 'string') errors[`byType.${i}.count`] = n;
      else if (row.type && allowanceByType) allowanceByType[row.type] = n;
    });
  }
  if (
    Object.keys(errors).length > 0 ||
    typeof fee === 'string' ||
    typeof rolloverMax === 'string' ||
    typeof rolloverMonths === 'string'
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    body: {
      monthlyFee: fee.value,
      ...(allowanceByType ? { allowanceByType } : { allowance }),
      rolloverMax,
      rolloverMonths,
      startMonth: v.startMonth,
      endMonth: v.endMonth || null,
    },
  };
}
