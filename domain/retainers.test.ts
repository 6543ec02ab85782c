import { describe, expect, it } from 'vitest';
import {
  changeAppliesFrom,
  countsOf,
  retainerBody,
  retainerCard,
  retainerFeeDescription,
  retainerRunsIn,
  runMonth,
  shiftMonth,
  termsForMonth,
  type Carry,
  type MonthVideo,
} from './retainers';

const total = (allowance: number, rolloverMax = 0, rolloverMonths = 0) => ({
  allowance,
  allowanceByType: null,
  rolloverMax,
  rolloverMonths,
});
let n = 0;
/** Videos finished in `month` on days 1, 2, ... in the order given. */
const videos = (month: string, ...types: string[]): MonthVideo[] =>
  types.map((type, i) => ({
    id: `v${String(++n).padStart(3, '0')}`,
    type,
    finishedAt: `${month}-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
  }));

describe('months', () => {
  it('shifts across years and labels the fee', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2027-03', 24)).toBe('2029-03');
    expect(retainerFeeDescription('2027-03')).toBe('Retainer · March 2027');
  });

  it('a change made mid-month applies from the next month; before the start, from the start', () => {
    expect(changeAppliesFrom('2026-01', '2026-12')).toBe('2027-01');
    expect(changeAppliesFrom('2026-12', '2026-12')).toBe('2027-01');
    expect(changeAppliesFrom('2027-01', '2026-12')).toBe('2027-01');
    expect(changeAppliesFrom('2027-04', '2026-12')).toBe('2027-04');
  });

  it('picks the terms with the latest start not after the month', () => {
    const terms = [
      { effectiveFrom: '2027-01', fee: 'a' },
      { effectiveFrom: '2027-04', fee: 'b' },
    ];
    expect(termsForMonth(terms, '2026-12')).toBeUndefined();
    expect(termsForMonth(terms, '2027-01')?.fee).toBe('a');
    expect(termsForMonth(terms, '2027-03')?.fee).toBe('a');
    expect(termsForMonth(terms, '2027-04')?.fee).toBe('b');
    expect(termsForMonth(terms, '2030-01')?.fee).toBe('b');
  });

  it('a retainer runs from its start month to its end month', () => {
    const r = { startMonth: '2027-01', endMonth: '2027-03' };
    expect(['2026-12', '2027-01', '2027-03', '2027-04'].map((m) => retainerRunsIn(r, m))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(retainerRunsIn({ startMonth: '2027-01', endMonth: null }, '2099-01')).toBe(true);
  });
});

describe('runMonth: a total allowance', () => {
  it('covers up to the allowance in finish order; the rest is overage', () => {
    const vs = videos('2027-01', 'a', 'b', 'a', 'c');
    // Given out of order: the finish time decides.
    const result = runMonth({
      month: '2027-01',
      terms: total(3),
      carriesIn: [],
      videos: [vs[3]!, vs[1]!, vs[0]!, vs[2]!],
    });
    expect(result.draws).toEqual([
      { videoId: vs[0]!.id, bucket: '*', covered: true },
      { videoId: vs[1]!.id, bucket: '*', covered: true },
      { videoId: vs[2]!.id, bucket: '*', covered: true },
      { videoId: vs[3]!.id, bucket: '*', covered: false },
    ]);
    expect(result.buckets).toEqual([
      {
        bucket: '*',
        allowance: 3,
        rolledOver: 0,
        usedRolledOver: 0,
        usedOwn: 3,
        overage: 1,
        expired: 0,
        carriedOut: 0,
      },
    ]);
    expect(result.carries).toEqual([]);
    expect(countsOf(result.buckets)).toEqual({
      allowance: 3,
      rolledOver: 0,
      used: 3,
      left: 0,
      overage: 1,
    });
  });

  it('rolls the unused allowance over, draws carries first (oldest first), expires them', () => {
    const terms = total(3, 5, 2);
    // January: one of three used; two carry to March at the latest.
    const jan = runMonth({
      month: '2027-01',
      terms,
      carriesIn: [],
      videos: videos('2027-01', 'x'),
    });
    expect(jan.carries).toEqual([{ bucket: '*', from: '2027-01', until: '2027-03', count: 2 }]);
    expect(jan.buckets[0]).toMatchObject({ usedOwn: 1, carriedOut: 2 });

    // February: nothing finished: January's two and February's three carry (5, the maximum).
    const feb = runMonth({ month: '2027-02', terms, carriesIn: jan.carries, videos: [] });
    expect(feb.carries).toEqual([
      { bucket: '*', from: '2027-01', until: '2027-03', count: 2 },
      { bucket: '*', from: '2027-02', until: '2027-04', count: 3 },
    ]);
    expect(countsOf(feb.buckets)).toEqual({
      allowance: 3,
      rolledOver: 2,
      used: 0,
      left: 5,
      overage: 0,
    });

    // March: four videos: January's two carries first, then February's, own allowance untouched.
    const marVideos = videos('2027-03', 'x', 'x', 'x', 'x');
    const mar = runMonth({ month: '2027-03', terms, carriesIn: feb.carries, videos: marVideos });
    expect(mar.draws.every((d) => d.covered)).toBe(true);
    expect(mar.buckets[0]).toEqual({
      bucket: '*',
      allowance: 3,
      rolledOver: 5,
      usedRolledOver: 4,
      usedOwn: 0,
      overage: 0,
      expired: 0,
      carriedOut: 4,
    });
    // February's last carry (to April) and March's three unused.
    expect(mar.carries).toEqual([
      { bucket: '*', from: '2027-02', until: '2027-04', count: 1 },
      { bucket: '*', from: '2027-03', until: '2027-05', count: 3 },
    ]);

    // April: no video; February's carry lapses at April's end.
    const apr = runMonth({ month: '2027-04', terms, carriesIn: mar.carries, videos: [] });
    expect(apr.buckets[0]).toMatchObject({ rolledOver: 4, expired: 1, carriedOut: 5 });
    expect(apr.carries).toEqual([
      { bucket: '*', from: '2027-03', until: '2027-05', count: 2 },
      { bucket: '*', from: '2027-04', until: '2027-06', count: 3 },
    ]);
  });

  it('a month with the allowance used, carries used and lapsing, and overdrawn', () => {
    const carriesIn: Carry[] = [
      { bucket: '*', from: '2027-01', until: '2027-02', count: 1 },
      { bucket: '*', from: '2026-11', until: '2027-01', count: 4 }, // past its month: dropped
      { bucket: '*', from: '2027-02', until: '2027-03', count: 0 }, // empty: dropped
    ];
    const vs = videos('2027-02', 'a', 'a', 'a', 'a', 'a');
    const result = runMonth({ month: '2027-02', terms: total(2, 10, 1), carriesIn, videos: vs });
    expect(result.draws.map((d) => d.covered)).toEqual([true, true, true, false, false]);
    expect(result.buckets).toEqual([
      {
        bucket: '*',
        allowance: 2,
        rolledOver: 1,
        usedRolledOver: 1,
        usedOwn: 2,
        overage: 2,
        expired: 0,
        carriedOut: 0,
      },
    ]);
    expect(result.carries).toEqual([]);
    expect(retainerCard(result, false)).toEqual({
      month: '2027-02',
      allowance: 2,
      rolledOver: 1,
      used: 3,
      left: 0,
      overage: 2,
      resetsOn: '2027-03-01',
    });
  });

  it('an unused carry lapses after its last month', () => {
    const carriesIn: Carry[] = [{ bucket: '*', from: '2027-01', until: '2027-02', count: 3 }];
    const result = runMonth({ month: '2027-02', terms: total(1, 10, 1), carriesIn, videos: [] });
    expect(result.buckets[0]).toMatchObject({ rolledOver: 3, expired: 3, carriedOut: 1 });
    expect(result.carries).toEqual([{ bucket: '*', from: '2027-02', until: '2027-03', count: 1 }]);
  });

  it('keeps at most rolloverMax carried, the newest first', () => {
    const carriesIn: Carry[] = [
      { bucket: '*', from: '2027-01', until: '2027-06', count: 2 },
      { bucket: '*', from: '2027-02', until: '2027-07', count: 2 },
    ];
    const result = runMonth({ month: '2027-03', terms: total(2, 3, 5), carriesIn, videos: [] });
    expect(result.carries).toEqual([
      { bucket: '*', from: '2027-02', until: '2027-07', count: 1 },
      { bucket: '*', from: '2027-03', until: '2027-08', count: 2 },
    ]);
    expect(result.buckets[0]).toMatchObject({ carriedOut: 3, expired: 0 });
  });

  it('nothing rolls over with rolloverMonths 0 or rolloverMax 0', () => {
    expect(
      runMonth({ month: '2027-01', terms: total(5, 5, 0), carriesIn: [], videos: [] }).carries,
    ).toEqual([]);
    expect(
      runMonth({ month: '2027-01', terms: total(5, 0, 3), carriesIn: [], videos: [] }).carries,
    ).toEqual([]);
  });

  it('a zero allowance makes every video overage', () => {
    const vs = videos('2027-01', 'a', 'b');
    const result = runMonth({ month: '2027-01', terms: total(0), carriesIn: [], videos: vs });
    expect(result.draws.map((d) => d.covered)).toEqual([false, false]);
    expect(countsOf(result.buckets)).toEqual({
      allowance: 0,
      rolledOver: 0,
      used: 0,
      left: 0,
      overage: 2,
    });
  });
});

describe('runMonth: an allowance per video type', () => {
  const terms = {
    allowance: null,
    allowanceByType: { reel: 2, tutorial: 1 },
    rolloverMax: 2,
    rolloverMonths: 1,
  };

  it('keeps a bucket per type; a type without an allowance is all overage', () => {
    const vs = videos('2027-01', 'reel', 'tutorial', 'reel', 'reel', 'tutorial', 'ad');
    const result = runMonth({ month: '2027-01', terms, carriesIn: [], videos: vs });
    expect(result.draws).toEqual([
      { videoId: vs[0]!.id, bucket: 'reel', covered: true },
      { videoId: vs[1]!.id, bucket: 'tutorial', covered: true },
      { videoId: vs[2]!.id, bucket: 'reel', covered: true },
      { videoId: vs[3]!.id, bucket: 'reel', covered: false },
      { videoId: vs[4]!.id, bucket: 'tutorial', covered: false },
      { videoId: vs[5]!.id, bucket: 'ad', covered: false },
    ]);
    expect(result.buckets.map((b) => [b.bucket, b.allowance, b.usedOwn, b.overage])).toEqual([
      ['ad', 0, 0, 1],
      ['reel', 2, 2, 1],
      ['tutorial', 1, 1, 1],
    ]);
    expect(retainerCard(result, true)).toEqual({
      month: '2027-01',
      allowance: 3,
      rolledOver: 0,
      used: 3,
      left: 0,
      overage: 3,
      resetsOn: '2027-02-01',
      byType: [
        { type: 'ad', allowance: 0, rolledOver: 0, used: 0, left: 0, overage: 1 },
        { type: 'reel', allowance: 2, rolledOver: 0, used: 2, left: 0, overage: 1 },
        { type: 'tutorial', allowance: 1, rolledOver: 0, used: 1, left: 0, overage: 1 },
      ],
    });
  });

  it('a carry serves only its own type', () => {
    const jan = runMonth({ month: '2027-01', terms, carriesIn: [], videos: [] });
    // Three unused (two reels, one tutorial), two carried: the ties go by type name.
    expect(jan.carries).toEqual([{ bucket: 'reel', from: '2027-01', until: '2027-02', count: 2 }]);
    const vs = videos('2027-02', 'tutorial', 'tutorial', 'reel');
    const feb = runMonth({ month: '2027-02', terms, carriesIn: jan.carries, videos: vs });
    expect(feb.draws.map((d) => [d.bucket, d.covered])).toEqual([
      ['tutorial', true],
      ['tutorial', false],
      ['reel', true],
    ]);
    expect(feb.buckets.find((b) => b.bucket === 'reel')).toEqual({
      bucket: 'reel',
      allowance: 2,
      rolledOver: 2,
      usedRolledOver: 1,
      usedOwn: 0,
      overage: 0,
      expired: 1,
      carriedOut: 2,
    });
  });
});

describe('a change of terms and an ending retainer, month by month', () => {
  it('a change made mid-month applies from the next month; an ended retainer stops', () => {
    const history = [
      { effectiveFrom: '2027-01', ...total(2, 2, 1), monthlyFee: '500.00' },
      { effectiveFrom: changeAppliesFrom('2027-01', '2027-01'), ...total(4), monthlyFee: '800.00' },
    ];
    const retainer = { startMonth: '2027-01', endMonth: '2027-02' };
    expect(history[1]!.effectiveFrom).toBe('2027-02');
    // January keeps its terms: two covered, one overage, nothing carried (all used).
    const jan = runMonth({
      month: '2027-01',
      terms: termsForMonth(history, '2027-01')!,
      carriesIn: [],
      videos: videos('2027-01', 'a', 'a', 'a'),
    });
    expect(countsOf(jan.buckets)).toMatchObject({ allowance: 2, used: 2, overage: 1 });
    const febTerms = termsForMonth(history, '2027-02')!;
    expect(febTerms.monthlyFee).toBe('800.00');
    const feb = runMonth({
      month: '2027-02',
      terms: febTerms,
      carriesIn: jan.carries,
      videos: videos('2027-02', 'a', 'a', 'a', 'a', 'a'),
    });
    expect(countsOf(feb.buckets)).toEqual({
      allowance: 4,
      rolledOver: 0,
      used: 4,
      left: 0,
      overage: 1,
    });
    expect(retainerRunsIn(retainer, '2027-02')).toBe(true);
    expect(retainerRunsIn(retainer, '2027-03')).toBe(false);
  });
});

describe('the PUT body', () => {
  it('normalises the fee and needs exactly one kind of allowance', () => {
    expect(retainerBody.parse({ monthlyFee: '1500', allowance: 10 })).toEqual({
      monthlyFee: '1500.00',
      allowance: 10,
      rolloverMax: 0,
      rolloverMonths: 0,
    });
    const both = retainerBody.safeParse({
      monthlyFee: '1',
      allowance: 1,
      allowanceByType: { reel: 1 },
    });
    expect(both.error?.issues[0]?.message).toBe(
      'Give either a total allowance or an allowance per video type',
    );
    const none = retainerBody.safeParse({ monthlyFee: '1' });
    expect(none.error?.issues[0]?.message).toBe(
      'Give either a total allowance or an allowance per video type',
    );
    expect(
      retainerBody.safeParse({ monthlyFee: '1.234', allowance: 1 }).error?.issues[0]?.message,
    ).toBe('Monthly fee must have at most two decimal places');
    expect(
      retainerBody.safeParse({ monthlyFee: '1', allowance: 1.5 }).error?.issues[0]?.message,
    ).toBe('An allowance must be a whole number from 0 to 10000');
    expect(
      retainerBody.safeParse({ monthlyFee: '1', allowance: 1, rolloverMonths: 25 }).error?.issues[0]
        ?.message,
    ).toBe('Rollover months must be a whole number from 0 to 24');
    expect(
      retainerBody.safeParse({ monthlyFee: '1', allowance: 1, startMonth: '2027-13' }).error
        ?.issues[0]?.message,
    ).toBe('Month must be in the form YYYY-MM');
    expect(
      retainerBody.safeParse({
        monthlyFee: '1',
        allowance: 1,
        startMonth: '2027-03',
        endMonth: '2027-02',
      }).error?.issues[0]?.message,
    ).toBe('The end month must not be before the start month');
    expect(
      retainerBody.safeParse({ monthlyFee: '1', allowanceByType: {} }).error?.issues[0]?.message,
    ).toBe('An allowance per video type needs at least one type and at most 100');
  });
});
