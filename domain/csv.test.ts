import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDate, csvDateTime, csvLine, csvText, parseCsv } from './csv';

describe('csv cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [null, ''],
  ])('quotes commas, quotes and line breaks: %j is written %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    // A plain negative amount (a ledger reversal) is a number, not a formula.
    ['-70.00', '-70.00'],
    ['@cmd', "'@cmd"],
    ['=1,2', `"'=1,2"`],
  ])('defuses formulas: %j is written %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('joins the cells of a line', () => {
    expect(csvLine(['a', 1, undefined])).toBe('a,1,');
  });
});

describe('csv text', () => {
  it('starts with the UTF-8 byte order mark, then the header and each row, every line ended by CRLF', () => {
    const text = csvText(['a', 'b'], [['1', 'x,y']]);
    expect(text).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
    // Encoded, the file's first three bytes are EF BB BF.
    expect([...new TextEncoder().encode(text).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('csv dates', () => {
  it.each([
    ['2026-03-07T09:05:01.123Z', '2026-03-07 09:05:01'],
    [new Date('2026-12-31T23:59:59.999Z'), '2026-12-31 23:59:59'],
    // An offset is read as the instant it names, written in UTC.
    ['2026-01-01T01:30:00+02:00', '2025-12-31 23:30:00'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['not a date', ''],
  ])('writes the instant %j as %j (UTC)', (value, text) => {
    expect(csvDateTime(value)).toBe(text);
  });

  it.each([
    ['2026-04-02', '2026-04-02'],
    ['2026-03-07T23:30:00.000Z', '2026-03-07'],
    ['2026-03-07T23:30:00-05:00', '2026-03-08'],
    [null, ''],
  ])('writes the day of %j as %j', (value, text) => {
    expect(csvDate(value)).toBe(text);
  });
});

describe('reading csv', () => {
  it('reads back what csvText writes: commas, quotes, line breaks, formulas, accents', () => {
    const rows = [
      ['Name', 'Note'],
      ['Café "Noir", Paris', 'two\r\nlines'],
      ['=SUM(A1)', '-12.50'],
      ['', 'last'],
    ];
    expect(parseCsv(csvText(rows[0]!, rows.slice(1)))).toEqual(rows);
  });

  it('takes LF line ends, a last line without one, and skips blank lines', () => {
    expect(parseCsv('a,b\n1,2\n\n3,"4"')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('answers null for a quoted field never closed', () => {
    expect(parseCsv('a,b\r\n"open,2\r\n')).toBeNull();
  });
});
