import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { eventsFor } from '../helpers/lending.ts';

const TERMS = { max_amount: 5000, monthly_interest_percentage: 2.5, fee_percentage: 1, duration_in_days: 120, valid_for_days: 30 };
const VIEW_KEYS = ['available_amount', 'duration_in_days', 'expires_at', 'fee_percentage', 'max_amount', 'monthly_interest_percentage', 'offer_id', 'status'];

describe.each(BACKENDS)('pre-approvals on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  const preApprove = (customerId: string, terms: unknown = TERMS, client: PartnerClient = partner) =>
    client.post(`/sandbox/customers/${customerId}/pre_approvals`, { data: terms });
  const read = (customerId: string, client: PartnerClient = partner) => client.get(`/customers/${customerId}/pre_approval/`);
  const draw = (offerId: string, amount: number) => partner.post(`/sandbox/offers/${offerId}/fundings`, { data: { amount } });

  it('makes one in the sandbox (201) and reads it back: a flexi_loan limit with what is available', async () => {
    const customerId = await createCustomer(partner);
    expect((await read(customerId)).statusCode).toBe(404);
    const res = await preApprove(customerId);
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().data;
    expect(Object.keys(view).sort()).toEqual(VIEW_KEYS);
    expect(view).toMatchObject({
      max_amount: 5000,
      available_amount: 5000,
      monthly_interest_percentage: 2.5,
      fee_percentage: 1,
      duration_in_days: 120,
      status: 'available',
    });
    expect(new Date(view.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await read(customerId)).json().data).toEqual(view);
    const { rows } = await t.testDb.db.query<{ application_id: string | null; product_type: string; offer_type: string; pre_approval: boolean }>(
      'SELECT application_id, product_type, offer_type, pre_approval FROM offers WHERE id = $1',
      [view.offer_id],
    );
    expect(rows).toEqual([{ application_id: null, product_type: 'flexi_loan', offer_type: 'confirmed', pre_approval: true }]);
  });

  it('is drawn without an application: the events omit application_id (funding_created) or carry null (customer_funded)', async () => {
    const customerId = await createCustomer(partner);
    const { offer_id } = (await preApprove(customerId)).json().data;
    const first = await draw(offer_id, 1000);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ offer_id, application_id: null, customer_id: customerId, funding_amount: 1000, funding_fee_amount: 10 });
    expect(first.json().data.paid_to.simulated).toBe(true);
    expect((await read(customerId)).json().data).toMatchObject({ status: 'funded', available_amount: 4000 });
    expect((await draw(offer_id, 3000)).statusCode).toBe(201);
    const over = await draw(offer_id, 1000.01);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ code: 'ValidationError', meta: { available_amount: 1000 } });
    const [created] = await eventsFor(t, { customerId }, 'funding_created_202607');
    expect(created.payload).not.toHaveProperty('application_id');
    expect(created.payload).toMatchObject({ offer_id, funding_amount: 1000, offer_max_amount: 5000 });
    const [funded] = await eventsFor(t, { customerId }, 'customer_funded');
    expect(funded.payload).toMatchObject({ application_id: null, offer_id, funding_amount: 1000 });
  });

  it('answers the repayment schedule of its offer_id', async () => {
    const customerId = await createCustomer(partner);
    const { offer_id } = (await preApprove(customerId, { ...TERMS, monthly_interest_percentage: 3, fee_percentage: 0 })).json().data;
    const res = await partner.get(`/offers/${offer_id}/repayment_schedule/?amount=4000`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.repayments.map((r: { amount: number }) => r.amount)).toEqual([1120, 1090, 1060, 1030]);
  });

  it('a new pre-approval revokes the previous one', async () => {
    const customerId = await createCustomer(partner);
    const old = (await preApprove(customerId)).json().data;
    expect((await draw(old.offer_id, 100)).statusCode).toBe(201);
    const fresh = (await preApprove(customerId, { ...TERMS, max_amount: 8000 })).json().data;
    expect((await read(customerId)).json().data).toMatchObject({ offer_id: fresh.offer_id, max_amount: 8000, status: 'available' });
    const refused = await draw(old.offer_id, 100);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('FundingNotAllowed');
    const { rows } = await t.testDb.db.query<{ status: string }>('SELECT status FROM offers WHERE id = $1', [old.offer_id]);
    expect(rows[0].status).toBe('revoked');
  });

  it('expires after its days: the status says so and nothing more can be drawn', async () => {
    const customerId = await createCustomer(partner);
    const { offer_id } = (await preApprove(customerId, { ...TERMS, valid_for_days: 1 })).json().data;
    t.clock.advanceDays(2);
    expect((await read(customerId)).json().data).toMatchObject({ status: 'expired', available_amount: 0 });
    const refused = await draw(offer_id, 10);
    expect(refused.json().errors[0].code).toBe('FundingNotAllowed');
  });

  it('refuses bad terms with pointers, other tenants (404) and production tokens on the sandbox route (403)', async () => {
    const customerId = await createCustomer(partner);
    const bad = await preApprove(customerId, { ...TERMS, max_amount: 0, valid_for_days: 400, extra: true });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
        .sort(),
    ).toEqual(['/data/extra', '/data/max_amount', '/data/valid_for_days']);
    const other = await t.partner();
    expect((await preApprove(customerId, TERMS, other)).statusCode).toBe(404);
    expect((await preApprove(randomUUID())).statusCode).toBe(404);
    const production = await t.token(partner.partnerId, 'production');
    expect((await preApprove(customerId, TERMS, production)).statusCode).toBe(403);
    expect((await read(customerId, production)).statusCode).toBe(404);
    expect((await read(customerId)).statusCode).toBe(404);
  });

  it('the admin route makes one at once, audited; in production the drawdown needs a verified account', async () => {
    const production = await t.partner({ environment: 'production' });
    const customerId = await createCustomer(production);
    const res = await t.admin('POST', `/customers/${customerId}/pre_approvals`, TERMS);
    expect(res.statusCode, res.body).toBe(201);
    const { offer_id } = res.json().data;
    expect((await read(customerId, production)).json().data).toMatchObject({ offer_id, status: 'available' });
    const { rows } = await t.testDb.db.query<{ action: string; summary: Record<string, unknown> }>(
      `SELECT action, summary FROM audit_log WHERE target_type = 'customer' AND target_id = $1`,
      [customerId],
    );
    expect(rows).toEqual([{ action: 'customer.pre_approved', summary: { offer_id, ...TERMS } }]);
    const refused = await t.admin('POST', `/offers/${offer_id}/fundings`, { amount: 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('FundingAccountRequired');
    expect((await t.admin('POST', `/customers/${randomUUID()}/pre_approvals`, TERMS)).statusCode).toBe(404);
    expect((await t.admin('POST', `/customers/${customerId}/pre_approvals`, { ...TERMS, duration_in_days: 0 })).statusCode).toBe(400);
  });
});
