import { z } from 'zod';

/**
 * Money (docs/rules.md#rules-the-product-leaves-open): numeric(10,2) in SQL, two-decimal strings in JSON, and never a
 * floating-point sum. Where the app must do arithmetic outside SQL it works in integer cents as
 * BigInt, so 0.10 + 0.20 is exactly 0.30.
 */

/** numeric(10,2): at most eight digits before the point. */
export const MONEY_MAX = '99999999.99';
export const MONEY_MAX_CENTS = 9_999_999_999n;

const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;

/** The field names the messages use, each with docs/product.md#validation-and-messages's wording for a bad value. */
export const MONEY_FIELDS = {
  paymentAmount: {
    label: 'Payment amount',
    invalid: 'Payment amount must be a valid non-negative number',
  },
  defaultPrice: {
    label: 'Default price',
    invalid: 'Default price must be a valid non-negative number',
  },
  customPrice: {
    label: 'Custom price',
    invalid: 'Custom price must be a valid non-negative number',
  },
  price: { label: 'Price', invalid: 'Price must be a valid non-negative number' },
  roundFee: { label: 'Round fee', invalid: 'Round fee must be a valid non-negative number' },
  monthlyFee: {
    label: 'Monthly fee',
    invalid: 'Monthly fee must be a valid non-negative number',
  },
  rate: { label: 'Rate', invalid: 'Rate must be a valid non-negative number' },
  roundRate: { label: 'Round rate', invalid: 'Round rate must be a valid non-negative number' },
} as const;
export type MoneyField = keyof typeof MONEY_FIELDS;

export function moneyMessages(field: MoneyField) {
  const { label, invalid } = MONEY_FIELDS[field];
  return {
    invalid,
    decimals: `${label} must have at most two decimal places`,
    tooLarge: `${label} must be at most 99,999,999.99`,
  };
}

export type MoneyCheck =
  | { ok: true; value: string; cents: bigint }
  | { ok: false; reason: 'invalid' | 'decimals' | 'tooLarge' };

/**
 * Checks an amount as typed or sent: a non-negative decimal with at most two decimals and at
 * most 99,999,999.99. Numbers are accepted too (a JSON number), read through their text form.
 */
export function checkMoney(input: unknown): MoneyCheck {
  if (typeof input === 'number' && !Number.isFinite(input)) return { ok: false, reason: 'invalid' };
  if (typeof input !== 'string' && typeof input !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  const text = String(input).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, reason: 'invalid' };
  if (!MONEY_TEXT.test(text)) return { ok: false, reason: 'decimals' };
  const cents = toCents(text);
  if (cents > MONEY_MAX_CENTS) return { ok: false, reason: 'tooLarge' };
  return { ok: true, value: fromCents(cents), cents };
}

/**
 * An amount in an answer: a decimal string with two decimals, negative for a reversal or a
 * balance ('1234.50', '-12.00'). The one schema of every money field the server sends; the API
 * document shows its pattern, so a generated client types it as a string (issue 46).
 */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;
export const moneyAmount = z
  .string()
  .regex(MONEY_PATTERN)
  .meta({
    description: 'Money: a decimal string with two decimals, never a number',
    examples: ['1234.50'],
  });

/**
 * Gives a decimal field a caller sends the wire type the API document and the web use: a string
 * with `pattern` (a JSON number is still read, through its text form, as before the document
 * said so; the field's own checks and messages stay).
 */
export function decimalText<Output>(
  schema: z.ZodType<Output>,
  pattern: RegExp,
  description: string,
): z.ZodType<Output, string> {
  return schema.meta({ type: 'string', pattern: pattern.source, description }) as z.ZodType<
    Output,
    string
  >;
}

/**
 * A zod field for an amount: the value becomes a normalised two-decimal string ('7.5' becomes
 * '7.50'), with the field's own messages. Sent as a string of MONEY_TEXT's shape.
 */
export function moneyInput(field: MoneyField) {
  const messages = moneyMessages(field);
  const amount = z.unknown().transform((value, ctx) => {
    const result = checkMoney(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: messages[result.reason] });
    return z.NEVER;
  });
  return decimalText(amount, MONEY_TEXT, 'Money: a decimal string, at most two decimals');
}

/** Integer cents of a two-decimal (or shorter) non-negative or negative amount text. */
export function toCents(value: string): bigint {
  const text = value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not a money amount: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return sign === '-' ? -cents : cents;
}

/** The two-decimal text of integer cents: 1234n is '12.34', -5n is '-0.05'. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Exact sum of amounts given as text. */
export function sumMoney(values: readonly string[]): string {
  return fromCents(values.reduce((total, v) => total + toCents(v), 0n));
}

export const addMoney = (a: string, b: string): string => fromCents(toCents(a) + toCents(b));
export const subtractMoney = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));
export const compareMoney = (a: string, b: string): number => {
  const d = toCents(a) - toCents(b);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
};

/** US dollars for display, e.g. '$1,234.50' and '-$0.05', without floating point. */
export function formatUsd(value: string): string {
  const cents = toCents(value);
  const [whole = '0', fraction = '00'] = fromCents(cents < 0n ? -cents : cents).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0n ? '-' : ''}$${grouped}.${fraction}`;
}

/**
 * Month-over-month change of revenue in percent with one decimal ('12.5', '-100.0'), or 'N/A'
 * when there is no previous month to compare with or it earned nothing (docs/product.md#constants-and-limits).
 * Rounded half away from zero, in integer arithmetic.
 */
export function percentChange(previous: string | null | undefined, current: string): string {
  if (previous === null || previous === undefined) return 'N/A';
  const prev = toCents(previous);
  if (prev === 0n) return 'N/A';
  const numerator = (toCents(current) - prev) * 2000n;
  const denominator = prev < 0n ? -prev : prev;
  // Tenths of a percent, doubled so that adding one and halving rounds half away from zero.
  const doubled = numerator / denominator;
  const tenths = doubled >= 0n ? (doubled + 1n) / 2n : (doubled - 1n) / 2n;
  const negative = tenths < 0n;
  const abs = negative ? -tenths : tenths;
  return `${negative ? '-' : ''}${abs / 10n}.${abs % 10n}`;
}
