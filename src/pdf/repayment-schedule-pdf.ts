/**
 * The repayment schedule as a PDF (docs/behaviour.md, section 10: "a real PDF: the schedule as a table, with
 * the offer's terms"). Every figure comes from the already-computed RepaymentSchedule, so the PDF can
 * never disagree with the JSON. Only pdfkit's built-in Helvetica is used: no font files to ship.
 */

import type { IsoDate } from '../domain/dates.ts';
import type { BasisPoints, Pence } from '../domain/money.ts';
import { formatAprTenths } from '../domain/apr.ts';
import { formatGbp } from '../domain/money-format.ts';
import type { RepaymentSchedule } from '../domain/repayment-schedule.ts';
import { renderPdf, type Doc } from './document.ts';

export interface SchedulePdfInput {
  offer: {
    offerId: string;
    productType: string;
    maxAmountPence: Pence;
    monthlyRateBp: BasisPoints;
    feeBp: BasisPoints;
    durationDays: number;
  };
  schedule: RepaymentSchedule;
  generatedOn: IsoDate;
}

export const MARGIN = 50;
export const ROW_HEIGHT = 16;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

export type Column = { title: string; width: number; align: 'left' | 'right' };

/** Table columns; widths add up to the A4 text width (595.28 − 2 × 50 ≈ 495). */
const COLUMNS: Column[] = [
  { title: '#', width: 30, align: 'left' },
  { title: 'Date', width: 85, align: 'left' },
  { title: 'Fees', width: 95, align: 'right' },
  { title: 'Interest', width: 95, align: 'right' },
  { title: 'Principal', width: 95, align: 'right' },
  { title: 'Amount', width: 95, align: 'right' },
];

