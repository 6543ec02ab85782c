import { checkMoney, moneyMessages } from '@domain/money';

export type MoneyKind = 'paymentAmount' | 'defaultPrice' | 'customPrice';

const EMPTY: Record<MoneyKind, { title: string; message: string }> = {
  paymentAmount: { title: 'Invalid Amount', message: 'Please enter a valid payment amount' },
  defaultPrice: { title: 'Invalid Price', message: 'Please enter a valid default price' },
  customPrice: { title: 'Invalid Price', message: 'Please enter a valid custom price' },
};

export type MoneyInputResult =
  { ok: true; value: string } | { ok: false; title: string; message: string };

/**
 * Reads an amount as typed (docs/product.md#validation-and-messages): empty or not a number gets the 'Please enter a
 * valid ...' message, a negative one the '... must be a valid non-negative number' message; the
 * value goes to the server as a two-decimal string.
 */
export function readMoneyInput(text: string, kind: MoneyKind): MoneyInputResult {
  const trimmed = text.trim();
  const { title, message } = EMPTY[kind];
  if (trimmed === '' || Number.isNaN(Number(trimmed))) return { ok: false, title, message };
  const result = checkMoney(trimmed);
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, title, message: moneyMessages(kind)[result.reason] };
}
