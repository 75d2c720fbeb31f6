/**
 * A pre-approval's offer (docs/behaviour.md, section 21): its terms, how the audit log and the admin
 * API show them, and making it. Apart from pre-approvals.ts, which asks for four eyes above the
 * threshold (four-eyes.ts), so that the pre_approval kind (pre-approval-kind.ts), which four-eyes.ts
 * looks up, imports nothing that imports four-eyes.ts: no import cycle.
 */
import { randomUUID } from 'node:crypto';
import type { OfferTerms } from '../domain/decision-policy.ts';
import { notFound } from '../domain/errors.ts';
import { basisPointsToPercent, fromPence } from '../domain/money.ts';
import type { Tenant } from '../domain/tenant.ts';
import { withdrawPendingApprovals } from '../store/approvals-store.ts';
import { findCustomer, type CustomerRow } from '../store/customers-store.ts';
import type { OfferRow } from '../store/offers-store.ts';
import { findCustomerAnyTenant, insertPreApproval, revokePreApprovals } from '../store/pre-approvals-store.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';

const DAY_MS = 86_400_000;

export interface PreApprovalTerms {
  terms: OfferTerms;
  validForDays: number;
}

export function termsSummary(p: PreApprovalTerms): Record<string, unknown> {
  return {
    max_amount: fromPence(p.terms.maxAmountPence),
    monthly_interest_percentage: basisPointsToPercent(p.terms.monthlyRateBp),
    fee_percentage: basisPointsToPercent(p.terms.feeBp),
    duration_in_days: p.terms.durationDays,
    valid_for_days: p.validForDays,
  };
}

function tenantOfCustomer(c: CustomerRow): Tenant {
  return { partnerId: c.partner_id, environment: c.environment as Tenant['environment'] };
}

/**
 * Makes the pre-approval: with the customer locked, the customer's open pre-approval is revoked,
 * any pre-approval waiting for a second operator is withdrawn, and the new offer is stored.
 */
export async function createPreApproval(
  ctx: ServiceContext,
  tenant: Tenant | null,
  customerId: string,
  p: PreApprovalTerms,
  source: 'operator' | 'sandbox',
  settledBy: string | null = null,
): Promise<OfferRow> {
  ctx = await customerContext(ctx, 'customer', customerId, tenant);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const customer = tenant ? await findCustomer(tx, tenant, customerId, true) : await findCustomerAnyTenant(tx, customerId, true);
    if (!customer) throw notFound('customer');
    await revokePreApprovals(tx, customerId, now);
    await withdrawPendingApprovals(tx, 'pre_approval', customerId, settledBy, now);
    return insertPreApproval(tx, tenantOfCustomer(customer), {
      id: randomUUID(),
      customerId,
      terms: p.terms,
      expiresAt: new Date(now.getTime() + p.validForDays * DAY_MS),
      source,
      now,
    });
  });
}
