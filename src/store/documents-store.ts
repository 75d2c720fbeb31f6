import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';

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
 * A chunk goes to the database as base64 text, decoded there. Both drivers send parameters as text,
 * and a Buffer as bytea goes as hex: twice its size, and on postgres.js a copy of the chunk besides.
 * Base64 is a third larger than the bytes, is made in one pass, and kept the server's memory flat
 * under concurrent uploads where hex grew it by tens of MiB (docs/benchmarks.md).
 */
export async function insertChunk(db: Queryable, documentId: string, seq: number, data: Buffer): Promise<void> {
  await db.query(`INSERT INTO document_chunks (document_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))`, [documentId, seq, data.toString('base64')]);
}

export async function findDocumentIdBySha(db: Queryable, customerId: string, sha256: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM documents WHERE customer_id = $1 AND sha256 = $2', [customerId, sha256]);
  return rows[0]?.id ?? null;
}

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
 * The first chunk and the last two (in order, without repeats): enough for the first and last
 * 64 KiB of a file stored in chunks of at least that size, without reading the middle.
 */
export async function readEdgeChunks(db: Queryable, documentId: string): Promise<{ first: Buffer; last: Buffer }> {
  const { rows } = await db.query<{ seq: number; data: Uint8Array }>(
    `SELECT seq, data FROM document_chunks
      WHERE document_id = $1
        AND (seq = 0 OR seq >= (SELECT max(seq) - 1 FROM document_chunks WHERE document_id = $1))
      ORDER BY seq`,
    [documentId],
  );
  if (rows.length === 0) return { first: Buffer.alloc(0), last: Buffer.alloc(0) };
  const lastSeq = rows[rows.length - 1].seq;
  return {
    first: Buffer.from(rows[0].data),
    last: Buffer.concat(rows.filter((r) => r.seq >= lastSeq - 1).map((r) => Buffer.from(r.data))),
  };
}

/** The document's bytes, chunk by chunk, in order (one chunk in memory at a time). */
export async function* readChunks(db: Queryable, documentId: string): AsyncGenerator<Buffer> {
  const { rows: count } = await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM document_chunks WHERE document_id = $1', [documentId]);
  for (let seq = 0; seq < count[0].n; seq++) {
    const { rows } = await db.query<{ data: Uint8Array }>('SELECT data FROM document_chunks WHERE document_id = $1 AND seq = $2', [documentId, seq]);
    if (rows[0]) yield Buffer.from(rows[0].data);
  }
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
    [id, outcome.status, outcome.rejectReason, outcome.bankAccountId ?? null, outcome.statement === undefined ? null : JSON.stringify(outcome.statement), outcome.now, outcome.reviewed ?? false],
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
