/**
 * Withdrawal from a regulated loan (Consumer Credit Act s.66A; docs/behaviour.md, section 23):
 * the customer's notice, with its event and audit row in one transaction, and the recording of
 * the withdrawal repayment, which makes the loan `withdrawn`.
 */
import type { Actor } from '../domain/actors.ts';
import { lastWithdrawalDay, withdrawalInterestPence, withdrawalRepayBy } from '../domain/credit-regulation.ts';
import { londonToday, type IsoDate } from '../domain/dates.ts';
import type { Pence } from '../domain/money.ts';
import { DomainError, invalidAt, notFound, type ErrorSource } from '../domain/errors.ts';
import {
  noticeProblem,
  repaymentDayProblem,
  withdrawalDue,
  withdrawnRepayments,
  type NoticeProblem,
  type RepaymentDayProblem,
} from '../domain/loan-withdrawal.ts';
import type { Tenant } from '../domain/tenant.ts';
import { insertWithdrawalNotice, setWithdrawalRepaid } from '../store/loan-withdrawals-store.ts';
import { replaceRepayments } from '../store/loans-store.ts';
import { recordEvent } from '../store/outbox-store.ts';
import { appendAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { customerContext, wallNow } from './customer-time.ts';
import * as events from './event-payloads.ts';
import { loanTerms, lockedLoan, refOf, scheduleChangeError, settleLoan, tenantOfLoan, type LoanRow } from './loans.ts';

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

function noticeError(problem: NoticeProblem): DomainError {
  switch (problem.kind) {
    case 'not_regulated':
      return new DomainError('LoanNotRegulated', 'the Consumer Credit Act did not regulate this drawdown: it carries no right of withdrawal');
    case 'already_given':
      return new DomainError('WithdrawalNoticeGiven', `notice of withdrawal was already given on ${problem.noticeGivenOn}`);
    case 'settled':
      return new DomainError('LoanSettled', 'this loan is settled: there is nothing to withdraw from');
    case 'period_ended':
      return new DomainError('WithdrawalPeriodEnded', `notice of withdrawal could be given until ${problem.lastDay}, the 14th day after the drawdown`, {
        meta: { last_day: problem.lastDay },
      });
    case 'before_drawdown':
      return new DomainError('WithdrawalPeriodEnded', 'notice of withdrawal cannot be given before the day of the drawdown');
  }
}

/** Who gives notice: the customer in the portal, or an operator recording the notice the customer gave the lender. */
export type NoticeChannel = { through: 'portal'; customerId: string } | { through: 'operator'; actor: Actor };

/**
 * Gives notice of withdrawal from a loan today (London): refused unless the drawdown was
 * regulated, today is no later than the 14th day after it, no notice was given and the loan is
 * not settled. Writes the notice, `loan_withdrawn_202611` and the audit row in one transaction.
 */
export async function giveWithdrawalNotice(ctx: ServiceContext, tenant: Tenant | null, loanId: string, channel: NoticeChannel): Promise<LoanRow> {
  ctx = await customerContext(ctx, 'loan', loanId, tenant);
  return ctx.db.transaction(async (tx) => {
    const loan = await lockedLoan(tx, tenant, loanId);
    // A customer sees only their own loans: another's is not found, as in the rest of the portal.
    if (channel.through === 'portal' && loan.customer_id !== channel.customerId) throw notFound('loan');
    const now = ctx.now();
    const today = londonToday(now);
    const problem = noticeProblem({ regulated: loan.regulated, fundedOn: loan.funded_on, repayments: loan.repayments, notice: loan.withdrawal, today });
    if (problem) throw noticeError(problem);
    const actor: Actor = channel.through === 'portal' ? { kind: 'system', label: 'customer portal' } : channel.actor;
    await insertWithdrawalNotice(tx, {
      loanId: loan.id,
      noticeGivenOn: today,
      givenThrough: channel.through,
      givenBy: channel.through === 'operator' && channel.actor.kind === 'operator' ? channel.actor.email : null,
      now,
    });
    const repayBy = withdrawalRepayBy(today);
    await recordEvent(tx, tenantOfLoan(loan), 'loan_withdrawn_202611', events.loanWithdrawn(refOf(loan), today, repayBy), now);
    const amount = withdrawalDue(loanTerms(loan), loan.repayments, today).amountPence;
    await appendAudit(
      tx,
      actor,
      {
        action: 'loan.withdrawal_notice_given',
        targetType: 'loan',
        targetId: loan.id,
        summary: { partner_id: loan.partner_id, environment: loan.environment, notice_given_on: today, repay_by: repayBy, amount_today_pence: amount },
      },
      wallNow(ctx),
    );
    return { ...loan, withdrawal: { noticeGivenOn: today, repaidOn: null } };
  });
}

function repaymentDayError(problem: RepaymentDayProblem, pointer: string): DomainError {
  switch (problem.kind) {
    case 'before_notice':
      return invalidAt(pointer, `the withdrawal repayment cannot be before the notice, given on ${problem.noticeGivenOn}`);
    case 'in_future':
      return invalidAt(pointer, `the withdrawal repayment is recorded once made: on or before today, ${problem.today}`);
    case 'not_after_collected':
      return invalidAt(pointer, `the withdrawal repayment must be after ${problem.date}, the last repayment collected`);
  }
}

/** What recording a payment did: the settlement figure paid, or the withdrawal repayment. */
export interface Payment {
  loan: LoanRow;
  kind: 'settlement' | 'withdrawal';
  on: string;
  amountPence: number;
}

/**
 * Records the payment that ends a loan (the sandbox's settle and the operator's "Record
 * settlement"): under notice of withdrawal, the withdrawal repayment on `on` (default today),
 * which makes the loan `withdrawn`; otherwise the section 22 settlement figure.
 */
export async function recordLoanPayment(
  ctx: ServiceContext,
  tenant: Tenant | null,
  loanId: string,
  on: string | null,
  where: ErrorSource & { pointer: string },
  through: 'operator' | 'sandbox',
): Promise<Payment> {
  ctx = await customerContext(ctx, 'loan', loanId, tenant);
  return ctx.db.transaction(async (tx) => {
    const loan = await lockedLoan(tx, tenant, loanId);
    const notice = loan.withdrawal;
    if (!notice) {
      const settled = await settleLoan({ ...ctx, db: tx }, tenant, loanId, on, where);
      return { loan: settled.loan, kind: 'settlement', on: settled.quote.on, amountPence: settled.quote.amountPence };
    }
    if (notice.repaidOn) throw scheduleChangeError({ kind: 'withdrawn', repaidOn: notice.repaidOn });
    const now = ctx.now();
    const day = on ?? londonToday(now);
    const problem = repaymentDayProblem(notice, loan.repayments, day, londonToday(now));
    if (problem) throw repaymentDayError(problem, where.pointer);
    const terms = loanTerms(loan);
    const due = withdrawalDue(terms, loan.repayments, day);
    const repayments = withdrawnRepayments(terms, loan.repayments, due, day);
    await replaceRepayments(tx, loan.id, repayments);
    await setWithdrawalRepaid(tx, loan.id, { repaidOn: day, through, now });
    return { loan: { ...loan, repayments, withdrawal: { ...notice, repaidOn: day } }, kind: 'withdrawal', on: day, amountPence: due.amountPence };
  });
}
