/**
 * Loans after funding (docs/behaviour.md, section 22), pure. A loan is its section 10 schedule
 * from the funding date put in motion: each repayment has a state, and everything else (balance,
 * next repayment, arrears, status, the settlement figure) is derived from those states, never
 * kept as a second copy that could disagree.
 */

import { addDays, daysBetween, type IsoDate } from './dates.ts';
import { deferredSettlementDate, regulation4AmountPence } from './early-settlement.ts';
import type { Problem } from './errors.ts';
import type { BasisPoints, Pence } from './money.ts';
import { repaymentSchedule } from './repayment-schedule.ts';

/** A closed set: a loan is in exactly one of these. `withdrawn` ends a regulated loan (section 23). */
export const LOAN_STATUSES = ['active', 'in_arrears', 'settled', 'withdrawn'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const REPAYMENT_STATUSES = ['scheduled', 'collected', 'missed'] as const;
export type RepaymentStatus = (typeof REPAYMENT_STATUSES)[number];

export const COLLECTION_OUTCOMES = ['collected', 'missed'] as const;
export type CollectionOutcome = (typeof COLLECTION_OUTCOMES)[number];

/** How far ahead a settlement figure may be asked for. */
export const SETTLEMENT_QUOTE_MAX_DAYS_AHEAD = 28;

export interface LoanTerms {
  amountPence: Pence;
  monthlyRateBp: BasisPoints;
  feeBp: BasisPoints;
  durationDays: number;
  fundedOn: IsoDate;
}

export interface LoanRepayment {
  date: IsoDate;
  amountPence: Pence;
  feesPence: Pence;
  interestPence: Pence;
  principalPence: Pence;
  status: RepaymentStatus;
  collectedOn: IsoDate | null;
  /** The one payment that settled the loan early (it replaces the repayments from its date on). */
  settlement: boolean;
}

export interface LoanBalance {
  principalPence: Pence;
  interestPence: Pence;
  feesPence: Pence;
  totalPence: Pence;
}

export interface LoanArrears {
  amountPence: Pence;
  daysPastDue: number;
  oldestDueDate: IsoDate | null;
}

export interface LoanPosition {
  status: LoanStatus;
  balance: LoanBalance;
  nextRepayment: { date: IsoDate; amountPence: Pence } | null;
  arrears: LoanArrears;
}

/** Section 10's schedule for the loan's terms from its funding date, paid off early on `payOffEarlyOn` when given. */
function scheduleOf(terms: LoanTerms, payOffEarlyOn: IsoDate | null) {
  return repaymentSchedule({
    amountPence: terms.amountPence,
    monthlyRateBp: terms.monthlyRateBp,
    feeBp: terms.feeBp,
    durationDays: terms.durationDays,
    drawnOn: terms.fundedOn,
    payOffEarlyOn,
  });
}

/** The loan's APR in tenths of a percent: that of its own schedule, for the amount drawn (section 23). */
export function loanAprTenths(terms: LoanTerms): number {
  return scheduleOf(terms, null).aprTenths;
}

/** The repayments a new loan starts with: the section 10 schedule from its funding date, all scheduled. */
export function initialRepayments(terms: LoanTerms): LoanRepayment[] {
  return scheduleOf(terms, null).repayments.map((r) => ({ ...r, status: 'scheduled', collectedOn: null, settlement: false }));
}

/** Days from `from` to `today`, never negative. */
function daysSince(from: IsoDate, today: IsoDate): number {
  return Math.max(0, daysBetween(from, today));
}

export function loanArrears(repayments: readonly LoanRepayment[], today: IsoDate): LoanArrears {
  const missed = repayments.filter((r) => r.status === 'missed');
  if (missed.length === 0) return { amountPence: 0, daysPastDue: 0, oldestDueDate: null };
  const oldest = missed.reduce((a, b) => (a.date <= b.date ? a : b)).date;
  return { amountPence: missed.reduce((sum, r) => sum + r.amountPence, 0), daysPastDue: daysSince(oldest, today), oldestDueDate: oldest };
}

/**
 * The status from the repayments alone: settled when every repayment is collected, in arrears
 * while one is missed, else active. `withdrawn` is decided by the withdrawal (section 23), which
 * the caller passes.
 */
export function loanStatus(repayments: readonly LoanRepayment[], withdrawn = false): LoanStatus {
  if (withdrawn) return 'withdrawn';
  if (repayments.every((r) => r.status === 'collected')) return 'settled';
  if (repayments.some((r) => r.status === 'missed')) return 'in_arrears';
  return 'active';
}

export function loanPosition(repayments: readonly LoanRepayment[], today: IsoDate, withdrawn = false): LoanPosition {
  const outstanding = repayments.filter((r) => r.status !== 'collected');
  const balance = {
    principalPence: outstanding.reduce((s, r) => s + r.principalPence, 0),
    interestPence: outstanding.reduce((s, r) => s + r.interestPence, 0),
    feesPence: outstanding.reduce((s, r) => s + r.feesPence, 0),
    totalPence: outstanding.reduce((s, r) => s + r.amountPence, 0),
  };
  const next = repayments.filter((r) => r.status === 'scheduled').sort((a, b) => (a.date < b.date ? -1 : 1))[0];
  return {
    status: loanStatus(repayments, withdrawn),
    balance,
    nextRepayment: next ? { date: next.date, amountPence: next.amountPence } : null,
    arrears: loanArrears(repayments, today),
  };
}

/**
 * The repayment whose collection completed a loan that ran its term: the one collected last (the
 * latest `collectedOn`, the later due date on a tie). Its day is the loan's `settled_on` and its
 * amount the event's `amount_paid` (section 22).
 */
export function lastCollected(repayments: readonly LoanRepayment[]): LoanRepayment | null {
  let last: LoanRepayment | null = null;
  for (const r of repayments) {
    if (r.status !== 'collected' || r.collectedOn === null) continue;
    if (!last || r.collectedOn > (last.collectedOn as IsoDate) || (r.collectedOn === last.collectedOn && r.date > last.date)) last = r;
  }
  return last;
}

// --- Collections ---

export type CollectionProblem =
  | { kind: 'settled' }
  | { kind: 'no_repayment'; date: IsoDate }
  | { kind: 'already_collected'; date: IsoDate }
  | { kind: 'collected_before_due'; date: IsoDate };

export type CollectionResult = { changed: false; repayment: LoanRepayment } | { changed: true; repayment: LoanRepayment; previous: RepaymentStatus };

/**
 * One outcome for the repayment due on `dueDate`. Recording what is already recorded changes
 * nothing (a bank report imported twice); a collected repayment cannot be turned back into a
 * missed one; a missed one collected later becomes collected on the day the money arrived.
 */
export function applyCollection(
  repayments: readonly LoanRepayment[],
  dueDate: IsoDate,
  outcome: CollectionOutcome,
  collectedOn: IsoDate | null,
): CollectionResult | CollectionProblem {
  if (loanStatus(repayments) === 'settled') return { kind: 'settled' };
  const repayment = repayments.find((r) => r.date === dueDate);
  if (!repayment) return { kind: 'no_repayment', date: dueDate };
  if (repayment.status === outcome) return { changed: false, repayment };
  if (outcome === 'missed') {
    if (repayment.status === 'collected') return { kind: 'already_collected', date: dueDate };
    return { changed: true, previous: repayment.status, repayment: { ...repayment, status: 'missed', collectedOn: null } };
  }
  const on = collectedOn ?? dueDate;
  if (daysBetween(dueDate, on) < 0) return { kind: 'collected_before_due', date: dueDate };
  return { changed: true, previous: repayment.status, repayment: { ...repayment, status: 'collected', collectedOn: on } };
}

export function isCollectionProblem(r: CollectionResult | CollectionProblem): r is CollectionProblem {
  return 'kind' in r;
}

/**
 * The sandbox's simulation up to `until`: every repayment due on or before it is collected on its
 * date except those listed as missed; one missed earlier and not listed now is collected late,
 * on `until`. Returns the outcomes that change something, in date order (an outcome already
 * recorded is left out: once a late collection completes the loan, nothing after it is refused as
 * an outcome for a settled loan).
 */
export function simulatedOutcomes(
  repayments: readonly LoanRepayment[],
  until: IsoDate,
  missed: readonly IsoDate[],
): { dueDate: IsoDate; outcome: CollectionOutcome; collectedOn: IsoDate | null }[] {
  const missedSet = new Set(missed);
  return repayments
    .filter((r) => r.date <= until && r.status !== (missedSet.has(r.date) ? 'missed' : 'collected'))
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .map((r) =>
      missedSet.has(r.date)
        ? { dueDate: r.date, outcome: 'missed' as const, collectedOn: null }
        : { dueDate: r.date, outcome: 'collected' as const, collectedOn: r.status === 'missed' ? until : r.date },
    );
}

// --- Settlement ---

export type SettlementProblem =
  | { kind: 'settled' }
  | { kind: 'before_funding' }
  | { kind: 'too_far_ahead'; latest: IsoDate }
  | { kind: 'after_last_repayment'; last: IsoDate }
  | { kind: 'not_after_recorded'; date: IsoDate };

export interface SettlementQuote {
  on: IsoDate;
  principalPence: Pence;
  interestPence: Pence;
  feesPence: Pence;
  arrearsPence: Pence;
  /**
   * What the Early Settlement Regulations take off a regulated loan's section 22 figure: the part of
   * it above the regulation 4 amount (0 when the loan is not regulated, or when nothing is above).
   */
  rebatePence: Pence;
  /** principal + interest + fees + arrears - rebate. */
  amountPence: Pence;
  validUntil: IsoDate;
}

/**
 * The repayments made before settling on `on`, for the regulation 4 amount: those collected, on the
 * day the money arrived (a late one on its `collectedOn`), and those due before `on` still
 * scheduled, on their dates (the section 22 figure counts on them; a settlement waits until they
 * are recorded). A missed repayment is not made: it stays in the credit outstanding, as it stays
 * in the section 22 figure as arrears.
 */
export function repaymentsMadeBefore(repayments: readonly LoanRepayment[], on: IsoDate): { on: IsoDate; amountPence: Pence }[] {
  return repayments
    .filter((r) => r.status !== 'missed' && daysBetween(r.date, on) > 0)
    .map((r) => ({ on: r.status === 'collected' && r.collectedOn ? r.collectedOn : r.date, amountPence: r.amountPence }));
}

/**
 * The regulation 4 amount for settling on `on` (section 23): the amount drawn on D0 less the
 * repayments made, each carried to the settlement date at the loan's APR as disclosed, the date
 * deferred a month for a loan of more than 365 days.
 */
export function regulation4Pence(terms: LoanTerms, repayments: readonly LoanRepayment[], on: IsoDate, aprTenths: number): Pence {
  return regulation4AmountPence({
    aprTenths,
    advances: [{ on: terms.fundedOn, amountPence: terms.amountPence }],
    repayments: repaymentsMadeBefore(repayments, on),
    settlementDate: deferredSettlementDate(on, terms.durationDays),
  });
}

/**
 * The figure that settles the loan on `on`: section 10's payoff repayment for
 * `pay_off_early_on = on` (the balance of principal, the fee if the first repayment is not before
 * `on`, and interest over the part period), plus every missed repayment as arrears. Repayments
 * due before `on` that are still scheduled are expected to be collected on their dates, as
 * section 10 keeps them. `on` must fall after every repayment whose outcome is recorded. For a
 * regulated loan (section 23) it is the lesser of that and the regulation 4 amount, the difference
 * stated as the rebate.
 */
export function settlementQuote(
  terms: LoanTerms,
  repayments: readonly LoanRepayment[],
  on: IsoDate,
  today: IsoDate,
  regulated = false,
): SettlementQuote | SettlementProblem {
  if (loanStatus(repayments) === 'settled') return { kind: 'settled' };
  if (daysBetween(terms.fundedOn, on) < 0) return { kind: 'before_funding' };
  const latest = addDays(today, SETTLEMENT_QUOTE_MAX_DAYS_AHEAD);
  if (daysBetween(on, latest) < 0) return { kind: 'too_far_ahead', latest };
  const last = repayments[repayments.length - 1].date;
  if (daysBetween(last, on) > 0) return { kind: 'after_last_repayment', last };
  const recorded = repayments.filter((r) => r.status !== 'scheduled' && daysBetween(r.date, on) <= 0);
  if (recorded.length > 0) return { kind: 'not_after_recorded', date: recorded[recorded.length - 1].date };
  const arrearsPence = repayments.filter((r) => r.status === 'missed').reduce((s, r) => s + r.amountPence, 0);
  // No time has passed on D0: the whole amount and the fee, no interest (section 10's rule with zero days elapsed).
  const schedule = scheduleOf(terms, on === terms.fundedOn ? null : on);
  const payoff =
    on === terms.fundedOn
      ? { principalPence: terms.amountPence, interestPence: 0, feesPence: repayments[0].feesPence }
      : schedule.repayments[schedule.repayments.length - 1];
  const section22Pence = payoff.principalPence + payoff.interestPence + payoff.feesPence + arrearsPence;
  const rebatePence = regulated ? Math.max(0, section22Pence - regulation4Pence(terms, repayments, on, schedule.aprTenths)) : 0;
  return {
    on,
    principalPence: payoff.principalPence,
    interestPence: payoff.interestPence,
    feesPence: payoff.feesPence,
    arrearsPence,
    rebatePence,
    amountPence: section22Pence - rebatePence,
    validUntil: on,
  };
}

/**
 * The days a settlement figure can be asked for on `today` (settlementQuote's rules as a range, for
 * a form), or null when there is none: from the funding date, or the day after the last repayment
 * whose outcome is recorded, to 28 days ahead and not after the last repayment.
 */
export function settlementQuoteDays(fundedOn: IsoDate, repayments: readonly LoanRepayment[], today: IsoDate): { earliest: IsoDate; latest: IsoDate } | null {
  if (repayments.length === 0 || loanStatus(repayments) === 'settled') return null;
  const dates = (rs: readonly LoanRepayment[]) => rs.map((r) => r.date).sort();
  const last = dates(repayments).at(-1) as IsoDate;
  const recorded = dates(repayments.filter((r) => r.status !== 'scheduled')).at(-1);
  const earliest = recorded ? addDays(recorded, 1) : fundedOn;
  const ahead = addDays(today, SETTLEMENT_QUOTE_MAX_DAYS_AHEAD);
  const latest = ahead < last ? ahead : last;
  return earliest <= latest ? { earliest, latest } : null;
}

export function isSettlementProblem(r: SettlementQuote | SettlementProblem): r is SettlementProblem {
  return 'kind' in r;
}

/**
 * Takes `rebate` off the lines paid on the settlement day, in order: from each line its fees, then
 * its interest (the charges for credit), then its principal (the regulation 4 amount can be below
 * the principal left when the fee lifts the APR above the interest rate).
 */
function withRebate(lines: LoanRepayment[], rebatePence: Pence): LoanRepayment[] {
  let left = rebatePence;
  return lines.map((line) => {
    const parts = { feesPence: line.feesPence, interestPence: line.interestPence, principalPence: line.principalPence };
    for (const part of ['feesPence', 'interestPence', 'principalPence'] as const) {
      const off = Math.min(left, parts[part]);
      parts[part] -= off;
      left -= off;
    }
    return { ...line, ...parts, amountPence: parts.feesPence + parts.interestPence + parts.principalPence };
  });
}

/**
 * The repayments once the loan is settled on `quote.on`: those due before it as they were, except
 * missed ones, now collected with the settlement; the scheduled ones from `on` replaced by the one
 * settlement payment (section 10's payoff line), collected on `on`. A rebate (section 23) comes off
 * the settlement payment first, then off the missed repayments paid with it, the latest first; what
 * is paid on `on` is then exactly the quote's amount.
 */
export function settledRepayments(repayments: readonly LoanRepayment[], quote: SettlementQuote): LoanRepayment[] {
  const before = repayments.filter((r) => daysBetween(r.date, quote.on) > 0);
  const payoff: LoanRepayment = {
    date: quote.on,
    amountPence: quote.principalPence + quote.interestPence + quote.feesPence,
    feesPence: quote.feesPence,
    interestPence: quote.interestPence,
    principalPence: quote.principalPence,
    status: 'collected',
    collectedOn: quote.on,
    settlement: true,
  };
  const paidLate = before.filter((r) => r.status === 'missed').map((r) => ({ ...r, status: 'collected' as const, collectedOn: quote.on }));
  const [rebatedPayoff, ...rebatedLate] = withRebate([payoff, ...paidLate.toReversed()], quote.rebatePence);
  const late = new Map(rebatedLate.map((r) => [r.date, r]));
  return [...before.map((r) => late.get(r.date) ?? r), rebatedPayoff];
}

/** A `simulate` missed date on which no repayment of the loan falls due (on or before `until`): the rule, at its pointer. */
export function missedNotDueProblem(date: string, until: string, index: number): Problem {
  return {
    detail: `must be a day on which a repayment of this loan falls due, on or before until (${until}): none does on ${date}`,
    source: { pointer: `/data/missed/${index}` },
  };
}
