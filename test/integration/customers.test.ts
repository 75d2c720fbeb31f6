/**
 * Customers (docs/behaviour.md, section 5): creating one with every documented field or the fewest,
 * length limits counted in characters, any Unicode text stored exactly, duplicates of an external
 * id, reading and replacing. What a body may not hold: customers-validation.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createCustomer, customerBody, usePartner, useTestApp } from '../helpers/app.ts';
import { body, emailOfLength, fullBody, ISO_UTC, LIMITS, ROLES_OK } from '../helpers/customer-bodies.ts';
import { BACKENDS } from '../helpers/db.ts';
import { countRows, expectError, expectPointers, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';

describe.each(BACKENDS)('customers on %s', (backend) => {
  // Hundreds of calls with one token: the rate limit (tested on its own) must not interfere.
  const t = useTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: '100000' }, resetClock: true });
  const partner = usePartner(t);

  describe('POST /customers/', () => {
    it('creates a customer: 201 {data: {customer_id}}', async () => {
      const res = await partner.post('/customers/', customerBody());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ data: { customer_id: expect.stringMatching(UUID) } });
      expect(
        await countRows(t, 'customers', 'id = $1 AND partner_id = $2 AND environment = $3', [res.json().data.customer_id, partner.partnerId, 'sandbox']),
      ).toBe(1);
    });

    it('takes every documented field at its maximum length, and GET returns it unchanged', async () => {
      const full = fullBody('full-1');
      const res = await partner.post('/customers/', full);
      expect(res.statusCode, res.body).toBe(201);
      const got = (await partner.get(`/customers/${res.json().data.customer_id}/`)).json().data;
      expect(got.company).toEqual(full.data.company);
      expect(got.people).toEqual(full.data.people);
      expect(got.external_customer_id).toBe('full-1');
      expect(got.correlation_id).toBe('6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b');
    });

    it('takes the smallest body: an empty company and one applicant', async () => {
      const res = await partner.post('/customers/', { data: { company: {}, people: [{ roles: ROLES_OK }] } });
      expect(res.statusCode).toBe(201);
    });

    it.each(LIMITS)('%s: %i characters pass, one more is a 400 pointing at it', async (pointer, limit, set) => {
      expect(
        (
          await partner.post(
            '/customers/',
            body((d) => set(d, 'x'.repeat(limit))),
          )
        ).statusCode,
      ).toBe(201);
      const res = await partner.post(
        '/customers/',
        body((d) => set(d, 'x'.repeat(limit + 1))),
      );
      const [error] = expectPointers(res, [pointer]);
      expect(error.detail).toContain(`at most ${limit} characters`);
    });

    it('email: 254 characters pass, 255 are a 400', async () => {
      const ok = await partner.post(
        '/customers/',
        body((d) => (d.people[0].emails = [{ email: emailOfLength(254) }])),
      );
      expect(ok.statusCode, ok.body).toBe(201);
      const res = await partner.post(
        '/customers/',
        body((d) => (d.people[0].emails = [{ email: emailOfLength(255) }])),
      );
      const [error] = expectPointers(res, ['/data/people/0/emails/0/email']);
      expect(error.detail).toContain('at most 254 characters');
    });

    it('counts characters, not bytes: 100 multi-byte characters are a valid name', async () => {
      const res = await partner.post(
        '/customers/',
        body((d) => (d.people[0].first_name = 'É'.repeat(100))),
      );
      expect(res.statusCode).toBe(201);
      expectPointers(
        await partner.post(
          '/customers/',
          body((d) => (d.people[0].first_name = 'É'.repeat(101))),
        ),
        ['/data/people/0/first_name'],
      );
    });

    it('reports every over-long field of one body, one entry each', async () => {
      const res = await partner.post(
        '/customers/',
        body((d) => LIMITS.forEach(([, limit, set]) => set(d, 'y'.repeat(limit + 1)))),
      );
      // Setters that replace the same object keep only their last field; count the distinct pointers left.
      const expected = new Set<string>();
      const probe = body((d) => LIMITS.forEach(([, limit, set]) => set(d, 'y'.repeat(limit + 1))));
      for (const [pointer] of LIMITS) {
        const path = pointer.split('/').slice(1);
        let node: any = probe;
        for (const key of path) node = node?.[key];
        if (typeof node === 'string') expected.add(pointer);
      }
      expect(expected.size).toBeGreaterThan(8);
      expectPointers(res, [...expected]);
    });

    it('stores any other Unicode text exactly (emoji, accents, right-to-left)', async () => {
      const name = 'Café 🚀 شركة ﷽ \u{1F600}';
      const res = await partner.post(
        '/customers/',
        body((d) => {
          d.company.trading_name = name;
          d.external_customer_id = `ext-${name}`;
        }),
      );
      expect(res.statusCode).toBe(201);
      const got = (await partner.get(`/customers/${res.json().data.customer_id}/`)).json().data;
      expect(got.company.trading_name).toBe(name);
      expect(got.external_customer_id).toBe(`ext-${name}`);
    });
  });

  describe('duplicates', () => {
    it('a repeated external_customer_id is a 409 DuplicateCustomer naming the first customer', async () => {
      const first = await createCustomer(partner, { external_customer_id: 'dup-1' });
      const before = await countRows(t, 'customers');
      const res = await partner.post(
        '/customers/',
        body((d) => {
          d.external_customer_id = 'dup-1';
          d.company.trading_name = 'Different details';
        }),
      );
      const [error] = expectError(res, 409, 'DuplicateCustomer');
      expect(error.meta).toEqual({ customer_id: first });
      expect(await countRows(t, 'customers')).toBe(before);
    });

    it('external ids are compared exactly (case and spaces matter)', async () => {
      await createCustomer(partner, { external_customer_id: 'Case-1' });
      expect((await partner.post('/customers/', customerBody({ external_customer_id: 'case-1' }))).statusCode).toBe(201);
      expect((await partner.post('/customers/', customerBody({ external_customer_id: 'Case-1 ' }))).statusCode).toBe(201);
    });

    it('customers without an external id are never duplicates', async () => {
      expect((await partner.post('/customers/', customerBody())).statusCode).toBe(201);
      expect((await partner.post('/customers/', customerBody())).statusCode).toBe(201);
    });

    it('the same external id is fine for another partner and in the other environment', async () => {
      const first = await createCustomer(partner, { external_customer_id: 'shared-ext' });
      const other = await t.partner();
      const otherRes = await other.post('/customers/', customerBody({ external_customer_id: 'shared-ext' }));
      expect(otherRes.statusCode).toBe(201);
      const production = await t.token(partner.partnerId, 'production');
      const prodRes = await production.post('/customers/', customerBody({ external_customer_id: 'shared-ext' }));
      expect(prodRes.statusCode).toBe(201);
      expect(new Set([first, otherRes.json().data.customer_id, prodRes.json().data.customer_id]).size).toBe(3);
      // ...and each tenant's own duplicate still names its own customer.
      const again = await production.post('/customers/', customerBody({ external_customer_id: 'shared-ext' }));
      expect(expectError(again, 409, 'DuplicateCustomer')[0].meta).toEqual({ customer_id: prodRes.json().data.customer_id });
    });

    it('20 concurrent duplicates create exactly one customer: one 201, nineteen 409 naming it', async () => {
      const responses = await Promise.all(Array.from({ length: 20 }, () => partner.post('/customers/', customerBody({ external_customer_id: 'race-1' }))));
      const created = responses.filter((r) => r.statusCode === 201);
      const conflicts = responses.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(1);
      expect(conflicts).toHaveLength(19);
      const id = created[0].json().data.customer_id;
      for (const res of conflicts) {
        const [error] = expectError(res, 409, 'DuplicateCustomer');
        expect(error.meta).toEqual({ customer_id: id });
      }
      expect(await countRows(t, 'customers', "external_customer_id = 'race-1'")).toBe(1);
    });
  });

  describe('GET /customers/{id}/', () => {
    it('answers {data: {customer_id, external_customer_id, correlation_id, company, people, test_clock_id, created_at, updated_at}}', async () => {
      const sent = customerBody({ external_customer_id: 'get-1', correlation_id: 'd9428888-122b-11e1-b85c-61cd3cbb3210' });
      const id = (await partner.post('/customers/', sent)).json().data.customer_id;
      const res = await partner.get(`/customers/${id}/`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['data']);
      expect(Object.keys(body.data).sort()).toEqual([
        'company',
        'correlation_id',
        'created_at',
        'customer_id',
        'external_customer_id',
        'people',
        'test_clock_id',
        'updated_at',
      ]);
      expect(body.data).toEqual({
        customer_id: id,
        external_customer_id: 'get-1',
        correlation_id: 'd9428888-122b-11e1-b85c-61cd3cbb3210',
        company: sent.data.company,
        people: sent.data.people,
        test_clock_id: null,
        created_at: expect.stringMatching(ISO_UTC),
        updated_at: expect.stringMatching(ISO_UTC),
      });
      expect(body.data.updated_at).toBe(body.data.created_at);
    });

    it('answers null for the ids that were not sent', async () => {
      const id = await createCustomer(partner);
      const data = (await partner.get(`/customers/${id}/`)).json().data;
      expect(data.external_customer_id).toBeNull();
      expect(data.correlation_id).toBeNull();
    });

    it('uses the service clock for its timestamps', async () => {
      t.clock.set(new Date('2026-03-15T10:00:00.000Z'));
      const id = await createCustomer(partner);
      const data = (await partner.get(`/customers/${id}/`)).json().data;
      // The test clock keeps ticking from where it was set.
      expect(data.created_at).toMatch(/^2026-03-15T10:00:0\d\.\d{3}Z$/);
      expect(data.updated_at).toBe(data.created_at);
    });

    it('answers 404 NotFound for an unknown id', async () => {
      expectError(await partner.get(`/customers/${UNKNOWN_UUID}/`), 404, 'NotFound');
    });
  });

  describe('PUT /customers/{id}/', () => {
    it('replaces the details: 200 with the GET shape; created_at stays, updated_at moves', async () => {
      t.clock.set(new Date('2026-04-01T08:00:00.000Z'));
      const id = await createCustomer(partner, { external_customer_id: 'put-1' });
      t.clock.set(new Date('2026-04-02T09:30:00.000Z'));
      const replacement = fullBody('put-1-renamed');
      const res = await partner.request('PUT', `/customers/${id}/`, replacement);
      expect(res.statusCode, res.body).toBe(200);
      const expected = {
        customer_id: id,
        external_customer_id: 'put-1-renamed',
        correlation_id: replacement.data.correlation_id,
        company: replacement.data.company,
        people: replacement.data.people,
        test_clock_id: null,
        created_at: expect.stringMatching(/^2026-04-01T08:00:0\d\.\d{3}Z$/),
        updated_at: expect.stringMatching(/^2026-04-02T09:30:0\d\.\d{3}Z$/),
      };
      expect(res.json()).toEqual({ data: expected });
      expect((await partner.get(`/customers/${id}/`)).json()).toEqual({ data: expected });
    });

    it('replaces, not merges: fields left out are gone', async () => {
      const id = await createCustomer(partner, { external_customer_id: 'put-2', correlation_id: 'd9428888-122b-11e1-b85c-61cd3cbb3210' });
      const res = await partner.request('PUT', `/customers/${id}/`, { data: { company: { trading_name: 'Only' }, people: [{ roles: ROLES_OK }] } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        external_customer_id: null,
        correlation_id: null,
        company: { trading_name: 'Only' },
        people: [{ roles: ROLES_OK }],
      });
      // The freed external id can be used again.
      expect((await partner.post('/customers/', customerBody({ external_customer_id: 'put-2' }))).statusCode).toBe(201);
    });

    it('validates like POST and changes nothing when invalid', async () => {
      const id = await createCustomer(partner, { external_customer_id: 'put-3' });
      const before = (await partner.get(`/customers/${id}/`)).json();
      expectPointers(
        await partner.request(
          'PUT',
          `/customers/${id}/`,
          body((d) => (d.people[0].emails[0].bar = 1)),
        ),
        ['/data/people/0/emails/0/bar'],
      );
      expectPointers(
        await partner.request(
          'PUT',
          `/customers/${id}/`,
          body((d) => (d.company.company_number = '1'.repeat(51))),
        ),
        ['/data/company/company_number'],
      );
      expectPointers(
        await partner.request(
          'PUT',
          `/customers/${id}/`,
          body((d) => (d.company.last_12_months_turnover.amount = 0.001)),
        ),
        ['/data/company/last_12_months_turnover/amount'],
      );
      expectPointers(await partner.request('PUT', `/customers/${id}/`, { data: {} }), ['/data/company', '/data/people']);
      expectPointers(
        await partner.request(
          'PUT',
          `/customers/${id}/`,
          body((d) => (d.company.trading_name = 'x\u0000')),
        ),
        ['/data/company/trading_name'],
      );
      expect((await partner.get(`/customers/${id}/`)).json()).toEqual(before);
    });

    it('to an external id another customer holds: 409 DuplicateCustomer naming that customer', async () => {
      const holder = await createCustomer(partner, { external_customer_id: 'held' });
      const id = await createCustomer(partner, { external_customer_id: 'mine' });
      const res = await partner.request('PUT', `/customers/${id}/`, customerBody({ external_customer_id: 'held' }));
      const [error] = expectError(res, 409, 'DuplicateCustomer');
      expect(error.meta).toEqual({ customer_id: holder });
      expect((await partner.get(`/customers/${id}/`)).json().data.external_customer_id).toBe('mine');
      // Keeping its own external id is no conflict.
      expect((await partner.request('PUT', `/customers/${id}/`, customerBody({ external_customer_id: 'mine' }))).statusCode).toBe(200);
    });

    it('an external id held in another tenant is no conflict', async () => {
      const other = await t.partner();
      await createCustomer(other, { external_customer_id: 'theirs' });
      const id = await createCustomer(partner);
      expect((await partner.request('PUT', `/customers/${id}/`, customerBody({ external_customer_id: 'theirs' }))).statusCode).toBe(200);
    });

    it('answers 404 for an unknown id and for a non-UUID id, whatever the body', async () => {
      expectError(await partner.request('PUT', `/customers/${UNKNOWN_UUID}/`, customerBody()), 404, 'NotFound');
      expectError(await partner.request('PUT', '/customers/abc/', customerBody()), 404, 'NotFound');
      expectError(await partner.request('PUT', '/customers/abc/', { data: { wrong: true } }), 404, 'NotFound');
    });
  });
});
