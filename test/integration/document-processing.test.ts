/**
 * Background document processing (docs/behaviour.md, section 11): pending → processing → accepted |
 * rejected, by processDocument and by the real worker; what accepted documents do to
 * applications and decisions (sections 6 and 7); the operator's review route.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { countRows, expectError, expectPointers, UNKNOWN_UUID } from '../helpers/foundation.ts';
import { apply, decisionRows, eventsFor, getOffers, storedStatus } from '../helpers/lending.ts';
import { csvFile, jpeg, json, pdf, pdfOfSize, png, statement, tiff, upload, xls, xlsx, type FilePart, type StatementTx } from '../helpers/files.ts';
import { addDays, addMonths, londonToday } from '../../src/domain/dates.ts';
import type { Db } from '../../src/store/db.ts';
import { processDocument } from '../../src/services/document-processing.ts';
import { readEdges } from '../../src/store/documents-store.ts';
import { startWorker } from '../../src/worker/worker.ts';

interface ListedDocument {
  type: 'document';
  id: string;
  attributes: { document_name: string; document_type: string; upload_date: string; status: string; reject_reason: string | null };
  relationships: { bank_account: { data: { type: 'bank_account'; id: string } | null } };
}

interface DocumentList {
  data: ListedDocument[];
  included: { type: 'bank_account'; id: string; attributes: { bank_name: string; account_number: string } }[];
}

const WORKER_CONFIG = { webhookTimeoutMs: 2000, webhookRetryScale: 0.001, allowPrivateWebhookUrls: true, production: false };

/** A database whose chunk reads wait at a gate, so a test can look at a document mid-processing. */
function gatedDb(db: Db) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const gated: Db = {
    kind: db.kind,
    async query(sql, params) {
      if (/FROM document_chunks/.test(sql)) {
        arrive();
        await opened;
      }
      return db.query(sql, params);
    },
    transaction: (work) => db.transaction(work),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
  return { db: gated, open, arrived };
}

function truncated(bytes: Buffer, drop: number): Buffer {
  return bytes.subarray(0, bytes.length - drop);
}

