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

/**
 * An RFC 4180 reader, written here to read the exports back as a spreadsheet would: fields
 * separated by commas, quoted fields may hold commas, doubled quotes and line breaks, records
 * end with CRLF, after the UTF-8 byte order mark every export starts with. Throws on anything
 * else (no mark, a stray quote, a bare LF between records).
 */
export function parseCsv(text: string): string[][] {
  // The app's CSV files start with a UTF-8 byte order mark (domain/csv.ts).
  if (!text.startsWith('\uFEFF')) throw new Error('no UTF-8 byte order mark first');
  const records: string[][] = [];
  let record: string[] = [];
  let i = 1;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && !/[,\r\n]/.test(text[i]!)) {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text[i])}`);
    }
  }
  if (record.length) throw new Error('the last record has no CRLF');
  return records;
}
