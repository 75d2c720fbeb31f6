/**
 * A loan in the customer's words (docs/behaviour.md, section 22; the wording of a missed payment is
 * decided in docs/decisions.md, "Loans after funding"): its status, each repayment's status, what a
 * missed payment means and what to do about it, and why a settlement day cannot be quoted.
 */
import { withdrawalRepayBy } from '../domain/credit-regulation.ts';
import { daysBetween, type IsoDate } from '../domain/dates.ts';
import type { WithdrawalNotice } from '../domain/loan-withdrawal.ts';
import type { LoanPosition, LoanRepayment, LoanStatus, SettlementProblem } from '../domain/loans.ts';
import { askFrom, type NoSettlementDay } from '../domain/settlement-day.ts';
import { formatDate, formatGbp } from '../web/format.ts';
import type { Tone } from './status-words.ts';

export const LOAN_STATUS_WORDS: Record<LoanStatus, { headline: string; tone: Tone }> = {
  active: { headline: 'Up to date', tone: 'good' },
  in_arrears: { headline: 'Payment missed', tone: 'bad' },
  settled: { headline: 'Paid off', tone: 'good' },
  withdrawn: { headline: 'Withdrawn', tone: 'info' },
};

export function days(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/** The day the last payment arrived: when a settled loan was paid off. */
export function paidOffOn(repayments: readonly LoanRepayment[]): IsoDate | null {
  return repayments.reduce<IsoDate | null>((latest, r) => (r.collectedOn && (!latest || r.collectedOn > latest) ? r.collectedOn : latest), null);
}

/** One sentence on where the loan stands: what comes next, or that it is paid off (or withdrawn from, section 23). */
export function loanSituation(
  position: LoanPosition,
  repayments: readonly LoanRepayment[],
  today: IsoDate,
  withdrawal: WithdrawalNotice | null = null,
): string {
  if (withdrawal && !withdrawal.repaidOn) {
    return `You are withdrawing from this agreement. Your Direct Debits have stopped: repay what you drew and the interest by ${formatDate(withdrawalRepayBy(withdrawal.noticeGivenOn))}.`;
  }
  const next = position.nextRepayment;
  // A repayment whose date has come is being collected until its outcome is recorded.
  const nextWords = !next
    ? ''
    : next.date > today
      ? `Your next repayment of ${formatGbp(next.amountPence)} will be collected by Direct Debit on ${formatDate(next.date)}.`
      : `Your repayment of ${formatGbp(next.amountPence)} due on ${formatDate(next.date)} is being collected by Direct Debit.`;
  switch (position.status) {
    case 'settled': {
      const on = paidOffOn(repayments);
      return `You have paid this loan off${on ? ` (last payment ${formatDate(on)})` : ''}. There is nothing more to pay.`;
    }
    case 'withdrawn':
      return withdrawal?.repaidOn
        ? `You withdrew from this loan agreement and repaid it on ${formatDate(withdrawal.repaidOn)}. There is nothing more to pay.`
        : 'You withdrew from this loan agreement.';
    case 'in_arrears':
      return next ? `You are behind with your repayments. ${nextWords}` : 'You are behind with your repayments.';
    case 'active':
      return next ? `You are up to date. ${nextWords}` : 'You are up to date. Your last repayment is being collected.';
  }
}

/** A repayment's status as the customer reads it in the schedule (under notice of withdrawal, no more are collected). */
export function repaymentStatusWords(r: LoanRepayment, today: IsoDate, withdrawal: WithdrawalNotice | null = null): string {
  if (r.status === 'collected') {
    const on = r.collectedOn ?? r.date;
    if (r.settlement) return withdrawal ? `Withdrawal repayment paid on ${formatDate(on)}` : `Settlement paid on ${formatDate(on)}`;
    return on > r.date ? `Paid late, on ${formatDate(on)}` : `Paid on ${formatDate(on)}`;
  }
  if (withdrawal) return 'Not collected: you are withdrawing';
  if (r.status === 'missed') return `Missed (${days(Math.max(0, daysBetween(r.date, today)))} overdue)`;
  return r.date > today ? 'Due' : 'Being collected';
}

export interface ArrearsWords {
  heading: string;
  /** What was missed and since when. */
  what: string;
  /** What to do, in order. */
  steps: string[];
  /** What happens if nothing is done, and where help is. */
  consequences: string;
  help: string;
}

/** A missed payment explained, with what to do (null when nothing is missed). */
export function arrearsWords(position: LoanPosition, repayments: readonly LoanRepayment[], lender: string): ArrearsWords | null {
  const { arrears } = position;
  if (arrears.amountPence === 0 || !arrears.oldestDueDate) return null;
  const missed = repayments.filter((r) => r.status === 'missed');
  const overdue = days(arrears.daysPastDue);
  const what =
    missed.length === 1
      ? `Your repayment of ${formatGbp(arrears.amountPence)} due on ${formatDate(arrears.oldestDueDate)} was not paid: the Direct Debit was returned unpaid. It is ${overdue} overdue.`
      : `You have missed ${missed.length} repayments, ${formatGbp(arrears.amountPence)} in all. The oldest was due on ${formatDate(arrears.oldestDueDate)} and is ${overdue} overdue.`;
  return {
    heading: missed.length === 1 ? 'You have missed a repayment' : `You have missed ${missed.length} repayments`,
    what,
    steps: [
      `We will not try to take the missed ${missed.length === 1 ? 'payment' : 'payments'} again by ourselves. Contact ${lender} as soon as you can to pay ${formatGbp(arrears.amountPence)}: the phone number and email address are on your loan agreement.`,
      'Keep enough in your account for the repayments still to come: we will keep collecting them by Direct Debit on their dates.',
    ],
    consequences: 'Until the missed amount is paid, your loan is in arrears. This may affect your credit file and your ability to borrow.',
    help: 'If you are finding it hard to pay, tell us: we will talk through what you can afford. Free, confidential advice for businesses is available from Business Debtline (businessdebtline.org, 0800 197 6026).',
  };
}

/** Why no settlement figure can be given for the day asked, as a field error. */
export function settlementProblemWords(problem: SettlementProblem, fundedOn: IsoDate): string {
  switch (problem.kind) {
    case 'settled':
      return 'This loan is paid off: there is nothing left to pay';
    case 'before_funding':
      return `Enter a date on or after ${formatDate(fundedOn)}, the day you drew the loan`;
    case 'too_far_ahead':
      return `Enter a date no more than 28 days ahead, on or before ${formatDate(problem.latest)}`;
    case 'after_last_repayment':
      return `Enter a date on or before ${formatDate(problem.last)}, the date of your last repayment`;
    case 'not_after_recorded':
      return `Enter a date after ${formatDate(problem.date)}: the repayment due that day is already recorded`;
  }
}

/** Why no figure to pay the loan off early can be given from today, in the customer's words. */
export function noSettlementDayWords(reason: NoSettlementDay): string {
  switch (reason.kind) {
    case 'settled':
      return 'This loan is paid off: there is nothing left to pay.';
    case 'last_repayment_recorded':
      return `We cannot give a figure to pay this loan off early: the date of your last repayment, ${formatDate(reason.last)}, has passed. What is left to pay is what you missed.`;
    case 'term_ended':
      return `We cannot give a figure to pay this loan off early: your last repayment, due on ${formatDate(reason.last)}, is being collected.`;
    case 'first_day_too_far':
      return `We can give a figure to pay this loan off early for ${formatDate(reason.first)} or later, from ${formatDate(askFrom(reason.first))}: until then your repayments are already arranged.`;
  }
}
