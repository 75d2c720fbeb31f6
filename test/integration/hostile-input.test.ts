/**
 * Input a hostile client sent (issue 12, items 1, 2 and 7): deeply nested JSON, text PostgreSQL
 * cannot store, invalid UTF-8, amounts with a third decimal, durations that are not whole units.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/domain/json-text.ts';
import { insertPrequalificationFile } from '../../src/store/prequalification-store.ts';
import { JOB_SOURCES, runSourceJob } from '../../src/worker/job-sources.ts';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { countRows, expectError } from '../helpers/foundation.ts';
import { json, multipartBody, statement, upload } from '../helpers/files.ts';

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe.each(BACKENDS)('hostile input on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);
  let customerId: string;

  beforeAll(async () => {
    customerId = await createCustomer(partner);
  });

  async function preqFile(content: string | Buffer, filename: string) {
    const { payload, contentType } = await multipartBody([['file', { filename, content: typeof content === 'string' ? Buffer.from(content) : content }]]);
    return t.app.inject({
      method: 'POST',
      url: `${BASE}/prequalification_data`,
      headers: { authorization: `Bearer ${partner.token}`, 'content-type': contentType },
      payload,
    });
  }

  const postBytes = (path: string, payload: Buffer) =>
    t.app.inject({ method: 'POST', url: `${BASE}${path}`, headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'application/json' }, payload });

  describe('item 1: deeply nested JSON', () => {
    it('answers 400 ParseError naming the limit on every JSON route, never a 500', async () => {
      const body = `{"accountInfo": ${deep(5000)}}`;
      for (const path of [`/bank_statements/${customerId}/`, '/prequalification_data', '/customers/']) {
        const res = await partner.post(path, body);
        const [error] = expectError(res, 400, 'ParseError');
        expect(error.detail).toContain(String(MAX_JSON_DEPTH));
        expect(error.meta).toEqual({ max_depth: MAX_JSON_DEPTH });
      }
      const admin = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/partners',
        headers: { authorization: 'Bearer test-admin-token-0123456789', 'content-type': 'application/json' },
        payload: `{"name": ${deep(MAX_JSON_DEPTH + 1)}}`,
      });
      expectError(admin, 400, 'ParseError');
      // Brackets inside strings are text, not nesting.
      const textual = await partner.post('/prequalification_data', { data: { customers: [{ external_customer_id: '['.repeat(200) }] } });
      expect(textual.statusCode).toBe(202);
      expect(await countRows(t, 'documents', 'customer_id = $1', [customerId])).toBe(0);
    });

    it('refuses a bank statement file nested too deep at the door, and a prequalification file settles as failed', async () => {
      const file = await upload(t, partner, customerId, 'bank statement', { filename: 'deep.json', content: Buffer.from(`{"transactions": ${deep(5000)}}`) });
      expect(expectError(file, 400, 'ParseError')[0].detail).toContain(String(MAX_JSON_DEPTH));
      const res = await preqFile(`{"customers": ${deep(5000)}}`, 'deep.json');
      expect(res.statusCode).toBe(202);
      const id = res.json().data.prequalification_data_id;
      await runSourceJob(JOB_SOURCES[1], t.app.ctx, id, 0, () => undefined);
      const read = (await partner.get(`/prequalification_data?prequalification_data_id=${id}`)).json().data;
      expect(read).toMatchObject({ status: 'failed', reason: expect.stringContaining(String(MAX_JSON_DEPTH)) });
    });
  });

  describe('item 2: text PostgreSQL cannot store', () => {
    it('refuses a NUL in a JSON prequalification file, a CSV file, a JSON body and a statement, with a pointer', async () => {
      const files = await countRows(t, 'prequalification_files');
      const jsonFile = await preqFile('{"customers": [{"external_customer_id": "A\\u0000B"}]}', 'customers.json');
      expect(expectError(jsonFile, 400, 'ValidationError')[0].source).toEqual({ pointer: '/customers/0/external_customer_id' });
      const surrogate = await preqFile('{"data": {"customers": [{"external_customer_id": "A\\ud800"}]}}', 'customers.json');
      expect(expectError(surrogate, 400, 'ValidationError')[0].source).toEqual({ pointer: '/data/customers/0/external_customer_id' });
      const csv = await preqFile(`external_customer_id,company_name\n${'C-0,Acme Ltd\n'.repeat(1000)}C-1,Acme\u0000Ltd\n`, 'customers.csv');
      const [csvError] = expectError(csv, 400, 'ValidationError');
      expect(csvError.source).toEqual({ parameter: 'file' });
      expect(csvError.detail).toContain('line 1002');
      const body = await partner.post('/prequalification_data', '{"data": {"customers": [{"external_customer_id": "A\\u0000B"}]}}');
      expect(expectError(body, 400, 'ValidationError')[0].source).toEqual({ pointer: '/data/customers/0/external_customer_id' });
      const bad = statement({ transactions: [{ transactionDate: '2026-01-05', description: 'Card\u0000sales', amount: 1, runningBalance: 1 }] });
      const statementBody = await partner.post(`/bank_statements/${customerId}/`, bad);
      expect(expectError(statementBody, 400, 'ValidationError')[0].source).toEqual({ pointer: '/transactions/0/description' });
      const statementFile = await upload(t, partner, customerId, 'bank statement', { filename: 's.json', content: json(bad) });
      expect(expectError(statementFile, 400, 'ValidationError')[0].source).toEqual({ pointer: '/transactions/0/description' });
      const typePart = await upload(t, partner, customerId, 'bank\u0000statement', { filename: 's.json', content: json(statement()) });
      expect(expectError(typePart, 400, 'ValidationError')[0].source).toEqual({ parameter: 'document_type' });
      expect(await countRows(t, 'prequalification_files')).toBe(files);
    });

    it('settles a stored file that the database refuses as failed at once, with a reason (no retries)', async () => {
      const id = randomUUID();
      await insertPrequalificationFile(
        t.testDb.db,
        { partnerId: partner.partnerId, environment: 'sandbox' },
        {
          id,
          format: 'json',
          content: '{"customers": [{"external_customer_id": "A\\u0000B", "turnover": 250000}]}',
          now: new Date(),
        },
      );
      const errors: unknown[] = [];
      await runSourceJob(JOB_SOURCES[1], t.app.ctx, id, 0, (error) => errors.push(error));
      expect(errors).toHaveLength(1);
      const read = (await partner.get(`/prequalification_data?prequalification_data_id=${id}`)).json().data;
      expect(read).toMatchObject({ status: 'failed', quotes: [], reason: expect.stringContaining('cannot be stored') });
    });
  });

  describe('item 7: input silently changed or too loose', () => {
    it('refuses invalid UTF-8 in a JSON body with 400 ParseError, storing nothing', async () => {
      const before = await countRows(t, 'customers');
      const good = JSON.stringify({ data: { external_customer_id: 'utf8-XX', company: {}, people: [{ roles: ['applicant', 'director', 'guarantor'] }] } });
      const bytes = Buffer.from(good);
      const at = bytes.indexOf('XX');
      bytes[at] = 0xc3; // a lead byte followed by "X": not UTF-8
      const res = await postBytes('/customers/', bytes);
      expect(expectError(res, 400, 'ParseError')[0].detail).toContain('UTF-8');
      expect(await countRows(t, 'customers')).toBe(before);
      // A lone continuation byte and an encoded surrogate are refused too.
      for (const bad of [Buffer.from([0x80]), Buffer.from([0xed, 0xa0, 0x80])]) {
        const payload = Buffer.concat([Buffer.from('{"data": {"name": "'), bad, Buffer.from('"}}')]);
        expectError(await postBytes('/webhooks/subscriptions/', payload), 400, 'ParseError');
      }
    });

    it('refuses bank-statement amounts and balances with three decimals, with the pointer into the file', async () => {
      const body = statement({
        accountNumber: '55550001',
        transactions: [
          { transactionDate: '2026-01-05', description: 'Sale', amount: 12.345, runningBalance: 100 },
          { transactionDate: '2026-01-06', description: 'Sale', amount: '1.10', runningBalance: '101.105' },
        ],
      });
      const res = await partner.post(`/bank_statements/${customerId}/`, { data: body });
      const errors = expectError(res, 400, 'ValidationError');
      expect(errors.map((e) => e.source?.pointer)).toEqual(['/data/transactions/0/amount', '/data/transactions/1/runningBalance']);
      expect(errors[0].detail).toContain('two decimals');
      const file = await upload(t, partner, customerId, 'bank statement', { filename: 'three.json', content: json(body) });
      expect(expectError(file, 400, 'ValidationError').map((e) => e.source?.pointer)).toEqual(['/transactions/0/amount', '/transactions/1/runningBalance']);
      // Trailing zeros are still two decimals.
      const fine = statement({
        accountNumber: '55550002',
        transactions: [{ transactionDate: '2026-01-05', description: 'Sale', amount: '12.300', runningBalance: 100 }],
      });
      expect((await partner.post(`/bank_statements/${customerId}/`, fine)).statusCode).toBe(201);
    });

    it('refuses a duration that is not a whole number of its unit', async () => {
      const other = await createCustomer(partner, { external_customer_id: 'duration-check' }, { company_number: '07654321' });
      for (const amount of [1.5, 0.5, 0]) {
        const res = await partner.post(`/customers/${other}/applications/`, {
          data: { amount: 1000, requests: [{ amount: 1000, duration: { amount, unit: 'months' } }] },
        });
        expect(expectError(res, 400, 'ValidationError')[0].source, String(amount)).toEqual({ pointer: '/data/requests/0/duration/amount' });
      }
      const whole = await partner.post(`/customers/${other}/applications/`, {
        data: { amount: 1000, requests: [{ amount: 1000, duration: { amount: 12, unit: 'months' } }] },
      });
      expect(whole.statusCode).toBe(201);
    });
  });
});
