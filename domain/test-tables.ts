import { expect, it } from 'vitest';

/**
 * A table-driven test of a one-argument rule, for the domain tests: one test per
 * [input, expected] row, named by `title` with the row's values in its `it.each` placeholders
 * ('reads %j as %j'), each checking that `rule(input)` is (strictly equal to) `expected`.
 */
export function itReturns<I, O>(
  rule: (input: I) => O,
  title: string,
  rows: readonly (readonly [input: I, expected: O])[],
): void {
  it.each(rows as [I, O][])(title, (input, expected) => {
    expect(rule(input)).toStrictEqual(expected);
  });
}
