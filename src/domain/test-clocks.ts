/**
 * Sandbox test clocks (docs/behaviour.md, section 28), pure: what time it is for a customer on a
 * clock, which days an advance plays, and which advances are refused.
 *
 * A clock holds a date, `frozenOn`. Within that day its time runs from noon UTC on, by the wall
 * clock's time since the clock reached the day, and stops 10 hours later: noon to 22:00 UTC is
 * the same calendar date in London in winter and in summer, so "today" is always `frozenOn`, and
 * two things done one after the other on a clock keep their order (latest application, latest
 * decision). The work of a day played by an advance is stamped at that day's noon, or at the
 * moment it fell due (an offer's expiry).
 */
import { addDays, addMonths, daysBetween, type IsoDate } from './dates.ts';
import type { Problem } from './errors.ts';

export const TEST_CLOCK_STATUSES = ['ready', 'advancing'] as const;
export type TestClockStatus = (typeof TEST_CLOCK_STATUSES)[number];

/** At most this many clocks a partner (deleted ones not counted), and customers a clock. */
export const MAX_CLOCKS_PER_PARTNER = 100;
export const MAX_CUSTOMERS_PER_CLOCK = 100;
/** An advance goes at most this many calendar months (two years) past the clock's date. */
export const MAX_ADVANCE_MONTHS = 24;

const HOUR_MS = 3_600_000;
/** How long a clock's time runs on within its day: noon to 22:00 UTC (one millisecond short). */
const DAY_SPAN_MS = 10 * HOUR_MS - 1;

/** What the services need of a customer's clock to tell the time. */
export interface ClockTime {
  id: string;
  frozenOn: IsoDate;
  /** When, by the wall clock, the clock reached `frozenOn`. */
  reachedAt: Date;
}

/** Noon UTC of `day`: where a clock's time starts on that day, and when a played day's work is stamped. */
export function dayInstant(day: IsoDate): Date {
  return new Date(`${day}T12:00:00.000Z`);
}

/** The last instant of `day` on a clock: everything due on that day is due by then. */
export function dayEnd(day: IsoDate): Date {
  return new Date(dayInstant(day).getTime() + DAY_SPAN_MS);
}

/** The clock's time when the wall clock says `wallNow`. */
export function clockNow(clock: ClockTime, wallNow: Date): Date {
  const elapsed = Math.min(Math.max(0, wallNow.getTime() - clock.reachedAt.getTime()), DAY_SPAN_MS);
  return new Date(dayInstant(clock.frozenOn).getTime() + elapsed);
}

/** The first day each kind of a day's work next falls due on a clock (null: none will). */
export interface WorkDays {
  repayment: IsoDate | null;
  expiry: IsoDate | null;
  inactivity: IsoDate | null;
}

/** The earliest of the days given. */
function earliest(days: (IsoDate | null)[]): IsoDate | null {
  return days.reduce<IsoDate | null>((first, day) => (day !== null && (first === null || daysBetween(day, first) > 0) ? day : first), null);
}

/**
 * The next day an advance plays, or null once it has played `to`: the next day on which something
 * falls due, or `to` when nothing does before it. The days between hold no work, so passing over
 * them in one step plays them as well as one by one would. Work overdue (never in practice) is
 * played on the next day.
 */
export function nextDayToPlay(frozenOn: IsoDate, to: IsoDate, due: WorkDays): IsoDate | null {
  if (daysBetween(frozenOn, to) <= 0) return null;
  const next = earliest([due.repayment, due.expiry, due.inactivity]);
  if (next === null || daysBetween(next, to) <= 0) return to;
  return daysBetween(frozenOn, next) > 0 ? next : addDays(frozenOn, 1);
}

/** Whether work of a kind falls due on or before `day`. */
export function isDueBy(first: IsoDate | null, day: IsoDate): boolean {
  return first !== null && daysBetween(first, day) >= 0;
}

/** The latest day an advance from `frozenOn` may reach. */
export function latestAdvance(frozenOn: IsoDate): IsoDate {
  return addMonths(frozenOn, MAX_ADVANCE_MONTHS);
}

/**
 * What is wrong with advancing a clock on `frozenOn` to `to`, leaving the repayments due on the
 * `missed` days missed: `to` must be after the clock's date and at most two years after it, and
 * each missed day one the advance plays and, when `repaymentDays` (the days it plays on which a
 * repayment of a loan on the clock falls due) is given, one of those. Every problem at once, each
 * with its pointer.
 */
export function advanceProblems(frozenOn: IsoDate, to: IsoDate, missed: readonly IsoDate[], repaymentDays?: readonly IsoDate[]): Problem[] {
  const problems: Problem[] = [];
  const latest = latestAdvance(frozenOn);
  if (daysBetween(frozenOn, to) <= 0) {
    problems.push({ detail: `must be after ${frozenOn}, the clock's date: a test clock only moves forward`, source: { pointer: '/data/to' } });
  } else if (daysBetween(to, latest) < 0) {
    problems.push({ detail: `must be at most two years after the clock's date (on or before ${latest})`, source: { pointer: '/data/to' } });
  }
  missed.forEach((day, i) => {
    if (daysBetween(frozenOn, day) <= 0 || daysBetween(day, to) < 0) {
      problems.push({ detail: `must be a day this advance plays, after ${frozenOn} and on or before ${to}`, source: { pointer: `/data/missed/${i}` } });
    } else if (repaymentDays && !repaymentDays.includes(day)) {
      problems.push({ detail: notRepaymentDay(repaymentDays), source: { pointer: `/data/missed/${i}` } });
    }
  });
  return problems;
}

/** Why a missed day that is no repayment day is refused, with the repayment days the advance does play (the first three). */
function notRepaymentDay(repaymentDays: readonly IsoDate[]): string {
  const rule = 'must be a day on which a repayment of a loan on this clock falls due';
  if (repaymentDays.length === 0) return `${rule}: none falls due in this advance`;
  const shown = repaymentDays.slice(0, 3).join(', ');
  return `${rule}; in this advance: ${shown}${repaymentDays.length > 3 ? ', …' : ''}`;
}

/**
 * What is wrong with the sandbox's `simulate` up to `until` on a customer whose clock is on `today`:
 * what a partner does to a clock's customer happens on the clock's date, so neither `until` nor a
 * missed day may be after it (the clock's advance plays the days after). Every problem at once,
 * each with its pointer.
 */
export function simulateOnClockProblems(today: IsoDate, until: IsoDate, missed: readonly IsoDate[]): Problem[] {
  const problems: Problem[] = [];
  if (daysBetween(today, until) > 0) {
    problems.push({ detail: `must not be after ${today}, the test clock's date: advance the clock to go further`, source: { pointer: '/data/until' } });
  }
  missed.forEach((day, i) => {
    if (daysBetween(today, day) > 0) {
      problems.push({ detail: `the repayment due on ${day} is not due yet on the test clock (${today})`, source: { pointer: `/data/missed/${i}` } });
    }
  });
  return problems;
}
