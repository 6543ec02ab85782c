import { onFirstUse } from '@domain/on-first-use';

/**
 * One formatter for every moment the app tells to the minute ("Dec 7, 2026, 10:42 AM"), and one
 * for every day, in the browser's language and time zone, each made once: `toLocaleString` with
 * options makes a new formatter each call, about a millisecond here, and a video's status
 * history of some forty moves was the longest part of the detail dialog's first task on a phone
 * (issue 47).
 */
const momentFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
const dayFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

const label = (format: Intl.DateTimeFormat, iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : format.format(date);
};

/** A moment, to the minute, as the browser's person reads it. */
export const momentLabel = (iso: string): string => label(momentFormat(), iso);

/** A moment's day, as the browser's person reads it. */
export const dayLabel = (iso: string): string => label(dayFormat(), iso);

/**
 * A moment to the minute with its zone named ("Dec 8, 2026, 5:26 AM EST"), where a person may
 * read it from another zone than the agency's (the guest review page): in the browser's language
 * and zone, or, `inUtc`, in English and UTC, as a page the server drew tells it until it has
 * hydrated (web/lib/drawn-page.ts, useAfterDrawn). Both have the same shape, so the move from one
 * to the other moves nothing on the page.
 */
export const zonedMomentLabel = (iso: string, inUtc = false): string =>
  label(inUtc ? utcZonedFormat() : zonedFormat(), iso);

/** A moment's day in English and UTC, as a page the server drew tells it (zonedMomentLabel). */
export const utcDayLabel = (iso: string): string => label(utcDayFormat(), iso);

const ZONED: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const zonedFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, ZONED));
const utcZonedFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { ...ZONED, timeZone: 'UTC' }),
);
const utcDayFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
);
