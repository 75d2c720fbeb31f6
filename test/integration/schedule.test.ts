import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ScheduleResponse } from '../../src/schemas/offers.ts';
import { BACKENDS } from '../helpers/db.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { apply, insertIndicativeOffer, offeredBySandbox, type OfferJson, type OfferTermsJson } from '../helpers/lending.ts';

/**
 * Every expected figure below is computed by hand from docs/behaviour.md, section 10 (not by the code under
 * test): n = round(days / 30); principal round(A / n), the last takes the rest; interest a whole
 * month's rate on the balance before each repayment; the fee in the first; half-even to the penny.
 */

const FLEXI_10000: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 10000, monthly_interest_percentage: 3, fee_percentage: 0, duration_in_days: 120 };
const BUSINESS_FEE: OfferTermsJson = {
  product_type: 'business_loan',
  max_amount: 1234.56,
  monthly_interest_percentage: 2,
  fee_percentage: 2.5,
  duration_in_days: 90,
};

function repayment(date: string, amount: number, fees: number, interest: number, principal: number) {
  return { amount, date, breakdown: { fees, interest, principal } };
}

describe.each(BACKENDS)('repayment schedule on %s', (backend) => {
  // D0 is "today" in London; every test runs on 15 January 2026 unless it says otherwise.
  const D0 = new Date('2026-01-15T12:00:00Z');
  const t = useTestApp(backend, { resetClock: D0 });
  const partner = usePartner(t);
  let flexi: OfferJson;
  let business: OfferJson;

  beforeAll(async () => {
    t.clock.set(D0);
    const made = await offeredBySandbox(partner, [FLEXI_10000, BUSINESS_FEE], { application: { amount: 10000 } });
    flexi = made.offers.find((o) => o.product_type === 'flexi_loan') as OfferJson;
    business = made.offers.find((o) => o.product_type === 'business_loan') as OfferJson;
  });

  const schedule = (offerId: string, query = '', headers: Record<string, string> = {}) =>
    partner.get(`/offers/${offerId}/repayment_schedule/${query}`, headers);

  it('matches the documented check: 10,000 over 120 days at 3.0 %, fee 0', async () => {
    const res = await schedule(flexi.offer_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      data: {
        amount_borrowed: 10000,
        amount_saved_by_repaying_early: 0,
        // docs/behaviour.md, section 23: no fee, so 1.03^12 - 1 = 42.58 %, shown 42.6.
        apr: 42.6,
        fee_percentage: 0,
        monthly_interest_percentage: 3,
        repayments: [
          repayment('2026-02-15', 2800, 0, 300, 2500),
          repayment('2026-03-15', 2725, 0, 225, 2500),
          repayment('2026-04-15', 2650, 0, 150, 2500),
          repayment('2026-05-15', 2575, 0, 75, 2500),
        ],
        total_payable: 10750,
        total_payable_breakdown: { total_fees: 0, total_interest: 750, total_principal: 10000 },
      },
    });
  });

  it('puts the whole fee in the first repayment and rounds line by line (1,234.56 at 2.0 %, fee 2.5 %, 90 days)', async () => {
    const res = await schedule(business.offer_id);
    expect(res.statusCode, res.body).toBe(200);
    // fee 30.864 -> 30.86; principal 411.52 × 3; interest 24.6912 -> 24.69, 16.4608 -> 16.46, 8.2304 -> 8.23.
    expect(res.json().data).toEqual({
      amount_borrowed: 1234.56,
      amount_saved_by_repaying_early: 0,
      // The three repayments discounted at 47.24 % a year give back 1,234.56 (a plain bisection apart
      // from the code): the fee over three months adds about 20 points to 1.02^12 - 1 = 26.8 %.
      apr: 47.2,
      fee_percentage: 2.5,
      monthly_interest_percentage: 2,
      repayments: [
        repayment('2026-02-15', 467.07, 30.86, 24.69, 411.52),
        repayment('2026-03-15', 427.98, 0, 16.46, 411.52),
        repayment('2026-04-15', 419.75, 0, 8.23, 411.52),
      ],
      total_payable: 1314.8,
      total_payable_breakdown: { total_fees: 30.86, total_interest: 49.38, total_principal: 1234.56 },
    });
  });

  it('rounds half-even, not half-up', async () => {
    // 1.00: fee 2.5p -> 2p (half-up: 3p); principal 33, 33, 34; interest 2p, 1.34p -> 1p, 0.68p -> 1p.
    const one = await schedule(business.offer_id, '?amount=1.00');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.repayments).toEqual([
      repayment('2026-02-15', 0.37, 0.02, 0.02, 0.33),
      repayment('2026-03-15', 0.34, 0, 0.01, 0.33),
      repayment('2026-04-15', 0.35, 0, 0.01, 0.34),
    ]);
    expect(one.json().data.total_payable).toBe(1.06);
    // 1.25: fee 3.125p -> 3p; principal 41.67p -> 42p, 42p, 41p; interest 2.5p -> 2p (half-up: 3p), 1.66p -> 2p, 0.82p -> 1p.
    const oneQuarter = await schedule(business.offer_id, '?amount=1.25');
    expect(oneQuarter.json().data.repayments).toEqual([
      repayment('2026-02-15', 0.47, 0.03, 0.02, 0.42),
      repayment('2026-03-15', 0.44, 0, 0.02, 0.42),
      repayment('2026-04-15', 0.42, 0, 0.01, 0.41),
    ]);
    expect(oneQuarter.json().data.total_payable_breakdown).toEqual({ total_fees: 0.03, total_interest: 0.05, total_principal: 1.25 });
    expect(oneQuarter.json().data.total_payable).toBe(1.33);
  });

  it('takes an amount up to the maximum', async () => {
    const res = await schedule(flexi.offer_id, '?amount=5000');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      amount_borrowed: 5000,
      repayments: [
        repayment('2026-02-15', 1400, 0, 150, 1250),
        repayment('2026-03-15', 1362.5, 0, 112.5, 1250),
        repayment('2026-04-15', 1325, 0, 75, 1250),
        repayment('2026-05-15', 1287.5, 0, 37.5, 1250),
      ],
      total_payable: 5375,
    });
    const max = await schedule(flexi.offer_id, '?amount=10000.00');
    expect(max.statusCode).toBe(200);
    expect(max.json().data.total_payable).toBe(10750);
  });

  it('refuses a bad amount with source.parameter amount', async () => {
    for (const amount of ['10000.01', '0', '0.00', '12.345', 'abc', '-1', '1e3', '']) {
      const res = await schedule(flexi.offer_id, `?amount=${encodeURIComponent(amount)}`);
      expect(res.statusCode, `amount=${amount}`).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'ValidationError', source: { parameter: 'amount' } });
    }
  });

  it('clamps repayment days to the end of the month and counts "today" in London', async () => {
    t.clock.set(new Date('2026-01-31T12:00:00Z'));
    const endOfMonth = await schedule(flexi.offer_id);
    expect(endOfMonth.json().data.repayments.map((r: { date: string }) => r.date)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    t.clock.set(new Date('2026-06-30T23:30:00Z'));
    const london = await schedule(flexi.offer_id);
    expect(london.json().data.repayments[0].date).toBe('2026-08-01');
  });

  it('simulates an early payoff: kept repayments, then the balance with pro-rata interest', async () => {
    // Kept: 15 Feb (2,800). On 1 Mar: balance 7,500, interest 7,500 × 3 % × 14/28 = 112.50.
    const res = await schedule(flexi.offer_id, '?pay_off_early_on=2026-03-01');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      amount_borrowed: 10000,
      amount_saved_by_repaying_early: 337.5,
      // The agreement's APR: of the schedule without the early payoff.
      apr: 42.6,
      fee_percentage: 0,
      monthly_interest_percentage: 3,
      repayments: [repayment('2026-02-15', 2800, 0, 300, 2500), repayment('2026-03-01', 7612.5, 0, 112.5, 7500)],
      total_payable: 10412.5,
      total_payable_breakdown: { total_fees: 0, total_interest: 412.5, total_principal: 10000 },
    });

    // The day after D0: interest 10,000 × 3 % × 1/31 = 9.677... -> 9.68.
    const nextDay = await schedule(flexi.offer_id, '?pay_off_early_on=2026-01-16');
    expect(nextDay.json().data.repayments).toEqual([repayment('2026-01-16', 10009.68, 0, 9.68, 10000)]);
    expect(nextDay.json().data.amount_saved_by_repaying_early).toBe(740.32);

    // On a repayment date: that period's whole interest; on the last date nothing is saved.
    const onDate = await schedule(flexi.offer_id, '?pay_off_early_on=2026-03-15');
    expect(onDate.json().data.repayments).toEqual([repayment('2026-02-15', 2800, 0, 300, 2500), repayment('2026-03-15', 7725, 0, 225, 7500)]);
    expect(onDate.json().data.amount_saved_by_repaying_early).toBe(225);
    const last = await schedule(flexi.offer_id, '?pay_off_early_on=2026-05-15');
    expect(last.statusCode).toBe(200);
    expect(last.json().data.total_payable).toBe(10750);
    expect(last.json().data.amount_saved_by_repaying_early).toBe(0);
  });

  it('charges the unpaid fee on an early payoff before the first repayment', async () => {
    // Fee 30.86; interest 1,234.56 × 2 % × 5/31 = 3.9824 -> 3.98; saved 1,314.80 − 1,269.40 = 45.40.
    const res = await schedule(business.offer_id, '?pay_off_early_on=2026-01-20');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.repayments).toEqual([repayment('2026-01-20', 1269.4, 30.86, 3.98, 1234.56)]);
    expect(res.json().data.total_payable).toBe(1269.4);
    expect(res.json().data.amount_saved_by_repaying_early).toBe(45.4);
  });

  it('refuses pay_off_early_on today, before today, after the last repayment or malformed', async () => {
    for (const date of ['2026-01-15', '2026-01-01', '2026-05-16', '2027-01-01', '2026-13-01', '15/03/2026', 'soon']) {
      const res = await schedule(flexi.offer_id, `?pay_off_early_on=${encodeURIComponent(date)}`);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'ValidationError', source: { parameter: 'pay_off_early_on' } });
    }
  });

  it('answers a real PDF for Accept or Content-Type application/pdf', async () => {
    const byAccept = await schedule(flexi.offer_id, '', { accept: 'application/pdf' });
    expect(byAccept.statusCode).toBe(200);
    expect(byAccept.headers['content-type']).toMatch(/^application\/pdf/);
    expect(byAccept.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(byAccept.rawPayload);
    expect(text).toContain('£10,750.00');
    expect(text).toContain('£2,800.00');
    expect(text).toContain('£2,575.00');
    expect(text).toContain('2026-05-15');
    expect(text).toContain('3.00%');
    expect(text).toMatch(/APR\s+42\.6% \(for the amount borrowed\)/);

    const byContentType = await schedule(business.offer_id, '?amount=1234.56', { 'content-type': 'application/pdf' });
    expect(byContentType.statusCode).toBe(200);
    expect(byContentType.headers['content-type']).toMatch(/^application\/pdf/);
    const feeText = await pdfText(byContentType.rawPayload);
    expect(feeText).toContain('£1,314.80');
    expect(feeText).toContain('£30.86');
    expect(feeText).toContain('2.50%');
    expect(feeText).toMatch(/APR\s+47\.2%/);

    const early = await schedule(flexi.offer_id, '?pay_off_early_on=2026-03-01', { accept: 'application/pdf' });
    const earlyText = await pdfText(early.rawPayload);
    expect(earlyText).toContain('£10,412.50');
    expect(earlyText).toContain('£337.50');
  });

  it('answers 406 when Accept admits neither JSON nor PDF', async () => {
    const res = await schedule(flexi.offer_id, '', { accept: 'text/html' });
    expect(res.statusCode).toBe(406);
    expect(res.json().errors[0].code).toBe('NotAcceptable');
  });

  it('refuses an indicative offer with OfferNotConfirmed', async () => {
    const customerId = await createCustomer(partner);
    const applicationId = await apply(partner, customerId);
    const indicative = await insertIndicativeOffer(t, partner, customerId, applicationId);
    const res = await schedule(indicative);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('OfferNotConfirmed');
  });

  it('answers 404 for another tenant, an unknown and a non-UUID offer', async () => {
    const other = await t.partner();
    expect((await other.get(`/offers/${flexi.offer_id}/repayment_schedule/`)).statusCode).toBe(404);
    expect((await schedule(randomUUID())).statusCode).toBe(404);
    expect((await schedule('123')).statusCode).toBe(404);
  });

  it("answers the bytes the response schema's serialiser writes, the same for every request", async () => {
    // The answer's text is made once per schedule (src/http/routes/offers.ts); a Fastify route
    // with the response schema, answering the same value, is the reference.
    const reference = Fastify();
    reference.get('/', { schema: { response: { 200: ScheduleResponse } } }, async () => answerValue);
    let answerValue: unknown;
    try {
      for (const query of ['', '?amount=1000.50', '?pay_off_early_on=2026-03-20']) {
        const first = await schedule(business.offer_id, query);
        const again = await schedule(business.offer_id, query);
        expect(first.statusCode, first.body).toBe(200);
        expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(again.body).toBe(first.body);
        answerValue = JSON.parse(first.body);
        expect((await reference.inject('/')).body).toBe(first.body);
      }
    } finally {
      await reference.close();
    }
  });
});
