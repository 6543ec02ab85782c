import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayLabel, momentLabel } from './moment-label';

const { DateTimeFormat } = Intl;
afterEach(() => {
  Intl.DateTimeFormat = DateTimeFormat;
});

describe('momentLabel and dayLabel', () => {
  it('say what toLocaleString says, with one formatter made however many moments are told', async () => {
    // A module of its own: files share a worker's modules (vitest.config.ts), and another may
    // have made the formatters already.
    vi.resetModules();
    const { dayLabel, momentLabel } = await import('./moment-label');
    let made = 0;
    Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof DateTimeFormat>) {
      made += 1;
      return new DateTimeFormat(...args);
    } as typeof DateTimeFormat;
    const moments = Array.from({ length: 40 }, (_, i) =>
      new Date(Date.UTC(2026, 11, 7, i % 24, i)).toISOString(),
    );
    for (const iso of moments) {
      expect(momentLabel(iso)).toBe(
        new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
      );
      expect(dayLabel(iso)).toBe(new Date(iso).toLocaleString(undefined, { dateStyle: 'medium' }));
    }
    // Two formatters for eighty labels (toLocaleString, above, makes its own out of sight).
    expect(made).toBe(2);
  });

  it('tells an unreadable moment as toLocaleString does, instead of throwing', () => {
    expect(momentLabel('not a date')).toBe('Invalid Date');
    expect(dayLabel('')).toBe('Invalid Date');
  });
});
