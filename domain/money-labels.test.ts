import { describe, expect, it } from 'vitest';
import {
  dayAndMonth,
  extraRoundLabel,
  formatCurrency,
  invoiceLabel,
  monthLabel,
  retainerLine,
} from './money-labels';

describe('money labels', () => {
  it('numbers invoices INV-0001, wider past 9999', () => {
    expect(invoiceLabel(1)).toBe('INV-0001');
    expect(invoiceLabel(42)).toBe('INV-0042');
    expect(invoiceLabel(12345)).toBe('INV-12345');
  });

  it("says a retainer's month in one line", () => {
    const month = { allowance: 10, used: 7, overage: 0, resetsOn: '2027-01-01' };
    expect(retainerLine({ ...month, rolledOver: 2 })).toBe(
      '7 of 10 this month · 2 rolled over · resets on 1 January',
    );
    expect(retainerLine({ ...month, rolledOver: 0 })).toBe(
      '7 of 10 this month · resets on 1 January',
    );
    expect(retainerLine({ ...month, used: 11, rolledOver: 0, overage: 1 })).toBe(
      '11 of 10 this month · 1 video beyond the allowance · resets on 1 January',
    );
  });

  it('formats amounts in the invoice currency exactly, from the decimal string', () => {
    expect(formatCurrency('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatCurrency('0.10', 'EUR')).toBe('€0.10');
    expect(formatCurrency('99999999999999.99', 'GBP')).toBe('£99,999,999,999,999.99');
    expect(formatCurrency(null, 'USD')).toBe('$0.00');
    expect(formatCurrency('12.00', 'XX1')).toBe('12.00 XX1');
  });

  it('names days, months and extra rounds', () => {
    expect(dayAndMonth('2027-03-01')).toBe('1 March');
    expect(monthLabel('2027-03')).toBe('March 2027');
    expect(monthLabel('2027-12-01')).toBe('December 2027');
    expect(extraRoundLabel(3, '$50.00')).toBe('Round 3 · extra $50.00');
  });
});
