/**
 * The customer portal's side of withdrawal from a regulated loan (docs/behaviour.md, section 23):
 * what the loan page's withdrawal section shows, and the customer's notice. Confined to the one
 * customer of the portal session: another customer's loan is not found, exactly as an unknown id.
 */
import { lastWithdrawalDay, withdrawalInterestPence, withdrawalRepayBy } from '../domain/credit-regulation.ts';
import type { IsoDate } from '../domain/dates.ts';
import { notFound } from '../domain/errors.ts';
import { noticeProblem, withdrawalDue } from '../domain/loan-withdrawal.ts';
import type { Pence } from '../domain/money.ts';
import { findLoan } from '../store/loans-store.ts';
import type { ServiceContext } from './context.ts';
import { giveWithdrawalNotice } from './loan-withdrawal.ts';
import { loanTerms, today, type LoanRow } from './loans.ts';
import type { CustomerScope } from './portal.ts';

/** What the withdrawal section of a loan shows, by where the loan stands. */
export type WithdrawalSectionModel =
  /** No right of withdrawal: the drawdown was not regulated, or the loan is settled. */
  | { state: 'none'; loanId: string }
  /** Notice may be given today, until `lastDay`. */
  | { state: 'available'; loanId: string; lastDay: IsoDate; amountDrawnPence: Pence; dailyInterestPence: Pence; amountTodayPence: Pence; repayBy: IsoDate }
  /** The 14 days ended on `lastDay` without notice. */
  | { state: 'ended'; loanId: string; lastDay: IsoDate }
  /** Notice given: repay `amountTodayPence` today (more each day) by `repayBy`. */
  | { state: 'given'; loanId: string; noticeGivenOn: IsoDate; repayBy: IsoDate; amountTodayPence: Pence; dailyInterestPence: Pence }
  /** The withdrawal repayment is recorded: the loan is withdrawn. */
  | { state: 'repaid'; loanId: string; noticeGivenOn: IsoDate; repaidOn: IsoDate; paidPence: Pence };

/** One of the customer's own loans; anyone else's is not found. */
export async function customerLoan(ctx: ServiceContext, scope: CustomerScope, loanId: string): Promise<LoanRow> {
  const loan = await findLoan(ctx.db, scope.tenant, loanId);
  if (!loan || loan.customer_id !== scope.customerId) throw notFound('loan');
  return loan;
}

/** The withdrawal section of a loan on `day` (London). */
export function withdrawalSection(loan: LoanRow, day: IsoDate): WithdrawalSectionModel {
  const loanId = loan.id;
  const dailyInterestPence = withdrawalInterestPence(loan.amount_pence, loan.monthly_rate_bp, 1);
  const notice = loan.withdrawal;
  if (notice?.repaidOn) {
    const paid = loan.repayments.find((r) => r.settlement && r.date === notice.repaidOn);
    return { state: 'repaid', loanId, noticeGivenOn: notice.noticeGivenOn, repaidOn: notice.repaidOn, paidPence: paid?.amountPence ?? 0 };
  }
  const due = withdrawalDue(loanTerms(loan), loan.repayments, day).amountPence;
  if (notice) {
    return {
      state: 'given',
      loanId,
      noticeGivenOn: notice.noticeGivenOn,
      repayBy: withdrawalRepayBy(notice.noticeGivenOn),
      amountTodayPence: due,
      dailyInterestPence,
    };
  }
  const problem = noticeProblem({ regulated: loan.regulated, fundedOn: loan.funded_on, repayments: loan.repayments, notice, today: day });
  if (problem === null) {
    return {
      state: 'available',
      loanId,
      lastDay: lastWithdrawalDay(loan.funded_on),
      amountDrawnPence: loan.amount_pence,
      dailyInterestPence,
      amountTodayPence: due,
      repayBy: withdrawalRepayBy(day),
    };
  }
  if (problem.kind === 'period_ended') return { state: 'ended', loanId, lastDay: problem.lastDay };
  return { state: 'none', loanId };
}

/** The withdrawal section of one of the customer's loans, as of today. */
export async function customerWithdrawal(ctx: ServiceContext, scope: CustomerScope, loanId: string): Promise<WithdrawalSectionModel> {
  return withdrawalSection(await customerLoan(ctx, scope, loanId), today(ctx));
}

/** The customer gives notice of withdrawal from their own loan, today. */
export async function withdrawFromCustomerLoan(ctx: ServiceContext, scope: CustomerScope, loanId: string): Promise<LoanRow> {
  return giveWithdrawalNotice(ctx, scope.tenant, loanId, { through: 'portal', customerId: scope.customerId });
}
