import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { UNKNOWN_UUID, expectError } from '../helpers/foundation.ts';
import { TEN_THOUSAND, fund, pick, seeded, selectedOffer } from '../helpers/loans.ts';

/**
 * Loans after funding (docs/behaviour.md, section 22): every funding starts a loan whose
 * repayments are the section 10 schedule from the funding date, to the penny.
 */
describe.each(BACKENDS)('loans on %s', (backend) => {
  const D0 = new Date('2026-01-15T12:00:00Z');
  const t = useTestApp(backend, { resetClock: D0 });
  const partner = usePartner(t);

  it('starts a loan with every funding: the schedule, balance, next repayment, no arrears', async () => {
    t.clock.set(D0);
    const { customerId, applicationId, offerId } = await selectedOffer(partner, { ...TEN_THOUSAND, fee_percentage: 0 });
    const loanId = await fund(partner, offerId, 10000);
    const res = await partner.get(`/loans/${loanId}/`);
    expect(res.statusCode, res.body).toBe(200);
    const repayment = (date: string, amount: number, interest: number) => ({
      date,
      amount,
      breakdown: { fees: 0, interest, principal: 2500 },
      status: 'scheduled',
    });
    expect(res.json()).toEqual({
      data: {
        loan_id: loanId,
        customer_id: customerId,
        offer_id: offerId,
        application_id: applicationId,
        funded_on: '2026-01-15',
        amount: 10000,
        status: 'active',
        balance: { principal: 10000, interest: 750, fees: 0, total: 10750 },
        next_repayment: { date: '2026-02-15', amount: 2800 },
        arrears: { amount: 0, days_past_due: 0, oldest_due_date: null },
        repayments: [
          repayment('2026-02-15', 2800, 300),
          repayment('2026-03-15', 2725, 225),
          repayment('2026-04-15', 2650, 150),
          repayment('2026-05-15', 2575, 75),
        ],
        // A limited company's loan carries no right of withdrawal (section 23).
        withdrawal: null,
      },
    });
  });

  it("lists a customer's loans newest first; unknown and other tenants' ids are 404", async () => {
    t.clock.set(D0);
    const { customerId, offerId } = await selectedOffer(partner, TEN_THOUSAND);
    const first = await fund(partner, offerId, 1000);
    t.clock.advanceDays(3);
    const second = await fund(partner, offerId, 2000);
    const res = await partner.get(`/customers/${customerId}/loans/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((l: { loan_id: string; funded_on: string }) => [l.loan_id, l.funded_on])).toEqual([
      [second, '2026-01-18'],
      [first, '2026-01-15'],
    ]);
    // The funding date is the loan's D0: the second loan's first repayment falls a month after it.
    expect(res.json().data[0].repayments[0].date).toBe('2026-02-18');

    const fresh = await createCustomer(partner);
    expect((await partner.get(`/customers/${fresh}/loans/`)).json()).toEqual({ data: [], meta: { next_cursor: null, previous_cursor: null } });
    expectError(await partner.get(`/customers/${UNKNOWN_UUID}/loans/`), 404, 'NotFound');
    expectError(await partner.get(`/loans/${UNKNOWN_UUID}/`), 404, 'NotFound');
    expectError(await partner.get('/loans/not-a-uuid/'), 404, 'NotFound');
    const other = await t.partner();
    expectError(await other.get(`/loans/${first}/`), 404, 'NotFound');
    expectError(await other.get(`/customers/${customerId}/loans/`), 404, 'NotFound');
  });

  it("gives hundreds of generated loans exactly the schedule route's repayments for the same terms and day", async () => {
    const random = seeded(22);
    let loans = 0;
    for (let application = 0; application < 20; application++) {
      // A day in 2026 to 2028, month ends and 29 February included.
      const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 3 * 365) * 86_400_000 + 10 * 3_600_000);
      t.clock.set(day);
      const terms = {
        product_type: pick(random, ['flexi_loan', 'business_loan'] as const),
        max_amount: 1_000_000,
        monthly_interest_percentage: Math.round(random() * 800) / 100,
        fee_percentage: pick(random, [0, 0, 1.5, 2.5, Math.round(random() * 500) / 100]),
        duration_in_days: pick(random, [1, 29, 30, 44, 45, 90, 120, 183, 365, 400, 730, 1095]),
      };
      const { offerId } = await selectedOffer(partner, terms);
      for (let draw = 0; draw < 10; draw++) {
        if (random() < 0.3) t.clock.advanceDays(1 + Math.floor(random() * 5));
        const amount = pick(random, [0.01, 1, 99.99, 1000, 12345.67, (1 + Math.floor(random() * 5_000_000)) / 100]);
        const loanId = await fund(partner, offerId, amount);
        const [loan, schedule] = await Promise.all([partner.get(`/loans/${loanId}/`), partner.get(`/offers/${offerId}/repayment_schedule/?amount=${amount}`)]);
        expect(loan.statusCode, loan.body).toBe(200);
        expect(schedule.statusCode, schedule.body).toBe(200);
        const expected = schedule.json().data;
        const got = loan.json().data;
        expect(got.repayments.map(({ date, amount, breakdown }: Record<string, unknown>) => ({ date, amount, breakdown }))).toEqual(expected.repayments);
        expect(got.balance.total).toBe(expected.total_payable);
        expect(got.balance.principal).toBe(amount);
        loans++;
      }
    }
    expect(loans).toBe(200);
  }, 300_000);
});
