import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, createCustomer, customerBody, usePartner, useTestApp } from '../helpers/app.ts';
import { countRows, expectError, expectPointers, raw, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';

const LEGACY = '/api/lending/v2.1';

describe.each(BACKENDS)('conventions and negotiation on %s', (backend) => {
  // Hundreds of calls with one token: the rate limit (tested on its own) must not interfere.
  const t = useTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const partner = usePartner(t);
  let auth: Record<string, string>;
  let customerId: string;

  beforeAll(async () => {
    auth = { authorization: `Bearer ${partner.token}` };
    customerId = await createCustomer(partner);
    expect((await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 100 } })).statusCode).toBe(201);
  });

  describe('base path, v2.1 alias and trailing slashes', () => {
    it('serves every route under /api/lending/v2.2 without a Deprecation header', async () => {
      const res = await partner.get(`${BASE}/authentication_check/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers.deprecation).toBeUndefined();
    });

    it('serves every route under /api/lending/v2.1 too, with Deprecation: true', async () => {
      const check = await partner.get(`${LEGACY}/authentication_check/`);
      expect(check.statusCode).toBe(200);
      expect(check.headers.deprecation).toBe('true');
      expect(check.json().data.partner_id).toBe(partner.partnerId);

      const created = await partner.post(`${LEGACY}/customers/`, customerBody());
      expect(created.statusCode).toBe(201);
      expect(created.headers.deprecation).toBe('true');
      const id = created.json().data.customer_id;
      // The same data behind both prefixes.
      expect((await partner.get(`${BASE}/customers/${id}/`)).json().data.customer_id).toBe(id);
      const app = await partner.post(`${LEGACY}/customers/${id}/applications`, { data: { amount: 10 } });
      expect(app.statusCode).toBe(201);
      expect((await partner.get(`${LEGACY}/customers/${id}/applications/latest`)).json().data.application_id).toBe(app.json().data.application_id);
      expect((await partner.get(`${LEGACY}/introducers`)).headers.deprecation).toBe('true');
    });

    it('marks v2.1 error answers as deprecated too', async () => {
      const unauthenticated = await raw(t, 'GET', `${LEGACY}/authentication_check/`);
      expectError(unauthenticated, 401, 'AuthenticationFailed');
      expect(unauthenticated.headers.deprecation).toBe('true');
      const missing = await partner.get(`${LEGACY}/customers/${UNKNOWN_UUID}/`);
      expectError(missing, 404, 'NotFound');
      expect(missing.headers.deprecation).toBe('true');
      const badUrl = await raw(t, 'GET', `${LEGACY}/customers/%E0%A4%A/`, auth);
      expectError(badUrl, 404, 'NotFound');
      expect(badUrl.headers.deprecation).toBe('true');
    });

    it('does not serve other versions', async () => {
      expectError(await partner.get('/api/lending/v2.3/authentication_check/'), 404, 'NotFound');
      expectError(await partner.get('/api/lending/v2/authentication_check/'), 404, 'NotFound');
      expectError(await partner.get('/api/lending/authentication_check/'), 404, 'NotFound');
    });

    it('matches paths with or without the trailing slash', async () => {
      for (const path of ['/authentication_check', '/authentication_check/', '/introducers', '/introducers/']) {
        expect((await partner.get(path)).statusCode, path).toBe(200);
      }
      for (const path of [`/customers/${customerId}`, `/customers/${customerId}/`]) {
        expect((await partner.get(path)).statusCode, path).toBe(200);
        expect((await partner.request('PUT', path, customerBody())).statusCode, path).toBe(200);
      }
      for (const path of [`/customers/${customerId}/applications/latest`, `/customers/${customerId}/applications/latest/`]) {
        expect((await partner.get(path)).statusCode, path).toBe(200);
        expect((await partner.request('PATCH', path, { data: {} })).statusCode, path).toBe(202);
      }
      expect((await partner.post('/customers', customerBody())).statusCode).toBe(201);
      const c = await createCustomer(partner);
      expect((await partner.post(`/customers/${c}/applications`, { data: { amount: 1 } })).statusCode).toBe(201);
    });
  });

  describe('X-Request-ID', () => {
    it('echoes a sane caller value', async () => {
      for (const id of ['abc-123', 'req_01HZX.9:part', 'A'.repeat(128), '0f8fad5b-d9cb-469f-a165-70867728950e']) {
        const res = await partner.get('/authentication_check/', { 'x-request-id': id });
        expect(res.headers['x-request-id']).toBe(id);
      }
    });

    it('replaces a missing or unsafe value with a new one, different every time', async () => {
      const seen = new Set<string>();
      for (const id of [undefined, '', 'has space', 'a'.repeat(129), '<script>', 'line\tbreak', 'ünïcode', 'semi;colon', '"quoted"']) {
        const res = await partner.get('/authentication_check/', id === undefined ? {} : { 'x-request-id': id });
        const given = res.headers['x-request-id'] as string;
        expect(given).toMatch(UUID);
        expect(given).not.toBe(id);
        seen.add(given);
      }
      expect(seen.size).toBe(9);
    });

    it('is on every answer: successes, each kind of error and router-level errors', async () => {
      const answers = [
        await partner.get('/authentication_check/'),
        await raw(t, 'GET', '/authentication_check/'),
        await partner.get('/authentication_check/', { accept: 'text/html' }),
        await partner.post('/customers/', 'x', { 'content-type': 'text/plain' }),
        await partner.post('/customers/', '{'),
        await partner.post('/customers/', { data: {} }),
        await partner.get('/nowhere/'),
        await partner.request('DELETE', '/customers/'),
        await partner.get(`/customers/${UNKNOWN_UUID}/`),
        await raw(t, 'GET', '/customers/%FF/', auth),
        await raw(t, 'GET', '/customers/%E0%A4%A/', auth),
        await partner.post('/customers/', JSON.stringify({ data: 'x'.repeat(1024 * 1024) })),
        await t.admin('GET', '/partners'),
      ];
      for (const res of answers) {
        expect(res.headers['x-request-id'], `${res.statusCode} ${res.body}`).toBeTruthy();
      }
      const echoed = await raw(t, 'GET', '/customers/%FF/', { ...auth, 'x-request-id': 'trace-me' });
      expect(echoed.headers['x-request-id']).toBe('trace-me');
      const echoedError = await partner.post('/customers/', '{', { 'x-request-id': 'trace-me-too' });
      expect(echoedError.headers['x-request-id']).toBe('trace-me-too');
    });
  });

  describe('Accept', () => {
    it.each([
      'text/html',
      'image/png',
      'application/xml',
      'text/*',
      'text/plain, text/html',
      'application/json;q=0',
      'application/json; q=0.0',
      'application/json;q=0, */*',
      'application/json;q=0, application/*;q=1',
      '*/*;q=0',
    ])('answers 406 NotAcceptable for Accept: %s', async (accept) => {
      const get = await partner.get('/authentication_check/', { accept });
      expectError(get, 406, 'NotAcceptable');
      const before = await countRows(t, 'customers');
      expectError(await partner.post('/customers/', customerBody(), { accept }), 406, 'NotAcceptable');
      expect(await countRows(t, 'customers')).toBe(before);
    });

    it.each([
      'application/json',
      '*/*',
      'application/*',
      'application/json;q=0.9',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/html, application/json',
      'text/html;q=1, application/json;q=0.1',
      'text/html, */*;q=0.1',
      '',
    ])('admits Accept: %s', async (accept) => {
      const res = await partner.get('/authentication_check/', { accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });

    it('admits a request without any Accept header', async () => {
      const res = await raw(t, 'GET', '/authentication_check/', auth);
      expect(res.statusCode).toBe(200);
      const post = await raw(t, 'POST', '/customers/', { ...auth, 'content-type': 'application/json' }, JSON.stringify(customerBody()));
      expect(post.statusCode).toBe(201);
    });
  });

  describe('Content-Type and bodies', () => {
    it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'text/json'])(
      'answers 415 UnsupportedMediaType for Content-Type %s and stores nothing',
      async (type) => {
        const before = await countRows(t, 'customers');
        const res = await partner.post('/customers/', JSON.stringify(customerBody()), { 'content-type': type });
        expectError(res, 415, 'UnsupportedMediaType');
        expect(await countRows(t, 'customers')).toBe(before);
      },
    );

    it('answers 415 for a body without a Content-Type, on POST, PUT and PATCH', async () => {
      const body = JSON.stringify(customerBody());
      expectError(await raw(t, 'POST', '/customers/', auth, body), 415, 'UnsupportedMediaType');
      expectError(await raw(t, 'PUT', `/customers/${customerId}/`, auth, body), 415, 'UnsupportedMediaType');
      expectError(await raw(t, 'PATCH', `/customers/${customerId}/applications/latest/`, auth, '{"data":{}}'), 415, 'UnsupportedMediaType');
      expectError(await raw(t, 'POST', `/customers/${customerId}/applications/`, auth, '{"data":{"amount":1}}'), 415, 'UnsupportedMediaType');
    });

    it.each(['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON', 'application/json ; charset="utf-8"'])(
      'accepts Content-Type %s',
      async (type) => {
        const res = await partner.post('/customers/', JSON.stringify(customerBody()), { 'content-type': type });
        expect(res.statusCode).toBe(201);
      },
    );

    it.each(['{', '{"data":', '{"data": {"company": {},}}', "{'data': 1}", 'undefined', '{"a":1}{"b":2}', 'NaN', '{"data": [1,]}', '\u0000'])(
      'answers 400 ParseError for the malformed JSON %j',
      async (body) => {
        const before = await countRows(t, 'customers');
        const res = await partner.post('/customers/', body);
        expectError(res, 400, 'ParseError');
        expect(await countRows(t, 'customers')).toBe(before);
      },
    );

    it('refuses prototype-poisoning JSON with a 400 (never a 500)', async () => {
      expectError(await partner.post('/customers/', '{"__proto__": {"admin": true}, "data": {}}'), 400, 'ParseError');
      expectError(await partner.post('/customers/', '{"data": {"constructor": {"prototype": {"x": 1}}}}'), 400, 'ParseError');
    });

    it('answers 400 when a POST that needs a body has none', async () => {
      expectError(await partner.post('/customers/', ''), 400, 'ValidationError');
      expectError(await raw(t, 'POST', '/customers/', auth), 400, 'ValidationError');
      expectError(await raw(t, 'PATCH', `/customers/${customerId}/applications/latest/`, auth), 400, 'ValidationError');
    });

    it('answers 413 PayloadTooLarge for a JSON body over 1 MiB and stores nothing', async () => {
      const before = await countRows(t, 'customers');
      const padding = 'x'.repeat(1024 * 1024);
      const big = JSON.stringify(customerBody({ external_customer_id: 'big-one' }, { industry: padding }));
      expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
      const res = await partner.post('/customers/', big);
      expectError(res, 413, 'PayloadTooLarge');
      expect(await countRows(t, 'customers')).toBe(before);
      expect(await countRows(t, 'customers', "external_customer_id = 'big-one'")).toBe(0);
      const put = await partner.request('PUT', `/customers/${customerId}/`, big);
      expectError(put, 413, 'PayloadTooLarge');
      expect((await partner.get(`/customers/${customerId}/`)).json().data.external_customer_id).toBeNull();
    });

    it('a body just under 1 MiB is read (and validated), not refused as too large', async () => {
      const body = JSON.stringify(customerBody({}, { industry: 'x'.repeat(1024 * 1024 - 1000) }));
      expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
      expectPointers(await partner.post('/customers/', body), ['/data/company/industry']);
    });
  });

  describe('routes and methods', () => {
    it('answers 404 NotFound for unknown routes, authenticated or not', async () => {
      for (const path of [
        '/nowhere',
        `${BASE}`,
        `${BASE}/`,
        '/',
        '/api',
        `${BASE}/customers/${UNKNOWN_UUID}/nothing/`,
        `${BASE}//customers/`,
        '/openapi.json.bak',
      ]) {
        expectError(await partner.get(path.startsWith('/api') || path === '/' ? path : `${BASE}${path}`), 404, 'NotFound');
        expectError(await raw(t, 'GET', path), 404, 'NotFound');
      }
    });

    it('answers 405 MethodNotAllowed with Allow for a wrong method on a known path', async () => {
      const cases: [string, string, string][] = [
        ['DELETE', '/customers/', 'POST'],
        ['GET', '/customers', 'POST'],
        ['POST', '/authentication_check/', 'GET'],
        ['DELETE', `/customers/${customerId}/`, 'GET, PUT'],
        ['POST', `/customers/${customerId}`, 'GET, PUT'],
        ['PATCH', `/customers/${UNKNOWN_UUID}/`, 'GET, PUT'],
        ['GET', `/customers/${customerId}/applications/`, 'POST'],
        ['PUT', `/customers/${customerId}/applications/latest/`, 'GET, PATCH'],
        ['DELETE', `/customers/not-a-uuid/applications/latest`, 'GET, PATCH'],
        ['POST', '/introducers/', 'GET'],
        ['OPTIONS', '/customers/', 'POST'],
      ];
      for (const [method, path, allow] of cases) {
        const res = await partner.request(method as 'GET', path);
        expectError(res, 405, 'MethodNotAllowed');
        expect(res.headers.allow, `${method} ${path}`).toBe(allow);
      }
      const legacy = await partner.request('DELETE', `${LEGACY}/customers/`);
      expectError(legacy, 405, 'MethodNotAllowed');
      expect(legacy.headers.allow).toBe('POST');
    });

    const notUuids = [
      'not-a-uuid',
      '123',
      '0f8fad5b-d9cb-469f-a165-70867728950',
      '0f8fad5b-d9cb-469f-a165-70867728950eZ',
      'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      '{0f8fad5b-d9cb-469f-a165-70867728950e}',
      '0f8fad5bd9cb469fa16570867728950e',
      '%00',
      '%20',
      'null',
      'x'.repeat(99),
      'x'.repeat(5000),
      '%F0%9F%92%A9',
      "'%20OR%201=1--",
      '..%2F..%2Fetc',
    ];

    it.each(notUuids)('answers 404 NotFound for the id %s on every customer route', async (id) => {
      const before = await countRows(t, 'applications');
      const answers = [
        await partner.get(`/customers/${id}/`),
        await partner.request('PUT', `/customers/${id}/`, customerBody()),
        await partner.request('PUT', `/customers/${id}/`, { data: { nonsense: true } }),
        await partner.post(`/customers/${id}/applications/`, { data: { amount: 100 } }),
        await partner.get(`/customers/${id}/applications/latest/`),
        await partner.request('PATCH', `/customers/${id}/applications/latest/`, { data: { requests: [{ amount: 1 }] } }),
      ];
      for (const res of answers) expectError(res, 404, 'NotFound');
      expect(await countRows(t, 'applications')).toBe(before);
    });

    it('answers 404 (never 500) for invalid percent-encoding in the path', async () => {
      for (const path of ['/customers/%E0%A4%A/', '/customers/%FF/', '/customers/%/', '/custo%ZZmers/', `/customers/${customerId}%C0%AF/applications/latest`]) {
        const res = await raw(t, 'GET', path, auth);
        expectError(res, 404, 'NotFound');
      }
    });

    it('ignores query strings it does not use, including odd ones', async () => {
      for (const qs of ['?a=1', '?a=%FF', '?a=%E0%A4%A', '?__proto__[x]=1', '?constructor=1&a[]=2&a[]=3', '?x=' + 'y'.repeat(5000), '?&&&==', '?amount=abc']) {
        const res = await partner.get(`/customers/${customerId}/${qs}`);
        expect(res.statusCode, qs).toBe(200);
      }
    });
  });

  describe('nothing a client sends produces a 500', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const bodies: string[] = [
      '[]',
      'null',
      'true',
      '0',
      '-0',
      '"string"',
      '{}',
      '{"data": null}',
      '{"data": []}',
      '{"data": "x"}',
      '{"data": 1e400}',
      '{"data": {"company": [], "people": {}}}',
      '{"data": {"company": null, "people": null}}',
      '{"data": {"company": {}, "people": [null]}}',
      '{"data": {"company": {}, "people": [[]]}}',
      '{"data": {"company": {}, "people": [{"roles": "applicant"}]}}',
      '{"data": {"company": {}, "people": [{"roles": [null, 1, {}]}]}}',
      '{"data": {"company": {}, "people": [{"roles": {"0": "applicant"}}]}}',
      '{"data": {"company": {"number_of_employees": 1e400}, "people": []}}',
      '{"data": {"company": {"number_of_employees": -0}, "people": []}}',
      '{"data": {"company": {"number_of_employees": 123456789012345678901234567890}}, "people": []}',
      '{"data": {"company": {"last_12_months_turnover": {"amount": 1e308}}, "people": []}}',
      '{"data": {"company": {"last_12_months_turnover": {"amount": -1e-320}}, "people": []}}',
      '{"data": {"company": {"last_12_months_turnover": {"amount": "100"}}, "people": []}}',
      '{"data": {"company": {"trading_from_date": 20200101}}, "people": []}',
      '{"data": {"company": {"trading_from_date": "9999-99-99"}}, "people": []}',
      '{"data": {"company": {"trading_from_date": "0000-00-00"}}, "people": []}',
      `{"data": {"company": {"x": ${deep(10000)}}, "people": []}}`,
      `{"data": ${deep(50000)}}`,
      `{"data": ${deepObject(20000)}}`,
      `{"data": {"company": {}, "people": [${Array(5000).fill('1').join(',')}]}}`,
      `{"data": {"company": {}, "people": [${Array(50).fill('{"roles":["applicant","director","guarantor"],"foo":1}').join(',')}]}}`,
      '{"data": {"company": {"trading_name": "\\u0000"}, "people": [{"roles": ["applicant","director","guarantor"]}]}}',
      '{"data": {"company": {"trading_name": "\\ud800"}, "people": [{"roles": ["applicant","director","guarantor"]}]}}',
      '{"data": {"company": {"trading_name": "\\udc00\\ud800"}, "people": [{"roles": ["applicant","director","guarantor"]}]}}',
      '{"data": {"company": {}, "people": [{"roles": ["applicant","director","guarantor"]}], "external_customer_id": "\\u0000"}}',
      '{"data": {"company": {}, "people": [{"roles": ["applicant","director","guarantor"]}], "correlation_id": "urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e"}}',
      '{"data": {"company": {}, "people": [{"roles": ["applicant","director","guarantor"], "uid": "{0f8fad5b-d9cb-469f-a165-70867728950e}"}]}}',
      '{"data": {"company": {"\\u0000": 1}, "people": []}}',
      '{"data": {"company": {}, "people": [{"roles": ["applicant","director","guarantor"]}]}, "data": 5}',
      '\ufeff{"data": {}}',
    ];

    it.each(bodies.map((b, i) => [i, b.slice(0, 80), b]))('POST /customers/ body #%i (%s) answers 4xx in the envelope', async (_i, _label, body) => {
      const res = await partner.post('/customers/', body as string);
      expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
      const errors = expectError(res, res.statusCode, res.json().errors[0].code);
      expect(errors.length).toBeLessThanOrEqual(100);
    });

    const appBodies: string[] = [
      '{"data": {"amount": "100"}}',
      '{"data": {"amount": null}}',
      '{"data": {"amount": []}}',
      '{"data": {"amount": {}}}',
      '{"data": {"amount": true}}',
      '{"data": {"amount": -0}}',
      '{"data": {"amount": 1e400}}',
      '{"data": {"amount": -1e400}}',
      '{"data": {"amount": 1e-400}}',
      '{"data": {"amount": 5e-324}}',
      '{"data": {"amount": 1e21}}',
      '{"data": {"amount": 100, "requests": null}}',
      '{"data": {"amount": 100, "requests": {}}}',
      '{"data": {"amount": 100, "requests": [null]}}',
      '{"data": {"amount": 100, "requests": [[]]}}',
      '{"data": {"amount": 100, "requests": [{"amount": 100, "duration": {"amount": 1e400, "unit": "days"}}]}}',
      '{"data": {"amount": 100, "requests": [{"amount": 100, "duration": null}]}}',
      '{"data": {"amount": 100, "introducer": []}}',
      '{"data": {"amount": 100, "introducer": "x"}}',
      '{"data": {"amount": 100, "introducer": null}}',
      '{"data": {"amount": 100, "introducer": {"introducer_id": 123}}}',
      '{"data": {"amount": 100, "introducer": {"introducer_id": "urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e"}}}',
      '{"data": {"amount": 100, "introducer": {"introducer_id": "{0f8fad5b-d9cb-469f-a165-70867728950e}"}}}',
      '{"data": {"amount": 100, "requests": [{"amount": 100, "purpose": "\\u0000"}]}}',
      '{"data": {"amount": 100, "requests": [{"amount": 100, "purpose": "\\ud83d"}]}}',
      `{"data": {"amount": 100, "requests": [${Array(1000).fill('{"amount": 0.1}').join(',')}]}}`,
      `{"data": {"amount": ${deep(20000)}}}`,
    ];

    it.each(appBodies.map((b, i) => [i, b.slice(0, 80), b]))('POST application body #%i (%s) answers 4xx', async (_i, _label, body) => {
      const c = await createCustomer(partner);
      const res = await partner.post(`/customers/${c}/applications/`, body as string);
      expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
      expectError(res, res.statusCode, res.json().errors[0].code);
      expect(await countRows(t, 'applications', 'customer_id = $1', [c])).toBe(0);
    });

    it.each(appBodies.map((b, i) => [i, b.slice(0, 80), b.replace('"amount": ', '"amountx": ')]))(
      'PATCH body #%i (%s) answers 4xx',
      async (_i, _label, body) => {
        const res = await partner.request('PATCH', `/customers/${customerId}/applications/latest/`, body as string);
        expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
      },
    );

    it('odd headers never produce a 500', async () => {
      const odd: Record<string, string>[] = [
        { accept: ';;;' },
        { accept: ',' },
        { accept: 'application/json;q=abc' },
        { accept: 'application/json;q=' },
        { accept: '*' },
        { 'content-type': ';' },
        { 'content-type': 'application/json;;' },
        { 'content-type': 'application/json; charset=""' },
        { 'content-type': '' },
        { 'x-request-id': '' },
        { authorization: 'Bearer ;' },
        { authorization: 'Token \u00ff' },
      ];
      for (const headers of odd) {
        const res = await raw(t, 'POST', '/customers/', { ...auth, 'content-type': 'application/json', ...headers }, JSON.stringify(customerBody()));
        expect(res.statusCode, JSON.stringify(headers)).toBeLessThan(500);
        expect(res.statusCode === 201 || res.json().errors.length > 0).toBe(true);
      }
    });
  });
});

describe.each(BACKENDS)('an unexpected failure on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  it('answers 500 ServerError with meta.request_id, never a stack or SQL', async () => {
    await t.testDb.db.query('ALTER TABLE customers RENAME TO customers_gone');
    try {
      const res = await partner.post('/customers/', customerBody(), { 'x-request-id': 'trace-500' });
      const errors = expectError(res, 500, 'ServerError');
      expect(errors).toEqual([{ code: 'ServerError', detail: 'an unexpected error occurred', meta: { request_id: 'trace-500' } }]);
      expect(res.headers['x-request-id']).toBe('trace-500');
      expect(res.body).not.toMatch(/customers|relation|INSERT|\.ts|at /);
    } finally {
      await t.testDb.db.query('ALTER TABLE customers_gone RENAME TO customers');
    }
    expect((await partner.post('/customers/', customerBody())).statusCode).toBe(201);
  });
});
