/**
 * The loan pages (docs/behaviour.md, section 22) through inject: the portal's "Your loans", a loan's
 * page with its settlement figure and statement, confined to the customer; the console's loans list
 * and a loan's page, whose collection and settlement forms call the admin API's services (audited).
 * The loan: 10,000 over 120 days at 3.0 %, fee 0, drawn on 15 January 2026; its repayments 2,800 on
 * 15 February, 2,725 on 15 March, 2,650 on 15 April and 2,575 on 15 May.
 */
import { describe, expect, it } from 'vitest';
import { toPence } from '../../src/domain/money.ts';
import { formatGbp } from '../../src/web/format.ts';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { signedInOperator } from '../helpers/console.ts';
import { offeredBySandbox, selectOffer } from '../helpers/lending.ts';
import { fund, TEN_THOUSAND } from '../helpers/loans.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { signedInCustomer } from '../helpers/web-user.ts';

const D0 = new Date('2026-01-15T12:00:00Z');
const at = (date: string) => new Date(`${date}T12:00:00Z`);
const TERMS = { ...TEN_THOUSAND, fee_percentage: 0 };

describe.each(BACKENDS)('the loan pages on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: D0 });
  const partner = usePartner(t);
  const otherPartner = usePartner(t);

  /** A loan drawn on D0 by a customer the portal can reach (the offer selected for the customer). */
  async function newLoan(client: PartnerClient = partner): Promise<{ customerId: string; loanId: string }> {
    t.clock.set(D0);
    const { customerId, offers } = await offeredBySandbox(client, [TERMS], { application: { amount: 1000 } });
    await selectOffer(client, offers[0].offer_id);
    return { customerId, loanId: await fund(client, offers[0].offer_id, 10000) };
  }

  /** A loan with February collected and March missed, seen on 20 March. */
  async function loanInArrears(client: PartnerClient = partner) {
    const made = await newLoan(client);
    t.clock.set(at('2026-03-20'));
    const res = await client.post(`/sandbox/loans/${made.loanId}/simulate`, { data: { until: '2026-03-15', missed: ['2026-03-15'] } });
    expect(res.statusCode, res.body).toBe(200);
    return made;
  }

  async function auditOf(loanId: string) {
    const { rows } = await t.testDb.db.query<{ action: string; operator_id: string | null; summary: Record<string, unknown> }>(
      `SELECT action, operator_id, summary FROM audit_log WHERE target_type = 'loan' AND target_id = $1 ORDER BY seq`,
      [loanId],
    );
    return rows;
  }

  const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('lists the customer’s loans with what is owed, the next repayment and a missed payment with what to do', async () => {
    const { customerId, loanId } = await loanInArrears();
    const customer = await signedInCustomer(t, partner, customerId);
    const home = await customer.get('/portal/');
    expect(home.body).toContain('href="/portal/loans"');
    const list = await customer.get('/portal/loans');
    expect(list.statusCode).toBe(200);
    const words = text(list.body);
    expect(words).toContain('Your loans');
    expect(words).toContain('Business loan of £10,000.00');
    expect(list.body).toContain('data-loan-status="in_arrears"');
    expect(words).toContain('Payment missed');
    expect(list.body).toMatch(/data-loan="balance">£7,950.00</);
    expect(list.body).toMatch(/data-loan="next">£2,650.00 on 15 April 2026</);
    expect(words).toContain('Your repayment of £2,725.00 due on 15 March 2026 was not paid: the Direct Debit was returned unpaid. It is 5 days overdue.');
    expect(words).toContain('What to do');
    expect(words).toContain('We will not try to take the missed payment again by ourselves.');
    expect(words).toContain('Business Debtline');
    expect(list.body).toContain(`href="/portal/loans/${loanId}"`);
    expect(list.body).toContain('aria-current="page"');
    expect(words).toContain('You are behind with your repayments. Your next repayment of £2,650.00 will be collected by Direct Debit on 15 April 2026.');
    // On the day of the next repayment, before its outcome is recorded: being collected, not missed.
    t.clock.set(at('2026-04-15'));
    const later = await signedInCustomer(t, partner, customerId);
    const due = text((await later.get(`/portal/loans/${loanId}`)).body);
    expect(due).toContain('Your repayment of £2,650.00 due on 15 April 2026 is being collected by Direct Debit.');
    expect(due).toContain('Being collected');
  });

  it('shows a loan’s repayments with their status, its settlement figure from the API’s service, and the same statement PDF', async () => {
    const { customerId, loanId } = await loanInArrears();
    const customer = await signedInCustomer(t, partner, customerId);
    const page = await customer.get(`/portal/loans/${loanId}`);
    expect(page.statusCode).toBe(200);
    const statuses = [...page.body.matchAll(/data-date="([^"]+)" data-repayment-status="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(statuses).toEqual([
      ['2026-02-15', 'collected'],
      ['2026-03-15', 'missed'],
      ['2026-04-15', 'scheduled'],
      ['2026-05-15', 'scheduled'],
    ]);
    const words = text(page.body);
    expect(words).toContain('Paid on 15 February 2026');
    expect(words).toContain('Missed (5 days overdue)');
    expect(words).toContain('Settle on');
    expect(words).toContain('Get settlement figure');
    expect(page.body).toContain('value="2026-03-20"');
    expect(words).toContain('A date from 16 March 2026 to 17 April 2026');
    expect(page.body).not.toContain('data-settlement="amount"');

    for (const on of ['2026-03-20', '2026-04-10', '2026-04-15']) {
      const api = (await partner.get(`/loans/${loanId}/settlement_quote/?on=${on}`)).json().data;
      const quoted = await customer.get(`/portal/loans/${loanId}?on=${on}`);
      expect(quoted.statusCode, quoted.body).toBe(200);
      expect(quoted.body).toContain(`data-settlement="amount">${formatGbp(toPence(api.amount))}<`);
      expect(quoted.body).toContain(`data-settlement="arrears">${formatGbp(toPence(api.breakdown.arrears))}<`);
      expect(quoted.body).toContain(`data-settlement="interest">${formatGbp(toPence(api.breakdown.interest))}<`);
    }
    // A day typed by hand is read too.
    expect((await customer.get(`/portal/loans/${loanId}?on=${encodeURIComponent('10/4/2026')}`)).body).toContain('To pay off your loan on 10 April 2026');

    const statement = await customer.get(`/portal/loans/${loanId}/statement.pdf`);
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    const api = await partner.get(`/loans/${loanId}/statement/`, { accept: 'application/pdf' });
    expect(await pdfText(statement.rawPayload)).toBe(await pdfText(api.rawPayload));
    expect(page.body).toContain(`href="/portal/loans/${loanId}/statement.pdf"`);
  });

  it('shows why a settlement day cannot be quoted, beside the field', async () => {
    const { customerId, loanId } = await loanInArrears();
    const customer = await signedInCustomer(t, partner, customerId);
    const cases: [string, string][] = [
      ['2026-05-01', 'Enter a date no more than 28 days ahead, on or before 17 April 2026'],
      ['2026-03-15', 'Enter a date after 15 March 2026: the repayment due that day is already recorded'],
      ['2026-01-01', 'Enter a date on or after 15 January 2026, the day you drew the loan'],
      ['soon', 'Enter the date you want to pay off your loan as a date, like 2019-03-01'],
      ['2026-02-30', 'Enter the date you want to pay off your loan as a real date'],
    ];
    for (const [on, message] of cases) {
      const res = await customer.get(`/portal/loans/${loanId}?on=${encodeURIComponent(on)}`);
      expect(res.statusCode, on).toBe(400);
      expect(res.body).toContain(`id="field-on-error"`);
      expect(text(res.body)).toContain(message);
      expect(res.body).toContain('aria-invalid="true"');
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain(`value="${on}"`);
      expect(res.body).not.toContain('data-settlement="amount"');
    }
  });

  it('shows "Settle on" only while some day can be quoted, prefilled with the nearest such day', async () => {
    const { customerId, loanId } = await newLoan();
    const pageOn = async (day: string) => {
      t.clock.set(at(day));
      const customer = await signedInCustomer(t, partner, customerId);
      const page = await customer.get(`/portal/loans/${loanId}`);
      expect(page.statusCode).toBe(200);
      return page.body;
    };
    // Outcomes simulated ahead of today: the first day after them is more than 28 days away.
    t.clock.set(at('2026-01-20'));
    expect((await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: '2026-03-15' } })).statusCode).toBe(200);
    expect(await pageOn('2026-01-20')).not.toContain('Get settlement figure');
    const quoted = await partner.get(`/loans/${loanId}/settlement_quote/?on=2026-02-17`);
    expect(quoted.json().errors[0].source).toEqual({ parameter: 'on' });
    // On 1 March the first day after them, 16 March, is within 28 days.
    const open = await pageOn('2026-03-01');
    expect(open).toContain('Get settlement figure');
    expect(open).toContain('value="2026-03-16"');
    expect(text(open)).toContain('A date from 16 March 2026 to 29 March 2026');
    // The last repayment recorded as missed: no day is after it and on or before it, so no form.
    t.clock.set(at('2026-05-20'));
    await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: '2026-05-15', missed: ['2026-05-15'] } });
    const closed = await pageOn('2026-05-20');
    expect(closed).toContain('data-loan-status="in_arrears"');
    expect(closed).not.toContain('Get settlement figure');
    for (const on of ['2026-05-15', '2026-05-16']) expect((await partner.get(`/loans/${loanId}/settlement_quote/?on=${on}`)).statusCode).toBe(400);
  });

  it('reaches only the customer’s own loans: another customer’s is a 404 page, as an unknown one', async () => {
    const mine = await newLoan();
    const other = await newLoan();
    const elsewhere = await newLoan(otherPartner);
    t.clock.set(at('2026-01-20'));
    const customer = await signedInCustomer(t, partner, mine.customerId);
    const list = await customer.get('/portal/loans');
    expect(list.body).toContain(mine.loanId);
    expect(list.body).not.toContain(other.loanId);
    for (const path of [
      `/portal/loans/${other.loanId}`,
      `/portal/loans/${other.loanId}/statement.pdf`,
      `/portal/loans/${other.loanId}?on=2026-01-21`,
      `/portal/loans/${elsewhere.loanId}`,
      '/portal/loans/0f8fad5b-d9cb-469f-a165-70867728950e',
      '/portal/loans/not-a-loan',
    ]) {
      const res = await customer.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Page not found');
      expect(res.body).not.toContain('£10,000.00');
    }
    // Without a session: the session-ended page, no loan.
    const signedOut = await t.app.inject({ method: 'GET', url: `/portal/loans/${mine.loanId}` });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).not.toContain('£10,000.00');
  });

  it('says so when the customer has no loans, and when a loan is paid off', async () => {
    t.clock.set(D0);
    const { customerId, offers } = await offeredBySandbox(partner, [TERMS], { application: { amount: 1000 } });
    await selectOffer(partner, offers[0].offer_id);
    const customer = await signedInCustomer(t, partner, customerId);
    expect(text((await customer.get('/portal/loans')).body)).toContain('You have no loans with');
    const loanId = await fund(partner, offers[0].offer_id, 10000);
    expect((await partner.post(`/sandbox/loans/${loanId}/settle`, { data: { on: '2026-01-15' } })).statusCode).toBe(200);
    const page = await customer.get(`/portal/loans/${loanId}`);
    expect(page.body).toContain('data-loan-status="settled"');
    expect(text(page.body)).toContain('You have paid this loan off (last payment 15 January 2026). There is nothing more to pay.');
    expect(page.body).not.toContain('Get settlement figure');
    expect(text(page.body)).toContain('Settlement paid on 15 January 2026');
  });

  it('lists loans for operators newest first, and with the filter those in arrears, the most days past due first', async () => {
    const older = await loanInArrears();
    const current = await newLoan();
    // A second loan in arrears, missed more recently: fewer days past due.
    const recent = await newLoan();
    t.clock.set(at('2026-04-20'));
    await partner.post(`/sandbox/loans/${recent.loanId}/simulate`, { data: { until: '2026-04-15', missed: ['2026-04-15'] } });
    const { user } = await signedInOperator(t, 'viewer');
    const all = await user.get('/console/loans');
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('href="/console/loans"');
    // Newest first (these three were drawn at the same moment: the order among them is the loans' ids').
    const order = [...all.body.matchAll(/<tr data-loan-id="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(expect.arrayContaining([older.loanId, recent.loanId, current.loanId]));
    const arrears = await user.get('/console/loans?arrears=yes');
    const rows = [...arrears.body.matchAll(/<tr data-loan-id="([^"]+)"[\s\S]*?data-days-past-due="(\d+)"/g)].map((m) => [m[1], Number(m[2])]);
    expect(rows.find(([id]) => id === older.loanId)).toEqual([older.loanId, 36]);
    expect(rows.find(([id]) => id === recent.loanId)).toEqual([recent.loanId, 5]);
    expect(rows.map(([id]) => id)).not.toContain(current.loanId);
    const days = rows.map(([, d]) => d as number);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(arrears.body).toContain('checked');
    // A viewer reads the loan but has no forms, and a hand-made POST is refused.
    const page = await user.get(`/console/loans/${older.loanId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Record collection');
    const refused = await user.post(`/console/loans/${older.loanId}/collections`, { due_date: '2026-03-15', outcome: 'collected' });
    expect(refused.statusCode).toBe(403);
    expect(await auditOf(older.loanId)).toEqual([]);
  });

  it('records a collection from the console through the admin API’s service, audited, with refusals on the form', async () => {
    const { loanId } = await loanInArrears();
    const { user, operator } = await signedInOperator(t, 'underwriter');
    const page = await user.get(`/console/loans/${loanId}`);
    expect(page.body).toContain('Record collection');
    expect(page.body).toContain('Record settlement');

    const refusals: [Record<string, string>, number, string, string][] = [
      [{ due_date: '2026-03-16', outcome: 'collected' }, 400, 'due_date', 'No repayment of this loan falls due on 16 March 2026'],
      [{ due_date: '2026-04-15', outcome: 'collected' }, 400, 'due_date', 'The repayment due on 15 April 2026 is not due yet'],
      [{ due_date: '2026-02-15', outcome: 'missed' }, 409, 'due_date', 'The repayment due on 15 February 2026 is already collected'],
      [{ due_date: '2026-03-15', outcome: 'collected', collected_on: '2026-03-14' }, 400, 'collected_on', 'Collected on must not be before the due date'],
      [{ due_date: 'yesterday', outcome: 'collected' }, 400, 'due_date', 'Enter the due date as a date'],
      [{ due_date: '2026-03-15', outcome: 'lost' }, 400, 'outcome', 'Choose Collected or Missed'],
    ];
    for (const [fields, status, field, message] of refusals) {
      const res = await user.post(`/console/loans/${loanId}/collections`, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.body).toContain(`id="field-${field}-error"`);
      expect(text(res.body)).toContain(message);
      expect(res.body).toContain(`value="${fields.due_date}"`);
    }
    expect(await auditOf(loanId)).toEqual([]);

    const late = await user.post(`/console/loans/${loanId}/collections`, { due_date: '2026-03-15', outcome: 'collected', collected_on: '2026-03-19' });
    expect(late.statusCode, late.body).toBe(303);
    expect(late.headers.location).toBe(`/console/loans/${loanId}?done=collected`);
    const after = await user.get(late.headers.location as string);
    expect(after.body).toContain('Collection recorded.');
    expect(after.body).toContain('data-loan-status="active"');
    const loan = (await partner.get(`/loans/${loanId}/`)).json().data;
    expect(loan.repayments[1]).toMatchObject({ status: 'collected', collected_on: '2026-03-19' });
    expect(await auditOf(loanId)).toEqual([
      { action: 'loan.collection_recorded', operator_id: operator.id, summary: { due_date: '2026-03-15', outcome: 'collected', collected_on: '2026-03-19' } },
    ]);
  });

  it('records a settlement from the console as the sandbox settle does, audited; a settled loan refuses more', async () => {
    const { loanId } = await loanInArrears();
    const { user, operator } = await signedInOperator(t, 'underwriter');
    const quote = (await partner.get(`/loans/${loanId}/settlement_quote/?on=2026-03-20`)).json().data;
    const page = await user.get(`/console/loans/${loanId}`);
    expect(text(page.body)).toContain(`Settlement figure for 20 March 2026: ${formatGbp(toPence(quote.amount))}`);

    const tooFar = await user.post(`/console/loans/${loanId}/settlement`, { on: '2026-05-01' });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.body).toContain('id="field-on-error"');
    expect(text(tooFar.body)).toContain('On must be at most 28 days ahead');
    const badDate = await user.post(`/console/loans/${loanId}/settlement`, { on: '' });
    expect(badDate.statusCode).toBe(400);
    expect(text(badDate.body)).toContain('Enter the day the settlement was paid');

    const settled = await user.post(`/console/loans/${loanId}/settlement`, { on: '2026-03-20' });
    expect(settled.statusCode, settled.body).toBe(303);
    const after = await user.get(settled.headers.location as string);
    expect(after.body).toContain('Settlement recorded: the loan is settled.');
    expect(after.body).toContain('data-loan-status="settled"');
    expect(after.body).not.toContain('Record collection');
    const loan = (await partner.get(`/loans/${loanId}/`)).json().data;
    expect(loan.status).toBe('settled');
    expect(loan.repayments.at(-1)).toMatchObject({ date: '2026-03-20', status: 'collected', collected_on: '2026-03-20' });
    expect(await auditOf(loanId)).toEqual([{ action: 'loan.settled', operator_id: operator.id, summary: { on: '2026-03-20', amount_paid: quote.amount } }]);
    const { rows } = await t.testDb.db.query(`SELECT 1 FROM outbox_events WHERE event_type = 'loan_settled_202611' AND payload->>'loan_id' = $1`, [loanId]);
    expect(rows).toHaveLength(1);

    const again = await user.post(`/console/loans/${loanId}/collections`, { due_date: '2026-03-15', outcome: 'collected' });
    expect(again.statusCode).toBe(400);
    expect(text(again.body)).toContain('Not recorded: this loan is settled: there is nothing left to collect.');
    const ahead = await user.post(`/console/loans/${loanId}/collections`, { due_date: '2026-04-15', outcome: 'collected' });
    expect(ahead.statusCode).toBe(400);
    expect(text(ahead.body)).toContain('Not recorded: The repayment due on 15 April 2026 is not due yet.');
    // A repayment due before the day whose outcome is not recorded: said beside the field.
    const pending = await newLoan();
    t.clock.set(at('2026-02-20'));
    const operatorAgain = await signedInOperator(t, 'underwriter');
    await operatorAgain.user.get(`/console/loans/${pending.loanId}`);
    const waiting = await operatorAgain.user.post(`/console/loans/${pending.loanId}/settlement`, { on: '2026-02-20' });
    expect(waiting.statusCode).toBe(400);
    expect(waiting.body).toContain('id="field-on-error"');
    expect(text(waiting.body)).toContain('Record the outcome of the repayment due on 15 February 2026 before settling on 20 February 2026');
    expect(await auditOf(pending.loanId)).toEqual([]);
    t.clock.set(at('2026-03-20'));

    const settleAgain = await user.post(`/console/loans/${loanId}/settlement`, { on: '2026-03-20' });
    expect(settleAgain.statusCode).toBe(400);
    expect(text(settleAgain.body)).toContain('Not recorded: this loan is settled');
  });
});
