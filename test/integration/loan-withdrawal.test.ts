/**
 * Withdrawal from a regulated loan (Consumer Credit Act s.66A; docs/behaviour.md, section 23), on a
 * shifted clock: notice in the portal from the day of the drawdown to the 14th day after it, the
 * withdrawal in the loan resource with its amount checked against an independent calculation, the
 * event once, the repayment recorded by the sandbox and by an operator (status withdrawn), what is
 * refused afterwards, and that no one else can give notice.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/domain/actors.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { boSettleLoan } from '../../src/services/loan-back-office.ts';
import { giveWithdrawalNotice } from '../../src/services/loan-withdrawal.ts';
import { usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { signedInOperator } from '../helpers/console.ts';
import { BACKENDS } from '../helpers/db.ts';
import { expectError } from '../helpers/foundation.ts';
import { offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund, independentWithdrawalAmount } from '../helpers/loans.ts';
import { signedInCustomer } from '../helpers/web-user.ts';

/** 3 % a month, fee 2 %, four monthly repayments: drawn 5,000 on 2 March 2026 (a Monday). */
const TERMS: OfferTermsJson = { product_type: 'business_loan', max_amount: 20000, monthly_interest_percentage: 3, fee_percentage: 2, duration_in_days: 120 };
const SOLE_TRADER = { type: 'sole_trader', registered_company_name: 'Ada Lovelace Bakes' };
const LIMITED = { type: 'limited_liability_company', registered_company_name: 'Acme Widgets Ltd' };
const D0 = '2026-03-02';
const at = (date: string) => new Date(`${date}T12:00:00Z`);
const day = (n: number) => new Date(at(D0).getTime() + n * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('withdrawal from a regulated loan on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: at(D0) });
  const partner = usePartner(t);

  /** A loan of 5,000 drawn through the sandbox on D0 (the lender gives the pre-contract information). */
  async function newLoan(company: Record<string, unknown> = SOLE_TRADER, client: PartnerClient = partner) {
    t.clock.set(at(D0));
    const made = await offeredBySandbox(client, [TERMS], { company });
    const offerId = made.offers[0].offer_id;
    await selectOffer(client, offerId, 'customer');
    const loanId = await fund(client, offerId, 5000);
    return { loanId, customerId: made.customerId };
  }

  async function withdrawnEvents(loanId: string) {
    const { rows } = await t.testDb.db.query<{ event_type: string; payload: Record<string, unknown> }>(
      `SELECT event_type, payload FROM outbox_events WHERE payload->>'loan_id' = $1 AND event_type IN ('loan_withdrawn_202611', 'loan_settled_202611') ORDER BY seq`,
      [loanId],
    );
    return rows;
  }

  async function auditActions(loanId: string) {
    const { rows } = await t.testDb.db.query<{ action: string; actor: string; summary: Record<string, unknown> }>(
      `SELECT action, actor, summary FROM audit_log WHERE target_type = 'loan' AND target_id = $1 ORDER BY seq`,
      [loanId],
    );
    return rows;
  }

  const getLoan = async (loanId: string) => {
    const res = await partner.get(`/loans/${loanId}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  const refusal = async (work: Promise<unknown>): Promise<string> => {
    try {
      await work;
    } catch (error) {
      if (error instanceof DomainError) return error.code;
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it('allows notice on the 14th day after the drawdown and not on the 15th (the clock moved)', async () => {
    const first = await newLoan();
    const second = await newLoan();

    t.clock.set(at(day(14)));
    const customer = await signedInCustomer(t, partner, first.customerId);
    // The loan page offers it while it can, and leads to the page that confirms it.
    const loanPage = await customer.get(`/portal/loans/${first.loanId}`);
    expect(loanPage.statusCode).toBe(200);
    expect(loanPage.body).toContain('data-withdrawal-state="available"');
    expect(loanPage.body).toContain(`<a class="button secondary" href="/portal/loans/${first.loanId}/withdrawal">Withdraw from this agreement</a>`);
    const page = await customer.get(`/portal/loans/${first.loanId}/withdrawal`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Withdraw from this agreement</button>');
    expect(page.body).toContain(`<strong data-withdrawal="last-day">16 March 2026</strong>`);
    // 5,000 × 3 % × 12 ÷ 365 × 14 days = 69.041… → 69.04.
    expect(page.body).toContain('<dd data-withdrawal="amount-today">£5,069.04</dd>');
    // The interest is computed once over the 14 days (69.04), not as 14 × a rounded 4.93 a day (69.02): the daily figure says it is approximate.
    expect(page.body).toContain('<dd data-withdrawal="interest-a-day">about £4.93</dd>');
    expect(page.body).toMatch(/plus interest of about £4\.93 for each\s+day[^<]*so the daily figure is approximate/);
    const given = await customer.post(`/portal/loans/${first.loanId}/withdrawal`);
    expect(given.statusCode, given.body).toBe(303);
    expect(given.headers.location).toBe(`/portal/loans/${first.loanId}/withdrawal?done=given`);
    const after = await customer.get(given.headers.location as string);
    expect(after.body).toContain('We have your notice');
    expect(after.body).toContain('<dd data-withdrawal="repay-by">15 April 2026</dd>');
    expect(after.body).toContain('How to pay');
    const underNotice = await customer.get(`/portal/loans/${first.loanId}`);
    expect(underNotice.body).toContain('data-withdrawal-state="given"');
    expect(underNotice.body).toContain('<dd data-withdrawal="amount">£5,069.04</dd>');
    expect(underNotice.body).toContain('The amount grows by about £4.93 for each day until you repay.');
    expect(underNotice.body).toContain('You are withdrawing from this agreement. Your Direct Debits have stopped');
    expect(underNotice.body).not.toContain('Get settlement figure');
    expect(underNotice.body).toContain('Not collected: you are withdrawing');

    const loan = await getLoan(first.loanId);
    expect(loan.withdrawal).toEqual({ notice_given_on: day(14), repay_by: '2026-04-15', amount: 5069.04 });
    expect(loan.withdrawal.amount).toBe(independentWithdrawalAmount(5000, 3, 14));
    expect(loan).toMatchObject({ status: 'active', next_repayment: null });

    t.clock.set(at(day(15)));
    const late = await signedInCustomer(t, partner, second.customerId);
    const ended = await late.get(`/portal/loans/${second.loanId}/withdrawal`);
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toContain('The time to withdraw from this agreement ended on 16 March 2026');
    expect(ended.body).not.toContain('Withdraw from this agreement</button>');
    const endedLoanPage = await late.get(`/portal/loans/${second.loanId}`);
    expect(endedLoanPage.body).toContain('data-withdrawal-state="ended"');
    expect(endedLoanPage.body).not.toContain('Withdraw from this agreement');
    const refused = await late.post(`/portal/loans/${second.loanId}/withdrawal`, {}, { csrf: late.csrf });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('The time to withdraw from this agreement has ended.');
    const tenant = { partnerId: partner.partnerId, environment: 'sandbox' as const };
    expect(await refusal(giveWithdrawalNotice(t.app.ctx, tenant, second.loanId, { through: 'portal', customerId: second.customerId }))).toBe(
      'WithdrawalPeriodEnded',
    );
    expect((await getLoan(second.loanId)).withdrawal).toBeNull();
    expect(await withdrawnEvents(second.loanId)).toEqual([]);
  });

  it('writes loan_withdrawn_202611 and the audit row once; the amount grows a day at a time; a second notice is refused', async () => {
    const { loanId, customerId } = await newLoan();
    t.clock.set(at(day(3)));
    const customer = await signedInCustomer(t, partner, customerId);
    await customer.get(`/portal/loans/${loanId}/withdrawal`);
    expect((await customer.post(`/portal/loans/${loanId}/withdrawal`)).statusCode).toBe(303);
    const again = await customer.post(`/portal/loans/${loanId}/withdrawal`);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('You have already told us');

    expect(await withdrawnEvents(loanId)).toEqual([
      { event_type: 'loan_withdrawn_202611', payload: { loan_id: loanId, customer_id: customerId, notice_given_on: day(3), repay_by: day(33) } },
    ]);
    const audit = await auditActions(loanId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'loan.withdrawal_notice_given',
      actor: 'customer portal',
      summary: { notice_given_on: day(3), repay_by: day(33) },
    });

    for (const days of [3, 10, 33, 40]) {
      t.clock.set(at(day(days)));
      expect((await getLoan(loanId)).withdrawal.amount).toBe(independentWithdrawalAmount(5000, 3, days));
    }
    const list = (await partner.get(`/customers/${customerId}/loans/`)).json().data;
    expect(list[0].withdrawal).toEqual({ notice_given_on: day(3), repay_by: day(33), amount: independentWithdrawalAmount(5000, 3, 40) });
  });

  it('records the withdrawal repayment through the sandbox settle: withdrawn, replayed on a retried key, and nothing more can change', async () => {
    const { loanId, customerId } = await newLoan();
    t.clock.set(at(day(2)));
    await giveWithdrawalNotice(t.app.ctx, null, loanId, { through: 'portal', customerId });
    t.clock.set(at(day(20)));
    // Under notice the Direct Debits stop and the settlement figure no longer applies.
    expectError(await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: day(20) } }), 409, 'WithdrawalNoticeGiven');
    expectError(await t.admin('POST', `/loans/${loanId}/collections`, { due_date: day(20), outcome: 'missed' }), 409, 'WithdrawalNoticeGiven');
    expectError(await partner.get(`/loans/${loanId}/settlement_quote/`), 409, 'WithdrawalNoticeGiven');
    const early = expectError(await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: day(1) } }), 400, 'ValidationError');
    expect(early[0].source).toEqual({ pointer: '/data/on' });

    const key = { 'idempotency-key': `withdraw-${loanId}` };
    const settle = await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: day(18) } }, key);
    expect(settle.statusCode, settle.body).toBe(200);
    const amount = independentWithdrawalAmount(5000, 3, 18);
    const loan = settle.json().data;
    expect(loan).toMatchObject({
      status: 'withdrawn',
      balance: { principal: 0, interest: 0, fees: 0, total: 0 },
      next_repayment: null,
      withdrawal: { notice_given_on: day(2), repay_by: day(32), amount },
    });
    expect(loan.repayments).toEqual([
      {
        date: day(18),
        amount,
        breakdown: { fees: 0, interest: Math.round((amount - 5000) * 100) / 100, principal: 5000 },
        status: 'collected',
        collected_on: day(18),
      },
    ]);
    const replay = await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: day(18) } }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(settle.json());
    expect((await withdrawnEvents(loanId)).map((e) => e.event_type)).toEqual(['loan_withdrawn_202611']);
    expect(await getLoan(loanId)).toEqual(loan);

    expectError(await partner.post(`/sandbox/loans/${loanId}/settle`, { data: {} }), 400, 'LoanWithdrawn');
    expectError(await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: day(20) } }), 400, 'LoanWithdrawn');
    expectError(await t.admin('POST', `/loans/${loanId}/collections`, { due_date: day(20), outcome: 'collected' }), 400, 'LoanWithdrawn');
    expectError(await partner.get(`/loans/${loanId}/settlement_quote/`), 400, 'LoanWithdrawn');
    const customer = await signedInCustomer(t, partner, customerId);
    const page = await customer.get(`/portal/loans/${loanId}/withdrawal`);
    const pounds = `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    expect(page.body).toContain(`You withdrew from this agreement on 4 March 2026 and repaid ${pounds}`);
    const loanPage = await customer.get(`/portal/loans/${loanId}`);
    expect(loanPage.body).toContain('data-loan-status="withdrawn"');
    expect(loanPage.body).toContain('Withdrawal repayment paid on 20 March 2026');
  });

  it("records the withdrawal repayment as the operator's Record settlement does (audited), and the ordinary settlement still settles", async () => {
    const { loanId, customerId } = await newLoan();
    t.clock.set(at(day(14)));
    await giveWithdrawalNotice(t.app.ctx, null, loanId, { through: 'portal', customerId });
    t.clock.set(at(day(44)));
    const { operator, user } = await signedInOperator(t, 'underwriter');
    const consolePage = await user.get(`/console/loans/${loanId}`);
    expect(consolePage.statusCode).toBe(200);
    expect(consolePage.body).toContain(
      `Notice given on 16 March 2026: repay £${independentWithdrawalAmount(5000, 3, 44).toLocaleString('en-GB', { minimumFractionDigits: 2 })} today (about £4.93 more a day)`,
    );
    expect(consolePage.body).not.toContain('Record collection');
    const actor: Actor = { kind: 'operator', operatorId: operator.id, email: operator.email, role: 'underwriter' };
    const paid = await boSettleLoan(t.app.ctx, actor, loanId, null, '/on');
    expect(paid).toMatchObject({ kind: 'withdrawal', on: day(44) });
    const loan = await getLoan(loanId);
    // Repaid 14 days late: interest runs to the day of the repayment.
    expect(loan).toMatchObject({
      status: 'withdrawn',
      withdrawal: { notice_given_on: day(14), repay_by: day(44), amount: independentWithdrawalAmount(5000, 3, 44) },
    });
    const audit = await auditActions(loanId);
    expect(audit.map((a) => a.action)).toEqual(['loan.withdrawal_notice_given', 'loan.withdrawal_repaid']);
    expect(audit[1]).toMatchObject({ actor: operator.email, summary: { on: day(44), amount_paid: independentWithdrawalAmount(5000, 3, 44) } });

    const ordinary = await newLoan();
    t.clock.set(at(day(5)));
    const settled = await boSettleLoan(t.app.ctx, actor, ordinary.loanId, null, '/on');
    expect(settled.kind).toBe('settlement');
    expect((await getLoan(ordinary.loanId)).status).toBe('settled');
    expect(await refusal(giveWithdrawalNotice(t.app.ctx, null, ordinary.loanId, { through: 'portal', customerId: ordinary.customerId }))).toBe('LoanSettled');
  });

  it("migration 016 marks the loans drawn before it as regulated by their offer's acknowledgements", async () => {
    const regulated = await newLoan();
    const company = await newLoan(LIMITED);
    const sql = await readFile(new URL('../../src/store/migrations/016_loan_withdrawals.sql', import.meta.url), 'utf8');
    const backfill = sql
      .replace(/^\s*--.*$/gm, '')
      .split(/;\s*$/m)
      .map((statement) => statement.trim())
      .find((statement) => statement.startsWith('UPDATE loans'));
    expect(backfill).toBeDefined();
    const ids = [regulated.loanId, company.loanId];
    const flags = async () =>
      (await t.testDb.db.query<{ id: string; regulated: boolean }>('SELECT id, regulated FROM loans WHERE id = ANY($1::uuid[])', [ids])).rows;
    expect(Object.fromEntries((await flags()).map((r) => [r.id, r.regulated]))).toEqual({ [regulated.loanId]: true, [company.loanId]: false });
    await t.testDb.db.query('UPDATE loans SET regulated = false WHERE id = ANY($1::uuid[])', [ids]);
    await t.testDb.db.query(backfill as string);
    expect(Object.fromEntries((await flags()).map((r) => [r.id, r.regulated]))).toEqual({ [regulated.loanId]: true, [company.loanId]: false });
  });

  it('has no withdrawal for a company, and no one else can give notice', async () => {
    const company = await newLoan(LIMITED);
    t.clock.set(at(day(1)));
    expect((await getLoan(company.loanId)).withdrawal).toBeNull();
    const companyUser = await signedInCustomer(t, partner, company.customerId);
    expect((await companyUser.get(`/portal/loans/${company.loanId}/withdrawal`)).statusCode).toBe(404);
    expect(await refusal(giveWithdrawalNotice(t.app.ctx, null, company.loanId, { through: 'portal', customerId: company.customerId }))).toBe(
      'LoanNotRegulated',
    );

    const mine = await newLoan();
    const other = await newLoan();
    t.clock.set(at(day(1)));
    const otherUser = await signedInCustomer(t, partner, other.customerId);
    expect((await otherUser.get(`/portal/loans/${mine.loanId}/withdrawal`)).statusCode).toBe(404);
    expect((await otherUser.post(`/portal/loans/${mine.loanId}/withdrawal`)).statusCode).toBe(404);
    const stranger = await t.partner({ name: 'Another Partner' });
    expectError(await stranger.get(`/loans/${mine.loanId}/`), 404, 'NotFound');
    const elsewhere = { partnerId: stranger.partnerId, environment: 'sandbox' as const };
    expect(await refusal(giveWithdrawalNotice(t.app.ctx, elsewhere, mine.loanId, { through: 'portal', customerId: mine.customerId }))).toBe('NotFound');
    // Without the form's CSRF token nothing is given either.
    const owner = await signedInCustomer(t, partner, mine.customerId);
    expect((await owner.post(`/portal/loans/${mine.loanId}/withdrawal`, {}, { csrf: null })).statusCode).toBe(403);
    expect((await getLoan(mine.loanId)).withdrawal).toBeNull();
    expect(await withdrawnEvents(mine.loanId)).toEqual([]);
  });
});
