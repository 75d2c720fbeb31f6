/**
 * Open-banking JSON bank statements (docs/behaviour.md, section 11): uploaded as a file with document_type
 * `bank statement`, or as the body of POST /bank_statements/{customer_id}/ (optionally wrapped in
 * `data`). Validation reports every problem with a pointer into the statement as sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { countRows, expectError, expectPointers, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';
import { json, sha256, statement, storedBytes, upload, type StatementTx } from '../helpers/files.ts';
import { processDocument } from '../../src/services/document-processing.ts';

/** A statement with one problem of each kind the brief names, and a few more. */
function brokenStatement() {
  const good = statement();
  const { sortCode: _dropped, ...info } = good.accountInfo;
  return {
    accountInfo: { ...info, accountNumber: 12345678 },
    transactions: [
      { transactionDate: '2026-13-01', description: 'Bad date', amount: 10, runningBalance: 10 },
      { transactionDate: '2026-01-02', description: 'Closing only', amount: 5, closingBalance: 15 },
      { transactionDate: '2026-01-03', description: 'No balance at all', amount: 5 },
      { transactionDate: '2026-01-04', description: 'No amount', runningBalance: 20 },
      { transactionDate: '2026-01-05', description: 'Fine', amount: -1, startingBalance: 20, closingBalance: 19 },
    ],
  };
}

const BROKEN_POINTERS = [
  '/accountInfo/accountNumber',
  '/accountInfo/sortCode',
  '/transactions/0/transactionDate',
  '/transactions/1/startingBalance',
  '/transactions/2/runningBalance',
  '/transactions/3/amount',
];

