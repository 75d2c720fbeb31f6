/**
 * Repayment schedule (docs/behaviour.md, section 10), pure and exact.
 *
 * All money is integer pence and every rounding is half-even through BigInt (money.ts), line by
 * line, so the JSON and the PDF show exactly what a partner can recompute by hand.
 */

import { aprTenths } from './apr.ts';
import { addMonths, daysBetween } from './dates.ts';
import type { IsoDate } from './dates.ts';
import { basisPointsToPercent, divideHalfEven, fromPence, percentOf } from './money.ts';
import type { BasisPoints, Pence } from './money.ts';

export interface ScheduleInput {
  amountPence: Pence;
  monthlyRateBp: BasisPoints;
  feeBp: BasisPoints;
  durationDays: number;
  /** D0: the day the loan is (simulated as) drawn. */
  drawnOn: IsoDate;
  payOffEarlyOn?: IsoDate | null;
}

export interface ScheduledRepayment {
  date: IsoDate;
  amountPence: Pence;
  feesPence: Pence;
  interestPence: Pence;
  principalPence: Pence;
}

export interface RepaymentSchedule {
  amountBorrowedPence: Pence;
  feeBp: BasisPoints;
  monthlyRateBp: BasisPoints;
  repayments: ScheduledRepayment[];
  totalPayablePence: Pence;
  totalFeesPence: Pence;
  totalInterestPence: Pence;
  totalPrincipalPence: Pence;
  amountSavedByRepayingEarlyPence: Pence;
  /**
   * The agreement's APR (docs/behaviour.md, section 23) in tenths of a percent: of the schedule
   * without an early payoff for this amount, whether or not one is asked for.
   */
  aprTenths: number;
  /** Not part of the JSON resource; kept so the PDF can state the simulated terms. */
  drawnOn?: IsoDate;
  payOffEarlyOn?: IsoDate | null;
}

export type EarlyPayoffProblem = 'not_after_drawdown' | 'after_last_repayment';

export interface RepaymentScheduleJson {
  apr: number;
  amount_borrowed: number;
  amount_saved_by_repaying_early: number;
  fee_percentage: number;
  monthly_interest_percentage: number;
  repayments: Array<{ amount: number; date: IsoDate; breakdown: { fees: number; interest: number; principal: number } }>;
  total_payable: number;
  total_payable_breakdown: { total_fees: number; total_interest: number; total_principal: number };
}

/**
 * n = max(1, round(days / 30)) with halves rounded up. floor((days + 15) / 30) is that rounding
 * in integers (45 days -> 2, 44 -> 1), so no float ever decides the count.
 */
export function repaymentCount(durationDays: number): number {
  if (!Number.isSafeInteger(durationDays) || durationDays < 0) {
    throw new RangeError(`duration in days must be a non-negative integer: ${durationDays}`);
  }
  return Math.max(1, Math.floor((durationDays + 15) / 30));
}

/** Repayment k (1-based) falls on D0 + k months, always computed from D0 so a clamped 28 Feb does not drag 31 Mar to the 28th. */
export function repaymentDates(drawnOn: IsoDate, durationDays: number): IsoDate[] {
  const n = repaymentCount(durationDays);
  return Array.from({ length: n }, (_, i) => addMonths(drawnOn, i + 1));
}

/** Why `payOffEarlyOn` is not allowed (E must be after D0 and not after the last repayment date), or null. */
export function checkPayOffEarlyOn(input: { drawnOn: IsoDate; durationDays: number; payOffEarlyOn: IsoDate }): EarlyPayoffProblem | null {
  if (daysBetween(input.drawnOn, input.payOffEarlyOn) <= 0) return 'not_after_drawdown';
  const dates = repaymentDates(input.drawnOn, input.durationDays);
  if (daysBetween(dates[dates.length - 1], input.payOffEarlyOn) > 0) return 'after_last_repayment';
  return null;
}

function line(date: IsoDate, feesPence: Pence, interestPence: Pence, principalPence: Pence): ScheduledRepayment {
  return { date, amountPence: feesPence + interestPence + principalPence, feesPence, interestPence, principalPence };
}

/** The schedule with no early payoff: n level principal repayments plus a whole month's interest each. */
function standardRepayments(input: ScheduleInput): ScheduledRepayment[] {
  const dates = repaymentDates(input.drawnOn, input.durationDays);
  const n = dates.length;
  const fee = percentOf(input.amountPence, input.feeBp);
  const level = Number(divideHalfEven(BigInt(input.amountPence), BigInt(n)));
  let balance = input.amountPence;
  return dates.map((date, i) => {
    // The last repayment takes the remainder so principal sums to A. The min() only matters for
    // absurdly small loans (a few pence over many months), where (n-1) rounded-up instalments
    // would exceed A and drive the balance negative; it then stops at zero instead.
    const principal = i === n - 1 ? balance : Math.min(level, balance);
    const interest = percentOf(balance, input.monthlyRateBp);
    balance -= principal;
    return line(date, i === 0 ? fee : 0, interest, principal);
  });
}

