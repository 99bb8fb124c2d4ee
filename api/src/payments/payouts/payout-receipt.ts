import PDFDocument from 'pdfkit';
import { PAYOUT_MESSAGES as PM } from 'shared/messages';
import { currencyDigits } from 'shared/money';
import type { Translator } from '../../i18n/server-i18n';

/**
 * PDF documents of money movements (pdfkit): a numbered receipt in the
 * reader's language, with the amount and every fee beside it.
 */
export interface ReceiptLine {
  label: string;
  amount: number;
}

export interface ReceiptInput {
  title: string;
  number: number;
  locale: 'en' | 'fr';
  date: Date;
  currency: string;
  /** Label and value pairs above the figures (payee, method, status, reference). */
  facts: [string, string][];
  lines: ReceiptLine[];
  /** Movements listed above the figures (a statement's), each with its signed amount. */
  movements?: ReceiptLine[];
  notes?: string[];
}

export const formatMoney = (amount: number, currency: string, locale: string) => {
  const digits = currencyDigits(currency);
  // Narrow no-break spaces are outside the PDF standard fonts' encoding: plain spaces instead.
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(amount / 10 ** digits)
    .replace(/[\u202f\u00a0]/g, ' ');
};

export const receiptNumber = (number: number) => `FDM-${String(number).padStart(6, '0')}`;

export function renderReceipt(t: Translator, input: ReceiptInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${input.title} ${receiptNumber(input.number)}`, Author: 'Fundament' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text('Fundament');
  doc.moveDown(0.5).fontSize(16).text(input.title);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(t(PM.receiptNumber, { number: receiptNumber(input.number) }));
  doc.moveDown();
  const date = new Intl.DateTimeFormat(input.locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const facts: [string, string][] = [[t(PM.receiptDate), `${date.format(input.date)} UTC`], ...input.facts];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  doc.moveDown();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (line: ReceiptLine, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(line.label, left, y, { width: width * 0.65 });
    doc.text(formatMoney(line.amount, input.currency, input.locale), left + width * 0.65, y, { width: width * 0.35, align: 'right' });
    doc.moveDown(0.3);
  };
  if (input.movements?.length) {
    doc.fontSize(9);
    for (const movement of input.movements) row(movement);
    doc.fontSize(11).moveDown();
  }
  for (const line of input.lines) row(line, true);
  if (input.notes?.length) {
    doc.moveDown();
    doc.font('Helvetica').fontSize(9).fillColor('#444444');
    for (const note of input.notes) doc.text(note, left, doc.y, { width });
  }
  doc.end();
  return done;
}
