import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { expectError } from '../helpers/foundation.ts';
import { fund, selectedOffer, TEN_THOUSAND } from '../helpers/loans.ts';

/**
 * Collections, arrears, settlement figures and their events (docs/behaviour.md, section 22). The
 * loan: 10,000 over 120 days at 3.0 %, fee 0, drawn on 15 January 2026; its repayments 2,800 on
 * 15 February, 2,725 on 15 March, 2,650 on 15 April and 2,575 on 15 May (section 10's check).
 */
const D0 = new Date('2026-01-15T12:00:00Z');
const at = (date: string) => new Date(`${date}T12:00:00Z`);

describe.each(BACKENDS)('loan collections on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: D0 });
  const partner = usePartner(t);

  async function newLoan(client: PartnerClient = partner, terms = { ...TEN_THOUSAND, fee_percentage: 0 }, amount = 10000) {
    t.clock.set(D0);
    const { offerId } = await selectedOffer(client, terms);
    return fund(client, offerId, amount);
  }

  async function loanEvents(loanId: string, type?: string) {
    const { rows } = await t.testDb.db.query<{ event_type: string; payload: Record<string, unknown> }>(
      `SELECT event_type, payload FROM outbox_events WHERE payload->>'loan_id' = $1 AND ($2::text IS NULL OR event_type = $2) ORDER BY seq`,
      [loanId, type ?? null],
    );
    return rows;
  }

  const simulate = (loanId: string, data: unknown, headers?: Record<string, string>) => partner.post(`/sandbox/loans/${loanId}/simulate`, { data }, headers);
  const collect = (loanId: string, body: unknown) => t.admin('POST', `/loans/${loanId}/collections`, body);
  const statuses = (loan: { repayments: { status: string; collected_on?: string }[] }) => loan.repayments.map((r) => [r.status, r.collected_on ?? null]);

  it('simulates collections with a missed one: arrears, days past due, status, the events, nothing twice', async () => {
    const loanId = await newLoan();
    t.clock.set(at('2026-03-20'));
    const res = await simulate(loanId, { until: '2026-03-15', missed: ['2026-03-15'] }, { 'idempotency-key': `sim-${loanId}` });
    expect(res.statusCode, res.body).toBe(200);
    const loan = res.json().data;
    expect(statuses(loan)).toEqual([
      ['collected', '2026-02-15'],
      ['missed', null],
      ['scheduled', null],
      ['scheduled', null],
    ]);
    expect(loan).toMatchObject({
      status: 'in_arrears',
      balance: { principal: 7500, interest: 450, fees: 0, total: 7950 },
      next_repayment: { date: '2026-04-15', amount: 2650 },
      arrears: { amount: 2725, days_past_due: 5, oldest_due_date: '2026-03-15' },
    });
    const customerId = loan.customer_id;
    expect(await loanEvents(loanId)).toEqual([
      {
        event_type: 'loan_repayment_collected_202611',
        payload: { loan_id: loanId, customer_id: customerId, due_date: '2026-02-15', amount: 2800, balance_after: 7950, days_past_due: 0 },
      },
      {
        event_type: 'loan_repayment_missed_202611',
        payload: { loan_id: loanId, customer_id: customerId, due_date: '2026-03-15', amount: 2725, balance_after: 7950, days_past_due: 5 },
      },
    ]);
    // A retry with the key answers the same, a repeat without it changes nothing: no event twice.
    const replay = await simulate(loanId, { until: '2026-03-15', missed: ['2026-03-15'] }, { 'idempotency-key': `sim-${loanId}` });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
    const repeat = await simulate(loanId, { until: '2026-03-15', missed: ['2026-03-15'] });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(res.json());
    expect(await loanEvents(loanId)).toHaveLength(2);
    expect((await partner.get(`/loans/${loanId}/`)).json()).toEqual(res.json());

    // Days past due count to today.
    t.clock.set(at('2026-04-02'));
    expect((await partner.get(`/loans/${loanId}/`)).json().data.arrears.days_past_due).toBe(18);

    // Not listed again: the missed one is collected late, on `until`.
    const later = await simulate(loanId, { until: '2026-04-01' });
    expect(statuses(later.json().data)[1]).toEqual(['collected', '2026-04-01']);
    expect(later.json().data.status).toBe('active');
    expect(later.json().data.arrears).toEqual({ amount: 0, days_past_due: 0, oldest_due_date: null });
  });

  it('refuses simulated outcomes for dates with no repayment, collected ones, and production tokens', async () => {
    const loanId = await newLoan();
    t.clock.set(at('2026-03-20'));
    const none = expectError(await simulate(loanId, { until: '2026-03-15', missed: ['2026-03-16', '2026-02-15', '2026-04-15'] }), 400, 'NoRepaymentOnDate');
    expect(none.map((e) => e.source?.pointer)).toEqual(['/data/missed/0', '/data/missed/2']);
    expect(await loanEvents(loanId)).toEqual([]);
    await simulate(loanId, { until: '2026-02-15' });
    expectError(await simulate(loanId, { until: '2026-03-15', missed: ['2026-02-15'] }), 409, 'RepaymentAlreadyCollected');
    expect((await simulate(loanId, { until: 'soon' })).statusCode).toBe(400);
    const production = await t.token(partner.partnerId, 'production');
    expectError(await production.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: '2026-03-15' } }), 403, 'PermissionDenied');
  });

  it('records operator outcomes, audited: a late collection, repeats that change nothing, and 400s with their own codes', async () => {
    const loanId = await newLoan();
    t.clock.set(at('2026-03-20'));
    expect((await collect(loanId, { due_date: '2026-02-15', outcome: 'collected' })).statusCode).toBe(200);
    const missed = await collect(loanId, { due_date: '2026-03-15', outcome: 'missed' });
    expect(missed.statusCode, missed.body).toBe(200);
    expect(missed.json().data.status).toBe('in_arrears');
    const late = await collect(loanId, { due_date: '2026-03-15', outcome: 'collected', collected_on: '2026-03-19' });
    expect(late.statusCode, late.body).toBe(200);
    expect(statuses(late.json().data).slice(0, 2)).toEqual([
      ['collected', '2026-02-15'],
      ['collected', '2026-03-19'],
    ]);
    expect(late.json().data).toMatchObject({ status: 'active', balance: { total: 5225 }, arrears: { amount: 0, days_past_due: 0, oldest_due_date: null } });
    const again = await collect(loanId, { due_date: '2026-03-15', outcome: 'collected', collected_on: '2026-03-19' });
    expect(again.json()).toEqual(late.json());
    expect((await loanEvents(loanId)).map((e) => [e.event_type, e.payload.due_date, e.payload.balance_after])).toEqual([
      ['loan_repayment_collected_202611', '2026-02-15', 7950],
      ['loan_repayment_missed_202611', '2026-03-15', 7950],
      ['loan_repayment_collected_202611', '2026-03-15', 5225],
    ]);
    const { rows } = await t.testDb.db.query<{ action: string; summary: Record<string, unknown> }>(
      "SELECT action, summary FROM audit_log WHERE target_type = 'loan' AND target_id = $1 ORDER BY seq",
      [loanId],
    );
    expect(rows.map((r) => r.action)).toEqual(Array(4).fill('loan.collection_recorded'));
    expect(rows[2].summary).toEqual({ due_date: '2026-03-15', outcome: 'collected', collected_on: '2026-03-19' });

    expectError(await collect(loanId, { due_date: '2026-03-15', outcome: 'missed' }), 409, 'RepaymentAlreadyCollected');
    const noDate = expectError(await collect(loanId, { due_date: '2026-03-16', outcome: 'collected' }), 400, 'NoRepaymentOnDate');
    expect(noDate[0].source).toEqual({ pointer: '/due_date' });
    expectError(await collect(loanId, { due_date: '2026-04-15', outcome: 'collected' }), 400, 'ValidationError');
    t.clock.set(at('2026-04-20'));
    const early = expectError(await collect(loanId, { due_date: '2026-04-15', outcome: 'collected', collected_on: '2026-04-14' }), 400, 'ValidationError');
    expect(early[0].source).toEqual({ pointer: '/collected_on' });
    expect((await collect(loanId, { due_date: '2026-04-15', outcome: 'banana' })).statusCode).toBe(400);
    expectError(await collect('0f8fad5b-d9cb-469f-a165-70867728950e', { due_date: '2026-04-15', outcome: 'collected' }), 404, 'NotFound');
  });

  it('settles when the last repayment is collected: loan_settled once, paying the last repayment, then collections are 400 LoanSettled', async () => {
    const loanId = await newLoan();
    t.clock.set(at('2026-05-20'));
    const res = await simulate(loanId, { until: '2026-05-15' });
    expect(res.json().data).toMatchObject({ status: 'settled', balance: { principal: 0, interest: 0, fees: 0, total: 0 }, next_repayment: null });
    const settled = await loanEvents(loanId, 'loan_settled_202611');
    // The loan ran its term: amount_paid is the last repayment (2,575 on 15 May), not the 10,750 collected over its life.
    expect(settled.map((e) => e.payload)).toEqual([{ loan_id: loanId, customer_id: res.json().data.customer_id, settled_on: '2026-05-15', amount_paid: 2575 }]);
    expectError(await collect(loanId, { due_date: '2026-05-15', outcome: 'collected' }), 400, 'LoanSettled');
    expectError(await simulate(loanId, { until: '2026-05-15' }), 400, 'LoanSettled');
    expectError(await partner.get(`/loans/${loanId}/settlement_quote/`), 400, 'LoanSettled');
    expect(await loanEvents(loanId, 'loan_settled_202611')).toHaveLength(1);

    // Completed by a missed repayment collected late, on the `until` of the call that collects it:
    // settled that day, paying that repayment.
    const lateId = await newLoan();
    t.clock.set(at('2026-05-28'));
    const first = await simulate(lateId, { until: '2026-05-15', missed: ['2026-03-15'] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status, first.body).toBe('in_arrears');
    const lateRes = await simulate(lateId, { until: '2026-05-25' });
    expect(lateRes.statusCode, lateRes.body).toBe(200);
    const late = lateRes.json().data;
    expect(statuses(late)[1]).toEqual(['collected', '2026-05-25']);
    expect(late.status).toBe('settled');
    expect((await loanEvents(lateId, 'loan_settled_202611')).map((e) => [e.payload.settled_on, e.payload.amount_paid])).toEqual([['2026-05-25', 2725]]);
  });

  it("quotes section 10's early payoff for every day of two loans, as the schedule route gives it on the funding day", async () => {
    for (const [terms, amount] of [
      [{ ...TEN_THOUSAND, fee_percentage: 0 }, 10000],
      [{ ...TEN_THOUSAND, monthly_interest_percentage: 2.75, fee_percentage: 2.5, duration_in_days: 200 }, 7777.77],
    ] as const) {
      t.clock.set(D0);
      const { offerId } = await selectedOffer(partner, terms);
      const loanId = await fund(partner, offerId, amount);
      const loan = (await partner.get(`/loans/${loanId}/`)).json().data;
      const last = loan.repayments[loan.repayments.length - 1].date;
      const days: string[] = [];
      for (let d = new Date(at('2026-01-16')); d.toISOString().slice(0, 10) <= last; d = new Date(d.getTime() + 86_400_000))
        days.push(d.toISOString().slice(0, 10));
      const payoffs = await Promise.all(days.map((day) => partner.get(`/offers/${offerId}/repayment_schedule/?amount=${amount}&pay_off_early_on=${day}`)));
      for (const [i, day] of days.entries()) {
        const lines = payoffs[i].json().data.repayments;
        const payoff = lines[lines.length - 1];
        t.clock.set(at(day));
        const quote = await partner.get(`/loans/${loanId}/settlement_quote/?on=${day}`);
        expect(quote.statusCode, quote.body).toBe(200);
        expect(quote.json().data, day).toEqual({
          on: day,
          amount: payoff.amount,
          breakdown: { principal: payoff.breakdown.principal, interest: payoff.breakdown.interest, fees: payoff.breakdown.fees, arrears: 0, rebate: 0 },
          valid_until: day,
        });
      }
    }
  }, 300_000);

  it('adds missed repayments as arrears, checks the day, and settles in the sandbox', async () => {
    const loanId = await newLoan();
    t.clock.set(at('2026-03-20'));
    await simulate(loanId, { until: '2026-03-15', missed: ['2026-03-15'] });
    const quote = await partner.get(`/loans/${loanId}/settlement_quote/?on=2026-04-01`);
    expect(quote.statusCode, quote.body).toBe(200);
    // Section 10 keeps the two repayments before 1 April: 5,000 principal left, interest
    // 5,000 × 3 % × 17 / 31 days = 82.26; the missed 2,725 (its 2,500 principal included) as arrears.
    expect(quote.json().data).toEqual({
      on: '2026-04-01',
      amount: 7807.26,
      breakdown: { principal: 5000, interest: 82.26, fees: 0, arrears: 2725, rebate: 0 },
      valid_until: '2026-04-01',
    });
    const today = (await partner.get(`/loans/${loanId}/settlement_quote/`)).json().data;
    expect(today.on).toBe('2026-03-20');
    for (const on of ['2026-01-14', '2026-04-18', '2026-03-15', '2026-03-01', 'tomorrow']) {
      const errors = expectError(await partner.get(`/loans/${loanId}/settlement_quote/?on=${on}`), 400, 'ValidationError');
      expect(errors[0].source, on).toEqual({ parameter: 'on' });
    }
    t.clock.set(at('2026-05-14'));
    expect(expectError(await partner.get(`/loans/${loanId}/settlement_quote/?on=2026-05-16`), 400, 'ValidationError')[0].detail).toMatch(/last repayment/);

    t.clock.set(at('2026-04-20'));
    expectError(await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: '2026-04-20' } }), 400, 'RepaymentOutcomePending');
    await simulate(loanId, { until: '2026-04-15', missed: ['2026-03-15'] });
    const figure = (await partner.get(`/loans/${loanId}/settlement_quote/?on=2026-04-20`)).json().data;
    const settled = await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: '2026-04-20' } }, { 'idempotency-key': `settle-${loanId}` });
    expect(settled.statusCode, settled.body).toBe(200);
    const loan = settled.json().data;
    expect(loan).toMatchObject({ status: 'settled', balance: { total: 0 }, arrears: { amount: 0, days_past_due: 0 }, next_repayment: null });
    expect(
      loan.repayments.map((r: { date: string; amount: number; status: string; collected_on: string }) => [r.date, r.amount, r.status, r.collected_on]),
    ).toEqual([
      ['2026-02-15', 2800, 'collected', '2026-02-15'],
      ['2026-03-15', 2725, 'collected', '2026-04-20'],
      ['2026-04-15', 2650, 'collected', '2026-04-15'],
      ['2026-04-20', figure.amount - figure.breakdown.arrears, 'collected', '2026-04-20'],
    ]);
    const replay = await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: '2026-04-20' } }, { 'idempotency-key': `settle-${loanId}` });
    expect(replay.json()).toEqual(settled.json());
    expectError(await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: '2026-04-20' } }), 400, 'LoanSettled');
    const events = await loanEvents(loanId, 'loan_settled_202611');
    // amount_paid: the settlement figure paid on the day (the missed repayment with it).
    expect(events.map((e) => [e.payload.settled_on, e.payload.amount_paid])).toEqual([['2026-04-20', figure.amount]]);
  });

  it('writes the statement as a PDF: terms, every repayment with its status and date collected, balance and arrears', async () => {
    const loanId = await newLoan();
    t.clock.set(at('2026-03-20'));
    await simulate(loanId, { until: '2026-03-15', missed: ['2026-03-15'] });
    const res = await partner.get(`/loans/${loanId}/statement/`, { accept: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const expected of [
      'Loan statement',
      loanId,
      '£10,000.00',
      '2026-01-15',
      '3.00%',
      'In arrears',
      '2026-02-15',
      'Collected',
      'Missed',
      'Scheduled',
      '£2,725.00',
      '£7,950.00',
      'Days past due',
      '2026-04-15',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/2026-02-15.*£2,800\.00.*Collected.*2026-02-15/);
    expectError(await partner.get(`/loans/${loanId}/statement/`, { accept: 'application/json' }), 406, 'NotAcceptable');
    expectError(await partner.get('/loans/0f8fad5b-d9cb-469f-a165-70867728950e/statement/', { accept: 'application/pdf' }), 404, 'NotFound');
  });
});
