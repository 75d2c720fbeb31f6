import type { Queryable } from './db.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

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
  /** Only rows before this sequence number (the admin API's `before`). */
  before?: number | null;
}

/** The audit log's order: newest first (its primary key, or the index of the filter: operator, target, type, actor). */
export const AUDIT_KEYSET: Keyset = { columns: [{ expr: 'seq', type: 'int8' }], order: 'desc' };

/** One page of the audit log, newest first; each filter given is its own condition, read along its index. */
export async function listAuditRows(db: Queryable, filter: AuditFilter, window: PageWindow): Promise<KeysetWindow<AuditRow>> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const add = (column: string, value: unknown) => conditions.push(`${column} = $${params.push(value)}`);
  if (filter.operatorId) add('operator_id', filter.operatorId);
  if (filter.actor) add('actor', filter.actor);
  if (filter.targetType) add('target_type', filter.targetType);
  if (filter.targetId) add('target_id', filter.targetId);
  if (filter.before) conditions.push(`seq < $${params.push(filter.before)}`);
  return selectPage(db, AUDIT_KEYSET, window, {
    select: 'seq, id, operator_id, partner_user_id, actor, action, target_type, target_id, summary, created_at',
    from: 'audit_log',
    where: conditions,
    params,
  });
}
