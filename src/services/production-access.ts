/**
 * Go-live (docs/behaviour.md, section 24): a partner starts with the sandbox only; an owner asks
 * for production access; an operator approves or declines it (audited, no four eyes). Until it is
 * approved the dashboard creates no production token.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../domain/actors.ts';
import { DomainError, notFound, validationFailed, type Problem } from '../domain/errors.ts';
import { isUniqueViolation } from '../store/db.ts';
import { findPartner } from '../store/partners-store.ts';
import {
  decidePendingRequest,
  insertProductionAccessRequest,
  listProductionAccessRequests,
  productionAccessSince,
  setProductionAccess,
  type ProductionAccessRow,
} from '../store/partner-users-store.ts';
import { actorLabel, audited } from './audit.ts';
import { requireRole } from './back-office.ts';
import type { ServiceContext } from './context.ts';
import { requirePartnerRole } from './partner-users.ts';

export type { ProductionAccessRow };

export interface ProductionAccess {
  /** Since when the partner may create production tokens from the dashboard; null: not (yet). */
  grantedAt: Date | null;
  requests: ProductionAccessRow[];
  pending: ProductionAccessRow | null;
}

export async function productionAccess(ctx: ServiceContext, partnerId: string): Promise<ProductionAccess> {
  const [grantedAt, requests] = await Promise.all([productionAccessSince(ctx.db, partnerId), listProductionAccessRequests(ctx.db, partnerId)]);
  return { grantedAt, requests, pending: requests.find((r) => r.status === 'pending') ?? null };
}

export async function requestProductionAccess(
  ctx: ServiceContext,
  actor: Actor & { kind: 'partner_user' },
  input: { website: string; description: string },
): Promise<string> {
  requirePartnerRole(actor, 'owner');
  const problems: Problem[] = [];
  const website = input.website.trim();
  const description = input.description.trim();
  if (!/^https?:\/\/[^\s/]+\.[^\s]+$/.test(website) || website.length > 300)
    problems.push({ detail: 'Enter the company website as an address, like https://example.com', source: { pointer: '/website' } });
  if (description.length < 10 || description.length > 2000)
    problems.push({ detail: 'Say what you will build in 10 to 2,000 characters', source: { pointer: '/description' } });
  if (problems.length > 0) throw validationFailed(problems);
  if (await productionAccessSince(ctx.db, actor.partnerId)) throw new DomainError('PermissionDenied', 'production access is already granted');
  const id = randomUUID();
  await audited(
    ctx,
    actor,
    async (inner) => {
      try {
        await inner.db.transaction((tx) =>
          insertProductionAccessRequest(tx, { id, partnerId: actor.partnerId, userId: actor.partnerUserId, website, description, now: ctx.now() }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('PermissionDenied', 'a request for production access is already waiting');
        throw error;
      }
    },
    () => ({ action: 'production_access.requested', targetType: 'partner', targetId: actor.partnerId, summary: { request_id: id, website } }),
  );
  return id;
}

/** An operator's decision (admin role), with or without a pending request; approving twice changes nothing. */
export async function decideProductionAccess(
  ctx: ServiceContext,
  actor: Actor,
  partnerId: string,
  decision: string,
): Promise<{ status: 'approved' | 'declined' }> {
  requireRole(actor, 'admin');
  if (decision !== 'approved' && decision !== 'declined')
    throw validationFailed([{ detail: 'decision must be approved or declined', source: { pointer: '/decision' } }]);
  return audited(
    ctx,
    actor,
    async (inner) => {
      if (!(await findPartner(inner.db, partnerId))) throw notFound('partner');
      const requestId = await decidePendingRequest(inner.db, partnerId, decision, actorLabel(actor), ctx.now());
      if (decision === 'approved') {
        if (!(await productionAccessSince(inner.db, partnerId))) await setProductionAccess(inner.db, partnerId, ctx.now());
      } else if (!requestId) throw new DomainError('ValidationError', 'there is no request for production access to decline');
      return { requestId };
    },
    ({ requestId }) => ({
      action: decision === 'approved' ? 'production_access.approved' : 'production_access.declined',
      targetType: 'partner',
      targetId: partnerId,
      summary: { request_id: requestId },
    }),
  ).then(() => ({ status: decision }));
}
