import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDiskFull } from '../plugins/errors';

/** Which errors the error handler answers with 503 (the database is away) rather than 500. */
describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  // Drizzle wraps the driver's error: "Failed query: …" with the original as its cause.
  const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

  it('knows a restart, a refused connection and a dropped one, however wrapped', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('57P01')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('57P03')))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')])),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(
      true,
    );
  });

  it('leaves every other failure a 500 (or the 4xx it already is)', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('23505')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(pgError('42P01')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});

/** Which errors the error handler answers with 507 (issue 38: the disk is full). */
describe('isDiskFull', () => {
  const wrapped = (cause: unknown) => new Error('Failed query: insert …', { cause });
  it('knows disk_full and ENOSPC in the words or the detail, however wrapped', () => {
    expect(isDiskFull(wrapped(Object.assign(new Error('x'), { code: '53100' })))).toBe(true);
    expect(
      isDiskFull(wrapped(new Error('could not extend file "base/5/1": No space left on device'))),
    ).toBe(true);
    expect(
      isDiskFull(
        wrapped(
          Object.assign(new Error('could not access status of transaction 0'), {
            detail: 'Could not write to file "pg_xact/0000" at offset 0: No space left on device.',
          }),
        ),
      ),
    ).toBe(true);
  });
  it('leaves other failures alone', () => {
    expect(isDiskFull(wrapped(Object.assign(new Error('x'), { code: '23505' })))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
  });
});
