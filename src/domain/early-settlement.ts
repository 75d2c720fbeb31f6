/**
 * The most a regulated borrower can be asked to pay to settle early (docs/behaviour.md, section 23;
 * the Consumer Credit (Early Settlement) Regulations 2004), pure: the regulation 4 amount
 *
 *     Σ advances A × (1 + APR)^t(a, S)  -  Σ repayments made B × (1 + APR)^t(b, S)
 *
 * at the APR as disclosed (one decimal place, as a fraction), with the settlement date S deferred
 * by one calendar month for an agreement of more than 365 days (regulation 6), and t counted as
 * CONC App 1.2 counts it. Rounded half up to the penny, decided exactly (exact-power.ts).
 */

import { addMonths, daysBetween, wholeMonthsBetween, type IsoDate } from './dates.ts';
import { sumRoundedHalfUp } from './exact-power.ts';
import type { Pence } from './money.ts';

/** An agreement that runs more than this many days has its settlement date deferred (regulation 6). */
export const DEFERRAL_AFTER_DAYS = 365;

/**
 * The time from `from` to `to` as CONC App 1.2 counts it: whole calendar months from `from` (the day
 * of the month kept, or the month's last day when it has no such day), then the days left. A `to`
 * before `from` gives the time back from `to`, negated.
 */
export function concInterval(from: IsoDate, to: IsoDate): { months: number; days: number } {
  if (daysBetween(from, to) < 0) {
    const back = concInterval(to, from);
    return { months: -back.months, days: -back.days };
  }
  // The calendar's count, then made sure: the largest whole number of months not past `to`.
  let months = Math.max(0, wholeMonthsBetween(from, to));
  while (months > 0 && daysBetween(addMonths(from, months), to) < 0) months -= 1;
  while (daysBetween(addMonths(from, months + 1), to) >= 0) months += 1;
  return { months, days: daysBetween(addMonths(from, months), to) };
}

/** Regulation 6: the settlement date deferred by one calendar month when the agreement runs more than 365 days. */
export function deferredSettlementDate(on: IsoDate, durationDays: number): IsoDate {
  return durationDays > DEFERRAL_AFTER_DAYS ? addMonths(on, 1) : on;
}

/** Money that moved on a day: an advance of credit, or a repayment made. */
export interface DatedAmount {
  on: IsoDate;
  amountPence: Pence;
}

export interface Regulation4Input {
  /** The APR as disclosed, in tenths of a percent (228 for 22.8 %). */
  aprTenths: number;
  advances: readonly DatedAmount[];
  repayments: readonly DatedAmount[];
  /** S: the settlement date, already deferred where regulation 6 says so. */
  settlementDate: IsoDate;
}

/** The regulation 4 amount in pence, rounded half up to the penny. */
export function regulation4AmountPence(input: Regulation4Input): Pence {
  if (!Number.isSafeInteger(input.aprTenths) || input.aprTenths < 0) throw new RangeError(`not an APR in tenths of a percent: ${input.aprTenths}`);
  const term = (flow: DatedAmount, sign: bigint) => ({ coefficient: sign * BigInt(flow.amountPence), ...concInterval(flow.on, input.settlementDate) });
  const terms = [...input.advances.map((a) => term(a, 1n)), ...input.repayments.map((b) => term(b, -1n))];
  return Number(sumRoundedHalfUp({ num: 1000n + BigInt(input.aprTenths), den: 1000n }, terms));
}
