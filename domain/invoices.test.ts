import { describe, expect, it } from 'vitest';
import { formatInvoiceMoney, invoiceLabel, invoiceTax, logoProblem } from './invoices';

describe('invoices (docs/rules.md#money)', () => {
  it.each([
    ['100.00', '8.25', '8.25'],
    ['735.19', '8.25', '60.65'],
    // 0.10 × 5 % = 0.005: half-up to 0.01; 0.30 × 5 % = 0.015: 0.02
    ['0.10', '5.00', '0.01'],
    ['0.30', '5.00', '0.02'],
    ['0.09', '5.00', '0.00'],
    ['99999999.99', '100.00', '99999999.99'],
    ['12.34', '0.00', '0.00'],
    ['12.34', null, '0.00'],
  ])('taxes %s at %s%% once, half-up to cents: %s', (subtotal, rate, tax) => {
    expect(invoiceTax(subtotal, rate)).toBe(tax);
  });

  it('labels numbers INV-0001, more digits past 9999', () => {
    expect([1, 42, 9999, 12345].map(invoiceLabel)).toEqual([
      'INV-0001',
      'INV-0042',
      'INV-9999',
      'INV-12345',
    ]);
  });

  it('formats money in the currency, exactly', () => {
    expect(formatInvoiceMoney('1234.50', 'USD')).toBe('$1,234.50');
    expect(formatInvoiceMoney('0.10', 'EUR')).toBe('€0.10');
    expect(formatInvoiceMoney('99999999999.99', 'USD')).toBe('$99,999,999,999.99');
  });

  it('takes a PNG or JPEG logo of at most 200 KB', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
    const jpeg = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
    expect([png, jpeg].map(logoProblem)).toEqual([null, null]);
    expect(logoProblem('data:image/png;base64,/9j/4AAQSkZJRgABAQ==')).toBe(
      'The logo must be a PNG or JPEG image',
    );
    expect(logoProblem('data:image/svg+xml;base64,PHN2Zz4=')).toBe(
      'The logo must be a PNG or JPEG image',
    );
    expect(logoProblem('https://example.com/logo.png')).toBe(
      'The logo must be a PNG or JPEG image',
    );
    const justOver = `data:image/png;base64,iVBORw0KGgo${'A'.repeat(Math.ceil((200 * 1024 * 4) / 3))}`;
    expect(logoProblem(justOver)).toBe('The logo must be at most 200 KB');
  });
});
