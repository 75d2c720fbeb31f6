/**
 * The portal's side of section 21: the customer's own bank details (given on the drawdown page)
 * and pre-approval, confined to the customer of the portal session.
 */
import type { BankDetails } from '../domain/funding-accounts.ts';
import { findCurrentFundingAccount, type FundingAccountRow } from '../store/funding-accounts-store.ts';
import type { OfferRow } from '../store/offers-store.ts';
import type { ServiceContext } from './context.ts';
import { putFundingAccount } from './funding-accounts.ts';
import type { CustomerScope } from './portal.ts';
import { currentPreApproval } from './pre-approvals.ts';

export async function customerBankAccount(ctx: ServiceContext, scope: CustomerScope): Promise<FundingAccountRow | null> {
  return findCurrentFundingAccount(ctx.db, scope.customerId);
}

export async function saveCustomerBankDetails(ctx: ServiceContext, scope: CustomerScope, details: BankDetails): Promise<FundingAccountRow> {
  return putFundingAccount(ctx, scope.tenant, scope.customerId, details, 'customer portal');
}

export async function customerPreApproval(ctx: ServiceContext, scope: CustomerScope): Promise<{ offer: OfferRow; drawnPence: number } | null> {
  const current = await currentPreApproval(ctx, scope.customerId);
  if (!current || current.offer.partner_id !== scope.tenant.partnerId || current.offer.environment !== scope.tenant.environment) return null;
  return current;
}

/** Whether a drawdown now would be paid (a verified account; in the sandbox also none at all). */
export function canBePaid(account: FundingAccountRow | null, environment: string): boolean {
  return account ? account.status === 'verified' : environment === 'sandbox';
}
