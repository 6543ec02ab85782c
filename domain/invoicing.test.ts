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
import { itReturns } from './test-helpers';

describe('months (UTC)', () => {
  it.each([
    ['2025-01', -1, '2024-12'],
    ['2024-11', 5, '2025-04'],
  ])('steps from %s by %d months across years to %s', (month, months, result) => {
    expect(addMonths(month, months)).toBe(result);
  });

  itReturns(monthLastDay, 'finds the last day of %s, leap years included: %s', [
    ['2024-02', '2024-02-29'],
    ['2023-02', '2023-02-28'],
    ['2023-12', '2023-12-31'],
  ]);

  it('counts the months between two months across years', () => {
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
