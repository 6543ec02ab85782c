/**
 * CSV as spreadsheets and editing software read it (RFC 4180): the one writer of the app's CSV
 * downloads (the invoicing and payments reports, the marker exports). Every file starts with a
 * UTF-8 byte order mark, so Excel reads names with accents as UTF-8, and writes dates in the
 * forms Excel takes for dates (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`, UTC).
 */

type Cell = string | number | null | undefined;

/** The UTF-8 byte order mark every CSV download starts with. */
export const CSV_BOM = '\uFEFF';

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

/** A whole CSV text: the byte order mark, the header, then a line per row, each ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return CSV_BOM + [header, ...rows].map((cells) => `${csvLine(cells)}\r\n`).join('');
}

const toDate = (value: string | Date): Date | null => {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** An instant as `YYYY-MM-DD HH:MM:SS` (UTC), which Excel reads as a date and time; '' for none. */
export function csvDateTime(value: string | Date | null | undefined): string {
  const d = value === null || value === undefined || value === '' ? null : toDate(value);
  return d ? d.toISOString().slice(0, 19).replace('T', ' ') : '';
}

/** A day as `YYYY-MM-DD` (an instant's UTC day; a day stays as it is); '' for none. */
export function csvDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return csvDateTime(value).slice(0, 10);
}

/**
 * Reads a CSV text as the writer above writes it and spreadsheets save it (RFC 4180): quoted
 * fields may hold commas, doubled quotes and line breaks; lines end with CRLF or LF; a leading
 * byte order mark is dropped, and so is the apostrophe csvCell puts before a formula-like cell.
 * Blank lines are skipped. Null when a quoted field is never closed.
 */
export function parseCsv(text: string): string[][] | null {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  const endField = () => {
    row.push(/^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
    field = '';
    fieldStarted = false;
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (source[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) return null;
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
