/**
 * The second kind of four-eyes approval (docs/behaviour.md, sections 19 and 21): a pre-approval
 * whose limit is above the threshold. Its subject is the customer, its terms the offer's terms and
 * how many days it is valid for; confirming it makes the pre-approval (revoking the previous one).
 */
import type { OfferTerms } from '../domain/decision-policy.ts';
import { notFound } from '../domain/errors.ts';
import { findCustomerAnyTenant } from '../store/pre-approvals-store.ts';
import type { ApprovalKind } from './approval-kind.ts';
import { createPreApproval, termsSummary, type PreApprovalTerms } from './pre-approval-offers.ts';

export const preApprovalKind: ApprovalKind<PreApprovalTerms> = {
  name: 'pre_approval',
  targetType: 'customer',
  actionPrefix: 'customer.pre_approval',
  consolePath: (customerId) => `/console/customers/${customerId}`,
  applicationIdOf: () => null,
  customerIdOf: (customerId) => customerId,
  largestPence: (p) => p.terms.maxAmountPence,
  summary: (p) => termsSummary(p),
  fromStored: (stored) => {
    const p = stored as { terms: OfferTerms; validForDays: number };
    return { terms: { ...p.terms }, validForDays: p.validForDays };
  },
  async lockAndCheck(tx, customerId) {
    if (!(await findCustomerAnyTenant(tx, customerId, true))) throw notFound('customer');
  },
  async apply(ctx, customerId, p) {
    await createPreApproval(ctx, null, customerId, p, 'operator');
  },
};
