/**
 * Withdrawal from a regulated loan (Consumer Credit Act s.66A; docs/behaviour.md, section 23),
 * pure: when notice may be given, what the borrower repays on a day, and the loan's repayments
 * once that repayment is recorded. The 14 days, the 30 days and the daily interest rule are in
 * credit-regulation.ts; this file applies them to a loan and its repayments.
 */

import { lastWithdrawalDay, mayWithdraw } from './credit-regulation.ts';
import { addDays, daysBetween, type IsoDate } from './dates.ts';
import { loanStatus, type LoanRepayment } from './loans.ts';
import { divideHalfEven, type BasisPoints, type Pence } from './money.ts';

/** A notice of withdrawal as kept: its day, and the day its repayment was recorded (or null). */
export interface WithdrawalNotice {
  noticeGivenOn: IsoDate;
  repaidOn: IsoDate | null;
}

export interface WithdrawalTerms {
  amountPence: Pence;
  monthlyRateBp: BasisPoints;
  fundedOn: IsoDate;
}

export type NoticeProblem =
  | { kind: 'not_regulated' }
  | { kind: 'already_given'; noticeGivenOn: IsoDate }
  | { kind: 'settled' }
  | { kind: 'period_ended'; lastDay: IsoDate }
  | { kind: 'before_drawdown' };

/**
 * Why notice of withdrawal cannot be given on `today` (London), or null when it can: only for a
 * regulated drawdown, once, not on a settled loan, from the day of the drawdown to the 14th day
 * after it (that day included).
 */
export function noticeProblem(input: {
  regulated: boolean;
  fundedOn: IsoDate;
  repayments: readonly LoanRepayment[];
  notice: WithdrawalNotice | null;
  today: IsoDate;
}): NoticeProblem | null {
  if (!input.regulated) return { kind: 'not_regulated' };
  if (input.notice) return { kind: 'already_given', noticeGivenOn: input.notice.noticeGivenOn };
  if (loanStatus(input.repayments) === 'settled') return { kind: 'settled' };
  if (mayWithdraw(input.fundedOn, input.today)) return null;
  return daysBetween(input.fundedOn, input.today) < 0 ? { kind: 'before_drawdown' } : { kind: 'period_ended', lastDay: lastWithdrawalDay(input.fundedOn) };
}

export interface WithdrawalDue {
  /** Interest for each day from the drawdown to the repayment, on what was still owed that day. */
  interestPence: Pence;
  /** What was already collected on the loan, which counts toward the amount. */
  paidPence: Pence;
  /** What remains to repay: drawn + interest - paid, never below 0. */
  amountPence: Pence;
}

/**
 * What a withdrawing borrower repays on `repayOn`: the amount drawn plus interest for each day
 * from the drawdown to `repayOn` at the monthly rate × 12 ÷ 365, one rounding half-even to the
 * penny; no fee. Repayments already collected count toward it, and stop interest on what they
 * repaid from the day they were collected (docs/decisions.md). Without collections this is
 * exactly `withdrawalAmountPence` of credit-regulation.ts.
 */
export function withdrawalDue(terms: WithdrawalTerms, repayments: readonly LoanRepayment[], repayOn: IsoDate): WithdrawalDue {
  const collections = repayments.filter((r) => r.status === 'collected' && r.collectedOn !== null);
  const paidPence = collections.reduce((sum, r) => sum + r.amountPence, 0);
  const days = Math.max(0, daysBetween(terms.fundedOn, repayOn));
  // Sum of (what was owed each day) in pence-days; the rate applied once, rounded once.
  let penceDays = 0n;
  for (let day = 0; day < days; day += 1) {
    const date = addDays(terms.fundedOn, day);
    const repaid = collections.filter((r) => (r.collectedOn as IsoDate) <= date).reduce((sum, r) => sum + r.amountPence, 0);
    penceDays += BigInt(Math.max(0, terms.amountPence - repaid));
  }
  const interestPence = Number(divideHalfEven(penceDays * BigInt(terms.monthlyRateBp) * 12n, 10_000n * 365n));
  return { interestPence, paidPence, amountPence: Math.max(0, terms.amountPence + interestPence - paidPence) };
}

export type RepaymentDayProblem =
  { kind: 'before_notice'; noticeGivenOn: IsoDate } | { kind: 'in_future'; today: IsoDate } | { kind: 'not_after_collected'; date: IsoDate };

/** Why the withdrawal repayment cannot be recorded as made on `on`: not before the notice, not after today, after every collected repayment. */
export function repaymentDayProblem(notice: WithdrawalNotice, repayments: readonly LoanRepayment[], on: IsoDate, today: IsoDate): RepaymentDayProblem | null {
  if (daysBetween(notice.noticeGivenOn, on) < 0) return { kind: 'before_notice', noticeGivenOn: notice.noticeGivenOn };
  if (daysBetween(on, today) < 0) return { kind: 'in_future', today };
  const collected = repayments.filter((r) => r.status === 'collected' && daysBetween(r.date, on) <= 0);
  if (collected.length > 0) return { kind: 'not_after_collected', date: collected[collected.length - 1].date };
  return null;
}

/**
 * The repayments once the withdrawal repayment is recorded on `on`: those collected stay as they
 * were; the rest (scheduled or missed) are replaced by the one repayment of `due`, collected on
 * `on` (principal first: what remains of the amount drawn; the rest interest; no fee).
 */
export function withdrawnRepayments(terms: WithdrawalTerms, repayments: readonly LoanRepayment[], due: WithdrawalDue, on: IsoDate): LoanRepayment[] {
  const kept = repayments.filter((r) => r.status === 'collected');
  const principalLeft = Math.max(0, terms.amountPence - kept.reduce((sum, r) => sum + r.principalPence, 0));
  const principalPence = Math.min(due.amountPence, principalLeft);
  const payment: LoanRepayment = {
    date: on,
    amountPence: due.amountPence,
    feesPence: 0,
    interestPence: due.amountPence - principalPence,
    principalPence,
    status: 'collected',
    collectedOn: on,
    settlement: true,
  };
  return [...kept, payment];
}

export type ScheduleChangeProblem = { kind: 'withdrawn'; repaidOn: IsoDate } | { kind: 'notice_given'; noticeGivenOn: IsoDate };

/**
 * Why the loan's schedule can no longer change (a collection outcome, a settlement figure), or
 * null: once notice is given the Direct Debits stop and the withdrawal amount replaces them; once
 * its repayment is recorded the loan is withdrawn.
 */
export function scheduleChangeProblem(notice: WithdrawalNotice | null): ScheduleChangeProblem | null {
  if (!notice) return null;
  return notice.repaidOn ? { kind: 'withdrawn', repaidOn: notice.repaidOn } : { kind: 'notice_given', noticeGivenOn: notice.noticeGivenOn };
}