describe.each(BACKENDS)('document processing on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  async function uploaded(customerId: string, type: string, file: FilePart): Promise<string> {
    const res = await upload(t, partner, customerId, type, file);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.document_id;
  }

  async function list(customerId: string): Promise<DocumentList> {
    const res = await partner.get(`/document_upload/${customerId}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function listed(customerId: string, documentId: string): Promise<ListedDocument> {
    const found = (await list(customerId)).data.find((d) => d.id === documentId);
    if (!found) throw new Error(`document ${documentId} not listed`);
    return found;
  }

  describe('processDocument', () => {
    const readable: [string, string, () => FilePart][] = [
      ['a PDF', 'business accounts', () => ({ filename: 'a.pdf', content: pdf({ seed: 'ok' }) })],
      ['a 3 MiB PDF (many chunks)', 'business accounts', () => ({ filename: 'big.pdf', content: pdf({ padding: 3 * 1024 * 1024 }) })],
      ['a PNG', 'personal id', () => ({ filename: 'a.png', content: png(11) })],
      ['a JPEG', 'personal id', () => ({ filename: 'a.jpg', content: jpeg('ok') })],
      ['a TIFF', 'invoices', () => ({ filename: 'a.tif', content: tiff(11) })],
      ['a CSV', 'aged debtor report', () => ({ filename: 'a.csv', content: csvFile('ok') })],
      ['an XLSX', 'cashflow forecast', () => ({ filename: 'a.xlsx', content: xlsx('ok') })],
      ['an XLS', 'management accounts', () => ({ filename: 'a.xls', content: xls(11) })],
    ];

    it.each(readable)('accepts %s', async (_name, type, file) => {
      const customerId = await createCustomer(partner);
      const id = await uploaded(customerId, type, file());
      expect((await listed(customerId, id)).attributes).toMatchObject({ status: 'pending', reject_reason: null });
      await processDocument(t.app.ctx, id);
      const doc = await listed(customerId, id);
      expect(doc.attributes).toMatchObject({ status: 'accepted', reject_reason: null });
      expect(doc.relationships.bank_account.data).toBeNull();
      const { rows } = await t.testDb.db.query<{ processed_at: Date | null }>('SELECT processed_at FROM documents WHERE id = $1', [id]);
      expect(rows[0].processed_at).not.toBeNull();
    });

    const badTiff = () => {
      const bytes = tiff(12);
      bytes.writeUInt32LE(1_000_000, 4); // the directory lies past the end of the file
      return bytes;
    };
    const unreadable: [string, string, () => FilePart][] = [
      ['a truncated PDF (no %%EOF)', 'bank statement', () => ({ filename: 'cut.pdf', content: truncated(pdf({ seed: 'cut', padding: 200_000 }), 100_000) })],
      ['a PDF cut just before %%EOF', 'business accounts', () => ({ filename: 'cut2.pdf', content: truncated(pdf({ seed: 'cut2' }), 6) })],
      ['a PNG without IEND', 'personal id', () => ({ filename: 'cut.png', content: truncated(png(12), 12) })],
      ['a JPEG without its end marker', 'personal id', () => ({ filename: 'cut.jpg', content: truncated(jpeg('cut'), 2) })],
      ['a TIFF whose directory is missing', 'invoices', () => ({ filename: 'cut.tif', content: badTiff() })],
      ['an XLSX without its central directory end', 'cashflow forecast', () => ({ filename: 'cut.xlsx', content: truncated(xlsx('cut'), 22) })],
      ['an XLS shorter than one sector', 'management accounts', () => ({ filename: 'cut.xls', content: xls(12).subarray(0, 300) })],
    ];

    // Stored in chunks of 1 MiB: the edges of files that end inside, at and just past a chunk.
    const MIB = 1024 * 1024;
    it.each([100, 70_000, MIB, MIB + 1, MIB + 70_000, 2 * MIB + 3])('reads the first and last bytes of a %i-byte file from its chunks', async (size) => {
      const customerId = await createCustomer(partner);
      const content = Buffer.alloc(size);
      for (let i = 0; i < size; i++) content[i] = (i * 7 + (i >> 10)) & 0xff;
      Buffer.from('%PDF-1.4\n').copy(content);
      const id = await uploaded(customerId, 'other', { filename: `edges-${size}.pdf`, content });
      const edges = await readEdges(t.app.ctx.db, id, 8192, 65536);
      expect(edges.head.equals(content.subarray(0, 8192))).toBe(true);
      expect(edges.tail.equals(content.subarray(Math.max(0, size - 65536)))).toBe(true);
    });

    it('accepts a PDF whose end marker straddles two chunks', async () => {
      const customerId = await createCustomer(partner);
      const content = pdfOfSize(MIB + 3, 'straddle'); // "%%EOF\n": three bytes in each chunk
      const id = await uploaded(customerId, 'business accounts', { filename: 'straddle.pdf', content });
      await processDocument(t.app.ctx, id);
      expect((await listed(customerId, id)).attributes).toMatchObject({ status: 'accepted', reject_reason: null });
    });

    it.each(unreadable)('rejects %s with an "unreadable" reason', async (_name, type, file) => {
      const customerId = await createCustomer(partner);
      const id = await uploaded(customerId, type, file());
      await processDocument(t.app.ctx, id);
      const doc = await listed(customerId, id);
      expect(doc.attributes.status).toBe('rejected');
      expect(doc.attributes.reject_reason).toMatch(/^unreadable/);
    });

    it('shows processing while it works, and an operator review made meanwhile wins', async () => {
      const customerId = await createCustomer(partner);
      const id = await uploaded(customerId, 'other', { filename: 'slow.pdf', content: pdf({ seed: 'gated' }) });
      const gate = gatedDb(t.testDb.db);
      const running = processDocument({ db: gate.db, now: t.app.ctx.now }, id);
      await gate.arrived;
      expect((await listed(customerId, id)).attributes).toMatchObject({ status: 'processing', reject_reason: null });
      const review = await t.admin('POST', `/documents/${id}/review`, { status: 'rejected', reject_reason: 'wrong company on the accounts' });
      expect(review.statusCode, review.body).toBe(200);
      gate.open();
      await running;
      expect((await listed(customerId, id)).attributes).toMatchObject({ status: 'rejected', reject_reason: 'wrong company on the accounts' });

      // Without a review it settles: processing → accepted.
      const next = await uploaded(customerId, 'other', { filename: 'slow2.pdf', content: pdf({ seed: 'gated-2' }) });
      const gate2 = gatedDb(t.testDb.db);
      const running2 = processDocument({ db: gate2.db, now: t.app.ctx.now }, next);
      await gate2.arrived;
      expect((await listed(customerId, next)).attributes.status).toBe('processing');
      gate2.open();
      await running2;
      expect((await listed(customerId, next)).attributes.status).toBe('accepted');
    });

    it('rejects, rather than failing on every retry, a stored statement it cannot keep', async () => {
      // A statement stored before upload validation refused NUL characters: processing must settle it.
      const customerId = await createCustomer(partner);
      const id = await uploaded(customerId, 'bank statement', { filename: 'old.json', content: json(statement({ accountNumber: '90909090' })) });
      const stored = statement({
        accountNumber: '90909090',
        transactions: [{ transactionDate: '2026-01-01', description: 'a\u0000b', amount: 5, runningBalance: 5 }],
      });
      await t.testDb.db.query('DELETE FROM document_chunks WHERE document_id = $1', [id]);
      await t.testDb.db.query('INSERT INTO document_chunks (document_id, seq, data) VALUES ($1, 0, $2)', [id, json(stored)]);
      await processDocument(t.app.ctx, id);
      const doc = await listed(customerId, id);
      expect(doc.attributes.status).toBe('rejected');
      expect(doc.attributes.reject_reason).toMatch(/^invalid statement: .*NUL/);
      // And a stored file that is not JSON at all is unreadable.
      const broken = await uploaded(customerId, 'bank statement', { filename: 'broken.json', content: json(statement({ accountNumber: '80808080' })) });
      await t.testDb.db.query('UPDATE document_chunks SET data = $2 WHERE document_id = $1', [broken, Buffer.from('{"accountInfo": ')]);
      await processDocument(t.app.ctx, broken);
      expect((await listed(customerId, broken)).attributes.reject_reason).toMatch(/^unreadable/);
    });

    it('finishes a document left in processing (a crashed attempt), leaves settled ones alone, ignores unknown ids', async () => {
      const customerId = await createCustomer(partner);
      const id = await uploaded(customerId, 'other', { filename: 'retry.pdf', content: pdf({ seed: 'retry' }) });
      await t.testDb.db.query(`UPDATE documents SET status = 'processing' WHERE id = $1`, [id]);
      await processDocument(t.app.ctx, id);
      expect((await listed(customerId, id)).attributes.status).toBe('accepted');
      // An operator's rejection is not undone by a late or repeated job.
      const review = await t.admin('POST', `/documents/${id}/review`, { status: 'rejected', reject_reason: 'illegible scan' });
      expect(review.statusCode).toBe(200);
      await processDocument(t.app.ctx, id);
      expect((await listed(customerId, id)).attributes).toMatchObject({ status: 'rejected', reject_reason: 'illegible scan' });
      await expect(processDocument(t.app.ctx, UNKNOWN_UUID)).resolves.toBeUndefined();
    });
  });

  describe('JSON statements', () => {
    it('lists the bank and account of accepted statements in included, matched through relationships', async () => {
      const customerId = await createCustomer(partner);
      const first = await uploaded(customerId, 'bank statement', {
        filename: 'jan.json',
        content: json(statement({ bankName: 'First Bank', accountNumber: '00012345', sortCode: '10-20-30' })),
      });
      const second = await uploaded(customerId, 'bank statement', {
        filename: 'feb.json',
        content: json(
          statement({
            bankName: 'First Bank',
            accountNumber: '00012345',
            sortCode: '10-20-30',
            transactions: [{ transactionDate: '2026-02-03', description: 'Sale', amount: 99, runningBalance: 199 }],
          }),
        ),
      });
      const other = await uploaded(customerId, 'bank statement', {
        filename: 'other.json',
        content: json(statement({ bankName: 'Second Bank', accountNumber: '99998888', sortCode: '40-50-60' })),
      });
      const scan = await uploaded(customerId, 'bank statement', { filename: 'scan.pdf', content: pdf({ seed: 'statement-scan' }) });

      // Before processing: no accounts yet.
      expect((await list(customerId)).included).toEqual([]);
      for (const id of [first, second, other, scan]) await processDocument(t.app.ctx, id);

      const answer = await list(customerId);
      expect(Object.keys(answer).sort()).toEqual(['data', 'included', 'meta']);
      const byId = new Map(answer.data.map((d) => [d.id, d]));
      for (const id of [first, second, other, scan]) expect(byId.get(id)?.attributes.status).toBe('accepted');
      const accountOf = (id: string) => byId.get(id)?.relationships.bank_account.data;
      expect(accountOf(scan)).toBeNull();
      const firstAccount = accountOf(first);
      const otherAccount = accountOf(other);
      expect(firstAccount).toEqual({ type: 'bank_account', id: expect.any(String) });
      expect(otherAccount).toEqual({ type: 'bank_account', id: expect.any(String) });
      // Two statements of one account share it; another account is another entry.
      expect(accountOf(second)).toEqual(firstAccount);
      expect(otherAccount?.id).not.toBe(firstAccount?.id);
      expect([...answer.included].sort((a, b) => a.attributes.bank_name.localeCompare(b.attributes.bank_name))).toEqual([
        { type: 'bank_account', id: firstAccount?.id, attributes: { bank_name: 'First Bank', account_number: '00012345' } },
        { type: 'bank_account', id: otherAccount?.id, attributes: { bank_name: 'Second Bank', account_number: '99998888' } },
      ]);
      // Every document entry has exactly the documented keys.
      for (const d of answer.data) {
        expect(Object.keys(d).sort()).toEqual(['attributes', 'id', 'relationships', 'type']);
        expect(Object.keys(d.attributes).sort()).toEqual(['document_name', 'document_type', 'reject_reason', 'status', 'upload_date']);
      }
      // Another partner never sees these accounts.
      const stranger = await t.partner({ name: 'Stranger' });
      expectError(await stranger.get(`/document_upload/${customerId}/`), 404, 'NotFound');
    });
  });

  describe('decisions and applications', () => {
    /** Credits of 123,456.78 in the last 12 months, an older credit and some debits. */
    function turnoverStatement(today: string, accountNumber: string): StatementTx[] {
      return [
        { transactionDate: addMonths(today, -13), description: 'Old sale (outside the 12 months)', amount: 99_999, runningBalance: 100_000 },
        { transactionDate: addMonths(today, -11), description: 'Contract payment', amount: 33_456.28, runningBalance: 133_456.28 },
        { transactionDate: addMonths(today, -5), description: 'Card settlements', amount: '40000.50', runningBalance: 173_456.78 },
        { transactionDate: addMonths(today, -4), description: 'Supplier', amount: -20_000, runningBalance: 153_456.78 },
        { transactionDate: addDays(today, -3), description: `Invoice ${accountNumber}`, amount: 50_000, runningBalance: 203_456.78 },
      ];
    }

    it('uses the credits of the last 12 months of an accepted statement as turnover, at 25 %', async () => {
      const today = londonToday(t.clock.now());
      const customerId = await createCustomer(partner, {}, { last_12_months_turnover: undefined });
      const applicationId = await apply(partner, customerId, { amount: 25000 });
      const first = await getOffers(partner, applicationId);
      expect(first.offer_creation_status).toBe('action_required');
      expect(first.data_requirements).toEqual([{ category: 'company_data', actions: [{ name: 'provide_turnover' }] }]);
      expect(await storedStatus(t, applicationId)).toBe('action_required');

      const id = await uploaded(customerId, 'bank statement', {
        filename: 'turnover.json',
        content: json(statement({ accountNumber: '55554444', transactions: turnoverStatement(today, '55554444') })),
      });
      // Uploaded but not yet accepted: nothing changes.
      expect(await storedStatus(t, applicationId)).toBe('action_required');
      await processDocument(t.app.ctx, id);
      expect((await listed(customerId, id)).attributes.status).toBe('accepted');
      expect(await storedStatus(t, applicationId)).toBe('open');
      const changes = await eventsFor(t, { applicationId }, 'application_status_changed');
      expect(changes.at(-1)?.payload).toMatchObject({
        application_id: applicationId,
        customer_id: customerId,
        previous_status: 'action_required',
        status: 'open',
      });

      const answer = await getOffers(partner, applicationId);
      expect(answer.offer_creation_status).toBe('offers_available');
      // T = 123,456.78; 25 % (an accepted statement) = 30,864.19…, down to a multiple of 100.
      expect(answer.offers.map((o) => [o.product_type, o.max_amount, o.monthly_interest_percentage])).toEqual([
        ['flexi_loan', 30800, 3],
        ['business_loan', 30800, 2.5],
      ]);
      const decisions = await decisionRows(t, applicationId);
      expect(decisions.at(-1)?.inputs).toMatchObject({ turnoverPence: 12_345_678, hasAcceptedBankStatement: true });
    });

    it('does not count a statement the operator rejected, nor one in another currency as zero turnover', async () => {
      const today = londonToday(t.clock.now());
      const customerId = await createCustomer(partner, {}, { last_12_months_turnover: undefined });
      const id = await uploaded(customerId, 'bank statement', {
        filename: 'rejected.json',
        content: json(statement({ accountNumber: '66665555', transactions: turnoverStatement(today, '66665555') })),
      });
      await processDocument(t.app.ctx, id);
      const review = await t.admin('POST', `/documents/${id}/review`, { status: 'rejected', reject_reason: 'statement belongs to another business' });
      expect(review.statusCode, review.body).toBe(200);
      const euros = await uploaded(customerId, 'bank statement', {
        filename: 'eur.json',
        content: json(statement({ accountNumber: '77776666', accountInfo: { currency: 'EUR' }, transactions: turnoverStatement(today, '77776666') })),
      });
      await processDocument(t.app.ctx, euros);
      expect((await listed(customerId, euros)).attributes.status).toBe('accepted');
      const applicationId = await apply(partner, customerId, { amount: 25000 });
      // Turnover is still unknown: the rejected statement does not count and a EUR one gives no GBP
      // turnover (it must not read as a turnover of 0, which would decline).
      const answer = await getOffers(partner, applicationId);
      expect(answer.offer_creation_status).toBe('action_required');
      expect(answer.data_requirements).toEqual([{ category: 'company_data', actions: [{ name: 'provide_turnover' }] }]);
    });

    it('moves an action_required application back to open when a document is accepted', async () => {
      // 60,000 with a stated turnover needs bank statements (rule 5).
      const customerId = await createCustomer(partner, {}, { last_12_months_turnover: { amount: 500000, valid_from: '2026-01-01T00:00:00Z' } });
      const applicationId = await apply(partner, customerId, { amount: 60000 });
      const first = await getOffers(partner, applicationId);
      expect(first.data_requirements).toEqual([{ category: 'documents', actions: [{ name: 'upload_bank_statements' }] }]);

      // A rejected upload changes nothing.
      const bad = await uploaded(customerId, 'bank statement', { filename: 'cut.pdf', content: truncated(pdf({ seed: 'rule5-cut' }), 10) });
      await processDocument(t.app.ctx, bad);
      expect(await storedStatus(t, applicationId)).toBe('action_required');
      const before = (await eventsFor(t, { applicationId }, 'application_status_changed')).length;

      const good = await uploaded(customerId, 'bank statement', { filename: 'statement.pdf', content: pdf({ seed: 'rule5' }) });
      await processDocument(t.app.ctx, good);
      expect(await storedStatus(t, applicationId)).toBe('open');
      const changes = await eventsFor(t, { applicationId }, 'application_status_changed');
      expect(changes).toHaveLength(before + 1);
      expect(changes.at(-1)?.payload).toMatchObject({ previous_status: 'action_required', status: 'open' });

      // Decided again: the stated turnover 500,000 at 25 % (a bank statement is accepted).
      const answer = await getOffers(partner, applicationId);
      expect(answer.offer_creation_status).toBe('offers_available');
      expect(answer.offers.map((o) => o.max_amount)).toEqual([125000, 125000]);
    });
  });

  describe('operator review', () => {
    it('overrides the outcome either way; rejecting needs a reason', async () => {
      const customerId = await createCustomer(partner);
      const applicationId = await apply(partner, customerId, { amount: 60000 });
      expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('action_required');
      const id = await uploaded(customerId, 'bank statement', { filename: 'cut.pdf', content: truncated(pdf({ seed: 'review' }), 30) });
      await processDocument(t.app.ctx, id);
      expect((await listed(customerId, id)).attributes.status).toBe('rejected');

      // Rejecting without a reason (or an empty one) is a 400; nothing changes.
      expectPointers(await t.admin('POST', `/documents/${id}/review`, { status: 'rejected' }), ['/reject_reason']);
      expect((await t.admin('POST', `/documents/${id}/review`, { status: 'rejected', reject_reason: '' })).statusCode).toBe(400);
      expect((await t.admin('POST', `/documents/${id}/review`, { status: 'approved' })).statusCode).toBe(400);
      expect((await t.admin('POST', `/documents/${id}/review`, {})).statusCode).toBe(400);

      // Accepting the rejected scan: accepted, reason cleared, the application reopened.
      const accepted = await t.admin('POST', `/documents/${id}/review`, { status: 'accepted' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({ data: { document_id: id, customer_id: customerId, status: 'accepted', reject_reason: null, bank_account_id: null } });
      expect((await listed(customerId, id)).attributes).toMatchObject({ status: 'accepted', reject_reason: null });
      expect(await storedStatus(t, applicationId)).toBe('open');
      expect((await eventsFor(t, { applicationId }, 'application_status_changed')).at(-1)?.payload).toMatchObject({
        previous_status: 'action_required',
        status: 'open',
      });

      // And rejecting it again.
      const rejected = await t.admin('POST', `/documents/${id}/review`, { status: 'rejected', reject_reason: 'statement is for another account' });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().data).toMatchObject({ status: 'rejected', reject_reason: 'statement is for another account' });
      expect((await listed(customerId, id)).attributes).toMatchObject({ status: 'rejected', reject_reason: 'statement is for another account' });
    });

    it('accepts a pending statement before processing, and processing then leaves it alone', async () => {
      const customerId = await createCustomer(partner);
      const id = await uploaded(customerId, 'bank statement', {
        filename: 'early.json',
        content: json(statement({ bankName: 'Early Bank', accountNumber: '31313131' })),
      });
      const res = await t.admin('POST', `/documents/${id}/review`, { status: 'accepted' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.bank_account_id).toEqual(expect.any(String));
      await processDocument(t.app.ctx, id);
      const answer = await list(customerId);
      expect(answer.data[0].attributes.status).toBe('accepted');
      expect(answer.included).toEqual([
        { type: 'bank_account', id: res.json().data.bank_account_id, attributes: { bank_name: 'Early Bank', account_number: '31313131' } },
      ]);
    });

    it('answers 404 for an unknown or malformed id and 401 without the admin token', async () => {
      expectError(await t.admin('POST', `/documents/${UNKNOWN_UUID}/review`, { status: 'accepted' }), 404, 'NotFound');
      expectError(await t.admin('POST', '/documents/not-a-uuid/review', { status: 'accepted' }), 404, 'NotFound');
      const customerId = await createCustomer(partner);
      const id = await uploaded(customerId, 'other', { filename: 'x.pdf', content: pdf({ seed: 'admin-auth' }) });
      const res = await t.app.inject({
        method: 'POST',
        url: `/admin/v1/documents/${id}/review`,
        headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ status: 'accepted' }),
      });
      expectError(res, 401, 'AuthenticationFailed');
      expect((await listed(customerId, id)).attributes.status).toBe('pending');
    });
  });
});

describe.each(BACKENDS)('document processing by the worker on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  it('settles every upload within seconds and reopens the waiting application', async () => {
    const errors: unknown[] = [];
    const worker = await startWorker({
      config: WORKER_CONFIG,
      db: t.testDb.db,
      backend: t.testDb.queue,
      ctx: t.app.ctx,
      log: { error: (...args: unknown[]) => errors.push(args), warn: () => {}, info: () => {} } as never,
    });
    try {
      const today = londonToday(t.clock.now());
      const customerId = await createCustomer(partner, {}, { last_12_months_turnover: undefined });
      const applicationId = await apply(partner, customerId, { amount: 25000 });
      expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('action_required');

      const files: [string, FilePart, string][] = [
        ['business accounts', { filename: 'accounts.pdf', content: pdf({ seed: 'worker' }) }, 'accepted'],
        ['personal id', { filename: 'id.png', content: png(5150) }, 'accepted'],
        ['bank statement', { filename: 'cut.pdf', content: truncated(pdf({ seed: 'worker-cut' }), 7) }, 'rejected'],
        [
          'bank statement',
          {
            filename: 'statement.json',
            content: json(
              statement({
                bankName: 'Worker Bank',
                accountNumber: '42424242',
                transactions: [{ transactionDate: addDays(today, -10), description: 'Sales', amount: 80_000, runningBalance: 80_000 }],
              }),
            ),
          },
          'accepted',
        ],
      ];
      const ids: string[] = [];
      for (const [type, file] of files) {
        const res = await upload(t, partner, customerId, type, file);
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().data.document_id);
      }
      worker.wake();
      const deadline = Date.now() + 20_000;
      let answer: DocumentList;
      for (;;) {
        answer = (await partner.get(`/document_upload/${customerId}/`)).json();
        const settled = answer.data.every((d) => d.attributes.status === 'accepted' || d.attributes.status === 'rejected');
        if (settled || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const statuses = Object.fromEntries(answer.data.map((d) => [d.id, d.attributes]));
      ids.forEach((id, i) => expect(statuses[id]?.status, `${files[i][1].filename}`).toBe(files[i][2]));
      expect(statuses[ids[2]].reject_reason).toMatch(/^unreadable/);
      expect(answer.included.map((a) => a.attributes)).toEqual([{ bank_name: 'Worker Bank', account_number: '42424242' }]);
      expect(await countRows(t, 'documents', 'queued_at IS NULL')).toBe(0);
      expect(await storedStatus(t, applicationId)).toBe('open');
      // T = 80,000 from the statement, 25 %: 20,000.
      const offers = await getOffers(partner, applicationId);
      expect(offers.offers.map((o) => o.max_amount)).toEqual([20000, 20000]);
      expect(errors).toEqual([]);
    } finally {
      await worker.stop();
    }
  });
});
