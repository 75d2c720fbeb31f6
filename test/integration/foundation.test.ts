import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, createCustomer, usePartner, useTestApp } from '../helpers/app.ts';

describe.each(BACKENDS)('foundation on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  it('answers the authentication check in both documented shapes', async () => {
    const res = await partner.get('/authentication_check/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: 'v2.2',
      data: { api_version: '2.2.0', environment: 'sandbox', partner_id: partner.partnerId },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('creates a customer and an application', async () => {
    const customerId = await createCustomer(partner, { external_customer_id: 'ext-1' });
    const app = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 25000 } });
    expect(app.statusCode).toBe(201);
    expect(app.json().data).toMatchObject({ customer_id: customerId, status: 'open', is_closed: false, is_topup: false, amount: 25000 });
    const latest = await partner.get(`${BASE}/customers/${customerId}/applications/latest`);
    expect(latest.json().data.application_id).toBe(app.json().data.application_id);
  });
});
