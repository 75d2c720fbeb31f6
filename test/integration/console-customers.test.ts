import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { signedInOperator } from '../helpers/console.ts';

const putAccount = (client: PartnerClient, customerId: string, data: unknown) => client.request('PUT', `/customers/${customerId}/funding_account/`, { data });
const CLOSE = { account_holder_name: 'Acme Widgets', sort_code: '08-99-99', account_number: '66374958' };

describe.each(BACKENDS)('the console customer page on %s', (backend) => {
  const t = useTestApp(backend);
  const production = usePartner(t, { environment: 'production' });

  async function auditOf(customerId: string) {
    const { rows } = await t.testDb.db.query<{ action: string; operator_id: string | null; summary: Record<string, unknown> }>(
      `SELECT action, operator_id, summary FROM audit_log WHERE target_type = 'customer' AND target_id = $1 ORDER BY seq`,
      [customerId],
    );
    return rows;
  }

  it('shows the account and its history; an underwriter accepts a needs_review account (audited), and then it pays out', async () => {
    const customerId = await createCustomer(production);
    await putAccount(production, customerId, { ...CLOSE, sort_code: '107999', account_number: '88837491' });
    const account = (await putAccount(production, customerId, CLOSE)).json().data;
    expect(account.status).toBe('needs_review');
    const { user, operator } = await signedInOperator(t, 'underwriter');
    const page = await user.get(`/console/customers/${customerId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('08-99-99');
    expect(page.body).toContain('ending 4958');
    expect(page.body).toContain('Needs review');
    expect(page.body).toContain('Accept account');
    expect(page.body).toContain('id="funding-account-history"');
    expect(page.body).toContain('10-79-99');
    expect(page.body).not.toContain('66374958');
    expect(page.body).not.toContain('88837491');
    const accepted = await user.post(`/console/customers/${customerId}/funding-account/review`, { account: account.funding_account_id, status: 'verified' });
    expect(accepted.statusCode, accepted.body).toBe(303);
    expect((await production.get(`/customers/${customerId}/funding_account/`)).json().data.status).toBe('verified');
    const after = await user.get(accepted.headers.location as string);
    expect(after.body).toContain('Bank account accepted');
    expect(after.body).not.toContain('Accept account');
    const audit = await auditOf(customerId);
    expect(audit.at(-1)).toMatchObject({
      action: 'funding_account.accepted',
      operator_id: operator.id,
      summary: { account_number_ending: '4958', status: 'verified' },
    });
    // Reviewing again is refused: it no longer waits.
    const again = await user.post(`/console/customers/${customerId}/funding-account/review`, { account: account.funding_account_id, status: 'rejected' });
    expect(again.statusCode).toBe(409);
  });

  it('lets an underwriter reject the account; a viewer sees no buttons and is refused', async () => {
    const customerId = await createCustomer(production);
    const account = (await putAccount(production, customerId, CLOSE)).json().data;
    const viewer = await signedInOperator(t, 'viewer');
    const seen = await viewer.user.get(`/console/customers/${customerId}`);
    expect(seen.body).not.toContain('Reject account');
    expect(seen.body).not.toContain('Pre-approve');
    const refused = await viewer.user.post(`/console/customers/${customerId}/funding-account/review`, {
      account: account.funding_account_id,
      status: 'rejected',
    });
    expect(refused.statusCode).toBe(403);
    const { user } = await signedInOperator(t, 'underwriter');
    await user.get(`/console/customers/${customerId}`);
    const rejected = await user.post(`/console/customers/${customerId}/funding-account/review`, { account: account.funding_account_id, status: 'rejected' });
    expect(rejected.statusCode).toBe(303);
    expect((await production.get(`/customers/${customerId}/funding_account/`)).json().data.status).toBe('rejected');
  });

  it('pre-approves below the threshold at once, and above it only when a second operator confirms', async () => {
    const customerId = await createCustomer(production);
    const first = await signedInOperator(t, 'underwriter');
    await first.user.get(`/console/customers/${customerId}`);
    const form = { max_amount: '5,000', interest: '2.5', fee: '1', duration: '120', valid_for: '30' };
    const small = await first.user.post(`/console/customers/${customerId}/pre-approve`, form);
    expect(small.statusCode, small.body).toBe(303);
    expect(small.headers.location).toContain('done=pre_approved');
    expect((await production.get(`/customers/${customerId}/pre_approval/`)).json().data).toMatchObject({ max_amount: 5000, status: 'available' });

    const bad = await first.user.post(`/console/customers/${customerId}/pre-approve`, { ...form, max_amount: 'lots', valid_for: '0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter the maximum amount as an amount in pounds');
    expect(bad.body).toContain('Enter the number of days it is valid for');

    await first.user.get(`/console/customers/${customerId}`);
    const big = await first.user.post(`/console/customers/${customerId}/pre-approve`, { ...form, max_amount: '300000' });
    expect(big.headers.location).toContain('done=pending');
    expect((await production.get(`/customers/${customerId}/pre_approval/`)).json().data.max_amount).toBe(5000);
    const own = await first.user.get(`/console/customers/${customerId}`);
    expect(own.body).toContain('waiting for a second operator');
    expect(own.body).not.toContain('Confirm pre-approval');
    const { rows } = await t.testDb.db.query<{ id: string }>(`SELECT id FROM pending_approvals WHERE customer_id = $1 AND status = 'pending'`, [customerId]);
    const self = await first.user.post(`/console/customers/${customerId}/pre-approvals/${rows[0].id}/confirm`);
    expect(self.statusCode).toBe(403);

    const second = await signedInOperator(t, 'underwriter');
    const page = await second.user.get(`/console/customers/${customerId}`);
    expect(page.body).toContain('Confirm pre-approval');
    const confirmed = await second.user.post(`/console/customers/${customerId}/pre-approvals/${rows[0].id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect((await production.get(`/customers/${customerId}/pre_approval/`)).json().data).toMatchObject({ max_amount: 300000, status: 'available' });
    expect((await auditOf(customerId)).map((a) => a.action)).toEqual([
      'customer.pre_approved',
      'customer.pre_approval_requested',
      'customer.pre_approval_confirmed',
    ]);
    // The application's confirm route does not take a customer's approval.
    expect((await second.user.post(`/console/approvals/${rows[0].id}/confirm`)).statusCode).toBe(404);
  });
});
