/**
 * The lists of loans, a page at a time (docs/behaviour.md, section 27): a customer's (the partner
 * API), and every partner's for the console, newest first or, "In arrears", the most days past due
 * first.
 */
import { notFound } from '../domain/errors.ts';
import type { Tenant } from '../domain/tenant.ts';
import { findCustomer } from '../store/customers-store.ts';
import { ARREARS_KEYSET, listCustomerLoans, listLoansForOperators, listLoansInArrears, LOANS_KEYSET, type LoanRow } from '../store/loans-store.ts';
import type { ServiceContext } from './context.ts';
import { OPERATORS, readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';

/** One page of a customer's loans, newest first; 404 when the customer is not the tenant's. */
export async function customerLoansPage(ctx: ServiceContext, tenant: Tenant, customerId: string, request: PageRequest): Promise<Page<LoanRow>> {
  const scope = { list: 'customer_loans', owner: tenantOwner(tenant), filters: { customer: customerId } };
  const page = await readPage(request, scope, LOANS_KEYSET, (window) => listCustomerLoans(ctx.db, tenant, customerId, window));
  // One round trip when there are loans: the join already proved the customer is the tenant's.
  if (page.items.length === 0 && !(await findCustomer(ctx.db, tenant, customerId))) throw notFound('customer');
  return page;
}

/**
 * One page of every partner's loans for the console: newest first, or in arrears only, the most
 * days past due first (each loan's days past due and arrears come from its repayments, loanPosition).
 */
export async function operatorLoansPage(ctx: ServiceContext, filter: { inArrears: boolean }, request: PageRequest): Promise<Page<LoanRow>> {
  const scope = { list: filter.inArrears ? 'loans_in_arrears' : 'loans', owner: OPERATORS };
  return filter.inArrears
    ? readPage(request, scope, ARREARS_KEYSET, (window) => listLoansInArrears(ctx.db, window))
    : readPage(request, scope, LOANS_KEYSET, (window) => listLoansForOperators(ctx.db, window));
}
