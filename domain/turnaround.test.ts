import { describe, expect, it } from 'vitest';
import {
  formatFigure,
  formatSpan,
  percentile,
  statusStays,
  timeInStatus,
  turnaroundFigures,
  turnaroundQuery,
  turnaroundRange,
  turnLine,
  videoTurnaround,
  whoseTurn,
  TURNAROUND_MESSAGES,
  type TurnaroundVideo,
} from './turnaround';
import { DAY_MS as D } from './day-counter';

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 2, 9); // 2 Nov 2026, 09:00Z
const at = (hours: number) => new Date(T0 + hours * H).toISOString();
const step = (toStatus: string, hours: number) => ({ toStatus, changedAt: at(hours) });

/** Went back and forth: review -> in progress -> review -> ready, then posted. */
const backAndForth = [
  step('draft', 0),
  step('in_progress', 24), // started a day after creation
  step('review', 48), // client's turn: 10 h
  step('in_progress', 58),
  step('review', 70), // client's turn again: 20 h
  step('ready_to_post', 90),
  step('posted', 100),
];
/** Still open: in review since hour 30. */
const open = [step('draft', 0), step('in_progress', 2), step('review', 30)];

describe('whose turn', () => {
  it('is the agency in draft, in progress and ready to post, the client in review, nobody when posted', () => {
    expect(['draft', 'in_progress', 'review', 'ready_to_post', 'posted'].map(whoseTurn)).toEqual([
      'agency',
      'agency',
      'client',
      'agency',
      null,
    ]);
    expect(whoseTurn('ready')).toBe('agency');
  });
});

describe('statusStays and timeInStatus', () => {
  it('counts each stay of a video that went back and forth, the last one up to now', () => {
    const now = new Date(T0 + 110 * H);
    const stays = statusStays(backAndForth, now);
    expect(stays.map((s) => [s.status, s.turn, s.ms / H, s.open])).toEqual([
      ['draft', 'agency', 24, false],
      ['in_progress', 'agency', 24, false],
      ['review', 'client', 10, false],
      ['in_progress', 'agency', 12, false],
      ['review', 'client', 20, false],
      ['ready_to_post', 'agency', 10, false],
      ['posted', null, 10, true],
    ]);
    const { byStatus, byTurn } = timeInStatus(backAndForth, now);
    expect(byStatus.review / H).toBe(30);
    expect(byStatus.in_progress / H).toBe(36);
    expect(byTurn).toEqual({ agency: 70 * H, client: 30 * H }); // posted is nobody's
  });

  it('orders the rows by time whatever order they come in, and an open stay runs to now', () => {
    const now = new Date(T0 + 40 * H);
    const stays = statusStays([...open].reverse(), now);
    expect(stays.map((s) => s.status)).toEqual(['draft', 'in_progress', 'review']);
    expect(stays[2]).toMatchObject({ ms: 10 * H, open: true, turn: 'client' });
    expect(statusStays([], now)).toEqual([]);
  });
});

describe('videoTurnaround', () => {
  it('runs from first leaving draft to first ready, with every review stay in between', () => {
    expect(videoTurnaround(backAndForth)).toEqual({
      startedAt: T0 + D,
      readyAt: T0 + 90 * H,
      turnaroundMs: 66 * H,
      clientWaitMs: 30 * H,
    });
  });

  it('is null for a video still open or still a draft', () => {
    expect(videoTurnaround(open)).toBeNull();
    expect(videoTurnaround([step('draft', 0)])).toBeNull();
    expect(videoTurnaround([])).toBeNull();
  });

  it('starts at creation for a video created past draft; later returns do not move ready', () => {
    const direct = [step('review', 0), step('ready_to_post', 5), step('in_progress', 9)];
    expect(videoTurnaround(direct)).toMatchObject({ turnaroundMs: 5 * H, clientWaitMs: 5 * H });
  });
});

