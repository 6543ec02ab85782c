import { describe, expect, it } from 'vitest';
import {
  addMonths,
  invoicingQuery,
  monthLastDay,
  monthsBetween,
  rangeEnd,
  rangeStart,
  revenueTrendsQuery,
} from './invoicing';

describe('months (UTC)', () => {
  it('steps across years and finds the last day, leap years included', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-11', 5)).toBe('2025-04');
    expect(monthLastDay('2024-02')).toBe('2024-02-29');
    expect(monthLastDay('2023-02')).toBe('2023-02-28');
    expect(monthLastDay('2023-12')).toBe('2023-12-31');
    expect(monthsBetween('2024-11', '2025-04')).toBe(5);
  });

  it('refuses a reversed trend range', () => {
    const result = revenueTrendsQuery.safeParse({ start: '2025-05', end: '2025-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'The start month must not be after the end month',
    );
  });
});

describe('the invoicing date filter', () => {
  it('includes the whole end day of a custom range', () => {
    expect(rangeStart('2025-03-01').toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(rangeEnd('2025-03-31').toISOString()).toBe('2025-04-01T00:00:00.000Z');
  });

  it('defaults to the current month sorted by client name ascending', () => {
    expect(invoicingQuery.parse({})).toMatchObject({
      dateFilter: 'current',
      sortBy: 'clientName',
      sortOrder: 'asc',
    });
  });

  it('needs an end for a custom range, in order', () => {
    expect(invoicingQuery.safeParse({ dateFilter: 'custom' }).error?.issues[0]?.message).toBe(
      'Choose a start or an end date for the custom range',
    );
    const reversed = invoicingQuery.safeParse({
      dateFilter: 'custom',
      from: '2025-03-02',
      to: '2025-03-01',
    });
    expect(reversed.error?.issues[0]?.message).toBe(
      'The start date must not be after the end date',
    );
  });
});