/** 300 bp -> "3.00%", with integer arithmetic like the money. */
export function formatPercent(bp: BasisPoints): string {
  const sign = bp < 0 ? '-' : '';
  const magnitude = Math.abs(bp);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}%`;
}

export function productLabel(productType: string): string {
  const words = productType.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function drawRow(doc: Doc, y: number, cells: string[], font: string, columns: Column[] = COLUMNS): void {
  doc.font(font).fontSize(9);
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = columns[i];
    // lineBreak: false keeps pdfkit from wrapping or paginating on its own; we paginate explicitly.
    doc.text(cell, x, y, { width: column.width, align: column.align, lineBreak: false });
    x += column.width;
  });
}

export function drawRule(doc: Doc, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
}

export function drawTableHeader(doc: Doc, y: number, columns: Column[] = COLUMNS): number {
  drawRow(
    doc,
    y,
    columns.map((c) => c.title),
    BOLD,
    columns,
  );
  drawRule(doc, y + ROW_HEIGHT - 4);
  return y + ROW_HEIGHT;
}

/** Room left on this page before the bottom margin. */
export function fits(doc: Doc, y: number, height: number): boolean {
  return y + height <= doc.page.height - doc.page.margins.bottom;
}

export function drawKeyValues(doc: Doc, y: number, rows: Array<[string, string]>): number {
  for (const [label, value] of rows) {
    doc.font(BOLD).fontSize(10).text(label, MARGIN, y, { width: 180, lineBreak: false });
    doc
      .font(FONT)
      .fontSize(10)
      .text(value, MARGIN + 180, y, { width: 315, lineBreak: false });
    y += ROW_HEIGHT;
  }
  return y;
}

function drawDocument(doc: Doc, { offer, schedule, generatedOn }: SchedulePdfInput): void {
  let y = MARGIN;
  doc.font(BOLD).fontSize(20).text('Repayment schedule', MARGIN, y, { lineBreak: false });
  y += 34;

  const n = schedule.repayments.length;
  const terms: Array<[string, string]> = [
    ['Offer', offer.offerId],
    ['Product', productLabel(offer.productType)],
    ['Amount borrowed', formatGbp(schedule.amountBorrowedPence)],
    ['Maximum amount', formatGbp(offer.maxAmountPence)],
    ['Monthly interest', formatPercent(offer.monthlyRateBp)],
    ['Fee', `${formatPercent(offer.feeBp)} (charged with the first repayment)`],
    ['Duration', `${offer.durationDays} days`],
    ['APR', `${formatAprTenths(schedule.aprTenths)} (for the amount borrowed)`],
  ];
  if (schedule.drawnOn) terms.push(['Drawn on (simulated)', schedule.drawnOn]);
  if (schedule.payOffEarlyOn) terms.push(['Early payoff on', schedule.payOffEarlyOn]);
  y = drawKeyValues(doc, y, terms);

  y += 12;
  doc.font(BOLD).fontSize(13).text(`Repayments (${n})`, MARGIN, y, { lineBreak: false });
  y += 22;
  y = drawTableHeader(doc, y);
  schedule.repayments.forEach((r, i) => {
    if (!fits(doc, y, ROW_HEIGHT)) {
      doc.addPage();
      y = drawTableHeader(doc, MARGIN); // repeat the header so every page reads on its own
    }
    drawRow(doc, y, [String(i + 1), r.date, formatGbp(r.feesPence), formatGbp(r.interestPence), formatGbp(r.principalPence), formatGbp(r.amountPence)], FONT);
    y += ROW_HEIGHT;
  });
  drawRule(doc, y - 4);
  drawRow(
    doc,
    y,
    [
      '',
      'Total',
      formatGbp(schedule.totalFeesPence),
      formatGbp(schedule.totalInterestPence),
      formatGbp(schedule.totalPrincipalPence),
      formatGbp(schedule.totalPayablePence),
    ],
    BOLD,
  );
  y += ROW_HEIGHT + 16;

  const totals: Array<[string, string]> = [
    ['Total fees', formatGbp(schedule.totalFeesPence)],
    ['Total interest', formatGbp(schedule.totalInterestPence)],
    ['Total principal', formatGbp(schedule.totalPrincipalPence)],
    ['Total payable', formatGbp(schedule.totalPayablePence)],
    ['Amount saved by repaying early', formatGbp(schedule.amountSavedByRepayingEarlyPence)],
  ];
  drawClosingBlock(
    doc,
    y,
    'Totals',
    totals,
    `Generated on ${generatedOn}. Illustration only: each repayment's interest is a whole month's rate on the balance outstanding before it (an early payoff pays it pro rata to the days elapsed); amounts are rounded half-even to the penny.`,
  );
}

/** A titled block of label/value rows and a small-print note, kept together on one page. */
export function drawClosingBlock(doc: Doc, y: number, title: string, rows: Array<[string, string]>, note: string): void {
  // Keep the block together rather than splitting it across a page break.
  if (!fits(doc, y, 22 + ROW_HEIGHT * (rows.length + 2))) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font(BOLD).fontSize(13).text(title, MARGIN, y, { lineBreak: false });
  y += 22;
  y = drawKeyValues(doc, y, rows);
  y += 12;
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor('#555555')
    .text(note, MARGIN, y, { width: doc.page.width - 2 * MARGIN })
    .fillColor('black');
}

/** Stamps "Page i of n" in each page's bottom margin once the page count is known. */
export function numberPages(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not trigger an automatic new page
    doc
      .font(FONT)
      .fontSize(8)
      .text(`Page ${i + 1 - range.start} of ${range.count}`, MARGIN, doc.page.height - 30, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

export function renderSchedulePdf(input: SchedulePdfInput): Promise<Buffer> {
  const info = { title: 'Repayment schedule', subject: `Repayment schedule for offer ${input.offer.offerId}`, generatedOn: input.generatedOn };
  return renderPdf({ ...info, margin: MARGIN, bufferPages: true }, (doc) => {
    drawDocument(doc, input);
    numberPages(doc);
  });
}
