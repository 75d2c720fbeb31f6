import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, customerBody, LogSink, usePartner, useTestApp } from '../helpers/app.ts';

describe.each(BACKENDS)('logs hold no personal data or secrets on %s', (backend) => {
  const sink = new LogSink();
  const t = useTestApp(backend, { env: { LOG_LEVEL: 'trace' }, logStream: sink });
  const partner = usePartner(t);

  it('logs requests by method, path and id, without bodies, headers, tokens or query strings', async () => {
    const body = customerBody({ external_customer_id: 'ext-log-secret-1' });
    body.data.people[0].first_name = 'Zebedee';
    body.data.people[0].last_name = 'Quixotic';
    body.data.people[0].emails = [{ email: 'zebedee.quixotic@example.com', type: 'primary' }];
    body.data.people[0].date_of_birth = '1971-04-23';
    const created = await partner.post('/customers/', body);
    expect(created.statusCode).toBe(201);
    const customerId = created.json().data.customer_id;
    // A duplicate makes the database refuse a value: its message quotes the value.
    const duplicate = await partner.post('/customers/', body);
    expect(duplicate.statusCode).toBe(409);
    // A bad body: validation errors echo nothing of it into the log.
    const bad = await partner.post('/customers/', { data: { ...body.data, people: [{ first_name: 'Zebedee', roles: 'x' }] } });
    expect(bad.statusCode).toBe(400);
    await partner.get(`/customers/${customerId}/`);
    const application = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 1000 } });
    expect(application.statusCode).toBe(201);
    const link = await partner.get(`/customers/${customerId}/login_link/`);
    const loginUrl = new URL(link.json().data.login_link);
    const loginToken = loginUrl.searchParams.get('token') as string;
    await t.app.inject({ method: 'GET', url: `/portal/login?token=${loginToken}` });
    await t.app.inject({ method: 'GET', url: `${BASE}/authentication_check/`, headers: { authorization: 'Bearer sk_sandbox_not-a-real-token-xyz' } });

    const log = sink.text;
    expect(log).toContain('"path":"/portal/login"');
    expect(log).toContain(`"path":"${BASE}/customers/"`);
    for (const secret of [
      'Zebedee',
      'Quixotic',
      'zebedee.quixotic@example.com',
      '1971-04-23',
      'ext-log-secret-1',
      partner.token,
      loginToken,
      'sk_sandbox_not-a-real-token-xyz',
      'Bearer',
    ]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
  });
});
