import type { Queryable, Transaction } from './db.ts';
import type { ParsedStatement } from '../domain/bank-statement.ts';
import type { Tenant } from '../domain/tenant.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

export type DocumentStatus = 'pending' | 'processing' | 'accepted' | 'rejected';

export interface DocumentRow {
  id: string;
  partner_id: string;
  environment: 'sandbox' | 'production';
  customer_id: string;
  document_type: string;
  document_name: string;
  file_kind: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  status: DocumentStatus;
  reject_reason: string | null;
  bank_account_id: string | null;
  uploaded_at: Date;
  processed_at: Date | null;
}

export interface DocumentInsert {
  id: string;
  customerId: string;
  documentType: string;
  documentName: string;
  fileKind: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  now: Date;
}

export async function insertDocument(db: Queryable, tenant: Tenant, d: DocumentInsert): Promise<DocumentRow> {
  const { rows } = await db.query<DocumentRow>(
    `INSERT INTO documents (id, partner_id, environment, customer_id, document_type, document_name, file_kind, mime_type, size_bytes, sha256, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
    [d.id, tenant.partnerId, tenant.environment, d.customerId, d.documentType, d.documentName, d.fileKind, d.mimeType, d.sizeBytes, d.sha256, d.now],
  );
  return rows[0];
}

/**
 * On PGlite a chunk goes to the database as base64 text, decoded there: parameters go as text, and
 * a Buffer as bytea would go as hex, twice its size. (PostgreSQL takes the chunks by COPY, below.)
 */
async function insertChunk(db: Queryable, documentId: string, seq: number, data: Buffer): Promise<void> {
  await db.query(`INSERT INTO document_chunks (document_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))`, [documentId, seq, data.toString('base64')]);
}

/** The signature, flags and header extension of PostgreSQL's binary COPY format. */
const COPY_BINARY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
/** A tuple count of -1: the end of binary COPY data. */
const COPY_BINARY_TRAILER = Buffer.from([0xff, 0xff]);

/**
 * The rows (document_id, seq, data) of a document's chunks in PostgreSQL's binary COPY format: each
 * row's fixed fields as a small header, then the chunk itself, never copied.
 */
async function* binaryChunkRows(documentId: string, chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const id = Buffer.from(documentId.replaceAll('-', ''), 'hex');
  yield COPY_BINARY_HEADER;
  let seq = 0;
  for await (const chunk of chunks) {
    const row = Buffer.alloc(2 + 4 + 16 + 4 + 4 + 4);
    let at = row.writeInt16BE(3, 0); // fields
    at = row.writeInt32BE(16, at);
    at += id.copy(row, at); // uuid
    at = row.writeInt32BE(4, at);
    at = row.writeInt32BE(seq++, at); // int4
    row.writeInt32BE(chunk.length, at); // bytea, whose bytes follow
    yield row;
    yield chunk;
  }
  yield COPY_BINARY_TRAILER;
}

/**
 * Stores a document's bytes in order, one chunk per row. On PostgreSQL they stream in one binary
 * COPY, on PGlite (in-process, no COPY stream) one INSERT each; the rows are the same.
 */
export async function insertChunks(tx: Transaction, documentId: string, chunks: AsyncIterable<Buffer>): Promise<void> {
  if (tx.copyFromStdin) {
    await tx.copyFromStdin('COPY document_chunks (document_id, seq, data) FROM STDIN (FORMAT binary)', binaryChunkRows(documentId, chunks));
    return;
  }
  let seq = 0;
  for await (const chunk of chunks) await insertChunk(tx, documentId, seq++, chunk);
}

export async function findDocumentIdBySha(db: Queryable, customerId: string, sha256: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM documents WHERE customer_id = $1 AND sha256 = $2', [customerId, sha256]);
  return rows[0]?.id ?? null;
}

/** A customer's documents newest first (documents_customer). */
export const DOCUMENTS_KEYSET: Keyset = {
  columns: [
    { expr: 'uploaded_at', type: 'timestamptz' },
    { expr: 'id', type: 'uuid' },
  ],
  order: 'desc',
};

/** One page of a customer's documents, newest first. */
export async function listCustomerDocumentsPage(db: Queryable, tenant: Tenant, customerId: string, window: PageWindow): Promise<KeysetWindow<DocumentRow>> {
  return selectPage(db, DOCUMENTS_KEYSET, window, {
    select: '*',
    from: 'documents',
    where: ['customer_id = $1', 'partner_id = $2', 'environment = $3'],
    params: [customerId, tenant.partnerId, tenant.environment],
  });
}

/** Every document of a customer in upload order (the console's application page: a customer has a few). */
export async function listCustomerDocuments(db: Queryable, tenant: Tenant, customerId: string): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT * FROM documents WHERE customer_id = $1 AND partner_id = $2 AND environment = $3 ORDER BY uploaded_at, id`,
    [customerId, tenant.partnerId, tenant.environment],
  );
  return rows;
}

