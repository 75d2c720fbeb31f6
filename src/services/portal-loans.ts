/**
 * The customer's own loans in the portal (docs/behaviour.md, section 22): the partner API's loan
 * reads, settlement figure and statement, confined to the one customer the session belongs to
 * (another customer's loan is "not found", exactly as an unknown id).
 */
import { notFound } from '../domain/errors.ts';
import type { ServiceContext } from './context.ts';
import { customerLoans, getLoan, loanStatementPdf, type LoanRow } from './loans.ts';
import type { CustomerScope } from './portal.ts';

/** The customer's loans, newest first. */
export async function portalLoans(ctx: ServiceContext, scope: CustomerScope): Promise<LoanRow[]> {
  return customerLoans(ctx, scope.tenant, scope.customerId);
}

/** One of the customer's own loans. */
export async function portalLoan(ctx: ServiceContext, scope: CustomerScope, loanId: string): Promise<LoanRow> {
  const loan = await getLoan(ctx, scope.tenant, loanId);
  if (loan.customer_id !== scope.customerId) throw notFound('loan');
  return loan;
}

/** The statement PDF of one of the customer's own loans: the same document as the API's. */
export async function portalLoanStatement(
  ctx: ServiceContext,
  scope: CustomerScope,
  loanId: string,
  lenderName: string,
): Promise<{ loan: LoanRow; pdf: Buffer }> {
  await portalLoan(ctx, scope, loanId);
  return loanStatementPdf(ctx, scope.tenant, loanId, lenderName);
}
