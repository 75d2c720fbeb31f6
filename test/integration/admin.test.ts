import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { ADMIN_TOKEN, clientFor, useTestApp } from '../helpers/app.ts';
import { countRows, expectError, expectPointers, raw, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';

describe.each(BACKENDS)('admin API on %s', (backend) => {
  // Hundreds of calls with one token: the rate limit (tested on its own) must not interfere.
  const t = useTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });

  async function newPartner(name = 'Partner Co'): Promise<string> {
    const res = await t.admin('POST', '/partners', { name });
    expect(res.statusCode).toBe(201);
    return res.json().data.partner_id;
  }

  describe('operator authentication', () => {
    const adminPost = (headers: Record<string, string>) =>
      raw(t, 'POST', '/admin/v1/partners', { 'content-type': 'application/json', ...headers }, JSON.stringify({ name: 'X' }));

    it('refuses a missing, wrong or malformed admin token with 401 and WWW-Authenticate', async () => {
      const before = await countRows(t, 'partners');
      for (const authorization of [
        undefined,
        '',
        'Bearer',
        'Bearer wrong-admin-token-0123456789',
        `Basic ${ADMIN_TOKEN}`,
        `Bearer ${ADMIN_TOKEN}x`,
        `Bearer ${ADMIN_TOKEN.slice(0, -1)}`,
        `Bearer ${ADMIN_TOKEN} extra`,
        `Bearer${ADMIN_TOKEN}`,
      ]) {
        const res = await adminPost(authorization === undefined ? {} : { authorization });
        expectError(res, 401, 'AuthenticationFailed');
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      expect(await countRows(t, 'partners')).toBe(before);
    });

    it('refuses a partner token on the admin API', async () => {
      const partner = await t.partner();
      const res = await adminPost({ authorization: `Bearer ${partner.token}` });
      expectError(res, 401, 'AuthenticationFailed');
    });

    it('accepts the Token scheme and any letter case of the scheme', async () => {
      for (const scheme of ['Bearer', 'bearer', 'BEARER', 'Token', 'token']) {
        const res = await adminPost({ authorization: `${scheme} ${ADMIN_TOKEN}` });
        expect(res.statusCode, scheme).toBe(201);
      }
    });

    it('the admin token is not a partner token', async () => {
      const res = await raw(t, 'GET', '/authentication_check/', { authorization: `Bearer ${ADMIN_TOKEN}` });
      expectError(res, 401, 'AuthenticationFailed');
    });

    it('refuses every call when no admin token is configured', async () => {
      const app = await buildApp({ config: t.config, db: t.testDb.db, adminTokenHash: null });
      await app.ready();
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/admin/v1/partners',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'X' }),
        });
        expectError(res, 401, 'AuthenticationFailed');
      } finally {
        await app.close();
      }
    });

    it('answers 404 for an unknown admin route and 405 with Allow for a wrong method', async () => {
      expectError(await t.admin('GET', '/nothing-here'), 404, 'NotFound');
      const res = await t.admin('PUT', '/partners');
      expectError(res, 405, 'MethodNotAllowed');
      expect(res.headers.allow?.split(', ').sort()).toEqual(['GET', 'POST']);
      const del = await t.admin('GET', `/tokens/${UNKNOWN_UUID}`);
      expectError(del, 405, 'MethodNotAllowed');
      expect(del.headers.allow).toBe('DELETE');
    });
  });

  describe('POST /partners', () => {
    it('creates a partner: 201 {data: {partner_id, name}}, stored active', async () => {
      const res = await t.admin('POST', '/partners', { name: 'Broker Ltd' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['data']);
      expect(body.data).toEqual({ partner_id: expect.stringMatching(UUID), name: 'Broker Ltd' });
      const { rows } = await t.testDb.db.query<{ name: string; status: string }>('SELECT name, status FROM partners WHERE id = $1', [body.data.partner_id]);
      expect(rows).toEqual([{ name: 'Broker Ltd', status: 'active' }]);
    });

    it('accepts a 200-character name and refuses 201 characters', async () => {
      expect((await t.admin('POST', '/partners', { name: 'n'.repeat(200) })).statusCode).toBe(201);
      expectPointers(await t.admin('POST', '/partners', { name: 'n'.repeat(201) }), ['/name']);
    });

    it('validates the body', async () => {
      expectPointers(await t.admin('POST', '/partners', {}), ['/name']);
      expectPointers(await t.admin('POST', '/partners', { name: '' }), ['/name']);
      expectPointers(await t.admin('POST', '/partners', { name: 42 }), ['/name']);
      expectPointers(await t.admin('POST', '/partners', { name: null }), ['/name']);
      expectPointers(await t.admin('POST', '/partners', { name: 'A', extra: 1 }), ['/extra']);
      expectPointers(await t.admin('POST', '/partners', ['name']), ['']);
      expectPointers(await t.admin('POST', '/partners', null), ['']);
      const noBody = await raw(t, 'POST', '/admin/v1/partners', { authorization: `Bearer ${ADMIN_TOKEN}` });
      expectError(noBody, 400, 'ValidationError');
    });

    it('answers 415 and 406 like the partner API', async () => {
      const text = await raw(t, 'POST', '/admin/v1/partners', { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/plain' }, 'name=x');
      expectError(text, 415, 'UnsupportedMediaType');
      const html = await raw(
        t,
        'POST',
        '/admin/v1/partners',
        { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', accept: 'text/html' },
        JSON.stringify({ name: 'x' }),
      );
      expectError(html, 406, 'NotAcceptable');
      const broken = await raw(t, 'POST', '/admin/v1/partners', { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, '{"name":');
      expectError(broken, 400, 'ParseError');
    });
  });

  describe('tokens', () => {
    it('issues a sandbox token with both scopes by default, shown once and stored only as a hash', async () => {
      const partnerId = await newPartner();
      const res = await t.admin('POST', `/partners/${partnerId}/tokens`, { environment: 'sandbox' });
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expect(Object.keys(data).sort()).toEqual(['environment', 'scopes', 'token', 'token_id']);
      expect(data.token_id).toMatch(UUID);
      expect(data.environment).toBe('sandbox');
      expect(data.scopes).toEqual(['read', 'write']);
      // sk_sandbox_ + at least 128 random bits (base64url: 22+ characters).
      expect(data.token).toMatch(/^sk_sandbox_[A-Za-z0-9_-]{22,}$/);

      const { rows } = await t.testDb.db.query<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = $1', [data.token_id]);
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toBe(createHash('sha256').update(data.token).digest('hex'));
      expect(JSON.stringify(rows[0])).not.toContain(data.token.slice('sk_sandbox_'.length));

      const client = clientFor(t.app, partnerId, data.token_id, data.token);
      const check = await client.get('/authentication_check/');
      expect(check.statusCode).toBe(200);
      expect(check.json().data).toEqual({ api_version: '2.2.0', environment: 'sandbox', partner_id: partnerId });
    });

    it('issues production tokens prefixed sk_live_, read-only and write-only tokens', async () => {
      const partnerId = await newPartner();
      const live = await t.admin('POST', `/partners/${partnerId}/tokens`, { environment: 'production', scopes: ['read'] });
      expect(live.statusCode).toBe(201);
      expect(live.json().data).toMatchObject({ environment: 'production', scopes: ['read'] });
      expect(live.json().data.token).toMatch(/^sk_live_[A-Za-z0-9_-]{22,}$/);
      const client = clientFor(t.app, partnerId, live.json().data.token_id, live.json().data.token);
      expect((await client.get('/authentication_check/')).json().data.environment).toBe('production');

      const writeOnly = await t.admin('POST', `/partners/${partnerId}/tokens`, { environment: 'sandbox', scopes: ['write'] });
      expect(writeOnly.json().data.scopes).toEqual(['write']);
    });

    it('never issues the same token twice', async () => {
      const partnerId = await newPartner();
      const tokens = new Set<string>();
      for (let i = 0; i < 5; i++) tokens.add((await t.admin('POST', `/partners/${partnerId}/tokens`, { environment: 'sandbox' })).json().data.token);
      expect(tokens.size).toBe(5);
    });

    it('validates the token body', async () => {
      const partnerId = await newPartner();
      const path = `/partners/${partnerId}/tokens`;
      const before = await countRows(t, 'api_tokens');
      expectPointers(await t.admin('POST', path, {}), ['/environment']);
      expectPointers(await t.admin('POST', path, { environment: 'staging' }), ['/environment']);
      expectPointers(await t.admin('POST', path, { environment: 'Sandbox' }), ['/environment']);
      expectPointers(await t.admin('POST', path, { environment: 'sandbox', scopes: [] }), ['/scopes']);
      expectPointers(await t.admin('POST', path, { environment: 'sandbox', scopes: ['admin'] }), ['/scopes/0']);
      expectPointers(await t.admin('POST', path, { environment: 'sandbox', scopes: ['read', 'read'] }), ['/scopes']);
      expectPointers(await t.admin('POST', path, { environment: 'sandbox', scopes: 'read' }), ['/scopes']);
      expectPointers(await t.admin('POST', path, { environment: 'sandbox', scopes: null }), ['/scopes']);
      expectPointers(await t.admin('POST', path, { environment: 'sandbox', expires: 'never' }), ['/expires']);
      expectPointers(await t.admin('POST', path, { environment: 'x', scopes: ['x'], extra: true }), ['/environment', '/scopes/0', '/extra']);
      expect(await countRows(t, 'api_tokens')).toBe(before);
    });

    it('answers 404 for an unknown or malformed partner id', async () => {
      expectError(await t.admin('POST', `/partners/${UNKNOWN_UUID}/tokens`, { environment: 'sandbox' }), 404, 'NotFound');
      expectError(await t.admin('POST', '/partners/not-a-uuid/tokens', { environment: 'sandbox' }), 404, 'NotFound');
    });

    it('revokes a token: 204, then the token answers 401 while the partner’s other tokens still work', async () => {
      const partner = await t.partner();
      const other = await t.admin('POST', `/partners/${partner.partnerId}/tokens`, { environment: 'sandbox' });
      const otherClient = clientFor(t.app, partner.partnerId, other.json().data.token_id, other.json().data.token);
      expect((await partner.get('/authentication_check/')).statusCode).toBe(200);

      const res = await t.admin('DELETE', `/tokens/${partner.tokenId}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      const after = await partner.get('/authentication_check/');
      expectError(after, 401, 'AuthenticationFailed');
      expect(after.headers['www-authenticate']).toBe('Bearer');
      expectError(await partner.post('/customers/', { data: {} }), 401, 'AuthenticationFailed');
      expect((await otherClient.get('/authentication_check/')).statusCode).toBe(200);

      const { rows } = await t.testDb.db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM api_tokens WHERE id = $1', [partner.tokenId]);
      expect(rows[0].revoked_at).not.toBeNull();
    });

    it('answers 404 when revoking an unknown or malformed token id', async () => {
      expectError(await t.admin('DELETE', `/tokens/${UNKNOWN_UUID}`), 404, 'NotFound');
      expectError(await t.admin('DELETE', '/tokens/123'), 404, 'NotFound');
    });
  });

  describe('suspend and reinstate', () => {
    it('a suspended partner gets 403 PermissionDenied on reads and writes; reinstated, 200 again', async () => {
      const partner = await t.partner();
      const bystander = await t.partner();
      const suspended = await t.admin('POST', `/partners/${partner.partnerId}/suspend`);
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json()).toEqual({ data: { partner_id: partner.partnerId, status: 'suspended' } });

      expectError(await partner.get('/authentication_check/'), 403, 'PermissionDenied');
      expectError(await partner.get('/introducers/'), 403, 'PermissionDenied');
      const before = await countRows(t, 'customers');
      expectError(
        await partner.post('/customers/', {
          data: { company: {}, people: [{ roles: ['applicant', 'director', 'guarantor'] }] },
        }),
        403,
        'PermissionDenied',
      );
      expect(await countRows(t, 'customers')).toBe(before);
      expect((await bystander.get('/authentication_check/')).statusCode).toBe(200);

      const reinstated = await t.admin('POST', `/partners/${partner.partnerId}/reinstate`);
      expect(reinstated.statusCode).toBe(200);
      expect(reinstated.json()).toEqual({ data: { partner_id: partner.partnerId, status: 'active' } });
      expect((await partner.get('/authentication_check/')).statusCode).toBe(200);
    });

    it('a partner suspended while its token is cached is refused at once', async () => {
      const partner = await t.partner();
      // Warm the token cache, then suspend.
      expect((await partner.get('/authentication_check/')).statusCode).toBe(200);
      await t.admin('POST', `/partners/${partner.partnerId}/suspend`);
      expectError(await partner.get('/authentication_check/'), 403, 'PermissionDenied');
      await t.admin('POST', `/partners/${partner.partnerId}/reinstate`);
      expect((await partner.get('/authentication_check/')).statusCode).toBe(200);
    });

    it('a partner can be given new tokens while suspended, and they are refused too', async () => {
      const partnerId = await newPartner();
      await t.admin('POST', `/partners/${partnerId}/suspend`);
      const res = await t.admin('POST', `/partners/${partnerId}/tokens`, { environment: 'sandbox' });
      const client = clientFor(t.app, partnerId, res.json().data.token_id, res.json().data.token);
      expectError(await client.get('/authentication_check/'), 403, 'PermissionDenied');
    });

    it('answers 404 for unknown or malformed partner ids', async () => {
      for (const action of ['suspend', 'reinstate']) {
        expectError(await t.admin('POST', `/partners/${UNKNOWN_UUID}/${action}`), 404, 'NotFound');
        expectError(await t.admin('POST', `/partners/nope/${action}`), 404, 'NotFound');
      }
    });
  });

  describe('introducers', () => {
    it('creates an introducer in one environment: 201 {data: {introducer_id}}', async () => {
      const partner = await t.partner();
      const res = await t.admin('POST', `/partners/${partner.partnerId}/introducers`, {
        name: 'Ivy Introducer',
        email: 'ivy@example.com',
        environment: 'sandbox',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ data: { introducer_id: expect.stringMatching(UUID) } });
      const list = await partner.get('/introducers/');
      expect(list.json()).toEqual({
        data: {
          introducers: [{ introducer_id: res.json().data.introducer_id, name: 'Ivy Introducer', email: 'ivy@example.com', is_active: true }],
        },
      });
    });

    it('validates the introducer body', async () => {
      const partnerId = await newPartner();
      const path = `/partners/${partnerId}/introducers`;
      const before = await countRows(t, 'introducers');
      expectPointers(await t.admin('POST', path, {}), ['/name', '/email', '/environment']);
      expectPointers(await t.admin('POST', path, { name: 'A', email: 'not-an-email', environment: 'sandbox' }), ['/email']);
      expectPointers(await t.admin('POST', path, { name: '', email: 'a@example.com', environment: 'sandbox' }), ['/name']);
      expectPointers(await t.admin('POST', path, { name: 'A', email: 'a@example.com', environment: 'live' }), ['/environment']);
      expectPointers(await t.admin('POST', path, { name: 'A', email: 'a@example.com', environment: 'sandbox', phone: '1' }), ['/phone']);
      expectPointers(await t.admin('POST', path, { name: 'A', email: `${'a'.repeat(250)}@x.io`, environment: 'sandbox' }), ['/email']);
      expect(await countRows(t, 'introducers')).toBe(before);
    });

    it('answers 404 for an unknown or malformed partner', async () => {
      const body = { name: 'A', email: 'a@example.com', environment: 'sandbox' };
      expectError(await t.admin('POST', `/partners/${UNKNOWN_UUID}/introducers`, body), 404, 'NotFound');
      expectError(await t.admin('POST', '/partners/x/introducers', body), 404, 'NotFound');
    });
  });
});
