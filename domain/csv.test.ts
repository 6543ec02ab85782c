import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvText } from './csv';

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
  it('writes the header and each row, every line ended by CRLF', () => {
    expect(csvText(['a', 'b'], [['1', 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
