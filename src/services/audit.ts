/**
 * The audit log (contract section 19): every change made by an operator or through /admin/v1 is
 * appended in the same transaction as the change. `audited` runs a service inside one transaction
 * and appends the row there; the services' own transactions become savepoints inside it, so their
 * rules (and their all-or-nothing writes) are unchanged.
 */
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { DomainError } from '../domain/errors.ts';
import type { AuditEntryView } from '../schemas/admin.ts';
import type { Db, Queryable, Transaction } from '../store/db.ts';
import type { ServiceContext } from './context.ts';

export type OperatorRole = 'viewer' | 'underwriter' | 'admin';

/**
 * Who makes a change: an operator signed in to the console, the admin token, or the service
 * itself from the command line (`npm run operator`) or at its first start.
 */
export type Actor =
  | { kind: 'admin_token' }
  | { kind: 'operator'; operatorId: string; email: string; role: OperatorRole }
  | { kind: 'system'; label: 'command line' | 'first start' };

export const ADMIN_TOKEN_ACTOR: Actor = { kind: 'admin_token' };

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  /** What changed, never a secret (no passwords, tokens or signing secrets). */
  summary?: Record<string, unknown>;
}

export interface AuditRow {
  seq: number;
  id: string;
  operator_id: string | null;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: Record<string, unknown>;
  created_at: Date;
}

export function actorLabel(actor: Actor): string {
  return actor.kind === 'admin_token' ? 'admin token' : actor.kind === 'system' ? actor.label : actor.email;
}

export async function appendAudit(tx: Queryable, actor: Actor, entry: AuditEntry, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (id, operator_id, actor, action, target_type, target_id, summary, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      randomUUID(),
      actor.kind === 'operator' ? actor.operatorId : null,
      actorLabel(actor),
      entry.action,
      entry.targetType,
      entry.targetId,
      JSON.stringify(entry.summary ?? {}),
      now,
    ],
  );
}

/** The transaction `tx` seen as a Db: a nested transaction is a savepoint in it. */
export function transactionAsDb(tx: Transaction, kind: Db['kind']): Db {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    transaction: (work) => tx.savepoint(work),
    listen: () => Promise.reject(new Error('no LISTEN inside a transaction')),
    close: async () => {},
  };
}

/**
 * Runs `work` (a service call) and appends its audit row in one transaction. When the service
 * refuses (a domain error), what it chose to keep is kept (its own transactions have rolled back
 * what they had to) and no row is written, since nothing was changed by the operator.
 */
export async function audited<T>(
  ctx: ServiceContext,
  actor: Actor,
  work: (ctx: ServiceContext, tx: Queryable) => Promise<T>,
  entry: (result: T) => AuditEntry | null,
): Promise<T> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const inner: ServiceContext = { ...ctx, db: transactionAsDb(tx, ctx.db.kind) };
    let result: T;
    try {
      result = await work(inner, tx);
    } catch (error) {
      if (error instanceof DomainError) return { error };
      throw error;
    }
    const row = entry(result);
    if (row) await appendAudit(tx, actor, row, ctx.now());
    return { result };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.result as T;
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
export async function listAudit(db: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT seq, id, operator_id, actor, action, target_type, target_id, summary, created_at FROM audit_log
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

export function auditView(row: AuditRow): Static<typeof AuditEntryView> {
  return {
    audit_id: row.id,
    seq: row.seq,
    actor: row.operator_id
      ? { type: 'operator', operator_id: row.operator_id, email: row.actor }
      : row.actor === 'admin token'
        ? { type: 'admin_token' }
        : { type: 'system', name: row.actor },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    summary: row.summary,
    created_at: row.created_at.toISOString(),
  };
}
