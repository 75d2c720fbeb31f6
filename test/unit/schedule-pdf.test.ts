import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { formatGbp } from '../../src/domain/money-format.ts';
import { repaymentSchedule } from '../../src/domain/repayment-schedule.ts';
import { renderSchedulePdf } from '../../src/pdf/repayment-schedule-pdf.ts';

async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('formatGbp', () => {
  it('formats pence with integer arithmetic', () => {
    expect(formatGbp(0)).toBe('£0.00');
    expect(formatGbp(5)).toBe('£0.05');
    expect(formatGbp(99)).toBe('£0.99');
    expect(formatGbp(100)).toBe('£1.00');
    expect(formatGbp(123_456)).toBe('£1,234.56');
    expect(formatGbp(99_999)).toBe('£999.99');
    expect(formatGbp(100_000)).toBe('£1,000.00');
    expect(formatGbp(1_337_498)).toBe('£13,374.98');
    expect(formatGbp(1_000_000_000)).toBe('£10,000,000.00');
    expect(formatGbp(-5)).toBe('-£0.05');
    expect(formatGbp(-123_456)).toBe('-£1,234.56');
  });
  it('rejects fractional pence', () => {
    expect(() => formatGbp(1.5)).toThrow(RangeError);
  });
});

describe('renderSchedulePdf', () => {
  const offer = {
    offerId: '5b0c7f0e-8f1a-4d4e-9a57-0d3f3e1c2b10',
    productType: 'business_loan',
    maxAmountPence: 1_000_000,
    monthlyRateBp: 250,
    feeBp: 250,
    durationDays: 730,
  };
  const schedule = repaymentSchedule({ amountPence: 1_000_000, monthlyRateBp: 250, feeBp: 250, durationDays: 730, drawnOn: '2026-01-31' });

  it('renders a 24-repayment schedule as a real PDF with the terms, the table and the totals', async () => {
    expect(schedule.repayments).toHaveLength(24);
    const pdf = await renderSchedulePdf({ offer, schedule, generatedOn: '2026-01-31' });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');

    const { text } = await pdfText(pdf);
    expect(text).toContain('Repayment schedule');
    expect(text).toContain('Business loan');
    expect(text).toContain(offer.offerId);
    expect(text).toContain('£13,374.98'); // total payable 1,337,498 pence
    expect(text).toContain('£3,124.98'); // total interest 312,498 pence
    expect(text).toContain('£916.67'); // first repayment 91,667 pence (fee + interest + principal)
    expect(text).toContain('2026-02-28'); // first repayment date
    expect(text).toContain('2028-01-31'); // last repayment date
    expect(text).toContain('2.50%');
  });

  it('breaks long tables across pages and shows the early payoff', async () => {
    const long = repaymentSchedule({ amountPence: 5_000_000, monthlyRateBp: 200, feeBp: 0, durationDays: 1_800, drawnOn: '2026-01-15' });
    expect(long.repayments).toHaveLength(60);
    const pdf = await renderSchedulePdf({
      offer: { ...offer, productType: 'flexi_loan', maxAmountPence: 5_000_000, monthlyRateBp: 200, feeBp: 0, durationDays: 1_800 },
      schedule: long,
      generatedOn: '2026-01-15',
    });
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('2031-01-15'); // the 60th repayment, on a later page
    expect(text).toContain(formatGbp(long.totalPayablePence));

    const early = repaymentSchedule({
      amountPence: 1_000_000,
      monthlyRateBp: 300,
      feeBp: 0,
      durationDays: 120,
      drawnOn: '2026-01-15',
      payOffEarlyOn: '2026-03-25',
    });
    const earlyText = (await pdfText(await renderSchedulePdf({ offer, schedule: early, generatedOn: '2026-01-15' }))).text;
    expect(earlyText).toContain('2026-03-25');
    expect(earlyText).toContain('£176.61'); // amount saved: 17,661 pence
    expect(earlyText).toContain('£10,573.39'); // total payable: 1,057,339 pence
  });

  it('is stable for the same input', async () => {
    const a = await renderSchedulePdf({ offer, schedule, generatedOn: '2026-01-31' });
    const b = await renderSchedulePdf({ offer, schedule, generatedOn: '2026-01-31' });
    expect(a.equals(b)).toBe(true);
  });
});
