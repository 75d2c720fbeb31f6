/**
 * The day a settlement figure is quoted for when none is asked (docs/behaviour.md, section 22):
 * the first day from today that section 22's range allows, or why no day is left. On a repayment
 * day whose repayment is already recorded, today itself is refused (a figure must come after every
 * recorded repayment), so the first valid day is tomorrow: the API, the console and the portal all
 * quote that day rather than refuse.
 */
import { addDays, type IsoDate } from './dates.ts';
import { loanStatus, SETTLEMENT_QUOTE_MAX_DAYS_AHEAD, type LoanRepayment } from './loans.ts';

/** Why no day from today can be quoted. */
export type NoSettlementDay =
  | { kind: 'settled' }
  /** The last repayment's outcome is recorded (missed, as the loan is not settled): no day of the term is left after it. */
  | { kind: 'last_repayment_recorded'; last: IsoDate }
  /** Today is after the last repayment date, whose outcome is not recorded yet (it is being collected). */
  | { kind: 'term_ended'; last: IsoDate }
  /** Outcomes are recorded ahead of today: the first day after them is more than 28 days ahead. */
  | { kind: 'first_day_too_far'; first: IsoDate };

export function isNoSettlementDay(r: { on: IsoDate } | NoSettlementDay): r is NoSettlementDay {
  return 'kind' in r;
}

/**
 * The first day from `today` a figure can be given for: today, or the day after the last
 * repayment whose outcome is recorded when that is later (never before the funding date), as long
 * as it is at most 28 days ahead and not after the last repayment date.
 */
export function firstSettlementDay(fundedOn: IsoDate, repayments: readonly LoanRepayment[], today: IsoDate): { on: IsoDate } | NoSettlementDay {
  if (repayments.length === 0 || loanStatus(repayments) === 'settled') return { kind: 'settled' };
  const dates = (rs: readonly LoanRepayment[]) => rs.map((r) => r.date).sort();
  const last = dates(repayments).at(-1) as IsoDate;
  const recorded = dates(repayments.filter((r) => r.status !== 'scheduled')).at(-1);
  if (recorded !== undefined && recorded >= last) return { kind: 'last_repayment_recorded', last };
  const earliest = recorded !== undefined ? addDays(recorded, 1) : fundedOn;
  const from = earliest > today ? earliest : today;
  if (from > last) return { kind: 'term_ended', last };
  if (from > addDays(today, SETTLEMENT_QUOTE_MAX_DAYS_AHEAD)) return { kind: 'first_day_too_far', first: from };
  return { on: from };
}

/** The last day from which a figure for `first` can be asked (28 days before it). */
export function askFrom(first: IsoDate): IsoDate {
  return addDays(first, -SETTLEMENT_QUOTE_MAX_DAYS_AHEAD);
}
