import { describe, expect, it } from 'vitest';
import { DAY_MS, dayCounter, DUE_WARNING_RATIO, NO_DUE_DATE_DELAYED_DAYS } from './day-counter';

const start = new Date('2025-06-01T09:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const HOUR = 3_600_000;

// How each state of the counter looks (docs/product.md#constants-and-limits).
const LOOKS = {
  normal: { color: 'green', icon: null },
  warning: { color: 'yellow', icon: null },
  overdue: { color: 'red', icon: 'warning' },
  info: { color: 'blue', icon: null },
  delayed: { color: 'orange', icon: 'clock' },
} as const;

/** The whole counter expected on day `day` in `state`. */
const counter = (day: number, state: keyof typeof LOOKS) => ({
  label: `Day ${day}`,
  day,
  state,
  ...LOOKS[state],
  stopped: false,
});

describe('constants (docs/product.md#constants-and-limits)', () => {
  it('warns at 70% and delays at 2 days', () => {
    expect(DUE_WARNING_RATIO).toBe(0.7);
    expect(NO_DUE_DATE_DELAYED_DAYS).toBe(2);
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe('dayCounter: Day N', () => {
  const video = { startDate: start.toISOString(), dueDate: null, status: 'draft' };

  it('is whole days since the start plus 1', () => {
    expect(dayCounter(video, start)?.label).toBe('Day 1');
    expect(dayCounter(video, at(DAY_MS - 1))?.label).toBe('Day 1');
    expect(dayCounter(video, at(DAY_MS))?.label).toBe('Day 2');
    expect(dayCounter(video, at(9 * DAY_MS + 23 * HOUR))?.day).toBe(10);
  });

  it('counts a start date in the future as Day 1', () => {
    expect(dayCounter(video, at(-3 * DAY_MS))?.label).toBe('Day 1');
  });

  it('is null without a readable start date', () => {
    expect(dayCounter({ ...video, startDate: null }, start)).toBeNull();
    expect(dayCounter({ ...video, startDate: undefined }, start)).toBeNull();
    expect(dayCounter({ ...video, startDate: 'garbage' }, start)).toBeNull();
  });

  it('accepts Date objects', () => {
    expect(dayCounter({ ...video, startDate: start }, at(2 * DAY_MS))?.label).toBe('Day 3');
  });
});

describe('dayCounter: with a due date', () => {
  // A ten-day span: 70% is reached after seven days.
  const due = at(10 * DAY_MS).toISOString();
  const video = { startDate: start.toISOString(), dueDate: due, status: 'in_progress' };

  it('is normal (green) before 70% of the span', () => {
    expect(dayCounter(video, at(7 * DAY_MS - 1))).toEqual(counter(7, 'normal'));
  });

  it('is a yellow warning from 70% of the span', () => {
    expect(dayCounter(video, at(7 * DAY_MS))).toEqual(counter(8, 'warning'));
    expect(dayCounter(video, at(10 * DAY_MS))?.state).toBe('warning');
  });

  it('is overdue (red, warning mark) once the due date passed', () => {
    expect(dayCounter(video, at(10 * DAY_MS + 1))).toEqual(counter(11, 'overdue'));
    expect(dayCounter({ ...video, status: 'draft' }, at(12 * DAY_MS))?.state).toBe('overdue');
    expect(dayCounter({ ...video, status: 'review' }, at(12 * DAY_MS))?.state).toBe('overdue');
  });

  it('is never overdue when ready to post or posted (still past 70%: yellow)', () => {
    expect(dayCounter({ ...video, status: 'ready_to_post' }, at(12 * DAY_MS))?.state).toBe(
      'warning',
    );
    expect(dayCounter({ ...video, status: 'posted' }, at(12 * DAY_MS))?.state).toBe('warning');
    expect(dayCounter({ ...video, status: 'posted' }, at(DAY_MS))?.state).toBe('normal');
  });

  it('treats a due date at or before the start as reached once it passes', () => {
    const odd = { ...video, dueDate: start.toISOString() };
    expect(dayCounter(odd, at(-1))?.state).toBe('normal');
    expect(dayCounter({ ...odd, status: 'posted' }, start)?.state).toBe('warning');
    expect(dayCounter(odd, at(1))?.state).toBe('overdue');
  });

  it('treats an unreadable due date as none', () => {
    expect(dayCounter({ ...video, dueDate: 'soon' }, at(3 * DAY_MS))?.state).toBe('delayed');
  });
});

describe('dayCounter: stops at completion (docs/rules.md#rules-the-product-leaves-open, finish date)', () => {
  // A ten-day span, finished (first ready to post) on day 5.
  const finished = {
    startDate: start.toISOString(),
    dueDate: at(10 * DAY_MS).toISOString(),
    finishDate: at(4 * DAY_MS).toISOString(),
  };
  const long = at(170 * DAY_MS);

  it.each(['ready_to_post', 'posted'])('a %s video keeps the day it finished on', (status) => {
    expect(dayCounter({ ...finished, status }, long)).toEqual({
      ...counter(5, 'normal'),
      stopped: true,
    });
  });

  it('measures the colour at the finish: finished past 70% of the span is yellow', () => {
    const late = { ...finished, finishDate: at(9 * DAY_MS).toISOString(), status: 'posted' };
    expect(dayCounter(late, long)).toEqual({ ...counter(10, 'warning'), stopped: true });
  });

  it('stops without a due date too, in the state it finished in', () => {
    const quick = { ...finished, dueDate: null, finishDate: at(DAY_MS).toISOString() };
    expect(dayCounter({ ...quick, status: 'posted' }, long)).toEqual({
      ...counter(2, 'info'),
      stopped: true,
    });
  });

  it('keeps counting a video that went back from completion (its finishDate is cleared)', () => {
    expect(dayCounter({ ...finished, finishDate: null, status: 'review' }, at(3 * DAY_MS))).toEqual(
      counter(4, 'normal'),
    );
    // A stale finishDate on an unfinished video does not stop it.
    expect(dayCounter({ ...finished, status: 'in_progress' }, at(6 * DAY_MS))?.day).toBe(7);
  });

  it('keeps counting a completed video without a readable finishDate', () => {
    expect(dayCounter({ ...finished, finishDate: 'never', status: 'posted' }, long)?.day).toBe(171);
  });
});

describe('dayCounter: without a due date', () => {
  const video = { startDate: start.toISOString(), dueDate: null, status: 'in_progress' };

  it('is blue info for the first two days', () => {
    expect(dayCounter(video, at(2 * DAY_MS - 1))).toEqual(counter(2, 'info'));
  });

  it('is delayed (orange, clock) after 2 or more days, whatever the status', () => {
    expect(dayCounter(video, at(2 * DAY_MS))).toEqual(counter(3, 'delayed'));
    expect(dayCounter({ ...video, status: 'posted' }, at(30 * DAY_MS))?.state).toBe('delayed');
  });
});
