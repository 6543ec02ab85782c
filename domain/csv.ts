/**
 * CSV as spreadsheets and editing software read it (RFC 4180): the one writer of the app's CSV
 * downloads (the invoicing and payments reports, the marker exports).
 */

type Cell = string | number | null | undefined;

/**
 * A spreadsheet opens a cell that starts with one of these as a formula (CSV injection, OWASP):
 * such cells get a leading apostrophe so they stay text. Tab and carriage return count too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative amount (a reversal) is a number, not a formula: it stays as it is. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One RFC 4180 field: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvCell(value: Cell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => cells.map(csvCell).join(',');

/** A whole CSV text: the header, then a line per row, each ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((cells) => `${csvLine(cells)}\r\n`).join('');
}
