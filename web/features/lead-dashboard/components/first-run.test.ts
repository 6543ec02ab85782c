import { describe, expect, it } from 'vitest';
import { firstRunDone, type FirstRunFacts } from './first-run';

const fresh: FirstRunFacts = { roles: ['king'], assignments: 0, prices: ['0.00', '0.00'] };

describe('firstRunDone', () => {
  it.each<[string, Partial<FirstRunFacts>, ReturnType<typeof firstRunDone>]>([
    ['a fresh agency: nothing', {}, { people: false, assignments: false, prices: false }],
    [
      'an editor without a client is not yet people',
      { roles: ['king', 'editor'] },
      { people: false, assignments: false, prices: false },
    ],
    [
      'a lead editor and a legacy "user" client are',
      { roles: ['king', 'lead_editor', 'user'] },
      { people: true, assignments: false, prices: false },
    ],
    [
      'one pair assigns',
      { roles: ['king', 'editor', 'client'], assignments: 1 },
      { people: true, assignments: true, prices: false },
    ],
    [
      'any price above zero prices, cents included',
      { prices: ['0.00', '0.05'] },
      { people: false, assignments: false, prices: true },
    ],
    [
      'everything done',
      { roles: ['king', 'editor', 'client'], assignments: 2, prices: ['120.00'] },
      { people: true, assignments: true, prices: true },
    ],
  ])('%s', (_, facts, expected) => {
    expect(firstRunDone({ ...fresh, ...facts })).toEqual(expected);
  });
});
