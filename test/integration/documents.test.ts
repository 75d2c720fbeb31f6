/**
 * Document uploads (docs/behaviour.md, section 11, and the limits of section 3): POST /document_upload/{customer_id}/
 * with real files built in the test, the list route, and what is stored.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BACKENDS } from '../helpers/db.ts';
import { BASE, createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { countRows, expectError, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';
import {
  csvFile,
  jpeg,
  json,
  pdf,
  pdfOfSize,
  png,
  sha256,
  statement,
  storedBytes,
  tiff,
  upload,
  uploadParts,
  xls,
  xlsx,
  zip,
  type FilePart,
} from '../helpers/files.ts';
import { DOCUMENT_TYPES } from '../../src/domain/document-types.ts';

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const MIB = 1024 * 1024;

interface UploadJson {
  document_id: string;
  document_name: string;
  document_type: string;
  upload_date: string;
}

/** A 201 upload answer in the documented shape; returns its data. */
function created(res: LightMyRequestResponse, expected: { name: string; type: string }): UploadJson {
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['data']);
  expect(Object.keys(body.data).sort()).toEqual(['document_id', 'document_name', 'document_type', 'upload_date']);
  expect(body.data.document_id).toMatch(UUID);
  expect(body.data.document_name).toBe(expected.name);
  expect(body.data.document_type).toBe(expected.type);
  expect(body.data.upload_date).toMatch(ISO_Z);
  return body.data;
}

