import PDFDocument from 'pdfkit';
import { csvDateTime, csvText } from '@domain/csv';
import { formatInvoiceMoney } from '@domain/invoices';
import { subtractMoney } from '@domain/money';
import { STATEMENT_CSV_HEADER, type Statement } from '@domain/payouts';
import { PAYOUT_EVENT_LABELS, PAYOUT_KIND_LABELS, payoutItemLabel } from '@domain/payout-labels';
import { monthLabel } from '@domain/retainers';

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

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const AMOUNT_WIDTH = 110;

export function renderStatementPdf(
  s: Statement,
  agency: { name: string; currency: string },
): Promise<Buffer> {
  const title = `Payout statement · ${s.editorName} · ${monthLabel(s.month)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: agency.name || 'Payouts' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (amount: string) => formatInvoiceMoney(amount, agency.currency);

  doc.font('Helvetica-Bold').fontSize(20).text('PAYOUT STATEMENT', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(11);
  if (agency.name) doc.text(agency.name);
  doc.text(`Editor: ${s.editorName}`);
  doc.text(`Month: ${monthLabel(s.month)}`);

  let y = doc.y + 20;
  const descriptionWidth = WIDTH - AMOUNT_WIDTH;
  const row = (left: string, right: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(
      doc.heightOfString(left, { width: descriptionWidth - 10 }),
      doc.heightOfString(right, { width: AMOUNT_WIDTH }),
    );
    if (y + height > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(left, MARGIN, y, { width: descriptionWidth - 10 });
    doc.text(right, MARGIN + descriptionWidth, y, { width: AMOUNT_WIDTH, align: 'right' });
    y += height + 6;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + WIDTH, y - 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    y += 4;
  };
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
