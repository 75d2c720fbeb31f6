/**
 * The lists of loans, a page at a time (docs/behaviour.md, section 27): a customer's (the partner
 * API), and every partner's for the console, newest first or, "In arrears", the most days past due
 * first.
 */
import { londonToday } from '../domain/dates.ts';
import { notFound } from '../domain/errors.ts';
import { clockNow } from '../domain/test-clocks.ts';
import type { Tenant } from '../domain/tenant.ts';
import { findCustomer } from '../store/customers-store.ts';
import {
  ARREARS_KEYSET,
  listCustomerLoans,
  listLoansForOperators,
  listLoansInArrears,
  LOANS_KEYSET,
  type LoanRow,
  type OperatorLoanRow,
} from '../store/loans-store.ts';
import { wallNow, type ServiceContext } from './context.ts';
import { mapPageItems, OPERATORS, readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';

/** One page of a customer's loans, newest first; 404 when the customer is not the tenant's. */
export async function customerLoansPage(ctx: ServiceContext, tenant: Tenant, customerId: string, request: PageRequest): Promise<Page<LoanRow>> {
  const scope = { list: 'customer_loans', owner: tenantOwner(tenant), filters: { customer: customerId } };
  const page = await readPage(request, scope, LOANS_KEYSET, (window) => listCustomerLoans(ctx.db, tenant, customerId, window));
  // One round trip when there are loans: the join already proved the customer is the tenant's.
  if (page.items.length === 0 && !(await findCustomer(ctx.db, tenant, customerId))) throw notFound('customer');
  return page;
}

/** A loan of the console's lists, with its partner's name and the day its position is read on. */
export interface OperatorLoan extends LoanRow {
  partner_name: string;
  /** The loan's own today: its customer's test clock's date in the sandbox, else the wall clock's (London). */
  today: string;
}

function operatorLoan(ctx: ServiceContext, { clock_id, clock_frozen_on, clock_reached_at, ...loan }: OperatorLoanRow): OperatorLoan {
  const clock = clock_id && clock_frozen_on && clock_reached_at ? { id: clock_id, frozenOn: clock_frozen_on, reachedAt: clock_reached_at } : null;
  return { ...loan, today: londonToday(clock ? clockNow(clock, wallNow(ctx)) : ctx.now()) };
}

/**
 * One page of every partner's loans for the console: newest first, or in arrears only, the most
 * days past due first (by the due date of each loan's oldest missed repayment). Each loan comes
 * with the day to read its position on (loanPosition): a loan on a sandbox test clock is read on
 * its clock's date, as its own page reads it.
 */
export async function operatorLoansPage(ctx: ServiceContext, filter: { inArrears: boolean }, request: PageRequest): Promise<Page<OperatorLoan>> {
  const scope = { list: filter.inArrears ? 'loans_in_arrears' : 'loans', owner: OPERATORS };
  const page = filter.inArrears
    ? await readPage(request, scope, ARREARS_KEYSET, (window) => listLoansInArrears(ctx.db, window))
    : await readPage(request, scope, LOANS_KEYSET, (window) => listLoansForOperators(ctx.db, window));
  return mapPageItems(page, (row) => operatorLoan(ctx, row));
}
