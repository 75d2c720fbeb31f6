/**
 * The pre-contract credit information as a PDF (docs/behaviour.md, section 23): the same sections,
 * facts and explanations as the portal page (domain/pre-contract.ts), and the repayments for the
 * amount shown. Built-in Helvetica only; text flows and wraps, pdfkit paginates.
 */
import type { IsoDate } from '../domain/dates.ts';
import { formatGbp } from '../domain/money-format.ts';
import { renderPdf, type Doc } from './document.ts';
import { longDate, preContractInformation, type PreContractInput } from '../domain/pre-contract.ts';

const MARGIN = 50;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

function drawDocument(doc: Doc, input: PreContractInput, offerId: string, generatedOn: IsoDate): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.font(BOLD).fontSize(20).text('Pre-contract credit information', MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#555555')
    .text(`${input.productName} offer ${offerId}. Given on ${longDate(generatedOn)}.`, { width })
    .fillColor('black');
  for (const section of preContractInformation(input)) {
    doc.moveDown(1);
    doc.font(BOLD).fontSize(13).text(section.heading, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    for (const fact of section.facts) {
      doc.font(BOLD).fontSize(10).text(`${fact.label}: `, MARGIN, doc.y, { width, continued: true });
      doc.font(FONT).text(fact.value);
      doc.moveDown(0.2);
    }
    if (section.id === 'repayments') {
      doc.moveDown(0.2);
      input.schedule.repayments.forEach((r, i) => {
        doc
          .font(FONT)
          .fontSize(9)
          .text(
            `${i + 1}. ${longDate(r.date)} (if drawn on ${longDate(input.schedule.drawnOn ?? generatedOn)}): ${formatGbp(r.amountPence)}`,
            MARGIN + 12,
            doc.y,
            {
              width: width - 12,
            },
          );
      });
      doc.moveDown(0.3);
    }
    for (const paragraph of section.explanation) {
      doc.font(FONT).fontSize(10).text(paragraph, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    }
  }
}

export function renderPreContractPdf(input: PreContractInput & { offerId: string; generatedOn: IsoDate }): Promise<Buffer> {
  const info = {
    title: 'Pre-contract credit information',
    subject: `Pre-contract credit information for offer ${input.offerId}`,
    generatedOn: input.generatedOn,
  };
  return renderPdf({ ...info, margin: MARGIN }, (doc) => drawDocument(doc, input, input.offerId, input.generatedOn));
}
