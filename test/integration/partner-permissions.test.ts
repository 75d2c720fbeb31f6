/**
 * What a partner may do, by its token's scope, its status and its environment (issue 12, items 8
 * and 9): the signing secret needs the write scope, a suspended partner's links and sessions stop,
 * and a production token sets only https webhook URLs.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/foundation.ts';
import { customerWithApplication } from '../helpers/lending.ts';
import { sessionCookie } from '../helpers/web-user.ts';

describe.each(BACKENDS)('partner permissions on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  it('item 8: reading the webhook signing secret needs the write scope', async () => {
    const readOnly = await t.token(partner.partnerId, 'sandbox', ['read']);
    const res = await readOnly.get('/webhooks/signing_secret/');
    expect(expectError(res, 403, 'PermissionDenied')[0].detail).toContain('write scope');
    expect((await readOnly.get('/webhooks/configuration/')).statusCode).toBe(200);
    expect((await partner.get('/webhooks/signing_secret/')).json().data.signing_secret).toEqual(expect.any(String));
  });

  it("item 8: a suspended partner's login links and portal sessions show a page saying the link is unavailable", async () => {
    const other = await t.partner({ name: 'Soon Suspended' });
    const { customerId } = await customerWithApplication(other);
    const linkOf = async () => new URL((await other.get(`/customers/${customerId}/login_link/`)).json().data.login_link);
    const first = await linkOf();
    const login = await t.app.inject({ method: 'GET', url: `${first.pathname}${first.search}` });
    expect(login.statusCode).toBe(303);
    const cookie = sessionCookie(login);
    expect((await t.app.inject({ method: 'GET', url: '/portal/', headers: { cookie } })).statusCode).toBe(200);
    const pending = await linkOf();
    expect((await t.admin('POST', `/partners/${other.partnerId}/suspend`)).statusCode).toBe(200);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/portal/', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/portal/documents', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: `${pending.pathname}${pending.search}` }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This login link is not available at the moment');
    }
    expect((await t.admin('POST', `/partners/${other.partnerId}/reinstate`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/portal/', headers: { cookie } })).statusCode).toBe(200);
  });

  it('item 9: a production token sets only https webhook URLs, whatever NODE_ENV says', async () => {
    expect(t.config.production).toBe(false);
    const live = await t.token(partner.partnerId, 'production');
    const res = await live.request('PUT', '/webhooks/configuration/', { data: { url: 'http://93.184.215.14/hooks' } });
    const [error] = expectError(res, 400, 'ValidationError');
    expect(error.source).toEqual({ pointer: '/data/url' });
    expect(error.detail).toContain('https');
    expect((await live.request('PUT', '/webhooks/configuration/', { data: { url: 'https://93.184.215.14/hooks' } })).statusCode).toBe(200);
    // The sandbox token of the same partner may still use http outside production.
    expect((await partner.request('PUT', '/webhooks/configuration/', { data: { url: 'http://93.184.215.14/hooks' } })).statusCode).toBe(200);
  });
});
