/**
 * Authentication and permissions a hostile client and a first-time user tried (issue 12, items 5,
 * 6, 8, 9 and the messages of item 12).
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DOCUMENT_TYPES } from '../../src/domain/document-types.ts';
import { BACKENDS } from '../helpers/db.ts';
import { ADMIN_TOKEN, BASE, createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/foundation.ts';
import { json, statement, upload } from '../helpers/files.ts';
import { customerWithApplication } from '../helpers/lending.ts';
import { sessionCookie } from '../helpers/web-user.ts';

const LIMIT = 3;

/** An address no other test uses, so counters shared through Redis never mix. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each(BACKENDS)('authentication and permissions on %s', (backend) => {
  const t = useTestApp(backend, {
    env: {
      AUTH_FAILURES_PER_MINUTE: String(LIMIT),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    },
  });
  const partner = usePartner(t);

  const call = (url: string, authorization: string | string[] | undefined, remoteAddress: string): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string | string[]> = authorization === undefined ? {} : { authorization };
    return t.app.inject({ method: 'GET', url, remoteAddress, headers });
  };

  it('item 5: answers 400 to two Authorization headers, on the partner and admin APIs', async () => {
    const address = someAddress();
    const partnerRes = await call(`${BASE}/authentication_check/`, [`Bearer ${partner.token}`, 'Bearer sk_sandbox_other'], address);
    const [error] = expectError(partnerRes, 400, 'ValidationError');
    expect(error.source).toEqual({ parameter: 'Authorization' });
    expectError(await call('/admin/v1/applications', [`Bearer ${ADMIN_TOKEN}`, `Bearer ${ADMIN_TOKEN}`], address), 400, 'ValidationError');
    expect((await call(`${BASE}/authentication_check/`, `Bearer ${partner.token}`, address)).statusCode).toBe(200);
  });

  it('item 6: answers 429 after the limit of failed authentications per address, and never to valid tokens', async () => {
    const address = someAddress();
    for (let i = 0; i < LIMIT; i++) {
      expectError(await call(`${BASE}/authentication_check/`, `Bearer sk_sandbox_wrong${i}`, address), 401, 'AuthenticationFailed');
    }
    const throttled = await call(`${BASE}/authentication_check/`, 'Bearer sk_sandbox_wrong', address);
    expect(expectError(throttled, 429, 'Throttled')[0].detail).toContain(`at most ${LIMIT} a minute`);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The admin API counts against the same address; no header at all is a failure too.
    expectError(await call('/admin/v1/applications', 'Bearer not-the-admin-token', address), 429, 'Throttled');
    expectError(await call(`${BASE}/authentication_check/`, undefined, address), 429, 'Throttled');
    // Valid tokens from the throttled address still work, and do not count.
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await call(`${BASE}/authentication_check/`, `Bearer ${partner.token}`, address)).statusCode).toBe(200);
      expect((await call('/admin/v1/applications', `Bearer ${ADMIN_TOKEN}`, address)).statusCode).toBe(200);
    }
    // Another address is not affected.
    expectError(await call(`${BASE}/authentication_check/`, 'Bearer sk_sandbox_wrong', someAddress()), 401, 'AuthenticationFailed');
  });

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

  describe('item 12: messages a first-time user can act on', () => {
    it('says so when the admin token is sent to a partner route, and a partner token to the admin API', async () => {
      const res = await call(`${BASE}/authentication_check/`, `Bearer ${ADMIN_TOKEN}`, someAddress());
      expect(expectError(res, 401, 'AuthenticationFailed')[0].detail).toContain('admin token');
      const generated = await call(`${BASE}/authentication_check/`, 'Bearer adm_somethingElse123', someAddress());
      expect(expectError(generated, 401, 'AuthenticationFailed')[0].detail).toContain('admin token');
      const wrongWay = await call('/admin/v1/applications', `Bearer ${partner.token}`, someAddress());
      expect(expectError(wrongWay, 401, 'AuthenticationFailed')[0].detail).toContain('partner token');
    });

    it('lists the accepted document types for a bad document_type', async () => {
      const customerId = await createCustomer(partner);
      const res = await upload(t, partner, customerId, 'bank statements', { filename: 's.json', content: json(statement()) });
      const [error] = expectError(res, 400, 'ValidationError');
      expect(error.source).toEqual({ parameter: 'document_type' });
      for (const type of DOCUMENT_TYPES) expect(error.detail).toContain(type);
    });

    it('names ALLOW_PRIVATE_WEBHOOK_URLS when refusing a loopback webhook URL', async () => {
      const res = await partner.request('PUT', '/webhooks/configuration/', { data: { url: 'http://127.0.0.1:9999/hooks' } });
      expect(expectError(res, 400, 'ValidationError')[0].detail).toContain('ALLOW_PRIVATE_WEBHOOK_URLS');
    });
  });
});
