/**
 * The dates any call accepts (issue 15): years 1970 to 2100, UTC. Outside them a date is a typo
 * or an attack, and PostgreSQL would refuse some of them deep inside a query.
 */
export const DATE_MIN_YEAR = 1970;
export const DATE_MAX_YEAR = 2100;

export const DATE_RANGE_MESSAGE = `Dates must be between ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}`;

const MIN_MS = Date.UTC(DATE_MIN_YEAR, 0, 1);
const MAX_MS = Date.UTC(DATE_MAX_YEAR + 1, 0, 1);

/** True for an instant from 1970-01-01T00:00Z up to the end of 2100 (UTC). */
export function dateInRange(date: Date): boolean {
  const ms = date.getTime();
  return Number.isFinite(ms) && ms >= MIN_MS && ms < MAX_MS;
}

/** True for a 'YYYY-…' text whose year is in range (month and day parameters). */
export const yearInRange = (text: string): boolean => {
  const year = Number(text.slice(0, 4));
  return /^\d{4}/.test(text) && year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
};
