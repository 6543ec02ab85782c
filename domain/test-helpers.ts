import { expect, it } from 'vitest';
import type { z } from 'zod';

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

/** Every issue of `schema` on `input` as [path, message], in the order zod reports them. */
export function issues(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** Each field's first message, the way the forms show them (@mantine/form's schemaResolver). */
export function firstByField(schema: z.ZodType, input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of issues(schema, input)) out[path] ??= message;
  return out;
}