describe.each(BACKENDS)('document uploads on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);
  let customerId: string;

  beforeAll(async () => {
    customerId = await createCustomer(partner);
  });

  const documentRow = async (id: string) => {
    const { rows } = await t.testDb.db.query<{
      file_kind: string;
      mime_type: string;
      size_bytes: number;
      sha256: string;
      status: string;
      customer_id: string;
      partner_id: string;
    }>('SELECT file_kind, mime_type, size_bytes::int8 AS size_bytes, sha256, status, customer_id, partner_id FROM documents WHERE id = $1', [id]);
    return rows[0];
  };

  describe('accepted files', () => {
    const kinds: { kind: string; mime: string; file: () => FilePart; type: string }[] = [
      {
        kind: 'pdf',
        mime: 'application/pdf',
        type: 'business accounts',
        file: () => ({ filename: 'accounts.pdf', content: pdf({ seed: 'kinds' }), type: 'application/pdf' }),
      },
      { kind: 'png', mime: 'image/png', type: 'personal id', file: () => ({ filename: 'passport.png', content: png(1), type: 'image/png' }) },
      { kind: 'jpeg', mime: 'image/jpeg', type: 'personal id', file: () => ({ filename: 'licence.jpg', content: jpeg('kinds'), type: 'image/jpeg' }) },
      { kind: 'tiff', mime: 'image/tiff', type: 'invoices', file: () => ({ filename: 'scan.tif', content: tiff(1), type: 'image/tiff' }) },
      { kind: 'csv', mime: 'text/csv', type: 'aged debtor report', file: () => ({ filename: 'debtors.csv', content: csvFile('kinds'), type: 'text/csv' }) },
      {
        kind: 'xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        type: 'cashflow forecast',
        file: () => ({ filename: 'forecast.xlsx', content: xlsx('kinds'), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      },
      {
        kind: 'xls',
        mime: 'application/vnd.ms-excel',
        type: 'management accounts',
        file: () => ({ filename: 'mgmt.xls', content: xls(1), type: 'application/vnd.ms-excel' }),
      },
      {
        kind: 'json',
        mime: 'application/json',
        type: 'bank statement',
        file: () => ({ filename: 'statement.json', content: json(statement()), type: 'application/json' }),
      },
    ];

    it.each(kinds)('stores a $kind file byte for byte and answers 201', async ({ kind, mime, file, type }) => {
      const part = file();
      const data = created(await upload(t, partner, customerId, type, part), { name: part.filename, type });
      const row = await documentRow(data.document_id);
      expect(row).toMatchObject({
        file_kind: kind,
        mime_type: mime,
        size_bytes: part.content.length,
        status: 'pending',
        customer_id: customerId,
        partner_id: partner.partnerId,
      });
      expect(row.sha256).toBe(sha256(part.content));
      const stored = await storedBytes(t, data.document_id);
      expect(stored.length).toBe(part.content.length);
      expect(sha256(stored)).toBe(sha256(part.content));
    });

    it('recognises a file by its bytes, not by its declared name or Content-Type', async () => {
      const bytes = pdf({ seed: 'disguised' });
      const data = created(await upload(t, partner, customerId, 'other', { filename: 'photo.png', content: bytes, type: 'image/png' }), {
        name: 'photo.png',
        type: 'other',
      });
      expect(await documentRow(data.document_id)).toMatchObject({ file_kind: 'pdf', mime_type: 'application/pdf' });
      // And a PNG declared as a PDF is a PNG.
      const image = created(await upload(t, partner, customerId, 'other', { filename: 'x.pdf', content: png(77), type: 'application/pdf' }), {
        name: 'x.pdf',
        type: 'other',
      });
      expect((await documentRow(image.document_id)).file_kind).toBe('png');
    });

    it('stores a multi-chunk file (3 MiB) with its chunks in order', async () => {
      const bytes = pdf({ padding: 3 * MIB });
      const data = created(await upload(t, partner, customerId, 'business plan', { filename: 'plan.pdf', content: bytes }), {
        name: 'plan.pdf',
        type: 'business plan',
      });
      expect(await countRows(t, 'document_chunks', 'document_id = $1', [data.document_id])).toBeGreaterThan(1);
      const stored = await storedBytes(t, data.document_id);
      expect(sha256(stored)).toBe(sha256(bytes));
    });

    it('accepts the document_type part after the file part', async () => {
      const part = { filename: 'late-type.pdf', content: pdf({ seed: 'late' }) };
      const res = await uploadParts(t, partner, customerId, [
        ['document', part],
        ['document_type', 'vat return'],
      ]);
      created(res, { name: 'late-type.pdf', type: 'vat return' });
    });

    it('keeps the file name, UTF-8 included, without control characters, cut at 255 characters', async () => {
      const utf8 = created(await upload(t, partner, customerId, 'other', { filename: 'Relevé de compte – 2026.pdf', content: pdf({ seed: 'utf8-name' }) }), {
        name: 'Relevé de compte – 2026.pdf',
        type: 'other',
      });
      expect(utf8.document_name).toBe('Relevé de compte – 2026.pdf');
      // 254 characters then an emoji (two UTF-16 units): cut after the emoji, never inside it.
      const long = `${'n'.repeat(254)}😀${'x'.repeat(50)}.pdf`;
      const cut = (await upload(t, partner, customerId, 'other', { filename: long, content: pdf({ seed: 'long-name' }) })).json().data.document_name as string;
      expect([...cut]).toHaveLength(255);
      expect(cut).toBe(`${'n'.repeat(254)}😀`);
      // A NUL or another control character in the name (PostgreSQL cannot store NUL): removed, not a 500.
      const boundary = 'nameBoundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nother\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="scan\u0000\u0007 1.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          'latin1',
        ),
        pdf({ seed: 'nul-name' }),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/document_upload/${customerId}/`,
        headers: { authorization: `Bearer ${partner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      created(res, { name: 'scan 1.pdf', type: 'other' });
    });

    it('accepts every one of the 22 document types of the spec', async () => {
      expect(DOCUMENT_TYPES).toHaveLength(22);
      const customer = await createCustomer(partner);
      const ids: string[] = [];
      for (const type of DOCUMENT_TYPES) {
        const res = await upload(t, partner, customer, type, { filename: `${type}.pdf`, content: pdf({ seed: type }) });
        ids.push(created(res, { name: `${type}.pdf`, type }).document_id);
      }
      const list = await partner.get(`/document_upload/${customer}/`);
      expect(list.statusCode).toBe(200);
      const listed = list.json().data as { id: string; attributes: { document_type: string } }[];
      expect(listed.map((d) => d.id).sort()).toEqual([...ids].sort());
      expect(listed.map((d) => d.attributes.document_type).sort()).toEqual([...DOCUMENT_TYPES].sort());
    });

    it('is served under the v2.1 alias, marked deprecated', async () => {
      const res = await upload(t, partner, customerId, 'other', { filename: 'legacy.pdf', content: pdf({ seed: 'v2.1' }) }, { base: '/api/lending/v2.1' });
      created(res, { name: 'legacy.pdf', type: 'other' });
      expect(res.headers.deprecation).toBe('true');
      const list = await partner.get(`/api/lending/v2.1/document_upload/${customerId}`);
      expect(list.statusCode).toBe(200);
      expect(list.headers.deprecation).toBe('true');
    });

    it('lists documents in the documented shape, newest first, bank_account null for non-statements', async () => {
      const customer = await createCustomer(partner);
      const first = created(await upload(t, partner, customer, 'invoices', { filename: 'inv.pdf', content: pdf({ seed: 'list-1' }) }), {
        name: 'inv.pdf',
        type: 'invoices',
      });
      const second = created(await upload(t, partner, customer, 'personal id', { filename: 'id.png', content: png(4242) }), {
        name: 'id.png',
        type: 'personal id',
      });
      const res = await partner.get(`/document_upload/${customer}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [second, first].map((d) => ({
          type: 'document',
          id: d.document_id,
          attributes: { document_name: d.document_name, document_type: d.document_type, upload_date: d.upload_date, status: 'pending', reject_reason: null },
          relationships: { bank_account: { data: null } },
        })),
        included: [],
        meta: { next_cursor: null, previous_cursor: null },
      });
      // A customer without documents.
      expect((await partner.get(`/document_upload/${await createCustomer(partner)}/`)).json()).toEqual({
        data: [],
        included: [],
        meta: { next_cursor: null, previous_cursor: null },
      });
    });
  });

  describe('refusals', () => {
    const file = (seed: string): FilePart => ({ filename: `${seed}.pdf`, content: pdf({ seed }) });

    it.each(['Bank Statement', 'bank_statement', 'bank statement ', ' bank statement', 'vat_returns', 'company_accounts', 'statement', ''])(
      'answers 400 naming document_type for %j, storing nothing',
      async (type) => {
        const before = await countRows(t, 'documents');
        const errors = expectError(await upload(t, partner, customerId, type, file(`bad-type-${type}`)), 400, 'ValidationError');
        expect(errors).toHaveLength(1);
        expect(errors[0].source).toEqual({ parameter: 'document_type' });
        expect(await countRows(t, 'documents')).toBe(before);
      },
    );

    it('answers 400 naming document_type when the part is missing, and document when the file is', async () => {
      const noType = expectError(await uploadParts(t, partner, customerId, [['document', file('no-type')]]), 400, 'ValidationError');
      expect(noType.map((e) => e.source)).toEqual([{ parameter: 'document_type' }]);
      const noFile = expectError(await uploadParts(t, partner, customerId, [['document_type', 'other']]), 400, 'ValidationError');
      expect(noFile.map((e) => e.source)).toEqual([{ parameter: 'document' }]);
      // The file under another part name is not the document.
      const wrongName = expectError(
        await uploadParts(t, partner, customerId, [
          ['document_type', 'other'],
          ['file', file('wrong-part')],
        ]),
        400,
        'ValidationError',
      );
      expect(wrongName.map((e) => e.source)).toEqual([{ parameter: 'document' }]);
      // Both missing: one entry for each.
      const neither = expectError(await uploadParts(t, partner, customerId, [['note', 'hello']]), 400, 'ValidationError');
      expect(neither.map((e) => e.source)).toEqual([{ parameter: 'document_type' }, { parameter: 'document' }]);
      // A text part named document is not a file.
      const textDocument = expectError(
        await uploadParts(t, partner, customerId, [
          ['document_type', 'other'],
          ['document', 'not a file'],
        ]),
        400,
        'ValidationError',
      );
      expect(textDocument.map((e) => e.source)).toEqual([{ parameter: 'document' }]);
    });

    const unsupported: [string, string, FilePart][] = [
      ['random binary', 'other', { filename: 'blob.bin', content: Buffer.concat([Buffer.from([0x00, 0x01, 0x02, 0xfe]), randomBytes(4000)]) }],
      [
        'random binary named .pdf',
        'other',
        { filename: 'blob.pdf', content: Buffer.concat([Buffer.from([0x07, 0x00]), randomBytes(2000)]), type: 'application/pdf' },
      ],
      [
        'a prose .txt file',
        'business plan',
        {
          filename: 'plan.txt',
          content: Buffer.from(
            'Our plan for the next year.\nWe will open two new shops, hire staff, and, if all goes well, expand online.\nRevenue should grow.\n' +
              'Costs, however, will rise too, mainly rent, wages and stock.\n',
          ),
          type: 'text/plain',
        },
      ],
      [
        'prose named .csv',
        'other',
        {
          filename: 'notes.csv',
          content: Buffer.from('Dear team,\nplease find, attached, our notes.\nThanks\nBest regards, and see you, soon, ok\n'),
          type: 'text/csv',
        },
      ],
      ['an empty file', 'other', { filename: 'empty.pdf', content: Buffer.alloc(0) }],
      ['a zip that is not a spreadsheet', 'other', { filename: 'archive.zip', content: zip([{ name: 'readme.txt', data: Buffer.from('hello') }]) }],
      ['a Word document', 'other', { filename: 'letter.docx', content: zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]) }],
      ['UTF-16 text', 'other', { filename: 'data.csv', content: Buffer.from('\ufeffa,b\n1,2\n', 'utf16le') }],
      ['a JSON statement as "other"', 'other', { filename: 's.json', content: json(statement({ accountNumber: '11111111' })) }],
      [
        'a JSON statement as "personal bank statement"',
        'personal bank statement',
        { filename: 's.json', content: json(statement({ accountNumber: '22222222' })) },
      ],
      ['a JSON array as "invoices"', 'invoices', { filename: 'list.json', content: Buffer.from('[1, 2, 3]') }],
    ];

    it.each(unsupported)('answers 415 UnsupportedMediaType for %s, storing nothing', async (_name, type, part) => {
      const before = await countRows(t, 'documents');
      expectError(await upload(t, partner, customerId, type, part), 415, 'UnsupportedMediaType');
      expect(await countRows(t, 'documents')).toBe(before);
    });

    it('answers 400 for two files in one request, storing neither', async () => {
      const before = await countRows(t, 'documents');
      for (const second of ['document', 'attachment']) {
        const res = await uploadParts(t, partner, customerId, [
          ['document_type', 'bank statement'],
          ['document', { filename: 'jan.pdf', content: pdf({ seed: `two-${second}-1` }) }],
          [second, { filename: 'feb.pdf', content: pdf({ seed: `two-${second}-2` }) }],
        ]);
        const errors = expectError(res, 400, 'ValidationError');
        expect(errors.map((e) => e.source)).toEqual([{ parameter: 'document' }]);
      }
      expect(await countRows(t, 'documents')).toBe(before);
    });

    it('answers 400 ParseError for a malformed or truncated multipart body, never 500', async () => {
      const before = await countRows(t, 'documents');
      const send = (contentType: string, payload?: Buffer) =>
        t.app.inject({
          method: 'POST',
          url: `${BASE}/document_upload/${customerId}/`,
          headers: { authorization: `Bearer ${partner.token}`, 'content-type': contentType },
          payload,
        });
      const boundary = 'cutShort';
      const truncated = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nother\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="t.pdf"\r\n\r\n`),
        pdf({ seed: 'truncated-body' }).subarray(0, 200),
      ]);
      expectError(await send(`multipart/form-data; boundary=${boundary}`, truncated), 400, 'ParseError');
      expectError(await send('multipart/form-data', Buffer.from('no boundary given')), 400, 'ParseError');
      expectError(await send(`multipart/form-data; boundary=${'b'.repeat(300)}`, Buffer.from('x')), 400, 'ParseError');
      // An empty multipart body lacks both parts.
      const empty = expectError(await send(`multipart/form-data; boundary=${boundary}`), 400, 'ValidationError');
      expect(empty.map((e) => e.source)).toEqual([{ parameter: 'document_type' }, { parameter: 'document' }]);
      expect(await countRows(t, 'documents')).toBe(before);
    });

    it('answers 415 for an upload that is not multipart/form-data', async () => {
      const res = await partner.post(`/document_upload/${customerId}/`, { document_type: 'other', document: 'x' });
      expectError(res, 415, 'UnsupportedMediaType');
    });

    it('answers 413 PayloadTooLarge for a file over 20 MiB and stores nothing', async () => {
      const customer = await createCustomer(partner);
      const before = { documents: await countRows(t, 'documents'), chunks: await countRows(t, 'document_chunks') };
      const big = pdf({ padding: 20 * MIB + 1 });
      expect(big.length).toBeGreaterThan(20 * MIB);
      expectError(await upload(t, partner, customer, 'bank statement', { filename: 'huge.pdf', content: big }), 413, 'PayloadTooLarge');
      expect(await countRows(t, 'documents')).toBe(before.documents);
      expect(await countRows(t, 'document_chunks')).toBe(before.chunks);
      expect(await countRows(t, 'documents', 'customer_id = $1', [customer])).toBe(0);
      // The limit is "over 20 MiB": a file of exactly 20 MiB is stored whole.
      const exact = pdfOfSize(20 * MIB);
      expect(exact.length).toBe(20 * MIB);
      const data = created(await upload(t, partner, customer, 'bank statement', { filename: 'exact.pdf', content: exact }), {
        name: 'exact.pdf',
        type: 'bank statement',
      });
      expect(sha256(await storedBytes(t, data.document_id))).toBe(sha256(exact));
    });

    it('answers 409 DuplicateDocument with meta.document_id for the same bytes twice for one customer', async () => {
      const customer = await createCustomer(partner);
      const bytes = png(9001);
      const first = created(await upload(t, partner, customer, 'personal id', { filename: 'a.png', content: bytes }), { name: 'a.png', type: 'personal id' });
      // Another name and another document type do not make it another document.
      const errors = expectError(await upload(t, partner, customer, 'other', { filename: 'b.png', content: bytes }), 409, 'DuplicateDocument');
      expect(errors).toHaveLength(1);
      expect(errors[0].meta).toEqual({ document_id: first.document_id });
      expect(await countRows(t, 'documents', 'customer_id = $1', [customer])).toBe(1);
      // The same bytes for another customer are another document.
      const other = await createCustomer(partner);
      const second = created(await upload(t, partner, other, 'personal id', { filename: 'a.png', content: bytes }), { name: 'a.png', type: 'personal id' });
      expect(second.document_id).not.toBe(first.document_id);
      // A single byte of difference is another document too.
      const changed = Buffer.from(bytes);
      changed[changed.length - 13] ^= 0xff; // inside the IEND CRC, still a PNG by its signature
      created(await upload(t, partner, customer, 'personal id', { filename: 'c.png', content: changed }), { name: 'c.png', type: 'personal id' });
    });

    it('takes exactly one of 10 concurrent identical uploads; the nine others are 409', async () => {
      const customer = await createCustomer(partner);
      const bytes = pdf({ seed: 'concurrent', padding: 300 * 1024 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => upload(t, partner, customer, 'bank statement', { filename: `c${i}.pdf`, content: bytes })),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      const winner = answers.find((a) => a.statusCode === 201) as LightMyRequestResponse;
      const id = winner.json().data.document_id;
      for (const loser of answers.filter((a) => a.statusCode === 409)) {
        expect(expectError(loser, 409, 'DuplicateDocument')[0].meta).toEqual({ document_id: id });
      }
      expect(await countRows(t, 'documents', 'customer_id = $1', [customer])).toBe(1);
      expect(sha256(await storedBytes(t, id))).toBe(sha256(bytes));
    });
  });

  describe('access', () => {
    it("answers 404 for another partner's customer, another environment's, an unknown or malformed id", async () => {
      const part = { filename: 'x.pdf', content: pdf({ seed: 'isolation' }) };
      const other = await t.partner({ name: 'Other Partner' });
      expectError(await upload(t, other, customerId, 'other', part), 404, 'NotFound');
      expectError(await other.get(`/document_upload/${customerId}/`), 404, 'NotFound');
      const production = await t.token(partner.partnerId, 'production');
      expectError(await upload(t, production, customerId, 'other', part), 404, 'NotFound');
      expectError(await production.get(`/document_upload/${customerId}/`), 404, 'NotFound');
      expectError(await upload(t, partner, UNKNOWN_UUID, 'other', part), 404, 'NotFound');
      expectError(await upload(t, partner, 'not-a-uuid', 'other', part), 404, 'NotFound');
      expectError(await partner.get(`/document_upload/${UNKNOWN_UUID}/`), 404, 'NotFound');
      expectError(await partner.get('/document_upload/123/'), 404, 'NotFound');
      expect(await countRows(t, 'documents', 'sha256 = $1', [sha256(part.content)])).toBe(0);
      // The other partner's own customer takes the same file.
      const theirs = await createCustomer(other);
      created(await upload(t, other, theirs, 'other', part), { name: 'x.pdf', type: 'other' });
      // And our list does not show their document.
      const ours = (await partner.get(`/document_upload/${customerId}/`)).json().data as { id: string }[];
      const { rows } = await t.testDb.db.query<{ id: string }>('SELECT id FROM documents WHERE customer_id = $1', [theirs]);
      expect(ours.map((d) => d.id)).not.toContain(rows[0].id);
    });

    it('answers 403 for a read-only token (which may still list) and 401 without a token', async () => {
      const reader = await t.token(partner.partnerId, 'sandbox', ['read']);
      const part = { filename: 'ro.pdf', content: pdf({ seed: 'read-only' }) };
      expectError(await upload(t, reader, customerId, 'other', part), 403, 'PermissionDenied');
      expect(await countRows(t, 'documents', 'sha256 = $1', [sha256(part.content)])).toBe(0);
      expect((await reader.get(`/document_upload/${customerId}/`)).statusCode).toBe(200);
      const anonymous = await t.app.inject({ method: 'GET', url: `${BASE}/document_upload/${customerId}/` });
      expectError(anonymous, 401, 'AuthenticationFailed');
      expectError(await upload(t, { token: 'sk_sandbox_unknown' }, customerId, 'other', part), 401, 'AuthenticationFailed');
    });
  });
});
