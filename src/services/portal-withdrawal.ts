/**
 * The customer portal's side of withdrawal from a regulated loan (docs/behaviour.md, section 23):
 * the withdrawal section of the customer's own loan, and their notice. Confined to the one
 * customer of the portal session: another customer's loan is not found, exactly as an unknown id.
 */
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { giveWithdrawalNotice, withdrawalSection, type WithdrawalSectionModel } from './loan-withdrawal.ts';
import { today, type LoanRow } from './loans.ts';
import type { CustomerScope } from './portal.ts';
import { portalLoan } from './portal-loans.ts';

/** The withdrawal section of one of the customer's loans, as of today. */
export async function customerWithdrawal(ctx: ServiceContext, scope: CustomerScope, loanId: string): Promise<WithdrawalSectionModel> {
  ctx = await customerContext(ctx, 'customer', scope.customerId, scope.tenant);
  return withdrawalSection(await portalLoan(ctx, scope, loanId), today(ctx));
}

/** The customer gives notice of withdrawal from their own loan, today. */
export async function withdrawFromCustomerLoan(ctx: ServiceContext, scope: CustomerScope, loanId: string): Promise<LoanRow> {
  return giveWithdrawalNotice(ctx, scope.tenant, loanId, { through: 'portal', customerId: scope.customerId });
}
