import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addMoney,
  checkMoney,
  compareMoney,
  formatUsd,
  fromCents,
  MONEY_MAX,
  moneyInput,
  percentChange,
  subtractMoney,
  sumMoney,
  toCents,
} from './money';
import { itReturns } from './test-helpers';

describe('checkMoney', () => {
  it.each<[string | number, string, bigint]>([
    // Non-negative amounts with up to two decimals, normalised.
    ['7.5', '7.50', 750n],
    [' 12 ', '12.00', 1200n],
    ['0', '0.00', 0n],
    ['007.05', '7.05', 705n],
    [0.1, '0.10', 10n],
    [25, '25.00', 2500n],
    // Exactly 99,999,999.99 is still accepted.
    [MONEY_MAX, '99999999.99', 9_999_999_999n],
  ])('accepts %j as %j (%s cents)', (input, value, cents) => {
    expect(checkMoney(input)).toEqual({ ok: true, value, cents });
  });

  it('refuses a cent more than 99,999,999.99', () => {
    expect(checkMoney('100000000')).toEqual({ ok: false, reason: 'tooLarge' });
    expect(checkMoney('100000000.00')).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('refuses negatives, text, empty values and other types', () => {
    for (const bad of ['-1', '-0.01', 'abc', '', ' ', '1,000', '1e3', '.5', '5.', '$5', null]) {
      expect(checkMoney(bad), String(bad)).toEqual({ ok: false, reason: 'invalid' });
    }
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, undefined, {}, [], true]) {
      expect(checkMoney(bad), String(bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses more than two decimals, also from floating-point numbers', () => {
    expect(checkMoney('1.234')).toEqual({ ok: false, reason: 'decimals' });
    expect(checkMoney(0.1 + 0.2)).toEqual({ ok: false, reason: 'decimals' });
  });
});

describe('moneyInput', () => {
  const body = (field: Parameters<typeof moneyInput>[0]) => z.object({ amount: moneyInput(field) });
  const message = (field: Parameters<typeof moneyInput>[0], amount: unknown) => {
    const result = body(field).safeParse({ amount });
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("uses docs/product.md#validation-and-messages's message for each field", () => {
    expect(message('paymentAmount', '-1')).toBe(
      'Payment amount must be a valid non-negative number',
    );
    expect(message('defaultPrice', 'abc')).toBe(
      'Default price must be a valid non-negative number',
    );
    expect(message('customPrice', '')).toBe('Custom price must be a valid non-negative number');
    expect(message('customPrice', undefined)).toBe(
      'Custom price must be a valid non-negative number',
    );
  });

  it('says what is wrong with too many decimals or too large an amount', () => {
    expect(message('paymentAmount', '1.005')).toBe(
      'Payment amount must have at most two decimal places',
    );
    expect(message('defaultPrice', '100000000')).toBe(
      'Default price must be at most 99,999,999.99',
    );
  });

  it('gives the normalised two-decimal string', () => {
    expect(body('price').parse({ amount: 3 })).toEqual({ amount: '3.00' });
  });
});

describe('cents arithmetic', () => {
  it('converts both ways', () => {
    expect(toCents('12.34')).toBe(1234n);
    expect(toCents('12.3')).toBe(1230n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(fromCents(1234n)).toBe('12.34');
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(() => toCents('1.234')).toThrow();
  });

  it('adds exactly where floating point does not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(sumMoney(Array.from({ length: 1000 }, () => '0.10'))).toBe('100.00');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney([MONEY_MAX, MONEY_MAX])).toBe('199999999.98');
    expect(subtractMoney('0.30', '0.10')).toBe('0.20');
    expect(compareMoney('0.30', '0.3')).toBe(0);
    expect(compareMoney('0.29', '0.3')).toBe(-1);
  });
});

describe('formatUsd', () => {
  itReturns(formatUsd, 'shows %j in US dollars with thousands separators: %j', [
    ['0', '$0.00'],
    ['1234.5', '$1,234.50'],
    ['99999999.99', '$99,999,999.99'],
    ['-0.05', '-$0.05'],
  ]);
});

describe('percentChange', () => {
  it.each<[string | null | undefined, string, string]>([
    // The month-over-month change, with one decimal.
    ['100.00', '112.50', '12.5'],
    ['100.00', '50.00', '-50.0'],
    ['3.00', '4.00', '33.3'],
    ['3.00', '5.00', '66.7'],
    ['3.00', '1.00', '-66.7'],
    ['200.00', '200.00', '0.0'],
    ['100.00', '0.00', '-100.0'],
    // Rounded half away from zero: 0.005 % and 0.05 %.
    ['1000.00', '1000.05', '0.0'],
    ['1000.00', '1000.50', '0.1'],
    ['1000.00', '999.50', '-0.1'],
    // 'N/A' without a previous month or with nothing earned in it.
    [undefined, '10.00', 'N/A'],
    [null, '10.00', 'N/A'],
    ['0.00', '10.00', 'N/A'],
  ])('from %j to %j is a change of %j', (previous, current, change) => {
    expect(percentChange(previous, current)).toBe(change);
  });
});
