import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, createCustomer, startTestApp, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { countRows, expectError, expectPointers, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';
import { apply, eventsFor, getOffers, type StoredEvent } from '../helpers/lending.ts';
import { addMonths, londonToday } from '../../src/domain/dates.ts';
import { QuoteSchema } from '../../src/schemas/prequalification.ts';
import { processPrequalificationFile } from '../../src/services/prequalification.ts';
import { startWorker } from '../../src/worker/worker.ts';

const DAY_MS = 86_400_000;
const CSV_HEADER = 'external_customer_id,company_name,company_number,trading_from_date,last_12_months_turnover,requested_amount';

interface QuoteJson {
  external_customer_id: string;
  correlation_id: string;
  prequalified: boolean;
  max_amount: number | null;
  monthly_interest_percentage: number | null;
  fee_percentage: number | null;
  duration_in_days: number | null;
  expires_at: string | null;
  reason: string | null;
}

interface PrequalJson {
  prequalification_data_id: string;
  status: 'processing' | 'processed' | 'failed';
  processed_at: string | null;
  reason: string | null;
  quotes: QuoteJson[];
}

const QUOTE_KEYS = Object.keys(QuoteSchema.properties).sort();

/** A multipart/form-data body built by the platform's own encoder. */
async function multipartBody(
  parts: Record<string, string | { filename: string; content: string | Uint8Array; type?: string }>,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([typeof value.content === 'string' ? value.content : new Uint8Array(value.content)], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') as string };
}

function csv(...rows: string[]): string {
  return [CSV_HEADER, ...rows].join('\n') + '\n';
}

/** The quote of one external id in an answer. */
function quoteOf(data: PrequalJson, externalCustomerId: string): QuoteJson {
  const found = data.quotes.find((q) => q.external_customer_id === externalCustomerId);
  if (!found) throw new Error(`no quote for ${externalCustomerId} in ${JSON.stringify(data.quotes)}`);
  return found;
}

describe.each(BACKENDS)('prequalification on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  /** POSTs a file as the multipart part `file` (or under another part name). */
  async function uploadFile(
    client: PartnerClient,
    content: string | Uint8Array,
    filename = 'customers.csv',
    options: { part?: string; type?: string; extra?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const { payload, contentType } = await multipartBody({
      ...(options.extra ?? {}),
      [options.part ?? 'file']: { filename, content, type: options.type },
    });
    return t.app.inject({
      method: 'POST',
      url: `${BASE}/prequalification_data`,
      headers: { authorization: `Bearer ${client.token}`, accept: 'application/json', 'content-type': contentType },
      payload,
    });
  }

  function accepted(res: LightMyRequestResponse): string {
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toEqual({ data: { prequalification_data_id: expect.stringMatching(UUID), status: 'processing' } });
    return body.data.prequalification_data_id;
  }

  async function read(client: PartnerClient, id: string): Promise<PrequalJson> {
    const res = await client.get(`/prequalification_data?prequalification_data_id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  /** Uploads `content`, runs the job in process and answers the processed file. */
  async function quoted(content: string, filename = 'customers.csv', client: PartnerClient = partner): Promise<PrequalJson> {
    const id = accepted(await uploadFile(client, content, filename));
    await processPrequalificationFile(t.app.ctx, id);
    return read(client, id);
  }

  async function fileEvents(id: string): Promise<StoredEvent[]> {
    const { rows } = await t.testDb.db.query<StoredEvent>(
      `SELECT id, event_type, payload, partner_id, environment, created_at FROM outbox_events
        WHERE payload->>'prequalification_data_id' = $1 ORDER BY seq`,
      [id],
    );
    return rows;
  }

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

  describe('processing', () => {
    it('quotes each row with the policy in prequalification mode', async () => {
      const today = londonToday(t.clock.now());
      const data = await quoted(
        csv(
          'P-OK,Acme Ltd,01234567,2015-01-01,250000,25000',
          'P-NEW,Young Ltd,,2022-06-01,250000,',
          `P-YOUNG,Baby Ltd,,${addMonths(today, -2)},250000,10000`,
          'P-NOTURNOVER,,,2015-01-01,,10000',
          'P-SMALL,,,2015-01-01,5000,1000',
          'P-BIG,,,2015-01-01,2000000,300000',
          'P-STATEMENTS,,,2015-01-01,2000000,60000',
          'P-NODATE,,,,80000,',
        ),
      );
      expect(data.status).toBe('processed');
      expect(data.processed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(data.reason).toBeNull();
      expect(data.quotes.map((q) => q.external_customer_id)).toEqual([
        'P-OK',
        'P-NEW',
        'P-YOUNG',
        'P-NOTURNOVER',
        'P-SMALL',
        'P-BIG',
        'P-STATEMENTS',
        'P-NODATE',
      ]);
      for (const q of data.quotes) {
        expect(Object.keys(q).sort()).toEqual(QUOTE_KEYS);
        expect(q.correlation_id).toMatch(UUID);
      }
      expect(new Set(data.quotes.map((q) => q.correlation_id)).size).toBe(data.quotes.length);

      const ok = quoteOf(data, 'P-OK');
      // 20 % of 250,000; trading over 36 months but profit unknown: the 3.0 % band; the flexi loan's terms.
      expect(ok).toMatchObject({
        prequalified: true,
        max_amount: 50000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration_in_days: 365,
        reason: null,
      });
      expect(new Date(ok.expires_at as string).getTime()).toBe(new Date(data.processed_at as string).getTime() + 30 * DAY_MS);
      // No requested amount: rules 4 and 5 are skipped.
      expect(quoteOf(data, 'P-NODATE')).toMatchObject({ prequalified: true, max_amount: 16000, monthly_interest_percentage: 4.5 });
      expect(quoteOf(data, 'P-NEW')).toMatchObject({ prequalified: true, max_amount: 50000 });

      const notPrequalified = {
        prequalified: false,
        max_amount: null,
        monthly_interest_percentage: null,
        fee_percentage: null,
        duration_in_days: null,
        expires_at: null,
      };
      expect(quoteOf(data, 'P-YOUNG')).toMatchObject({ ...notPrequalified, reason: 'trading_under_6_months' });
      expect(quoteOf(data, 'P-NOTURNOVER')).toMatchObject({ ...notPrequalified, reason: 'turnover_unknown' });
      expect(quoteOf(data, 'P-SMALL')).toMatchObject({ ...notPrequalified, reason: 'turnover_under_10000' });
      expect(quoteOf(data, 'P-BIG')).toMatchObject({ ...notPrequalified, reason: 'needs_underwriting' });
      expect(quoteOf(data, 'P-STATEMENTS')).toMatchObject({ ...notPrequalified, reason: 'bank_statements_required' });

      const { rows } = await t.testDb.db.query<{ max_amount_pence: number; monthly_rate_bp: number; fee_bp: number; duration_days: number }>(
        'SELECT max_amount_pence, monthly_rate_bp, fee_bp, duration_days FROM prequalification_quotes WHERE correlation_id = $1',
        [ok.correlation_id],
      );
      expect(rows[0]).toEqual({ max_amount_pence: 5_000_000, monthly_rate_bp: 300, fee_bp: 0, duration_days: 365 });
    });

    it('quotes a file of the maximum 10,000 rows in one go', async () => {
      const rows = Array.from({ length: 10_000 }, (_, i) => `BULK-${i},Company ${i},,2015-01-01,${100000 + i},`);
      const data = await quoted(csv(...rows));
      expect(data.status).toBe('processed');
      expect(data.quotes).toHaveLength(10_000);
      expect(data.quotes[9_999]).toMatchObject({ external_customer_id: 'BULK-9999', prequalified: true, max_amount: 21900 });
      const [full] = await fileEvents(data.prequalification_data_id);
      expect((full.payload.quotes as QuoteJson[]).length).toBe(10_000);
    });

    it('keeps the last row of each external_customer_id', async () => {
      const data = await quoted(
        csv('L-1,,,2015-01-01,5000,', 'L-2,,,2015-01-01,100000,', 'L-1,,,2015-01-01,250000,', 'L-3,,,2015-01-01,60000,', 'L-2,,,2015-01-01,not money,'),
      );
      expect(data.quotes.map((q) => q.external_customer_id)).toEqual(['L-1', 'L-3', 'L-2']);
      expect(quoteOf(data, 'L-1')).toMatchObject({ prequalified: true, max_amount: 50000 });
      expect(quoteOf(data, 'L-2')).toMatchObject({ prequalified: false });
      expect(quoteOf(data, 'L-3')).toMatchObject({ prequalified: true, max_amount: 12000 });
    });

    it('answers a bad row with prequalified false and the problem, and still quotes the others', async () => {
      const data = await quoted(
        csv(
          'B-DATE,,,01/02/2019,250000,',
          'B-MONEY,,,2015-01-01,12.345,',
          'B-NEG,,,2015-01-01,250000,-5',
          ',Nameless Ltd,,2015-01-01,250000,',
          'B-OK,,,2015-01-01,250000,',
        ),
      );
      expect(quoteOf(data, 'B-DATE')).toMatchObject({ prequalified: false, max_amount: null, reason: expect.stringContaining('trading_from_date') });
      expect(quoteOf(data, 'B-MONEY')).toMatchObject({ prequalified: false, reason: expect.stringContaining('last_12_months_turnover') });
      expect(quoteOf(data, 'B-NEG')).toMatchObject({ prequalified: false, reason: expect.stringContaining('requested_amount') });
      expect(quoteOf(data, '')).toMatchObject({ prequalified: false, reason: 'external_customer_id is required' });
      expect(quoteOf(data, 'B-OK')).toMatchObject({ prequalified: true });
    });

    it('marks a file that cannot be read as failed, with a reason', async () => {
      const cases: [string, string, RegExp][] = [
        ['company_name,last_12_months_turnover\nAcme,250000\n', 'customers.csv', /external_customer_id/],
        [JSON.stringify({ customers: { external_customer_id: 'X' } }), 'customers.json', /array/],
        ['{"customers": [{"external_customer_id": "X"}', 'customers.json', /not valid JSON/],
        [`${CSV_HEADER}\n`, 'customers.csv', /no customer rows/],
      ];
      for (const [content, filename, reason] of cases) {
        const id = accepted(await uploadFile(partner, content, filename));
        await processPrequalificationFile(t.app.ctx, id);
        const data = await read(partner, id);
        expect(data, content).toMatchObject({ status: 'failed', quotes: [], reason: expect.stringMatching(reason) });
        expect(data.processed_at).not.toBeNull();
        expect(await countRows(t, 'prequalification_quotes', 'file_id = $1', [id])).toBe(0);
        // Only the light event: the partner learns the file is done and reads why it failed.
        const events = await fileEvents(id);
        expect(events.map((e) => [e.event_type, e.payload])).toEqual([['prequalification_data_file_processed_202510', { prequalification_data_id: id }]]);
      }
    });

    it('records both events in the processing transaction, with the quotes of GET', async () => {
      const id = accepted(await uploadFile(partner, csv('E-1,,,2015-01-01,250000,', 'E-2,,,2015-01-01,,')));
      expect(await fileEvents(id)).toEqual([]);
      await processPrequalificationFile(t.app.ctx, id);
      const data = await read(partner, id);
      const events = await fileEvents(id);
      expect(events.map((e) => e.event_type)).toEqual(['prequalification_202505', 'prequalification_data_file_processed_202510']);
      expect(events[0].payload).toEqual({ prequalification_data_id: id, quotes: data.quotes });
      expect(events[1].payload).toEqual({ prequalification_data_id: id });
      for (const e of events) expect(e).toMatchObject({ partner_id: partner.partnerId, environment: 'sandbox' });
      const quote = (events[0].payload.quotes as QuoteJson[])[0];
      expect(Object.keys(quote).sort()).toEqual(QUOTE_KEYS);
    });

    it('is idempotent: running the job again changes nothing', async () => {
      const id = accepted(await uploadFile(partner, csv('I-1,,,2015-01-01,250000,')));
      await processPrequalificationFile(t.app.ctx, id);
      const first = await read(partner, id);
      await processPrequalificationFile(t.app.ctx, id);
      await Promise.all([processPrequalificationFile(t.app.ctx, id), processPrequalificationFile(t.app.ctx, id)]);
      expect(await read(partner, id)).toEqual(first);
      expect(await countRows(t, 'prequalification_quotes', 'file_id = $1', [id])).toBe(1);
      expect((await fileEvents(id)).length).toBe(2);
      // Two concurrent first runs also quote once.
      const other = accepted(await uploadFile(partner, csv('I-2,,,2015-01-01,250000,')));
      await Promise.all([processPrequalificationFile(t.app.ctx, other), processPrequalificationFile(t.app.ctx, other)]);
      expect(await countRows(t, 'prequalification_quotes', 'file_id = $1', [other])).toBe(1);
      expect((await fileEvents(other)).length).toBe(2);
      // An unknown id is ignored.
      await expect(processPrequalificationFile(t.app.ctx, UNKNOWN_UUID)).resolves.toBeUndefined();
    });

    it('is processed by the background worker within seconds', async () => {
      const errors: unknown[] = [];
      const worker = await startWorker({
        config: { webhookTimeoutMs: 2000, webhookRetryScale: 0.001, allowPrivateWebhookUrls: true, production: false },
        db: t.testDb.db,
        backend: t.testDb.queue,
        ctx: t.app.ctx,
        log: { error: (...args: unknown[]) => errors.push(args), warn: () => {}, info: () => {} } as never,
      });
      try {
        const id = accepted(await uploadFile(partner, csv('W-1,,,2015-01-01,250000,')));
        const deadline = Date.now() + 20_000;
        let data = await read(partner, id);
        while (data.status === 'processing' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          data = await read(partner, id);
        }
        expect(data.status).toBe('processed');
        expect(quoteOf(data, 'W-1')).toMatchObject({ prequalified: true, max_amount: 50000 });
        expect((await fileEvents(id)).map((e) => e.event_type)).toEqual(['prequalification_202505', 'prequalification_data_file_processed_202510']);
        expect(errors).toEqual([]);
      } finally {
        await worker.stop();
      }
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

  describe('matching at customer creation', () => {
    async function indicativeOffers(customerId: string) {
      const { rows } = await t.testDb.db.query<{
        id: string;
        application_id: string | null;
        offer_type: string;
        product_type: string;
        source: string;
        status: string;
        max_amount_pence: number;
        monthly_rate_bp: number;
        fee_bp: number;
        duration_days: number;
        expires_at: Date;
      }>('SELECT * FROM offers WHERE customer_id = $1 ORDER BY created_at', [customerId]);
      return rows;
    }

    it('matches by external_customer_id: an indicative offer and its event, listed with the next application but not selectable', async () => {
      const data = await quoted(csv('M-EXT,Acme Ltd,,2015-01-01,250000,25000'));
      const quote = quoteOf(data, 'M-EXT');
      const customerId = await createCustomer(partner, { external_customer_id: 'M-EXT' });

      const offers = await indicativeOffers(customerId);
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({
        application_id: null,
        offer_type: 'indicative',
        product_type: 'flexi_loan',
        source: 'prequalification',
        status: 'available',
        max_amount_pence: 5_000_000,
        monthly_rate_bp: 300,
        fee_bp: 0,
        duration_days: 365,
      });
      expect(offers[0].expires_at.toISOString()).toBe(quote.expires_at);

      const events = await eventsFor(t, { customerId }, 'indicative_offer_created');
      expect(events).toHaveLength(1);
      expect(events[0].payload).toEqual({
        customer_id: customerId,
        external_customer_id: 'M-EXT',
        offer_id: offers[0].id,
        max_amount: 50000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration_in_days: 365,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });

      const applicationId = await apply(partner, customerId, { amount: 25000 });
      const answer = await getOffers(partner, applicationId);
      const indicative = answer.offers.find((o) => o.offer_id === offers[0].id);
      expect(indicative).toMatchObject({
        offer_type: 'indicative',
        product_type: 'flexi_loan',
        max_amount: 50000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration_in_days: 365,
        status: 'available',
        expires_at: quote.expires_at,
      });
      expect(answer.offers.some((o) => o.offer_type === 'confirmed')).toBe(true);
      const select = await partner.post(`/offers/${offers[0].id}/select/`, { data: { entity_to_contact: 'customer' } });
      expectError(select, 400, 'OfferNotSelectable');
    });

    it('matches by correlation_id, whatever the external id', async () => {
      const data = await quoted(csv('M-COR,,,2015-01-01,100000,'));
      const quote = quoteOf(data, 'M-COR');
      const customerId = await createCustomer(partner, { external_customer_id: 'M-COR-renamed', correlation_id: quote.correlation_id.toUpperCase() });
      const offers = await indicativeOffers(customerId);
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({ offer_type: 'indicative', max_amount_pence: 2_000_000, application_id: null });
      const events = await eventsFor(t, { customerId }, 'indicative_offer_created');
      expect(events.map((e) => e.payload)).toEqual([
        expect.objectContaining({ offer_id: offers[0].id, external_customer_id: 'M-COR-renamed', max_amount: 20000 }),
      ]);

      // Without an external id the payload has none.
      const second = await quoted(csv('M-COR-2,,,2015-01-01,100000,'));
      const anonymous = await createCustomer(partner, { correlation_id: quoteOf(second, 'M-COR-2').correlation_id });
      const anonymousEvents = await eventsFor(t, { customerId: anonymous }, 'indicative_offer_created');
      expect(anonymousEvents).toHaveLength(1);
      expect(anonymousEvents[0].payload).not.toHaveProperty('external_customer_id');
    });

    it("makes no offer for a quote that is not prequalified, expired, superseded, or another tenant's", async () => {
      const data = await quoted(
        csv('N-DECLINED,,,2015-01-01,5000,', 'N-EXPIRED,,,2015-01-01,250000,', 'N-SUPERSEDED,,,2015-01-01,250000,', 'N-OTHER,,,2015-01-01,250000,'),
      );
      await t.testDb.db.query(`UPDATE prequalification_quotes SET expires_at = $2 WHERE correlation_id = $1`, [
        quoteOf(data, 'N-EXPIRED').correlation_id,
        new Date(t.clock.now().getTime() - 1000),
      ]);
      // A later file declines N-SUPERSEDED: the latest quote decides.
      await quoted(csv('N-SUPERSEDED,,,2015-01-01,,'));

      const declined = await createCustomer(partner, { external_customer_id: 'N-DECLINED' });
      const declinedByCorrelation = await createCustomer(partner, { correlation_id: quoteOf(data, 'N-DECLINED').correlation_id });
      const expired = await createCustomer(partner, { external_customer_id: 'N-EXPIRED' });
      const superseded = await createCustomer(partner, { external_customer_id: 'N-SUPERSEDED' });
      const other = await t.partner({ name: 'Another Partner' });
      const otherByExternal = await createCustomer(other, { external_customer_id: 'N-OTHER' });
      const otherByCorrelation = await createCustomer(other, { external_customer_id: 'N-OTHER-2', correlation_id: quoteOf(data, 'N-OTHER').correlation_id });
      const production = await t.token(partner.partnerId, 'production');
      const productionCustomer = await createCustomer(production, { external_customer_id: 'N-OTHER' });
      const unmatched = await createCustomer(partner, { external_customer_id: 'N-NONE', correlation_id: UNKNOWN_UUID });
      for (const customerId of [declined, declinedByCorrelation, expired, superseded, otherByExternal, otherByCorrelation, productionCustomer, unmatched]) {
        expect(await indicativeOffers(customerId), customerId).toEqual([]);
        expect(await eventsFor(t, { customerId }, 'indicative_offer_created')).toEqual([]);
      }
    });

    it('keeps duplicate detection: a second customer with the same external id is a 409 and makes no second offer', async () => {
      await quoted(csv('D-1,,,2015-01-01,250000,'));
      const first = await createCustomer(partner, { external_customer_id: 'D-1' });
      const again = await partner.post('/customers/', {
        data: {
          external_customer_id: 'D-1',
          company: { registered_company_name: 'Acme' },
          people: [{ first_name: 'A', last_name: 'B', roles: ['applicant', 'director', 'guarantor'] }],
        },
      });
      expect(expectError(again, 409, 'DuplicateCustomer')[0].meta).toEqual({ customer_id: first });
      expect(await countRows(t, 'offers', `offer_type = 'indicative' AND partner_id = $1 AND customer_id = $2`, [partner.partnerId, first])).toBe(1);
      expect(await countRows(t, 'outbox_events', `event_type = 'indicative_offer_created' AND payload->>'external_customer_id' = 'D-1'`)).toBe(1);
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