export async function findDocumentAnyTenant(db: Queryable, id: string, forUpdate = false): Promise<DocumentRow | null> {
  const { rows } = await db.query<DocumentRow>(`SELECT * FROM documents WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/**
 * The first `headBytes` and the last `tailBytes` of a stored document, cut out by the database:
 * the head from the first chunk, the tail from the last two (chunks are at least `tailBytes` long,
 * except the last). Reading whole chunks sent megabytes to answer a few kilobytes.
 */
export async function readEdges(db: Queryable, documentId: string, headBytes: number, tailBytes: number): Promise<{ head: Buffer; tail: Buffer }> {
  const { rows } = await db.query<{ head: Uint8Array | null; tail: Uint8Array | null }>(
    `SELECT CASE WHEN c.seq = 0 THEN substring(c.data FROM 1 FOR $2) END AS head,
            CASE WHEN c.seq >= m.last - 1 THEN substring(c.data FROM greatest(1, length(c.data) - $3 + 1)) END AS tail
       FROM document_chunks c, (SELECT max(seq) AS last FROM document_chunks WHERE document_id = $1) m
      WHERE c.document_id = $1 AND (c.seq = 0 OR c.seq >= m.last - 1)
      ORDER BY c.seq`,
    [documentId, headBytes, tailBytes],
  );
  const head = rows[0]?.head ? Buffer.from(rows[0].head) : Buffer.alloc(0);
  const tail = Buffer.concat(rows.flatMap((r) => (r.tail ? [r.tail] : [])));
  return { head, tail: tail.length > tailBytes ? tail.subarray(tail.length - tailBytes) : tail };
}

/** The document's bytes, chunk by chunk, in order (one chunk in memory at a time). */
export async function* readChunks(db: Queryable, documentId: string): AsyncGenerator<Buffer> {
  const { rows: count } = await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM document_chunks WHERE document_id = $1', [documentId]);
  for (let seq = 0; seq < count[0].n; seq++) {
    const { rows } = await db.query<{ data: Uint8Array }>('SELECT data FROM document_chunks WHERE document_id = $1 AND seq = $2', [documentId, seq]);
    if (rows[0]) yield Buffer.from(rows[0].data);
  }
}

/** A pending document taken up by its processing job. */
export async function markDocumentProcessing(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE documents SET status = 'processing' WHERE id = $1`, [id]);
}

/** Rejects a document whose processing never finished (the job gave up); one already settled stays as it is. */
export async function rejectUnprocessedDocument(db: Queryable, id: string, reason: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE documents SET status = 'rejected', reject_reason = $3, processed_at = $2
      WHERE id = $1 AND status IN ('pending', 'processing')`,
    [id, now, reason],
  );
}

export async function setDocumentOutcome(
  db: Queryable,
  id: string,
  outcome: { status: DocumentStatus; rejectReason: string | null; bankAccountId?: string | null; statement?: unknown; now: Date; reviewed?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE documents SET status = $2, reject_reason = $3,
            bank_account_id = COALESCE($4, bank_account_id), statement = COALESCE($5, statement),
            processed_at = $6, reviewed_at = CASE WHEN $7 THEN $6 ELSE reviewed_at END
      WHERE id = $1`,
    [
      id,
      outcome.status,
      outcome.rejectReason,
      outcome.bankAccountId ?? null,
      outcome.statement === undefined ? null : JSON.stringify(outcome.statement),
      outcome.now,
      outcome.reviewed ?? false,
    ],
  );
}

/** Upserts the account a statement is for; returns its id. */
export async function upsertBankAccount(
  db: Queryable,
  tenant: Tenant,
  account: { id: string; customerId: string; bankName: string; accountNumber: string; sortCode: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO bank_accounts (id, partner_id, environment, customer_id, bank_name, account_number, sort_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (customer_id, sort_code, account_number) DO UPDATE SET bank_name = EXCLUDED.bank_name
     RETURNING id`,
    [account.id, tenant.partnerId, tenant.environment, account.customerId, account.bankName, account.accountNumber, account.sortCode],
  );
  return rows[0].id;
}

export async function listBankAccounts(db: Queryable, ids: string[]): Promise<{ id: string; bank_name: string; account_number: string }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; bank_name: string; account_number: string }>(
    'SELECT id, bank_name, account_number FROM bank_accounts WHERE id = ANY($1) ORDER BY created_at, id',
    [ids],
  );
  return rows;
}

/** Parsed statements of the customer's accepted JSON bank statements. */
export async function acceptedStatements(db: Queryable, customerId: string): Promise<{ anyAccepted: boolean; statements: unknown[] }> {
  const { rows } = await db.query<{ statement: unknown }>(
    `SELECT statement FROM documents WHERE customer_id = $1 AND document_type = 'bank statement' AND status = 'accepted'`,
    [customerId],
  );
  return { anyAccepted: rows.length > 0, statements: rows.map((r) => r.statement).filter((s) => s !== null) };
}

/** The customer's accepted documents that hold a parsed statement, in upload order. */
export async function listParsedStatements(db: Queryable, customerId: string): Promise<{ id: string; statement: ParsedStatement }[]> {
  const { rows } = await db.query<{ id: string; statement: ParsedStatement }>(
    `SELECT id, statement FROM documents WHERE customer_id = $1 AND status = 'accepted' AND statement IS NOT NULL ORDER BY uploaded_at, id`,
    [customerId],
  );
  return rows;
}
