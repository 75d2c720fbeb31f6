/**
 * The settlement figure of a regulated loan (docs/behaviour.md, section 23): the lesser of the
 * section 22 figure and the regulation 4 amount of the Consumer Credit (Early Settlement)
 * Regulations 2004, the same figure in the API's quote, the portal, the console, the statement PDF,
 * the sandbox's settle, the operator's "Record settlement" and `loan_settled_202611`; and the APR
 * beside the loan's terms on those pages and the statement.
 */
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../src/domain/dates.ts';
import { toPence } from '../../src/domain/money.ts';
import { formatGbp } from '../../src/web/format.ts';
import { independentRegulation4 } from '../helpers/actuarial.ts';
import { usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { signedInOperator } from '../helpers/console.ts';
import { BACKENDS } from '../helpers/db.ts';
import { offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund, pick, seeded } from '../helpers/loans.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { signedInCustomer } from '../helpers/web-user.ts';

/** The terms: a business loan at 1.5 % a month, fee 2.5 %, 730 days: APR 22.8 %. */
const TERMS: OfferTermsJson = {
  product_type: 'business_loan',
  max_amount: 10000,
  monthly_interest_percentage: 1.5,
  fee_percentage: 2.5,
  duration_in_days: 730,
};
const SOLE_TRADER = { type: 'sole_trader', registered_company_name: 'Ada Lovelace Bakes' };
const LIMITED = { type: 'limited_liability_company', registered_company_name: 'Acme Widgets Ltd' };
const D0 = '2026-04-15';
const at = (date: string) => new Date(`${date}T12:00:00Z`);
/** principal + interest + fees + arrears of a quote, in pence. */
const section22Of = (quote: { breakdown: Record<string, number> }) =>
  ['principal', 'interest', 'fees', 'arrears'].reduce((sum, part) => sum + toPence(quote.breakdown[part]), 0);
const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

interface RepaymentJson {
  date: string;
  amount: number;
  status: string;
  collected_on?: string;
}

describe.each(BACKENDS)('the settlement figure of a regulated loan on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: at(D0) });
  const partner = usePartner(t);

  async function newLoan(terms = TERMS, amount = 8000, company: Record<string, unknown> = SOLE_TRADER, client: PartnerClient = partner, on = D0) {
    t.clock.set(at(on));
    const made = await offeredBySandbox(client, [terms], { company });
    const offerId = made.offers[0].offer_id;
    await selectOffer(client, offerId, 'customer');
    return { customerId: made.customerId, loanId: await fund(client, offerId, amount) };
  }

  async function settledEvents(loanId: string) {
    const { rows } = await t.testDb.db.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM outbox_events WHERE event_type = 'loan_settled_202611' AND payload->>'loan_id' = $1 ORDER BY seq`,
      [loanId],
    );
    return rows.map((r) => [r.payload.settled_on, r.payload.amount_paid]);
  }

  it('caps the sole trader who settles the day after drawing 8,000 at 8,142.68, the same on every page, in the PDF, the settle and the event', async () => {
    const { customerId, loanId } = await newLoan();
    const company = await newLoan(TERMS, 8000, LIMITED);
    t.clock.set(at('2026-04-16'));
    const quote = await partner.get(`/loans/${loanId}/settlement_quote/`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toEqual({
      on: '2026-04-16',
      amount: 8142.68,
      breakdown: { principal: 8000, interest: 4, fees: 200, arrears: 0, rebate: 61.32 },
      valid_until: '2026-04-16',
    });
    // A limited company's loan is not regulated: the section 22 figure, nothing rebated.
    expect((await partner.get(`/loans/${company.loanId}/settlement_quote/`)).json().data).toMatchObject({ amount: 8204, breakdown: { rebate: 0 } });

    const customer = await signedInCustomer(t, partner, customerId);
    const page = await customer.get(`/portal/loans/${loanId}?on=2026-04-16`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('data-settlement="amount">£8,142.68<');
    expect(page.body).toContain('data-settlement="rebate">−£61.32<');
    expect(text(page.body)).toContain('The Consumer Credit Act limits what you pay to settle early, so £61.32 is taken off what you would otherwise pay.');
    expect(page.body).toContain('data-term="apr">22.8%<');

    const { user } = await signedInOperator(t, 'underwriter');
    const consolePage = text((await user.get(`/console/loans/${loanId}`)).body);
    expect(consolePage).toContain(
      'Settlement figure for 16 April 2026: £8,142.68 (principal £8,000.00, interest £4.00, fees £200.00, arrears £0.00, less the early settlement rebate £61.32)',
    );
    expect(consolePage).toMatch(/APR 22\.8%/);

    const statement = await pdfText((await partner.get(`/loans/${loanId}/statement/`, { accept: 'application/pdf' })).rawPayload);
    expect(statement).toMatch(/APR\s+22\.8%/);
    expect(statement).toMatch(/Early settlement rebate\s+-£61\.32/);
    expect(statement).toMatch(/Settlement figure for 2026-04-16\s+£8,142\.68/);

    const settled = await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: '2026-04-16' } });
    expect(settled.statusCode, settled.body).toBe(200);
    const loan = settled.json().data;
    expect(loan).toMatchObject({ status: 'settled', balance: { total: 0 } });
    // The rebate comes off the settlement payment's fee first (then its interest, then its principal).
    expect(loan.repayments).toEqual([
      { date: '2026-04-16', amount: 8142.68, breakdown: { fees: 138.68, interest: 4, principal: 8000 }, status: 'collected', collected_on: '2026-04-16' },
    ]);
    expect(await settledEvents(loanId)).toEqual([['2026-04-16', 8142.68]]);
  });

  it('records the capped figure from the console, and counts missed repayments as not made', async () => {
    const { loanId } = await newLoan();
    t.clock.set(at('2026-07-20'));
    const simulated = await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: '2026-07-15', missed: ['2026-06-15'] } });
    expect(simulated.statusCode, simulated.body).toBe(200);
    const quote = (await partner.get(`/loans/${loanId}/settlement_quote/`)).json().data;
    const section22 = section22Of(quote);
    // Made: 15 May and 15 July on their dates; 15 June missed (in the arrears, and still owed in the regulation 4 amount).
    const made = (simulated.json().data.repayments as RepaymentJson[])
      .filter((r) => r.status === 'collected')
      .map((r) => ({ on: r.collected_on as string, pence: toPence(r.amount) }));
    expect(made.map((r) => r.on)).toEqual(['2026-05-15', '2026-07-15']);
    const cap = independentRegulation4(228, [{ on: D0, pence: 800_000 }], made, addMonths('2026-07-20', 1)) as number;
    expect(toPence(quote.amount)).toBe(Math.min(section22, cap));
    expect(toPence(quote.breakdown.rebate)).toBe(section22 - toPence(quote.amount));
    expect(quote.breakdown.rebate).toBeGreaterThan(0);

    const { user } = await signedInOperator(t, 'underwriter');
    expect(text((await user.get(`/console/loans/${loanId}`)).body)).toContain(`Settlement figure for 20 July 2026: ${formatGbp(toPence(quote.amount))}`);
    const recorded = await user.post(`/console/loans/${loanId}/settlement`, { on: '2026-07-20' });
    expect(recorded.statusCode, recorded.body).toBe(303);
    const loan = (await partner.get(`/loans/${loanId}/`)).json().data;
    const paidOnTheDay = (loan.repayments as RepaymentJson[]).filter((r) => r.collected_on === '2026-07-20');
    expect(paidOnTheDay.map((r) => r.date)).toEqual(['2026-06-15', '2026-07-20']);
    expect(paidOnTheDay.reduce((sum, r) => sum + toPence(r.amount), 0)).toBe(toPence(quote.amount));
    expect(await settledEvents(loanId)).toEqual([['2026-07-20', quote.amount]]);
  });

  it('never quotes above an independent regulation 4 amount, over generated regulated loans', async () => {
    const random = seeded(94);
    let checked = 0;
    for (let i = 0; i < 8; i += 1) {
      const terms: OfferTermsJson = {
        product_type: 'business_loan',
        max_amount: 20000,
        monthly_interest_percentage: pick(random, [1, 1.25, 2, 2.5, 3, 4.5]),
        fee_percentage: pick(random, [0, 1, 2.5, 5]),
        duration_in_days: pick(random, [90, 180, 365, 540, 730]),
      };
      const drawn = 500 + Math.floor(random() * 19_500);
      const fundedOn = addDays('2026-01-01', Math.floor(random() * 60));
      const { loanId } = await newLoan(terms, drawn, SOLE_TRADER, partner, fundedOn);
      const until = addDays(fundedOn, 31 + Math.floor(random() * 60));
      const first = (await partner.get(`/loans/${loanId}/`)).json().data.repayments as RepaymentJson[];
      const missed = first.filter((r) => r.date <= until && random() < 0.3).map((r) => r.date);
      t.clock.set(at(addDays(until, 3)));
      const loan = (await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until, missed } })).json().data;
      const on = addDays(until, 1 + Math.floor(random() * 20));
      const res = await partner.get(`/loans/${loanId}/settlement_quote/?on=${on}`);
      if (res.statusCode === 400) continue; // after the last repayment
      const quote = res.json().data;
      // Made before `on`: those collected, on the day collected; those still scheduled, on their dates (as the figure expects them).
      const made = (loan.repayments as RepaymentJson[])
        .filter((r) => r.status === 'collected' || (r.status === 'scheduled' && r.date < on))
        .map((r) => ({ on: r.collected_on ?? r.date, pence: toPence(r.amount) }));
      const apr = (await partner.get(`/offers/${loan.offer_id}/repayment_schedule/?amount=${drawn}`)).json().data.apr;
      const settlementDate = terms.duration_in_days > 365 ? addMonths(on, 1) : on;
      const cap = independentRegulation4(Math.round(apr * 10), [{ on: fundedOn, pence: toPence(drawn) }], made, settlementDate) as number;
      const section22 = section22Of(quote);
      const context = JSON.stringify({ terms, drawn, fundedOn, until, missed, on, quote });
      expect(toPence(quote.amount), context).toBeLessThanOrEqual(cap);
      expect(toPence(quote.amount), context).toBe(Math.min(section22, cap));
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
