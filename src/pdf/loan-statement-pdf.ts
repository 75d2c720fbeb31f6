/**
 * A loan's statement as a PDF (docs/behaviour.md, section 22): the terms, every repayment with its
 * status and the day it was collected, the balance and the arrears. Drawn with the schedule PDF's
 * pieces (pdfkit, built-in Helvetica), from the same derived position the JSON answers.
 */

import { renderPdf } from './document.ts';
import type { IsoDate } from '../domain/dates.ts';
import { formatAprTenths } from '../domain/apr.ts';
import { loanAprTenths, type LoanPosition, type LoanRepayment, type LoanTerms, type SettlementQuote } from '../domain/loans.ts';
import { formatGbp } from '../domain/money-format.ts';
import {
  BOLD,
  FONT,
  MARGIN,
  ROW_HEIGHT,
  drawClosingBlock,
  drawKeyValues,
  drawRow,
  drawRule,
  drawTableHeader,
  fits,
  formatPercent,
  numberPages,
  type Column,
} from './repayment-schedule-pdf.ts';

export interface StatementPdfInput {
  loanId: string;
  lenderName: string;
  companyName: string | null;
  terms: LoanTerms;
  repayments: readonly LoanRepayment[];
  position: LoanPosition;
  /** The settlement figure for payment on `generatedOn`, or null when there is none that day. */
  settlementToday: SettlementQuote | null;
  generatedOn: IsoDate;
}

const COLUMNS: Column[] = [
  { title: 'Due', width: 70, align: 'left' },
  { title: 'Fees', width: 60, align: 'right' },
  { title: 'Interest', width: 65, align: 'right' },
  { title: 'Principal', width: 75, align: 'right' },
  { title: 'Amount', width: 75, align: 'right' },
  { title: 'Status', width: 75, align: 'left' },
  { title: 'Collected on', width: 75, align: 'left' },
];

type Doc = PDFKit.PDFDocument;

const STATUS_WORDS: Record<LoanRepayment['status'], string> = { scheduled: '  Scheduled', collected: '  Collected', missed: '  Missed' };
const LOAN_STATUS_WORDS: Record<LoanPosition['status'], string> = {
  active: 'Active',
  in_arrears: 'In arrears',
  settled: 'Settled',
  withdrawn: 'Withdrawn',
};

/** Today's settlement figure, with the rebate the Early Settlement Regulations take off a regulated loan (section 23). */
function settlementRows(quote: SettlementQuote | null): Array<[string, string]> {
  if (!quote) return [];
  const rebate: Array<[string, string]> = quote.rebatePence > 0 ? [['Early settlement rebate', `-${formatGbp(quote.rebatePence)}`]] : [];
  return [...rebate, [`Settlement figure for ${quote.on}`, formatGbp(quote.amountPence)]];
}

function drawStatement(doc: Doc, input: StatementPdfInput): void {
  const { terms, position } = input;
  let y = MARGIN;
  doc.font(BOLD).fontSize(20).text('Loan statement', MARGIN, y, { lineBreak: false });
  y += 34;
  y = drawKeyValues(doc, y, [
    ['Lender', input.lenderName],
    ...(input.companyName ? ([['Borrower', input.companyName]] as Array<[string, string]>) : []),
    ['Loan', input.loanId],
    ['Amount drawn', formatGbp(terms.amountPence)],
    ['Drawn on', terms.fundedOn],
    ['Monthly interest', formatPercent(terms.monthlyRateBp)],
    ['Fee', `${formatPercent(terms.feeBp)} (charged with the first repayment)`],
    ['Duration', `${terms.durationDays} days`],
    ['APR', formatAprTenths(loanAprTenths(terms))],
    ['Status', LOAN_STATUS_WORDS[position.status]],
  ]);
  y += 12;
  doc.font(BOLD).fontSize(13).text(`Repayments (${input.repayments.length})`, MARGIN, y, { lineBreak: false });
  y += 22;
  y = drawTableHeader(doc, y, COLUMNS);
  for (const r of input.repayments) {
    if (!fits(doc, y, ROW_HEIGHT)) {
      doc.addPage();
      y = drawTableHeader(doc, MARGIN, COLUMNS);
    }
    const status = r.settlement ? '  Settlement' : STATUS_WORDS[r.status];
    drawRow(
      doc,
      y,
      [r.date, formatGbp(r.feesPence), formatGbp(r.interestPence), formatGbp(r.principalPence), formatGbp(r.amountPence), status, r.collectedOn ?? ''],
      FONT,
      COLUMNS,
    );
    y += ROW_HEIGHT;
  }
  drawRule(doc, y - 4);
  y += 12;
  const summary: Array<[string, string]> = [
    ['Balance: principal', formatGbp(position.balance.principalPence)],
    ['Balance: interest', formatGbp(position.balance.interestPence)],
    ['Balance: fees', formatGbp(position.balance.feesPence)],
    ['Balance outstanding', formatGbp(position.balance.totalPence)],
    ['Arrears', formatGbp(position.arrears.amountPence)],
    ['Days past due', String(position.arrears.daysPastDue)],
    ['Next repayment', position.nextRepayment ? `${formatGbp(position.nextRepayment.amountPence)} on ${position.nextRepayment.date}` : 'None'],
    ...settlementRows(input.settlementToday),
  ];
  drawClosingBlock(
    doc,
    y,
    'Balance and arrears',
    summary,
    `Statement as at ${input.generatedOn}. The balance is what remains of the repayments not yet collected, missed ones included. The settlement figure is for payment on that day only; for another day, ask for a settlement figure for the day you will pay.`,
  );
}

export function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const info = { title: 'Loan statement', subject: `Statement of loan ${input.loanId}`, generatedOn: input.generatedOn };
  return renderPdf({ ...info, margin: MARGIN, bufferPages: true }, (doc) => {
    drawStatement(doc, input);
    numberPages(doc);
  });
}
