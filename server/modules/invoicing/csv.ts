import {
  INVOICING_CSV_HEADER,
  LEDGER_CSV_HEADER,
  type InvoicingRow,
  type LedgerEvent,
} from '@domain/invoicing';

/**
 * A spreadsheet opens a cell that starts with one of these as a formula (CSV injection, OWASP):
 * such cells get a leading apostrophe so they stay text. Tab and carriage return count too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative amount (a reversal) is a number, not a formula: it stays as it is. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One RFC 4180 field: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string =>
  cells.map(csvCell).join(',');

/** A table as CSV text: the header, then a line per row (CRLF line ends). */
function csvText<Row>(
  header: readonly string[],
  rows: readonly Row[],
  cells: (row: Row) => (string | number | null | undefined)[],
): string {
  const lines = [csvLine(header), ...rows.map((row) => csvLine(cells(row)))];
  return `${lines.join('\r\n')}\r\n`;
}

/** The invoicing rows as CSV text. */
export const invoicingCsv = (rows: readonly InvoicingRow[]): string =>
  csvText(INVOICING_CSV_HEADER, rows, (r) => [
    r.name,
    r.type,
    r.status,
    r.clientName,
    r.editorName ?? 'Unassigned',
    r.startDate,
    r.finishDate,
    r.paymentAmount,
    r.paymentStatus,
    r.paidDate,
    r.lockedPrice,
    r.link,
  ]);

/** The ledger's events as CSV text: reversals as negative amounts, so the column sums up. */
export const ledgerCsv = (events: readonly LedgerEvent[]): string =>
  csvText(LEDGER_CSV_HEADER, events, (e) => [
    e.at,
    e.event,
    e.videoName,
    e.videoType,
    e.clientName,
    e.editorName ?? 'Unassigned',
    e.amount,
    e.by,
  ]);
