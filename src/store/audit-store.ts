import type { Queryable } from './db.ts';

/** The audit log (append-only: a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditRow {
  seq: number;
  id: string;
  operator_id: string | null;
  /** Set when a partner user made the change from the dashboard. */
  partner_user_id: string | null;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: Record<string, unknown>;
  created_at: Date;
}

export interface AuditInsert {
  id: string;
  operatorId: string | null;
  partnerUserId?: string | null;
  /** The actor's label: the operator's email, 'admin token', or the system's label. */
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  summary: Record<string, unknown>;
  now: Date;
}

export async function insertAuditRow(tx: Queryable, row: AuditInsert): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (id, operator_id, actor, action, target_type, target_id, summary, created_at, partner_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [row.id, row.operatorId, row.actor, row.action, row.targetType, row.targetId, JSON.stringify(row.summary), row.now, row.partnerUserId ?? null],
  );
}

export interface AuditFilter {
  operatorId?: string | null;
  /** Matches the admin token's rows when 'admin token'. */
  actor?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  before?: number | null;
  limit: number;
}

/** Newest first. */
export async function listAuditRows(db: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT seq, id, operator_id, partner_user_id, actor, action, target_type, target_id, summary, created_at FROM audit_log
      WHERE ($1::uuid IS NULL OR operator_id = $1)
        AND ($2::text IS NULL OR actor = $2)
        AND ($3::text IS NULL OR target_type = $3)
        AND ($4::text IS NULL OR target_id = $4)
        AND ($5::bigint IS NULL OR seq < $5)
      ORDER BY seq DESC LIMIT $6`,
    [filter.operatorId ?? null, filter.actor ?? null, filter.targetType ?? null, filter.targetId ?? null, filter.before ?? null, filter.limit],
  );
  return rows;
}
