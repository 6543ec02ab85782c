import { csvDateTime, csvText } from '@domain/csv';
import { formatInvoiceMoney } from '@domain/invoices';
import { subtractMoney } from '@domain/money';
import { STATEMENT_CSV_HEADER, type Statement } from '@domain/payouts';
import { PAYOUT_EVENT_LABELS, PAYOUT_KIND_LABELS, payoutItemLabel } from '@domain/payout-labels';
import { monthLabel } from '@domain/retainers';
import { PDF_MARGIN, pdfLines, startPdf } from '../invoices/pdf-lines';

/**
 * A payout statement as CSV (domain/csv.ts) and as a PDF (pdfkit, A4, the invoice's Helvetica):
 * its items, then its ledger entries, in the agency's currency.
 */

/** Items positive, a pay-out negative and its reversal positive: the Amount column sums to the balance. */
export function statementCsv(s: Statement): string {
  return csvText(STATEMENT_CSV_HEADER, [
    ...s.items.map((i) => [
      csvDateTime(i.lockedAt),
      PAYOUT_KIND_LABELS[i.kind],
      i.videoName,
      i.roundNumber,
      i.videoType,
      i.clientName,
      i.amount,
    ]),
    ...s.events.map((e) => [
      csvDateTime(e.createdAt),
      PAYOUT_EVENT_LABELS[e.event],
      '',
      '',
      '',
      '',
      e.event === 'paid_out' ? subtractMoney('0.00', e.amount) : e.amount,
    ]),
  ]);
}

export function renderStatementPdf(
  s: Statement,
  agency: { name: string; currency: string },
): Promise<Buffer> {
  const title = `Payout statement · ${s.editorName} · ${monthLabel(s.month)}`;
  const { doc, done } = startPdf({ Title: title, Author: agency.name || 'Payouts' });
  const money = (amount: string) => formatInvoiceMoney(amount, agency.currency);

  doc.font('Helvetica-Bold').fontSize(20).text('PAYOUT STATEMENT', PDF_MARGIN, PDF_MARGIN);
  doc.font('Helvetica').fontSize(11);
  if (agency.name) doc.text(agency.name);
  doc.text(`Editor: ${s.editorName}`);
  doc.text(`Month: ${monthLabel(s.month)}`);

  const { row, rule } = pdfLines(doc, doc.y + 20);
  row('Video', 'Amount', true);
  rule();
  for (const i of s.items) {
    row(`${payoutItemLabel(i)} (${i.videoType}, ${i.clientName})`, money(i.amount));
  }
  rule();
  row('Total', money(s.total), true);
  for (const e of s.events) {
    const day = e.createdAt.slice(0, 10);
    row(
      `${PAYOUT_EVENT_LABELS[e.event]} on ${day}`,
      money(e.event === 'paid_out' ? e.amount : subtractMoney('0.00', e.amount)),
    );
  }
  row('Paid', money(s.paid));
  row('Balance', money(s.balance), true);
  doc.end();
  return done;
}
