import {
  INVOICING_CSV_HEADER,
  LEDGER_CSV_HEADER,
  LEDGER_KIND_LABELS,
  UNASSIGNED_EDITOR,
  type InvoicingRow,
  type LedgerEvent,
} from '@domain/invoicing';
import { csvDate, csvDateTime, csvText } from '@domain/csv';
import {
  MARGIN_CSV_COLUMNS,
  MARGIN_GROUP_LABELS,
  marginNote,
  type MarginReport,
} from '@domain/margin';

/** The invoicing rows as CSV text (domain/csv.ts: BOM, CRLF line ends, UTC dates Excel reads). */
export function invoicingCsv(rows: readonly InvoicingRow[]): string {
  return csvText(
    INVOICING_CSV_HEADER,
    rows.map((r) => [
      r.name,
      r.type,
      r.status,
      r.clientName,
      r.editorName ?? UNASSIGNED_EDITOR,
      csvDateTime(r.startDate),
      csvDateTime(r.finishDate),
      r.paymentAmount,
      r.paymentStatus,
      csvDateTime(r.paidDate),
      r.lockedPrice,
      r.link,
      csvDate(r.publishedAt),
      r.publishedUrl,
      r.rounds,
      r.extraRounds.length,
      r.extraRoundsTotal,
      r.extraRoundsOwed,
    ]),
  );
}

/** The ledger's events as CSV text: reversals as negative amounts, so the column sums up. */
export function ledgerCsv(events: readonly LedgerEvent[]): string {
  return csvText(
    LEDGER_CSV_HEADER,
    events.map((e) => [
      csvDateTime(e.at),
      e.event,
      LEDGER_KIND_LABELS[e.kind],
      e.videoName,
      e.videoType,
      e.clientName,
      e.editorName ?? UNASSIGNED_EDITOR,
      e.amount,
      e.by,
    ]),
  );
}

/**
 * A margin report as CSV: a line per row (the group's label, then MARGIN_CSV_COLUMNS, the note
 * saying 'no payout' or what the retainer row is), then the total.
 */
export function marginCsv(report: MarginReport): string {
  const line = (label: string, f: MarginReport['total'], note: string) => [
    label,
    f.revenue,
    f.payouts,
    f.margin,
    f.marginPercent ?? '',
    note,
  ];
  return csvText(
    [MARGIN_GROUP_LABELS[report.by], ...MARGIN_CSV_COLUMNS],
    [
      ...report.rows.map((r) => line(r.label, r, marginNote(r))),
      line(`Total ${report.from} to ${report.to}`, report.total, ''),
    ],
  );
}
