/**
 * Prequalification files (docs/behaviour.md, section 12): what POST /prequalification_data takes
 * (a CSV or JSON file part, a JSON body) and refuses, reading a file's quotes with GET, and the
 * OpenAPI document of both. Processing the quotes and matching them to new customers:
 * prequalification-processing.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BASE, startTestApp, usePartner, useTestApp } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { countRows, expectError, expectPointers, UNKNOWN_UUID } from '../helpers/foundation.ts';
import { CSV_HEADER, csv, multipartBody, prequalificationCalls, quoteOf } from '../helpers/prequalification.ts';
import { processPrequalificationFile } from '../../src/services/prequalification.ts';

describe.each(BACKENDS)('prequalification on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);
  const { uploadFile, accepted, read, quoted } = prequalificationCalls(t, partner);

  describe('POST /prequalification_data', () => {
    it('takes a CSV file part, stores it as processing and answers 202', async () => {
      const id = accepted(await uploadFile(partner, csv('CSV-1,Acme Ltd,01234567,2015-01-01,250000,25000')));
      const { rows } = await t.testDb.db.query<{ source_format: string; status: string; content: string; partner_id: string; environment: string }>(
        'SELECT source_format, status, content, partner_id, environment FROM prequalification_files WHERE id = $1',
        [id],
      );
      expect(rows[0]).toMatchObject({ source_format: 'csv', status: 'processing', partner_id: partner.partnerId, environment: 'sandbox' });
      expect(rows[0].content).toContain('CSV-1,Acme Ltd');
      expect(await read(partner, id)).toEqual({ prequalification_data_id: id, status: 'processing', processed_at: null, reason: null, quotes: [] });
    });

    it('recognises the format by content, not by name: JSON named .csv is JSON', async () => {
      const id = accepted(
        await uploadFile(partner, JSON.stringify([{ external_customer_id: 'J-0', last_12_months_turnover: 50000 }]), 'export.csv', { type: 'text/csv' }),
      );
      const { rows } = await t.testDb.db.query<{ source_format: string }>('SELECT source_format FROM prequalification_files WHERE id = $1', [id]);
      expect(rows[0].source_format).toBe('json');
    });

    it('takes a JSON file part and quotes it', async () => {
      const file = JSON.stringify({
        customers: [{ external_customer_id: 'JSON-1', trading_from_date: '2015-01-01', last_12_months_turnover: { amount: 100000 }, requested_amount: 5000 }],
      });
      const data = await quoted(file, 'customers.json');
      expect(data.status).toBe('processed');
      expect(quoteOf(data, 'JSON-1')).toMatchObject({
        prequalified: true,
        max_amount: 20000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration_in_days: 365,
        reason: null,
      });
    });

    it('takes a JSON body {"data": {"customers": [...]}}', async () => {
      const res = await partner.post('/prequalification_data', {
        data: { customers: [{ external_customer_id: 'BODY-1', trading_from_date: '2015-01-01', last_12_months_turnover: 1200000, requested_amount: 20000 }] },
      });
      const id = accepted(res);
      const { rows } = await t.testDb.db.query<{ source_format: string }>('SELECT source_format FROM prequalification_files WHERE id = $1', [id]);
      expect(rows[0].source_format).toBe('json');
      await processPrequalificationFile(t.app.ctx, id);
      const data = await read(partner, id);
      // L = min(1,000,000, 20 % of 1,200,000) = 240,000.
      expect(quoteOf(data, 'BODY-1')).toMatchObject({ prequalified: true, max_amount: 240000 });
    });

    it('answers 400 with a pointer when the body is not {"data": {"customers": [objects]}}', async () => {
      expectPointers(await partner.post('/prequalification_data', {}), ['/data']);
      expectPointers(await partner.post('/prequalification_data', { data: {} }), ['/data/customers']);
      expectPointers(await partner.post('/prequalification_data', { data: { customers: 'C-1' } }), ['/data/customers']);
      expectPointers(await partner.post('/prequalification_data', { data: { customers: [] } }), ['/data/customers']);
      expectPointers(await partner.post('/prequalification_data', { data: { customers: [{ external_customer_id: 'X' }, 7] } }), ['/data/customers/1']);
      expectPointers(await partner.post('/prequalification_data', { data: { customers: [{ external_customer_id: 'X' }], extra: 1 } }), ['/data/extra']);
      expectPointers(await partner.post('/prequalification_data', [{ external_customer_id: 'X' }]), ['']);
      expectError(await partner.post('/prequalification_data', '{"data": '), 400, 'ParseError');
      // No body at all.
      const empty = await t.app.inject({ method: 'POST', url: `${BASE}/prequalification_data`, headers: { authorization: `Bearer ${partner.token}` } });
      expectPointers(empty, ['/data']);
    });

    it('answers 400 for a multipart request without the file part, 415 for a file that is not CSV or JSON', async () => {
      const withoutFile = await uploadFile(partner, csv('X-1,,,,,'), 'customers.csv', { part: 'document' });
      expect(expectError(withoutFile, 400, 'ValidationError')[0].source).toEqual({ parameter: 'file' });
      const textOnly = await multipartBody({ note: 'hello' });
      const noParts = await t.app.inject({
        method: 'POST',
        url: `${BASE}/prequalification_data`,
        headers: { authorization: `Bearer ${partner.token}`, 'content-type': textOnly.contentType },
        payload: textOnly.payload,
      });
      expect(expectError(noParts, 400, 'ValidationError')[0].source).toEqual({ parameter: 'file' });
      expectError(await uploadFile(partner, '', 'empty.csv'), 400, 'ValidationError');
      expectError(await uploadFile(partner, Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1'), 'customers.csv'), 415, 'UnsupportedMediaType');
      expectError(
        await uploadFile(partner, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'customers.json'),
        415,
        'UnsupportedMediaType',
      );
      expectError(await uploadFile(partner, 'Dear lender\nplease find our customers attached\nKind regards\n', 'letter.txt'), 415, 'UnsupportedMediaType');
      // NUL bytes past the part of the file used to recognise it.
      expectError(await uploadFile(partner, `${csv('N-1,,,,,')}${'N-2,,,,,\n'.repeat(2000)}N-3,\u0000,,,,\n`, 'customers.csv'), 400, 'ValidationError');
    });

    it('answers 415 for other content types and 403 for a read-only token', async () => {
      const text = await partner.request('POST', '/prequalification_data', 'external_customer_id\nX\n', { 'content-type': 'text/csv' });
      expectError(text, 415, 'UnsupportedMediaType');
      const readOnly = await t.token(partner.partnerId, 'sandbox', ['read']);
      expectError(await readOnly.post('/prequalification_data', { data: { customers: [{ external_customer_id: 'X' }] } }), 403, 'PermissionDenied');
    });

    it('answers 413 for a file over 20 MiB and stores nothing', async () => {
      const before = await countRows(t, 'prequalification_files', 'partner_id = $1', [partner.partnerId]);
      const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
      Buffer.from(`${CSV_HEADER}\n`).copy(big);
      expectError(await uploadFile(partner, big, 'big.csv'), 413, 'PayloadTooLarge');
      expect(await countRows(t, 'prequalification_files', 'partner_id = $1', [partner.partnerId])).toBe(before);
    });

    it('answers 400 for a second file or a malformed multipart body, storing nothing', async () => {
      const before = await countRows(t, 'prequalification_files', 'partner_id = $1', [partner.partnerId]);
      const csv = `${CSV_HEADER}\nTWO-1,Acme,123,2019-01-01,250000,5000\n`;
      const two = await uploadFile(partner, csv, 'a.csv', { extra: { second: { filename: 'b.csv', content: csv } as unknown as string } });
      expect(expectError(two, 400, 'ValidationError')[0].source).toEqual({ parameter: 'file' });
      const cut = await t.app.inject({
        method: 'POST',
        url: `${BASE}/prequalification_data`,
        headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nexternal_customer_id\nA-1\n',
      });
      expectError(cut, 400, 'ParseError');
      expect(await countRows(t, 'prequalification_files', 'partner_id = $1', [partner.partnerId])).toBe(before);
    });

    it('counts against the upload rate limit', async () => {
      const limited = await startTestApp(backend, { env: { UPLOAD_RATE_LIMIT_PER_MINUTE: '2' } });
      try {
        const client = await limited.partner();
        const send = () => client.post('/prequalification_data', { data: { customers: [{ external_customer_id: 'R-1' }] } });
        expect((await send()).statusCode).toBe(202);
        const second = await send();
        expect(second.statusCode).toBe(202);
        expect(second.headers['ratelimit-limit']).toBe('2');
        expectError(await send(), 429, 'Throttled');
        // Ordinary requests have their own bucket.
        expect((await client.get('/introducers/')).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('is served under the v2.1 alias too', async () => {
      const res = await partner.request('POST', '/api/lending/v2.1/prequalification_data/', { data: { customers: [{ external_customer_id: 'V21' }] } });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.headers.deprecation).toBe('true');
    });
  });

  describe('GET /prequalification_data', () => {
    it('answers 400 naming the parameter when the id is missing', async () => {
      for (const path of ['/prequalification_data', '/prequalification_data/?other=1', '/prequalification_data?prequalification_data_id=']) {
        const errors = expectError(await partner.get(path), 400, 'ValidationError');
        expect(errors[0].source).toEqual({ parameter: 'prequalification_data_id' });
      }
    });

    it("answers 404 for an id that is not a UUID, unknown, or another tenant's", async () => {
      const id = accepted(await uploadFile(partner, csv('G-1,,,2015-01-01,250000,')));
      expectError(await partner.get('/prequalification_data?prequalification_data_id=not-a-uuid'), 404, 'NotFound');
      expectError(await partner.get(`/prequalification_data?prequalification_data_id=${UNKNOWN_UUID}`), 404, 'NotFound');
      const other = await t.partner({ name: 'Other Partner' });
      expectError(await other.get(`/prequalification_data?prequalification_data_id=${id}`), 404, 'NotFound');
      const production = await t.token(partner.partnerId, 'production');
      expectError(await production.get(`/prequalification_data?prequalification_data_id=${id}`), 404, 'NotFound');
      // The owner reads it, with any letter case of the id.
      expect((await read(partner, id.toUpperCase())).prequalification_data_id).toBe(id);
    });
  });

  it('documents both routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const path = res.json().paths['/api/lending/v2.2/prequalification_data'];
    expect(Object.keys(path.post.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(path.post.responses['202']).toBeDefined();
    expect(path.get.parameters.map((p: { name: string }) => p.name)).toEqual(['prequalification_data_id']);
    expect(path.get.responses['200']).toBeDefined();
  });
});
