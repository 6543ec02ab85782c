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

/** The invoicing rows as CSV text (CRLF line ends, header first). */
export function invoicingCsv(rows: readonly InvoicingRow[]): string {
  const lines = [csvLine(INVOICING_CSV_HEADER)];
  for (const r of rows) {
    lines.push(
      csvLine([
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
        r.publishedAt,
        r.publishedUrl,
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The ledger's events as CSV text: reversals as negative amounts, so the column sums up. */
export function ledgerCsv(events: readonly LedgerEvent[]): string {
  const lines = [csvLine(LEDGER_CSV_HEADER)];
  for (const e of events) {
    lines.push(
      csvLine([
        e.at,
        e.event,
        e.videoName,
        e.videoType,
        e.clientName,
        e.editorName ?? 'Unassigned',
        e.amount,
        e.by,
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
