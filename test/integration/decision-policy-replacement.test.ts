import { afterAll, describe, expect, it } from 'vitest';
import { defaultDecisionPolicy } from '../../src/domain/decision-policy.ts';
import { setDecisionPolicy } from '../../src/services/decisions.ts';
import { loadDecisionPolicy } from '../../src/services/policy-loader.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';

describe.each(BACKENDS)('an operator replaces the decision policy on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);
  afterAll(() => setDecisionPolicy(defaultDecisionPolicy));

  async function decide(turnover: number) {
    const customerId = await createCustomer(partner, {}, { last_12_months_turnover: { amount: turnover, valid_from: '2026-01-01T00:00:00Z' } });
    const application = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 5000 } });
    const offers = await partner.get(`/applications/${application.json().data.application_id}/offers/`);
    const stored = await t.testDb.db.query<{ policy: string }>('SELECT policy FROM decisions WHERE application_id = $1', [
      application.json().data.application_id,
    ]);
    return { status: offers.json().data.offer_creation_status, policy: stored.rows[0].policy };
  }

  it('decides with the module named by DECISION_POLICY_MODULE and records its name', async () => {
    expect(await decide(30_000)).toEqual({ status: 'offers_available', policy: 'default' });
    const policy = await loadDecisionPolicy('test/fixtures/strict-policy.ts');
    expect(policy.name).toBe('strict-50k-turnover');
    expect(await decide(30_000)).toEqual({ status: 'no_offers', policy: 'strict-50k-turnover' });
    expect(await decide(60_000)).toEqual({ status: 'offers_available', policy: 'strict-50k-turnover' });
  });

  it('refuses a module that does not export a policy', async () => {
    await expect(loadDecisionPolicy('test/helpers/db.ts')).rejects.toThrow(/must export default a policy/);
  });
});
