/**
 * Loans after funding (docs/behaviour.md, section 22): started with every funding, in the
 * funding's transaction; read with their repayments in one statement; the balance, arrears and
 * status derived from the repayments on every read (src/domain/loans.ts).
 */
import type { Static } from 'typebox';
import { londonToday } from '../domain/dates.ts';
import { notFound } from '../domain/errors.ts';
import { initialRepayments, loanPosition, type LoanTerms, type SettlementQuote } from '../domain/loans.ts';
import { fromPence } from '../domain/money.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { LoanView, SettlementQuoteView } from '../schemas/loans.ts';
import { findCustomer } from '../store/customers-store.ts';
import type { Queryable } from '../store/db.ts';
import type { FundingRow } from '../store/fundings-store.ts';
import { findLoan, insertLoan, listCustomerLoans, type LoanRow } from '../store/loans-store.ts';
import type { OfferRow } from '../store/offers-store.ts';
import type { ServiceContext } from './context.ts';

export function loanTerms(loan: LoanRow): LoanTerms {
  return {
    amountPence: loan.amount_pence,
    monthlyRateBp: loan.monthly_rate_bp,
    feeBp: loan.fee_bp,
    durationDays: loan.duration_days,
    fundedOn: loan.funded_on,
  };
}

/**
 * Starts the loan of a funding, in the funding's transaction: the amount drawn on the funding
 * date (London) at the offer's rate, fee and duration, its repayments the section 10 schedule.
 */
export async function startLoan(tx: Queryable, tenant: Tenant, funding: FundingRow, offer: OfferRow): Promise<void> {
  const terms: LoanTerms = {
    amountPence: funding.amount_pence,
    monthlyRateBp: offer.monthly_rate_bp,
    feeBp: offer.fee_bp,
    durationDays: offer.duration_days,
    fundedOn: londonToday(funding.created_at),
  };
  await insertLoan(
    tx,
    tenant,
    {
      id: funding.id,
      customerId: funding.customer_id,
      applicationId: funding.application_id,
      offerId: funding.offer_id,
      fundedOn: terms.fundedOn,
      amountPence: terms.amountPence,
      monthlyRateBp: terms.monthlyRateBp,
      feeBp: terms.feeBp,
      durationDays: terms.durationDays,
      now: funding.created_at,
    },
    initialRepayments(terms),
  );
}

export type { LoanRow };

export type LoanJson = Static<typeof LoanView>;

export function loanView(loan: LoanRow, today: string): LoanJson {
  const position = loanPosition(loan.repayments, today);
  return {
    loan_id: loan.id,
    customer_id: loan.customer_id,
    offer_id: loan.offer_id,
    application_id: loan.application_id,
    funded_on: loan.funded_on,
    amount: fromPence(loan.amount_pence),
    status: position.status,
    balance: {
      principal: fromPence(position.balance.principalPence),
      interest: fromPence(position.balance.interestPence),
      fees: fromPence(position.balance.feesPence),
      total: fromPence(position.balance.totalPence),
    },
    next_repayment: position.nextRepayment ? { date: position.nextRepayment.date, amount: fromPence(position.nextRepayment.amountPence) } : null,
    arrears: {
      amount: fromPence(position.arrears.amountPence),
      days_past_due: position.arrears.daysPastDue,
      oldest_due_date: position.arrears.oldestDueDate,
    },
    repayments: loan.repayments.map((r) => ({
      date: r.date,
      amount: fromPence(r.amountPence),
      breakdown: { fees: fromPence(r.feesPence), interest: fromPence(r.interestPence), principal: fromPence(r.principalPence) },
      status: r.status,
      ...(r.collectedOn ? { collected_on: r.collectedOn } : {}),
    })),
  };
}

/** One loan of the tenant (or of any tenant, for operators); 404 when there is none. */
export async function getLoan(ctx: ServiceContext, tenant: Tenant | null, loanId: string): Promise<LoanRow> {
  const loan = await findLoan(ctx.db, tenant, loanId);
  if (!loan) throw notFound('loan');
  return loan;
}

/** A customer's loans, newest first; 404 when the customer is not the tenant's. */
export async function customerLoans(ctx: ServiceContext, tenant: Tenant, customerId: string): Promise<LoanRow[]> {
  const loans = await listCustomerLoans(ctx.db, tenant, customerId);
  // One round trip when there are loans: the join already proved the customer is the tenant's.
  if (loans.length === 0 && !(await findCustomer(ctx.db, tenant, customerId))) throw notFound('customer');
  return loans;
}

export function today(ctx: ServiceContext): string {
  return londonToday(ctx.now());
}

export function quoteView(quote: SettlementQuote): Static<typeof SettlementQuoteView> {
  return {
    on: quote.on,
    amount: fromPence(quote.amountPence),
    breakdown: {
      principal: fromPence(quote.principalPence),
      interest: fromPence(quote.interestPence),
      fees: fromPence(quote.feesPence),
      arrears: fromPence(quote.arrearsPence),
    },
    valid_until: quote.validUntil,
  };
}
