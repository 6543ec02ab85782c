import PDFDocument from 'pdfkit';

/**
 * The parts the app's A4 PDFs share (an invoice, a payout statement): the document with its
 * bytes collected, and lines of a description and an amount on the right, ruled, that run onto a
 * new page when the page is full. The standard Helvetica fonts write Latin text (WinAnsi).
 */

export const PDF_MARGIN = 50;
export const PDF_WIDTH = 595.28 - 2 * PDF_MARGIN;
const AMOUNT_WIDTH = 110;

/** An A4 document and the promise of its bytes once `doc.end()` is called. */
export function startPdf(info: { Title: string; Author: string }) {
  const doc = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Lines from `y` down: `row(description, amount, bold)` and `rule()`; `y()` where they end. */
export function pdfLines(doc: PDFKit.PDFDocument, startY: number) {
  let y = startY;
  const descriptionWidth = PDF_WIDTH - AMOUNT_WIDTH;
  const row = (left: string, right: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(
      doc.heightOfString(left, { width: descriptionWidth - 10 }),
      doc.heightOfString(right, { width: AMOUNT_WIDTH }),
    );
    if (y + height > doc.page.height - PDF_MARGIN) {
      doc.addPage();
      y = PDF_MARGIN;
    }
    doc.text(left, PDF_MARGIN, y, { width: descriptionWidth - 10 });
    doc.text(right, PDF_MARGIN + descriptionWidth, y, { width: AMOUNT_WIDTH, align: 'right' });
    y += height + 6;
  };
  const rule = () => {
    doc
      .moveTo(PDF_MARGIN, y - 2)
      .lineTo(PDF_MARGIN + PDF_WIDTH, y - 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    y += 4;
  };
  return { row, rule, y: () => y };
}