describe.each(BACKENDS)('bank statements on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);
  let customerId: string;

  beforeAll(async () => {
    customerId = await createCustomer(partner);
  });

  const postStatement = (body: unknown, customer = customerId, client: PartnerClient = partner) => client.post(`/bank_statements/${customer}/`, body);

  function createdStatement(res: LightMyRequestResponse, name?: string) {
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data).sort()).toEqual(['document_id', 'document_name', 'document_type', 'upload_date']);
    expect(body.data.document_id).toMatch(UUID);
    expect(body.data.document_type).toBe('bank statement');
    expect(typeof body.data.document_name).toBe('string');
    if (name !== undefined) expect(body.data.document_name).toBe(name);
    expect(new Date(body.data.upload_date).toISOString()).toBe(body.data.upload_date);
    return body.data as { document_id: string; document_name: string; document_type: string; upload_date: string };
  }

  describe('as an uploaded file', () => {
    it('answers 400 with one entry per problem, pointing into the file, and stores nothing', async () => {
      const before = await countRows(t, 'documents');
      const res = await upload(t, partner, customerId, 'bank statement', {
        filename: 'broken.json',
        content: json(brokenStatement()),
        type: 'application/json',
      });
      const errors = expectPointers(res, BROKEN_POINTERS);
      const byPointer = Object.fromEntries(errors.map((e) => [e.source?.pointer, e.detail]));
      expect(byPointer['/accountInfo/sortCode']).toMatch(/sortCode.*required/);
      expect(byPointer['/accountInfo/accountNumber']).toMatch(/string/);
      expect(byPointer['/transactions/3/amount']).toMatch(/amount.*required/);
      expect(byPointer['/transactions/2/runningBalance']).toMatch(/startingBalance and closingBalance/);
      expect(await countRows(t, 'documents')).toBe(before);
    });

    it('takes runningBalance, or both startingBalance and closingBalance, but not one of them alone', async () => {
      const running = statement({
        accountNumber: '10000001',
        transactions: [{ transactionDate: '2026-02-01', description: 'Sale', amount: 10, runningBalance: 110 }],
      });
      createdStatement(await upload(t, partner, customerId, 'bank statement', { filename: 'running.json', content: json(running) }), 'running.json');

      const both = statement({
        accountNumber: '10000002',
        transactions: [{ transactionDate: '2026-02-01T10:30:00Z', description: 'Sale', amount: '10.50', startingBalance: '100.00', closingBalance: '110.50' }],
      });
      createdStatement(await upload(t, partner, customerId, 'bank statement', { filename: 'both.json', content: json(both) }), 'both.json');

      const onlyStarting = statement({
        accountNumber: '10000003',
        transactions: [{ transactionDate: '2026-02-01', description: 'Sale', amount: 10, startingBalance: 100 }],
      });
      expectPointers(await upload(t, partner, customerId, 'bank statement', { filename: 's.json', content: json(onlyStarting) }), [
        '/transactions/0/closingBalance',
      ]);

      const neither: StatementTx[] = [{ transactionDate: '2026-02-01', description: 'Sale', amount: 10 }];
      expectPointers(
        await upload(t, partner, customerId, 'bank statement', {
          filename: 'n.json',
          content: json(statement({ accountNumber: '10000004', transactions: neither })),
        }),
        ['/transactions/0/runningBalance'],
      );
    });

    it('requires every mandatory field of the spec', async () => {
      const empty = { accountInfo: {}, transactions: [{}] };
      expectPointers(await upload(t, partner, customerId, 'bank statement', { filename: 'empty.json', content: json(empty) }), [
        '/accountInfo/accountNumber',
        '/accountInfo/sortCode',
        '/accountInfo/accountHolder',
        '/accountInfo/currency',
        '/accountInfo/bankName',
        '/transactions/0/transactionDate',
        '/transactions/0/description',
        '/transactions/0/amount',
        '/transactions/0/runningBalance',
      ]);
      expectPointers(await upload(t, partner, customerId, 'bank statement', { filename: 'bare.json', content: Buffer.from('{}') }), [
        '/accountInfo',
        '/transactions',
      ]);
      expectPointers(await upload(t, partner, customerId, 'bank statement', { filename: 'none.json', content: json({ ...statement(), transactions: [] }) }), [
        '/transactions',
      ]);
    });

    it('answers 400 for text PostgreSQL cannot store (NUL, an unpaired surrogate), instead of failing in processing', async () => {
      const bad = statement({
        bankName: 'Bank\ud800',
        transactions: [
          { transactionDate: '2026-01-01', description: 'Card\u0000payment', amount: 1, runningBalance: 1 },
          { transactionDate: '2026-01-02', description: 'Fine', amount: 1, runningBalance: 2 },
        ],
      });
      const content = json(bad);
      expect(content.toString()).toContain('\\u0000');
      expectPointers(await upload(t, partner, customerId, 'bank statement', { filename: 'nul.json', content }), [
        '/accountInfo/bankName',
        '/transactions/0/description',
      ]);
      // The JSON body route refuses them too.
      expectPointers(await postStatement({ data: bad }), ['/data/accountInfo/bankName', '/data/transactions/0/description']);
    });

    it('answers 400 ParseError for a file that looks like JSON but is not', async () => {
      expectError(
        await upload(t, partner, customerId, 'bank statement', { filename: 'cut.json', content: Buffer.from('{"accountInfo": {"accountNumber": "1"') }),
        400,
        'ParseError',
      );
    });

    it('accepts a statement saved with a UTF-8 byte order mark', async () => {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json(statement({ accountNumber: '10000005' }))]);
      const data = createdStatement(await upload(t, partner, customerId, 'bank statement', { filename: 'bom.json', content: bytes }), 'bom.json');
      expect(sha256(await storedBytes(t, data.document_id))).toBe(sha256(bytes));
      await processDocument(t.app.ctx, data.document_id);
      const { rows } = await t.testDb.db.query<{ status: string }>('SELECT status FROM documents WHERE id = $1', [data.document_id]);
      expect(rows[0].status).toBe('accepted');
    });
  });

  describe('POST /bank_statements/{customer_id}/', () => {
    it('answers 201 like an upload with document_type "bank statement", bare or wrapped in data', async () => {
      const customer = await createCustomer(partner);
      const bare = createdStatement(await postStatement(statement({ accountNumber: '20000001', bankName: 'Bare Bank' }), customer));
      const wrapped = createdStatement(await postStatement({ data: statement({ accountNumber: '20000002', bankName: 'Wrapped Bank' }) }, customer));
      // Stored as documents of the customer, of kind JSON, pending processing.
      const { rows } = await t.testDb.db.query<{ id: string; file_kind: string; document_type: string; status: string }>(
        'SELECT id, file_kind, document_type, status FROM documents WHERE customer_id = $1 ORDER BY uploaded_at, id',
        [customer],
      );
      expect(rows.map((r) => r.id).sort()).toEqual([bare.document_id, wrapped.document_id].sort());
      for (const row of rows) expect(row).toMatchObject({ file_kind: 'json', document_type: 'bank statement', status: 'pending' });
      // The stored bytes are the statement.
      expect(JSON.parse((await storedBytes(t, bare.document_id)).toString('utf8')).accountInfo.bankName).toBe('Bare Bank');

      // Processed like an uploaded file: accepted, the account listed in included.
      await processDocument(t.app.ctx, bare.document_id);
      await processDocument(t.app.ctx, wrapped.document_id);
      const list = (await partner.get(`/document_upload/${customer}/`)).json();
      expect(list.data.map((d: { attributes: { status: string } }) => d.attributes.status)).toEqual(['accepted', 'accepted']);
      expect(list.included.map((a: { attributes: unknown }) => a.attributes)).toEqual(
        expect.arrayContaining([
          { bank_name: 'Bare Bank', account_number: '20000001' },
          { bank_name: 'Wrapped Bank', account_number: '20000002' },
        ]),
      );
      expect(list.included).toHaveLength(2);
    });

    it('answers 400 with pointers into the body, /data-prefixed when wrapped, and stores nothing', async () => {
      const before = await countRows(t, 'documents');
      expectPointers(await postStatement(brokenStatement()), BROKEN_POINTERS);
      expectPointers(
        await postStatement({ data: brokenStatement() }),
        BROKEN_POINTERS.map((p) => `/data${p}`),
      );
      expect(await countRows(t, 'documents')).toBe(before);
    });

    it('answers 400 for a body that is not a statement object, ParseError for malformed JSON, 415 for another media type', async () => {
      expectError(await postStatement([statement()]), 400, 'ValidationError');
      expectError(await postStatement('"a string"'), 400, 'ValidationError');
      expectError(await postStatement({}), 400, 'ValidationError');
      expectError(await partner.request('POST', `/bank_statements/${customerId}/`, '{"accountInfo": '), 400, 'ParseError');
      const noBody = await partner.request('POST', `/bank_statements/${customerId}/`, undefined, { 'content-type': 'application/json' });
      expect(noBody.statusCode).toBe(400);
      expectError(
        await partner.request('POST', `/bank_statements/${customerId}/`, JSON.stringify(statement()), { 'content-type': 'text/plain' }),
        415,
        'UnsupportedMediaType',
      );
    });

    it('answers 409 DuplicateDocument for the same statement twice', async () => {
      const customer = await createCustomer(partner);
      const body = statement({ accountNumber: '20000003' });
      const first = createdStatement(await postStatement(body, customer));
      const errors = expectError(await postStatement(body, customer), 409, 'DuplicateDocument');
      expect(errors[0].meta).toEqual({ document_id: first.document_id });
    });

    it('takes a statement over the 1 MiB JSON limit (it is an upload) but not over 20 MiB', async () => {
      const customer = await createCustomer(partner);
      const many = (n: number, text: string) =>
        Array.from({ length: n }, (_, i) => ({ transactionDate: '2026-01-15', description: `${text} ${i}`, amount: 1, runningBalance: i + 1 }));
      const big = statement({ accountNumber: '20000004', transactions: many(25_000, 'Card payment from a customer') });
      expect(JSON.stringify(big).length).toBeGreaterThan(2 * 1024 * 1024);
      createdStatement(await postStatement(big, customer));

      const before = { documents: await countRows(t, 'documents'), chunks: await countRows(t, 'document_chunks') };
      const huge = statement({ accountNumber: '20000005', transactions: many(220_000, 'Card payment from a customer') });
      expect(JSON.stringify(huge).length).toBeGreaterThan(20 * 1024 * 1024);
      expectError(await postStatement(huge, customer), 413, 'PayloadTooLarge');
      expect(await countRows(t, 'documents')).toBe(before.documents);
      expect(await countRows(t, 'document_chunks')).toBe(before.chunks);
    });

    it('keeps tenants apart and needs the write scope', async () => {
      const before = await countRows(t, 'documents');
      const other = await t.partner({ name: 'Other Partner' });
      expectError(await postStatement(statement({ accountNumber: '20000006' }), customerId, other), 404, 'NotFound');
      expectError(await postStatement(statement({ accountNumber: '20000006' }), UNKNOWN_UUID), 404, 'NotFound');
      expectError(await postStatement(statement({ accountNumber: '20000006' }), 'nope'), 404, 'NotFound');
      const reader = await t.token(partner.partnerId, 'sandbox', ['read']);
      expectError(await postStatement(statement({ accountNumber: '20000006' }), customerId, reader), 403, 'PermissionDenied');
      expect(await countRows(t, 'documents')).toBe(before);
    });

    it('is served under the v2.1 alias', async () => {
      const res = await partner.request('POST', `/api/lending/v2.1/bank_statements/${customerId}`, { data: statement({ accountNumber: '20000007' }) });
      createdStatement(res);
      expect(res.headers.deprecation).toBe('true');
    });
  });
});
