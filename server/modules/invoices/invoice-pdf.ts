import { formatInvoiceMoney, type InvoiceDetail } from '@domain/invoices';
import { PDF_MARGIN as MARGIN, PDF_WIDTH as WIDTH, pdfLines, startPdf } from './pdf-lines';

/**
 * An issued invoice as a PDF (pdfkit, A4): the seller with its logo, the buyer, the number and
 * dates, every line, the totals and what has been paid, in the invoice's currency. The standard
 * Helvetica fonts write Latin text (WinAnsi); other scripts are out of their reach.
 */

/** The image bytes of a data: URL. */
const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

export function renderInvoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  const { doc, done } = startPdf({
    Title: `Invoice ${invoice.label}`,
    Author: invoice.seller.name || 'Invoice',
  });
  const money = (amount: string) => formatInvoiceMoney(amount, invoice.currency);
  const { seller, buyer } = invoice;

  // The seller, with the logo above it when there is one.
  let y = MARGIN;
  if (seller.logo) {
    try {
      doc.image(dataUrlBytes(seller.logo), MARGIN, y, { fit: [140, 60] });
      y += 70;
    } catch {
      // An image pdfkit cannot read leaves the invoice without its logo, not without the invoice.
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(seller.name || ' ', MARGIN, y, { width: 260 });
  doc.font('Helvetica').fontSize(10);
  if (seller.address) doc.text(seller.address, { width: 260 });
  if (seller.taxId) doc.text(`Tax ID: ${seller.taxId}`, { width: 260 });
  const sellerEnd = doc.y;

  // The title, number and dates on the right.
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .text('INVOICE', MARGIN + 280, MARGIN, {
      width: WIDTH - 280,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(10);
  for (const line of [
    `Number: ${invoice.label}`,
    `Issue date: ${longDate(invoice.issueDate)}`,
    `Due date: ${longDate(invoice.dueDate)}`,
  ]) {
    doc.text(line, MARGIN + 280, doc.y, { width: WIDTH - 280, align: 'right' });
  }

  // The buyer.
  y = Math.max(sellerEnd, doc.y) + 24;
  doc.font('Helvetica-Bold').fontSize(11).text('Bill to', MARGIN, y);
  doc.font('Helvetica').fontSize(10).text(buyer.name, { width: 300 });
  if (buyer.address) doc.text(buyer.address, { width: 300 });
  if (buyer.taxId) doc.text(`Tax ID: ${buyer.taxId}`, { width: 300 });
  if (buyer.email) doc.text(buyer.email, { width: 300 });

  // The lines.
  const { row, rule, y: linesEnd } = pdfLines(doc, doc.y + 24);
  row('Description', 'Amount', true);
  rule();
  for (const line of invoice.lines) row(line.description, money(line.amount));
  rule();
  row('Subtotal', money(invoice.subtotal));
  if (invoice.taxRate !== null) row(`Tax (${invoice.taxRate}%)`, money(invoice.tax));
  row('Total', money(invoice.total), true);
  row('Paid', money(invoice.paid));
  row('Balance due', money(invoice.balance), true);

  if (seller.paymentInstructions) {
    y = linesEnd() + 18;
    if (y > doc.page.height - MARGIN - 40) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font('Helvetica-Bold').fontSize(11).text('Payment instructions', MARGIN, y);
    doc.font('Helvetica').fontSize(10).text(seller.paymentInstructions, { width: WIDTH });
  }
  doc.end();
  return done;
}
