import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { offeredByPolicy, offeredBySandbox, selectOffer, storedStatus, type OfferTermsJson } from '../helpers/lending.ts';

const FLEXI: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 1000, monthly_interest_percentage: 3, fee_percentage: 0, duration_in_days: 365 };
const VERIFIED = { account_holder_name: 'Acme Widgets Ltd', sort_code: '08-99-99', account_number: '66374958' };

const putAccount = (client: PartnerClient, customerId: string, data: unknown) => client.request('PUT', `/customers/${customerId}/funding_account/`, { data });

describe.each(BACKENDS)('payouts to the funding account on %s', (backend) => {
  const t = useTestApp(backend);
  const sandbox = usePartner(t);
  const production = usePartner(t, { environment: 'production' });

  async function storedFundings(offerId: string) {
    const { rows } = await t.testDb.db.query<{ funding_account_id: string | null; paid_to_simulated: boolean }>(
      'SELECT funding_account_id, paid_to_simulated FROM fundings WHERE offer_id = $1',
      [offerId],
    );
    return rows;
  }

  it('in production, refuses an operator drawdown without a verified account (400 FundingAccountRequired), then pays into it', async () => {
    const { customerId, applicationId, offers } = await offeredByPolicy(production);
    const offer = offers[0];
    await selectOffer(production, offer.offer_id, 'introducer');
    const none = await t.admin('POST', `/offers/${offer.offer_id}/fundings`, { amount: 100 });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ code: 'FundingAccountRequired', meta: { funding_account_status: null } });

    // A close match waits for review: still refused.
    expect((await putAccount(production, customerId, { ...VERIFIED, account_holder_name: 'Acme Widgets' })).json().data.status).toBe('needs_review');
    const waiting = await t.admin('POST', `/offers/${offer.offer_id}/fundings`, { amount: 100 });
    expect(waiting.json().errors[0]).toMatchObject({ code: 'FundingAccountRequired', meta: { funding_account_status: 'needs_review' } });
    expect(await storedFundings(offer.offer_id)).toEqual([]);
    expect(await storedStatus(t, applicationId)).toBe('offered');
  });

  it('in production, pays a verified account and records it: the answer shows its sort code and last four digits', async () => {
    const { customerId, offers } = await offeredByPolicy(production);
    const offer = offers[0];
    await selectOffer(production, offer.offer_id, 'introducer');
    // Production has no name check plugged in here: the account needs review; an operator would
    // accept it in the console. Accepted here directly, as the console does.
    const account = (await putAccount(production, customerId, VERIFIED)).json().data;
    await t.testDb.db.query(`UPDATE funding_accounts SET status = 'verified' WHERE id = $1`, [account.funding_account_id]);
    const res = await t.admin('POST', `/offers/${offer.offer_id}/fundings`, { amount: 100 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.paid_to).toEqual({
      funding_account_id: account.funding_account_id,
      sort_code: '08-99-99',
      account_number_ending: '4958',
      simulated: false,
    });
    expect(res.body).not.toContain('66374958');
    expect(await storedFundings(offer.offer_id)).toEqual([{ funding_account_id: account.funding_account_id, paid_to_simulated: false }]);
  });

  it('in the sandbox, pays a customer without an account into a simulated account, shown as such', async () => {
    const { offers } = await offeredBySandbox(sandbox, [FLEXI]);
    await selectOffer(sandbox, offers[0].offer_id, 'introducer');
    const res = await sandbox.post(`/sandbox/offers/${offers[0].offer_id}/fundings`, { data: { amount: 100 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.paid_to).toEqual({ funding_account_id: null, sort_code: '00-00-00', account_number_ending: '0000', simulated: true });
    expect(await storedFundings(offers[0].offer_id)).toEqual([{ funding_account_id: null, paid_to_simulated: true }]);
  });

  it('in the sandbox, pays a verified account, and holds an account that is not verified to the production rule', async () => {
    const { customerId, offers } = await offeredBySandbox(sandbox, [FLEXI]);
    await selectOffer(sandbox, offers[0].offer_id, 'introducer');
    const draw = () => sandbox.post(`/sandbox/offers/${offers[0].offer_id}/fundings`, { data: { amount: 100 } });
    expect((await putAccount(sandbox, customerId, { ...VERIFIED, account_holder_name: 'Someone Else' })).json().data.status).toBe('rejected');
    const refused = await draw();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: 'FundingAccountRequired', meta: { funding_account_status: 'rejected' } });
    const account = (await putAccount(sandbox, customerId, VERIFIED)).json().data;
    expect(account.status).toBe('verified');
    const paid = await draw();
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.paid_to).toMatchObject({ funding_account_id: account.funding_account_id, account_number_ending: '4958', simulated: false });
  });
});
