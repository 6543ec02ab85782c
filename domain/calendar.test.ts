import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarEntries,
  calendarQuery,
  CALENDAR_MESSAGES,
  localMidnight,
  monthWeeks,
  movedDueDate,
  shiftMonth,
  weekDays,
  weekLabel,
  windowOfDays,
} from './calendar';

const local = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).toISOString();

describe('the calendar’s days', () => {
  it('lays a month out in whole weeks, Monday first', () => {
    const december = monthWeeks('2026-12-15');
    expect(december).toHaveLength(5);
    expect(december[0]![0]).toBe('2026-11-30');
    expect(december.at(-1)!.at(-1)).toBe('2027-01-03');
    expect(december.every((week) => week.length === 7)).toBe(true);
    // February 2021 starts on a Monday and ends on a Sunday: four weeks exactly.
    expect(monthWeeks('2021-02-10').flat()).toHaveLength(28);
    expect(monthWeeks('2021-02-10')[0]![0]).toBe('2021-02-01');
  });

  it('finds a week from any of its days and steps over months and years', () => {
    expect(weekDays('2026-12-06')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftMonth('2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftMonth('2026-01-15', -1)).toBe('2025-12-01');
    expect(weekLabel('2026-12-09')).toBe('7 – 13 Dec 2026');
    expect(weekLabel('2026-12-30')).toBe('28 Dec – 3 Jan 2027');
  });

  it('asks for the shown days from local midnight to the next local midnight', () => {
    const from = localMidnight('2026-12-01');
    expect(from.slice(0, 19)).toBe('2026-12-01T00:00:00');
    expect(new Date(from).toISOString()).toBe(local(2026, 12, 1));
    expect(windowOfDays('2026-11-30', '2027-01-03')).toEqual({
      from: localMidnight('2026-11-30'),
      to: localMidnight('2027-01-04'),
    });
    expect(calendarQuery.safeParse(windowOfDays('2026-11-30', '2027-01-10')).success).toBe(true);
  });

  it('refuses a window that is backwards or longer than two months', () => {
    const issues = (q: object) =>
      calendarQuery.safeParse(q).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ from: '2026-12-02T00:00:00Z', to: '2026-12-01T00:00:00Z' })).toEqual([
      CALENDAR_MESSAGES.order,
    ]);
    expect(issues({ from: '2026-01-01T00:00:00Z', to: '2026-12-01T00:00:00Z' })).toEqual([
      CALENDAR_MESSAGES.tooLong,
    ]);
    expect(issues({ from: '2026-12-01', to: '2026-12-02' })).toContain(CALENDAR_MESSAGES.window);
  });
});

describe('where a video falls', () => {
  const now = new Date(2026, 11, 10, 12);
  const video = (over: object) => ({
    id: 'v',
    status: 'in_progress',
    dueDate: null as string | null,
    publishedAt: null as string | null,
    ...over,
  });

  it('puts a video on the local day of its due date, overdue when past due and not completed', () => {
    const days = calendarEntries(
      [
        video({ id: 'late', dueDate: local(2026, 12, 9, 23, 59) }),
        video({ id: 'done', status: 'ready_to_post', dueDate: local(2026, 12, 9, 0, 1) }),
        video({ id: 'soon', dueDate: local(2026, 12, 11, 0, 0) }),
        video({ id: 'none' }),
      ],
      now,
    );
    expect(days.get('2026-12-09')!.map((e) => [e.video.id, e.kind, e.overdue])).toEqual([
      ['late', 'due', true],
      ['done', 'due', false],
    ]);
    expect(days.get('2026-12-11')!.map((e) => [e.video.id, e.overdue])).toEqual([['soon', false]]);
    expect([...days.keys()].sort()).toEqual(['2026-12-09', '2026-12-11']);
  });

  it('adds a posted video on the day it was posted, and only while it is posted', () => {
    const days = calendarEntries(
      [
        video({
          id: 'out',
          status: 'posted',
          dueDate: local(2026, 12, 1, 14),
          publishedAt: '2026-12-03',
        }),
        video({ id: 'back', status: 'ready_to_post', publishedAt: '2026-12-04' }),
      ],
      now,
    );
    expect(days.get('2026-12-01')!.map((e) => e.kind)).toEqual(['due']);
    expect(days.get('2026-12-03')!.map((e) => [e.video.id, e.kind])).toEqual([['out', 'posted']]);
    expect(days.has('2026-12-04')).toBe(false);
  });

  it('moves a due date to another day at the same local time', () => {
    expect(movedDueDate(local(2026, 12, 9, 9, 30), '2026-12-15')).toBe(local(2026, 12, 15, 9, 30));
    expect(movedDueDate(null, '2026-12-15')).toBe(local(2026, 12, 15, 14, 0));
  });
});
