import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';

export type PrequalificationStatus = 'processing' | 'processed' | 'failed';
export type PrequalificationFormat = 'csv' | 'json';

export interface PrequalificationFileRow {
  id: string;
  partner_id: string;
  environment: 'sandbox' | 'production';
  source_format: PrequalificationFormat;
  content: string;
  status: PrequalificationStatus;
  reason: string | null;
  created_at: Date;
  queued_at: Date | null;
  processed_at: Date | null;
}

/** The file without its content (the content can be 20 MiB; reads that only need the status skip it). */
export type PrequalificationFileSummary = Omit<PrequalificationFileRow, 'content'>;

export interface PrequalificationQuoteRow {
  id: string;
  file_id: string;
  partner_id: string;
  environment: 'sandbox' | 'production';
  position: number;
  external_customer_id: string;
  correlation_id: string;
  prequalified: boolean;
  max_amount_pence: number | null;
  monthly_rate_bp: number | null;
  fee_bp: number | null;
  duration_days: number | null;
  expires_at: Date | null;
  reason: string | null;
  created_at: Date;
}

export interface QuoteInsert {
  id: string;
  position: number;
  externalCustomerId: string;
  correlationId: string;
  prequalified: boolean;
  maxAmountPence: number | null;
  monthlyRateBp: number | null;
  feeBp: number | null;
  durationDays: number | null;
  expiresAt: Date | null;
  reason: string | null;
}

const SUMMARY_COLUMNS = 'id, partner_id, environment, source_format, status, reason, created_at, queued_at, processed_at';

export async function insertPrequalificationFile(
  db: Queryable,
  tenant: Tenant,
  f: { id: string; format: PrequalificationFormat; content: string; now: Date },
): Promise<PrequalificationFileSummary> {
  const { rows } = await db.query<PrequalificationFileSummary>(
    `INSERT INTO prequalification_files (id, partner_id, environment, source_format, content, status, created_at)
     VALUES ($1, $2, $3, $4, $5, 'processing', $6)
     RETURNING ${SUMMARY_COLUMNS}`,
    [f.id, tenant.partnerId, tenant.environment, f.format, f.content, f.now],
  );
  return rows[0];
}

/** A file of this tenant, without its content. */
export async function findPrequalificationFile(db: Queryable, tenant: Tenant, id: string): Promise<PrequalificationFileSummary | null> {
  const { rows } = await db.query<PrequalificationFileSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM prequalification_files WHERE id = $1 AND partner_id = $2 AND environment = $3`,
    [id, tenant.partnerId, tenant.environment],
  );
  return rows[0] ?? null;
}

/** The worker's read: any tenant, with the content, locked for the processing transaction. */
export async function lockPrequalificationFile(db: Queryable, id: string): Promise<PrequalificationFileRow | null> {
  const { rows } = await db.query<PrequalificationFileRow>('SELECT * FROM prequalification_files WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function settlePrequalificationFile(
  db: Queryable,
  id: string,
  outcome: { status: 'processed' | 'failed'; reason: string | null; now: Date },
): Promise<void> {
  await db.query('UPDATE prequalification_files SET status = $2, reason = $3, processed_at = $4 WHERE id = $1', [
    id,
    outcome.status,
    outcome.reason,
    outcome.now,
  ]);
}

/** Rows per INSERT statement: 12 parameters each stays far below PostgreSQL's 65,535. */
const INSERT_BATCH = 500;

export async function insertQuotes(db: Queryable, tenant: Tenant, fileId: string, quotes: readonly QuoteInsert[], now: Date): Promise<void> {
  for (let start = 0; start < quotes.length; start += INSERT_BATCH) {
    const batch = quotes.slice(start, start + INSERT_BATCH);
    const params: unknown[] = [fileId, tenant.partnerId, tenant.environment, now];
    const values = batch.map((q) => {
      const base = params.length;
      params.push(
        q.id,
        q.position,
        q.externalCustomerId,
        q.correlationId,
        q.prequalified,
        q.maxAmountPence,
        q.monthlyRateBp,
        q.feeBp,
        q.durationDays,
        q.expiresAt,
        q.reason,
      );
      const p = (i: number) => `$${base + i}`;
      return `(${p(1)}, $1, $2, $3, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)}, $4)`;
    });
    await db.query(
      `INSERT INTO prequalification_quotes (id, file_id, partner_id, environment, position, external_customer_id, correlation_id,
                                            prequalified, max_amount_pence, monthly_rate_bp, fee_bp, duration_days, expires_at, reason, created_at)
       VALUES ${values.join(', ')}`,
      params,
    );
  }
}

export async function listFileQuotes(db: Queryable, fileId: string): Promise<PrequalificationQuoteRow[]> {
  const { rows } = await db.query<PrequalificationQuoteRow>('SELECT * FROM prequalification_quotes WHERE file_id = $1 ORDER BY position', [fileId]);
  return rows;
}

/** The quote a correlation_id names, in this tenant. */
export async function findQuoteByCorrelationId(db: Queryable, tenant: Tenant, correlationId: string): Promise<PrequalificationQuoteRow | null> {
  const { rows } = await db.query<PrequalificationQuoteRow>(
    'SELECT * FROM prequalification_quotes WHERE correlation_id = $1 AND partner_id = $2 AND environment = $3',
    [correlationId, tenant.partnerId, tenant.environment],
  );
  return rows[0] ?? null;
}

/**
 * The latest quote for an external_customer_id in this tenant: the one from the most recently
 * uploaded file (newer data supersedes older, whichever file the worker happened to finish first).
 */
export async function findLatestQuoteByExternalId(db: Queryable, tenant: Tenant, externalCustomerId: string): Promise<PrequalificationQuoteRow | null> {
  const { rows } = await db.query<PrequalificationQuoteRow>(
    `SELECT q.* FROM prequalification_quotes q
       JOIN prequalification_files f ON f.id = q.file_id
      WHERE q.partner_id = $1 AND q.environment = $2 AND q.external_customer_id = $3
      ORDER BY f.created_at DESC, q.created_at DESC, f.id DESC
      LIMIT 1`,
    [tenant.partnerId, tenant.environment, externalCustomerId],
  );
  return rows[0] ?? null;
}
