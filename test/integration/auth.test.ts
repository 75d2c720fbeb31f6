import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { ADMIN_TOKEN, BASE, createCustomer, customerBody, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { countRows, expectError, raw, UNKNOWN_UUID } from '../helpers/foundation.ts';

describe.each(BACKENDS)('authentication and tenancy on %s', (backend) => {
  // Hundreds of calls with one token: the rate limit (tested on its own) must not interfere.
  const t = useTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const partner = usePartner(t);

  describe('the Authorization header', () => {
    it('accepts Bearer or Token, in any letter case, with extra spaces', async () => {
      for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR', 'Token', 'token', 'TOKEN']) {
        const res = await raw(t, 'GET', '/authentication_check/', { authorization: `${scheme} ${partner.token}` });
        expect(res.statusCode, scheme).toBe(200);
      }
      const spaced = await raw(t, 'GET', '/authentication_check/', { authorization: `Bearer    ${partner.token}  ` });
      expect(spaced.statusCode).toBe(200);
    });

    it('answers the authentication check in both documented shapes', async () => {
      const res = await partner.get('/authentication_check/');
      expect(res.json()).toEqual({
        version: 'v2.2',
        data: { api_version: '2.2.0', environment: 'sandbox', partner_id: partner.partnerId },
      });
    });

    const badHeaders: [string, (token: string) => string | undefined][] = [
      ['missing', () => undefined],
      ['empty', () => ''],
      ['scheme only', () => 'Bearer'],
      ['scheme and space', () => 'Bearer '],
      ['Basic scheme', (token) => `Basic ${token}`],
      ['no space', (token) => `Bearer${token}`],
      ['two words', (token) => `Bearer ${token} ${token}`],
      ['token without scheme', (token) => token],
      ['unknown token', () => 'Bearer sk_sandbox_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      ['truncated token', (token) => `Bearer ${token.slice(0, -1)}`],
      ['token with an extra character', (token) => `Bearer ${token}x`],
      ['token in another letter case', (token) => `Bearer ${token.toUpperCase()}`],
      ['environment prefix swapped', (token) => `Bearer ${token.replace('sk_sandbox_', 'sk_live_')}`],
      ['admin token', () => `Bearer ${ADMIN_TOKEN}`],
      ['a very long token', () => `Bearer ${'x'.repeat(8000)}`],
    ];

    it.each(badHeaders)('refuses a %s Authorization header with 401 AuthenticationFailed and WWW-Authenticate', async (_label, header) => {
      const value = header(partner.token);
      const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
      if (value !== undefined) headers.authorization = value;
      const customerId = await createCustomer(partner);
      const calls = [
        raw(t, 'GET', '/authentication_check/', headers),
        raw(t, 'GET', '/introducers/', headers),
        raw(t, 'GET', `/customers/${customerId}/`, headers),
        raw(t, 'POST', '/customers/', headers, JSON.stringify(customerBody())),
        raw(t, 'PUT', `/customers/${customerId}/`, headers, JSON.stringify(customerBody())),
        raw(t, 'POST', `/customers/${customerId}/applications/`, headers, JSON.stringify({ data: { amount: 100 } })),
        raw(t, 'GET', `/customers/${customerId}/applications/latest/`, headers),
        raw(t, 'PATCH', `/customers/${customerId}/applications/latest/`, headers, JSON.stringify({ data: {} })),
      ];
      const before = await countRows(t, 'customers');
      for (const res of await Promise.all(calls)) {
        expectError(res, 401, 'AuthenticationFailed');
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      expect(await countRows(t, 'customers')).toBe(before);
      expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(0);
    });

    it('authenticates before anything else: a bad token with a bad body or Accept is still a 401', async () => {
      const headers = { authorization: 'Bearer nope', accept: 'text/html', 'content-type': 'text/plain' };
      expectError(await raw(t, 'POST', '/customers/', headers, 'hello'), 401, 'AuthenticationFailed');
    });
  });

  describe('scopes', () => {
    it('a read-only token reads (200) but every write is 403 PermissionDenied and stores nothing', async () => {
      const customerId = await createCustomer(partner);
      await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 1000 } });
      const reader = await t.token(partner.partnerId, 'sandbox', ['read']);
      expect((await reader.get('/authentication_check/')).statusCode).toBe(200);
      expect((await reader.get(`/customers/${customerId}/`)).statusCode).toBe(200);
      expect((await reader.get(`/customers/${customerId}/applications/latest/`)).statusCode).toBe(200);
      expect((await reader.get('/introducers/')).statusCode).toBe(200);

      const customers = await countRows(t, 'customers');
      expectError(await reader.post('/customers/', customerBody({ external_customer_id: 'read-only' })), 403, 'PermissionDenied');
      expectError(await reader.request('PUT', `/customers/${customerId}/`, customerBody({}, { trading_name: 'Changed' })), 403, 'PermissionDenied');
      const otherCustomer = await createCustomer(partner);
      expectError(await reader.post(`/customers/${otherCustomer}/applications/`, { data: { amount: 10 } }), 403, 'PermissionDenied');
      expectError(
        await reader.request('PATCH', `/customers/${customerId}/applications/latest/`, { data: { requests: [{ amount: 5 }] } }),
        403,
        'PermissionDenied',
      );
      expect(await countRows(t, 'customers')).toBe(customers + 1);
      expect((await partner.get(`/customers/${customerId}/`)).json().data.company.trading_name).toBeUndefined();
      expect((await partner.get(`/customers/${customerId}/applications/latest/`)).json().data.amount).toBe(1000);
      expect(await countRows(t, 'applications', 'customer_id = $1', [otherCustomer])).toBe(0);
    });

    it('a write-only token writes but cannot read', async () => {
      const writer = await t.token(partner.partnerId, 'sandbox', ['write']);
      const created = await writer.post('/customers/', customerBody());
      expect(created.statusCode).toBe(201);
      expectError(await writer.get(`/customers/${created.json().data.customer_id}/`), 403, 'PermissionDenied');
      expectError(await writer.get('/authentication_check/'), 403, 'PermissionDenied');
    });
  });

  describe('tenancy', () => {
    let owner: PartnerClient;
    let stranger: PartnerClient;
    let ownerProduction: PartnerClient;
    let customerId: string;

    beforeAll(async () => {
      owner = await t.partner({ name: 'Owner' });
      stranger = await t.partner({ name: 'Stranger' });
      ownerProduction = await t.token(owner.partnerId, 'production');
      customerId = await createCustomer(owner, { external_customer_id: 'tenant-1' });
      const app = await owner.post(`/customers/${customerId}/applications/`, { data: { amount: 5000 } });
      expect(app.statusCode).toBe(201);
    });

    /** Each call as the other tenant, and the same call for an id that does not exist. */
    const calls: [string, (client: PartnerClient, id: string) => ReturnType<PartnerClient['get']>][] = [
      ['GET customer', (c, id) => c.get(`/customers/${id}/`)],
      ['PUT customer', (c, id) => c.request('PUT', `/customers/${id}/`, customerBody({}, { trading_name: 'Hijacked' }))],
      ['POST application', (c, id) => c.post(`/customers/${id}/applications/`, { data: { amount: 100 } })],
      ['GET latest application', (c, id) => c.get(`/customers/${id}/applications/latest/`)],
      ['PATCH latest application', (c, id) => c.request('PATCH', `/customers/${id}/applications/latest/`, { data: { requests: [{ amount: 1 }] } })],
    ];

    it.each(calls)('%s: another partner gets 404 NotFound exactly like an unknown id', async (_label, call) => {
      const unknown = await call(stranger, UNKNOWN_UUID);
      const foreign = await call(stranger, customerId);
      expectError(unknown, 404, 'NotFound');
      expectError(foreign, 404, 'NotFound');
      expect(foreign.json()).toEqual(unknown.json());
      expect(foreign.headers['content-type']).toBe(unknown.headers['content-type']);
    });

    it.each(calls)('%s: the same partner in its other environment gets 404 exactly like an unknown id', async (_label, call) => {
      const unknown = await call(ownerProduction, UNKNOWN_UUID);
      const foreign = await call(ownerProduction, customerId);
      expectError(foreign, 404, 'NotFound');
      expect(foreign.json()).toEqual(unknown.json());
    });

    it('nothing of the owner changed through the refused calls', async () => {
      const customer = (await owner.get(`/customers/${customerId}/`)).json().data;
      expect(customer.company.trading_name).toBeUndefined();
      expect(customer.external_customer_id).toBe('tenant-1');
      const latest = (await owner.get(`/customers/${customerId}/applications/latest/`)).json().data;
      expect(latest.amount).toBe(5000);
      expect(latest.requests).toEqual([]);
      expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(1);
    });

    it('the owner reaches its customer with an upper-case id too', async () => {
      const res = await owner.get(`/customers/${customerId.toUpperCase()}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.customer_id).toBe(customerId);
    });

    it('introducers are listed only for their own partner and environment', async () => {
      const mine = await t.admin('POST', `/partners/${owner.partnerId}/introducers`, { name: 'Mine', email: 'mine@example.com', environment: 'sandbox' });
      await t.admin('POST', `/partners/${owner.partnerId}/introducers`, { name: 'Live one', email: 'live@example.com', environment: 'production' });
      await t.admin('POST', `/partners/${stranger.partnerId}/introducers`, { name: 'Theirs', email: 'theirs@example.com', environment: 'sandbox' });
      const list = (await owner.get('/introducers/')).json().data.introducers;
      expect(list).toEqual([{ introducer_id: mine.json().data.introducer_id, name: 'Mine', email: 'mine@example.com', is_active: true }]);
      const live = (await ownerProduction.get(`${BASE}/introducers`)).json().data.introducers;
      expect(live.map((i: { name: string }) => i.name)).toEqual(['Live one']);
      const theirs = (await stranger.get('/introducers/')).json().data.introducers;
      expect(theirs.map((i: { name: string }) => i.name)).toEqual(['Theirs']);
      const none = await t.partner();
      expect((await none.get('/introducers/')).json()).toEqual({ data: { introducers: [] } });
    });
  });
});
