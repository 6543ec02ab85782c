import { describe, expect, it } from 'vitest';
import { dayAndMonth, extraRoundLabel, retainerLine } from './money-labels';
import { monthLabel } from './retainers';

describe('money labels', () => {
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

  it('names days, months and extra rounds', () => {
    expect(dayAndMonth('2027-03-01')).toBe('1 March');
    expect(monthLabel('2027-03')).toBe('March 2027');
    expect(monthLabel('2027-12-01')).toBe('December 2027');
    expect(extraRoundLabel(3, '$50.00')).toBe('Round 3 · extra $50.00');
  });
});
