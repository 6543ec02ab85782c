import {
  INVOICING_CSV_HEADER,
  LEDGER_CSV_HEADER,
  type InvoicingRow,
  type LedgerEvent,
} from '@domain/invoicing';
import { csvText } from '@domain/csv';

/** The invoicing rows as CSV text (CRLF line ends, header first). */
export function invoicingCsv(rows: readonly InvoicingRow[]): string {
  return csvText(
    INVOICING_CSV_HEADER,
    rows.map((r) => [
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
      r.rounds,
    ]),
  );
}

/** The ledger's events as CSV text: reversals as negative amounts, so the column sums up. */
export function ledgerCsv(events: readonly LedgerEvent[]): string {
  return csvText(
    LEDGER_CSV_HEADER,
    events.map((e) => [
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