/**
 * Early payoff on E: repayments dated before E stay as they are; E gets one repayment of the whole
 * remaining balance, the fee if the first repayment (which carries it) was not kept, and interest
 * pro rata over the period from the previous repayment (or D0) to the next scheduled one. When E is
 * a scheduled date, elapsed = the whole period, so that line is the full month's interest.
 */
function withEarlyPayoff(input: ScheduleInput, standard: ScheduledRepayment[], payOffOn: IsoDate): ScheduledRepayment[] {
  const kept = standard.filter((r) => daysBetween(r.date, payOffOn) > 0);
  const next = standard[kept.length]; // exists: E is not after the last date
  const previousDate = kept.length > 0 ? kept[kept.length - 1].date : input.drawnOn;
  const principalPaid = kept.reduce((sum, r) => sum + r.principalPence, 0);
  const balance = input.amountPence - principalPaid;
  const elapsed = daysBetween(previousDate, payOffOn);
  const period = daysBetween(previousDate, next.date);
  // One exact rational rounding: balance × bp × elapsed / (10,000 × period), never a rounded daily rate.
  const interest = Number(divideHalfEven(BigInt(balance) * BigInt(input.monthlyRateBp) * BigInt(elapsed), 10_000n * BigInt(period)));
  const fee = kept.length === 0 ? standard[0].feesPence : 0;
  return [...kept, line(payOffOn, fee, interest, balance)];
}

function sum(repayments: ScheduledRepayment[], pick: (r: ScheduledRepayment) => Pence): Pence {
  return repayments.reduce((total, r) => total + pick(r), 0);
}

export function repaymentSchedule(input: ScheduleInput): RepaymentSchedule {
  if (!Number.isSafeInteger(input.amountPence) || input.amountPence <= 0) {
    throw new RangeError(`amount must be a positive number of pence: ${input.amountPence}`);
  }
  for (const bp of [input.monthlyRateBp, input.feeBp]) {
    if (!Number.isSafeInteger(bp) || bp < 0) throw new RangeError(`rate must be non-negative basis points: ${bp}`);
  }
  const standard = standardRepayments(input);
  const payOffOn = input.payOffEarlyOn ?? null;
  let repayments = standard;
  if (payOffOn !== null) {
    const problem = checkPayOffEarlyOn({ drawnOn: input.drawnOn, durationDays: input.durationDays, payOffEarlyOn: payOffOn });
    if (problem !== null) throw new RangeError(`pay_off_early_on ${payOffOn}: ${problem}`);
    repayments = withEarlyPayoff(input, standard, payOffOn);
  }
  const totalPayablePence = sum(repayments, (r) => r.amountPence);
  return {
    amountBorrowedPence: input.amountPence,
    feeBp: input.feeBp,
    monthlyRateBp: input.monthlyRateBp,
    repayments,
    totalPayablePence,
    totalFeesPence: sum(repayments, (r) => r.feesPence),
    totalInterestPence: sum(repayments, (r) => r.interestPence),
    totalPrincipalPence: sum(repayments, (r) => r.principalPence),
    amountSavedByRepayingEarlyPence: sum(standard, (r) => r.amountPence) - totalPayablePence,
    aprTenths: aprTenths(
      input.amountPence,
      standard.map((r, index) => ({ months: index + 1, amountPence: r.amountPence })),
    ),
    drawnOn: input.drawnOn,
    payOffEarlyOn: payOffOn,
  };
}

/** The spec's Repayment schedule resource: GBP numbers (pence / 100) and percentages (bp / 100). */
export function scheduleToJson(s: RepaymentSchedule): RepaymentScheduleJson {
  return {
    amount_borrowed: fromPence(s.amountBorrowedPence),
    amount_saved_by_repaying_early: fromPence(s.amountSavedByRepayingEarlyPence),
    apr: s.aprTenths / 10,
    fee_percentage: basisPointsToPercent(s.feeBp),
    monthly_interest_percentage: basisPointsToPercent(s.monthlyRateBp),
    repayments: s.repayments.map((r) => ({
      amount: fromPence(r.amountPence),
      date: r.date,
      breakdown: {
        fees: fromPence(r.feesPence),
        interest: fromPence(r.interestPence),
        principal: fromPence(r.principalPence),
      },
    })),
    total_payable: fromPence(s.totalPayablePence),
    total_payable_breakdown: {
      total_fees: fromPence(s.totalFeesPence),
      total_interest: fromPence(s.totalInterestPence),
      total_principal: fromPence(s.totalPrincipalPence),
    },
  };
}

/** The terms of an offer, as the APR of its whole amount needs them. */
export interface CreditTerms {
  maxAmountPence: Pence;
  monthlyRateBp: BasisPoints;
  feeBp: BasisPoints;
  durationDays: number;
}

/**
 * An offer's APR in tenths of a percent: that of its schedule for the whole credit limit. The
 * drawdown date does not matter (repayments fall whole months apart, each month a twelfth of a
 * year), so any fixed date gives the same answer.
 */
export function offerAprTenths(terms: CreditTerms): number {
  return repaymentSchedule({
    amountPence: terms.maxAmountPence,
    monthlyRateBp: terms.monthlyRateBp,
    feeBp: terms.feeBp,
    durationDays: terms.durationDays,
    drawnOn: '2026-01-31',
  }).aprTenths;
}