describe('percentile', () => {
  it('interpolates between the closest ranks', () => {
    expect(percentile([2, 1], 50)).toBe(1.5);
    expect(percentile([5], 90)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBeCloseTo(9.1);
    expect(percentile([], 50)).toBeNull();
  });
});

describe('turnaroundFigures', () => {
  const video = (
    editor: string | null,
    client: string,
    type: string,
    history: TurnaroundVideo['history'],
  ): TurnaroundVideo => ({
    editor: { key: editor, label: editor ?? 'Unassigned' },
    client: { key: client, label: client },
    type: { key: type, label: type },
    history,
  });
  const quick = [
    step('draft', 0),
    step('in_progress', 0),
    step('review', 6),
    step('ready_to_post', 10),
  ];
  const videos = [
    video('sam', 'acme', 'reel', backAndForth),
    video('sam', 'acme', 'ad', quick),
    video(null, 'zen', 'reel', quick),
    video('sam', 'zen', 'reel', open),
  ];
  const range = turnaroundRange({ from: '2026-11-01', to: '2026-11-30' }, new Date())!;

  it('counts the videos ready within the range: overall, per editor, client and type', () => {
    const f = turnaroundFigures(videos, range);
    expect(f.overall).toEqual({
      count: 3,
      turnaroundMedianMs: 10 * H,
      turnaroundP90Ms: Math.round((10 + 0.8 * 56) * H),
      clientWaitMedianMs: 4 * H,
      clientWaitP90Ms: Math.round((4 + 0.8 * 26) * H),
    });
    expect(f.byEditor.map((g) => [g.key, g.label, g.count, g.turnaroundMedianMs! / H])).toEqual([
      ['sam', 'sam', 2, 38],
      [null, 'Unassigned', 1, 10],
    ]);
    expect(f.byClient.map((g) => [g.key, g.count])).toEqual([
      ['acme', 2],
      ['zen', 1],
    ]);
    expect(f.byType.map((g) => [g.key, g.count, g.clientWaitMedianMs! / H])).toEqual([
      ['reel', 2, 17],
      ['ad', 1, 4],
    ]);
  });

  it('is empty for a range with nothing ready in it', () => {
    const empty = turnaroundFigures(
      videos,
      turnaroundRange({ from: '2026-12-01', to: '2026-12-31' }, new Date())!,
    );
    expect(empty.overall).toEqual({
      count: 0,
      turnaroundMedianMs: null,
      turnaroundP90Ms: null,
      clientWaitMedianMs: null,
      clientWaitP90Ms: null,
    });
    expect([empty.byEditor, empty.byClient, empty.byType]).toEqual([[], [], []]);
    // The range's end day is included, its start day too.
    const lastDay = turnaroundFigures(
      videos,
      turnaroundRange({ from: '2026-11-06', to: '2026-11-06' }, new Date())!,
    );
    expect(lastDay.overall.count).toBe(1); // backAndForth became ready on 6 Nov, 03:00Z
  });
});

describe('turnaroundRange and the query', () => {
  it('defaults to the last 30 days, today included', () => {
    const r = turnaroundRange({}, new Date('2026-11-24T21:00:00Z'))!;
    expect([r.from, r.to]).toEqual(['2026-10-26', '2026-11-24']);
    expect(r.end.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect((r.end.getTime() - r.start.getTime()) / D).toBe(30);
  });

  it('refuses a range longer than a year, and the query refuses bad dates and a reversed range', () => {
    expect(turnaroundRange({ from: '2024-01-01', to: '2026-01-01' }, new Date())).toBeNull();
    const issue = (q: object) => turnaroundQuery.safeParse(q).error?.issues[0]?.message;
    expect(issue({ from: '2026-11-31x' })).toBe(TURNAROUND_MESSAGES.badDate);
    expect(issue({ to: '2026-02-30' })).toBe(TURNAROUND_MESSAGES.badDate);
    expect(issue({ from: '2026-11-10', to: '2026-11-01' })).toBe(TURNAROUND_MESSAGES.fromAfterTo);
    expect(issue({ from: '2026-11-01', to: '2026-11-10' })).toBeUndefined();
  });
});

describe('the card line', () => {
  const now = new Date(T0 + 5 * D + 3 * H);
  it('says whose turn it is and for how long', () => {
    expect(turnLine({ status: 'in_progress', statusSince: at(0) }, now)?.text).toBe(
      "Agency's turn · 5 days",
    );
    expect(turnLine({ status: 'review', statusSince: at(5 * 24 - 2) }, now)?.text).toBe(
      'Waiting on client · 5 h',
    );
    // The client side reads its own turn as its own (issue 41).
    expect(turnLine({ status: 'review', statusSince: at(2 * 24) }, now, 'client')?.text).toBe(
      'Waiting for you · 3 days',
    );
    expect(turnLine({ status: 'ready_to_post', statusSince: at(0) }, now, 'client')?.text).toBe(
      "Agency's turn · 5 days",
    );
    expect(turnLine({ status: 'posted', statusSince: at(0) }, now)).toBeNull();
    expect(turnLine({ status: 'draft' }, now)).toBeNull();
  });

  it('words a span in whole units', () => {
    expect([
      formatSpan(0),
      formatSpan(59 * 60_000),
      formatSpan(H),
      formatSpan(D),
      formatSpan(2.9 * D),
    ]).toEqual(['1 min', '59 min', '1 h', '1 day', '2 days']);
  });

  it('words a figure with a decimal from a day', () => {
    expect([
      formatFigure(null),
      formatFigure(0),
      formatFigure(5 * H),
      formatFigure(2.44 * D),
    ]).toEqual(['–', '< 1 min', '5 h', '2.4 days']);
  });
});
