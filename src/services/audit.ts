/**
 * The audit log (docs/behaviour.md, section 19): every change made by an operator or through /admin/v1 is
 * appended in the same transaction as the change. `audited` runs a service inside one transaction
 * and appends the row there; the services' own transactions become savepoints inside it, so their
 * rules (and their all-or-nothing writes) are unchanged.
 */
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { Actor } from '../domain/actors.ts';
import type { AuditAction } from '../domain/audit-actions.ts';
import type { AuditTargetType } from '../domain/audit-targets.ts';
import { DomainError } from '../domain/errors.ts';
import type { AuditEntryView } from '../schemas/admin.ts';
import { AUDIT_KEYSET, insertAuditRow, listAuditRows, type AuditFilter, type AuditRow } from '../store/audit-store.ts';
import type { Queryable } from '../store/db.ts';
import { wallNow, type ServiceContext } from './context.ts';
import { OPERATORS, readPage, type Page, type PageRequest } from './paging.ts';

export type { AuditRow };

export const ADMIN_TOKEN_ACTOR: Actor = { kind: 'admin_token' };

export interface AuditEntry {
  /** One of the closed list in src/domain/audit-actions.ts, each with its words. */
  action: AuditAction;
  /** One of the closed list in src/domain/audit-targets.ts. */
  targetType: AuditTargetType;
  targetId: string;
  /** What changed, never a secret (no passwords, tokens or signing secrets). */
  summary?: Record<string, unknown>;
}

export function actorLabel(actor: Actor): string {
  return actor.kind === 'admin_token' ? 'admin token' : actor.kind === 'system' ? actor.label : actor.email;
}

/** The partner user's id when the actor is one (their changes from the dashboard). */
function partnerUserIdOf(actor: Actor): string | null {
  return actor.kind === 'partner_user' ? actor.partnerUserId : null;
}

export async function appendAudit(tx: Queryable, actor: Actor, entry: AuditEntry, now: Date): Promise<void> {
  await insertAuditRow(tx, {
    id: randomUUID(),
    operatorId: actor.kind === 'operator' ? actor.operatorId : null,
    partnerUserId: partnerUserIdOf(actor),
    actor: actorLabel(actor),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    summary: entry.summary ?? {},
    now,
  });
}

/**
 * Runs `work` (a service call) and appends its audit rows (one, one per thing changed, or none) in
 * one transaction. When the service
 * refuses (a domain error), what it chose to keep is kept (its own transactions have rolled back
 * what they had to) and no row is written, since nothing was changed by the operator.
 */
export async function audited<T>(
  ctx: ServiceContext,
  actor: Actor,
  work: (ctx: ServiceContext, tx: Queryable) => Promise<T>,
  entry: (result: T) => AuditEntry | AuditEntry[] | null,
): Promise<T> {
  const outcome = await ctx.db.transaction(async (tx) => {
    // The service runs in this transaction: its own transactions are savepoints in it.
    const inner: ServiceContext = { ...ctx, db: tx };
    let result: T;
    try {
      result = await work(inner, tx);
    } catch (error) {
      if (error instanceof DomainError) return { error };
      throw error;
    }
    // The lender's record of who did what when: the wall clock's time, even for a customer on a test clock.
    for (const row of [entry(result) ?? []].flat()) await appendAudit(tx, actor, row, wallNow(ctx));
    return { result };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.result as T;
}

/** One page of the audit log, newest first (the console's and the admin API's). */
export async function auditPage(ctx: ServiceContext, filter: AuditFilter, request: PageRequest): Promise<Page<AuditRow>> {
  const scope = {
    list: 'audit',
    owner: OPERATORS,
    filters: { operator: filter.operatorId, actor: filter.actor, type: filter.targetType, target: filter.targetId, before: filter.before },
  };
  return readPage(request, scope, AUDIT_KEYSET, (window) => listAuditRows(ctx.db, filter, window));
}

export function auditView(row: AuditRow): Static<typeof AuditEntryView> {
  return {
    audit_id: row.id,
    seq: row.seq,
    actor: row.operator_id
      ? { type: 'operator', operator_id: row.operator_id, email: row.actor }
      : row.partner_user_id
        ? { type: 'partner_user', partner_user_id: row.partner_user_id, email: row.actor }
        : row.actor === 'admin token'
          ? { type: 'admin_token' }
          : { type: 'system', name: row.actor },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    summary: row.summary,
    created_at: row.created_at.toISOString(),
  };
}
