import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { customerWithApplication, offeredByPolicy, offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { signedInCustomer } from '../helpers/web-user.ts';

const FLEXI: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 1000, monthly_interest_percentage: 3, fee_percentage: 0, duration_in_days: 365 };
const GOOD = { account_holder_name: 'Acme Widgets Ltd', sort_code: '08 99 99', account_number: '6637 4958' };

describe.each(BACKENDS)('bank details and pre-approvals in the portal on %s', (backend) => {
  const t = useTestApp(backend);
  const sandbox = usePartner(t);
  const production = usePartner(t, { environment: 'production' });

  async function fundingsOf(customerId: string) {
    const { rows } = await t.testDb.db.query<{ amount_pence: number; paid_to_simulated: boolean }>(
      'SELECT amount_pence, paid_to_simulated FROM fundings WHERE customer_id = $1',
      [customerId],
    );
    return rows;
  }

  it('in the sandbox, asks for bank details on the drawdown page, explains problems, then pays into the account', async () => {
    const { customerId, offers } = await offeredBySandbox(sandbox, [FLEXI]);
    await selectOffer(sandbox, offers[0].offer_id);
    const customer = await signedInCustomer(t, sandbox, customerId);
    const drawdown = `/portal/offers/${offers[0].offer_id}/drawdown`;
    const page = await customer.get(drawdown);
    expect(page.body).toContain('funds go to a simulated account');
    expect(page.body).toContain('Save bank details');
    expect(page.body).toContain('Draw funds');

    const bad = await customer.post(`/portal/offers/${offers[0].offer_id}/bank-details`, {
      account_holder_name: '',
      sort_code: '12-34-5',
      account_number: '1234567',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter the account holder name');
    expect(bad.body).toContain('Enter the sort code as six digits, like 12-34-56');
    expect(bad.body).toContain('Enter the account number as eight digits');
    expect(bad.body).toContain('value="12-34-5"');
    const invalid = await customer.post(`/portal/offers/${offers[0].offer_id}/bank-details`, { ...GOOD, account_number: '66374959' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('These bank details are not valid');
    expect(invalid.body).not.toContain('66374959');

    const saved = await customer.post(`/portal/offers/${offers[0].offer_id}/bank-details`, GOOD);
    expect(saved.statusCode, saved.body).toBe(303);
    const after = await customer.get(saved.headers.location as string);
    expect(after.body).toContain('your bank details are saved');
    expect(after.body).toContain('We pay into the account held by Acme Widgets Ltd: 08-99-99, account ending 4958.');
    expect(after.body).not.toContain('66374958');

    const drawn = await customer.post(drawdown, { amount: '250' });
    expect(drawn.statusCode, drawn.body).toBe(303);
    const confirmation = await customer.get(drawn.headers.location as string);
    expect(confirmation.body).toContain('08-99-99, account ending 4958');
    expect(await fundingsOf(customerId)).toEqual([{ amount_pence: 25000, paid_to_simulated: false }]);
    const { rows } = await t.testDb.db.query<{ actor: string }>(`SELECT actor FROM audit_log WHERE target_type = 'customer' AND target_id = $1`, [customerId]);
    expect(rows.map((r) => r.actor)).toEqual(['customer portal']);
  });

  it('in production, offers no drawdown until the account is verified, and says why', async () => {
    const { customerId, offers } = await offeredByPolicy(production);
    await selectOffer(production, offers[0].offer_id);
    const customer = await signedInCustomer(t, production, customerId);
    const drawdown = `/portal/offers/${offers[0].offer_id}/drawdown`;
    const page = await customer.get(drawdown);
    expect(page.body).toContain('Tell us the business bank account we should pay into.');
    expect(page.body).not.toContain('>Draw funds<');
    const forced = await customer.post(drawdown, { amount: '100' });
    expect(forced.statusCode).toBe(400);
    expect(await fundingsOf(customerId)).toEqual([]);

    const saved = await customer.post(`/portal/offers/${offers[0].offer_id}/bank-details`, GOOD);
    expect(saved.statusCode).toBe(303);
    const waiting = await customer.get(drawdown);
    // No name check is plugged in here: production answers unavailable, so the lender reviews it.
    expect(waiting.body).toContain('We are checking the bank details you gave (08-99-99, account ending 4958)');
    expect(waiting.body).not.toContain('>Draw funds<');
  });

  it('tells a pre-approved customer what they can draw, and draws from /portal/pre-approval', async () => {
    const { customerId } = await customerWithApplication(sandbox);
    const made = await sandbox.post(`/sandbox/customers/${customerId}/pre_approvals`, {
      data: { max_amount: 3000, monthly_interest_percentage: 2, fee_percentage: 1, duration_in_days: 90, valid_for_days: 60 },
    });
    const { offer_id } = made.json().data;
    const customer = await signedInCustomer(t, sandbox, customerId);
    const home = await customer.get('/portal/');
    expect(home.body).toContain('You are pre-approved: you can draw up to <strong>£3,000.00</strong>');
    const page = await customer.get('/portal/pre-approval');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your pre-approval');
    expect(page.body).toContain('Amount to draw (£)');
    expect(page.body).toContain('Draw funds');
    const drawn = await customer.post(`/portal/offers/${offer_id}/drawdown`, { amount: '1000' });
    expect(drawn.statusCode, drawn.body).toBe(303);
    const confirmation = await customer.get(drawn.headers.location as string);
    expect(confirmation.body).toContain('a simulated sandbox account');
    expect((await sandbox.get(`/customers/${customerId}/pre_approval/`)).json().data).toMatchObject({ status: 'funded', available_amount: 2000 });
    const again = await customer.get('/portal/pre-approval');
    expect(again.body).toContain('£2,000.00');
    expect(await fundingsOf(customerId)).toEqual([{ amount_pence: 100000, paid_to_simulated: true }]);
  });

  it('answers 404 in words when the customer has no pre-approval', async () => {
    const { customerId } = await customerWithApplication(sandbox);
    const customer = await signedInCustomer(t, sandbox, customerId);
    const page = await customer.get('/portal/pre-approval');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('You have no pre-approval with us');
  });
});
