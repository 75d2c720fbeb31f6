/**
 * The annual percentage rate of charge of docs/behaviour.md, section 23 (CONC App 1.2, credit not
 * secured on land): the rate `i` for which the amount drawn equals the repayments discounted as
 * `R_k / (1 + i)^(t_k)`, with `t_k` in years and a whole month counted as a twelfth of a year. Shown
 * as a percentage to one decimal place, a 5 in the second place rounded up (CONC App 1.2.4).
 *
 * Why the answer is right to one decimal place. `f(i) = Σ R_k (1 + i)^(-t_k) - drawn` is strictly
 * decreasing for i > -1, so the true rate i* is at or above a rate b exactly when f(b) ≥ 0. The
 * APR rounds to k tenths of a percent exactly when i* lies in [(k - ½) / 1000, (k + ½) / 1000), so
 * the answer is decided by the signs of f at those two boundaries, not by how close an iteration
 * came to i*. Bisection only finds the candidate k; the boundary signs then confirm (or move) it.
 * A sign can be wrong only when |f(b)| is below the floating-point error of evaluating f, about
 * 1e-15 of the sum of the repayments: i* would have to lie within about 1e-13 of a boundary, which
 * no schedule of whole pence with a rate in hundredths of a percent comes near in practice (the
 * property test in test/unit/apr.test.ts checks thousands of them against both boundaries).
 */

export interface AprCashFlow {
  /** Whole months after the drawdown. */
  months: number;
  amountPence: number;
}

/** Most iterations of the bisection: each halves the bracket, 200 is far beyond double precision. */
const MAX_ITERATIONS = 200;
/** The bracket is grown up to this rate (a million percent) before the input is called absurd. */
const MAX_RATE = 10_000;

/** f(i): the repayments discounted at the annual rate i, less the amount drawn (both in pence). */
function presentValueGap(drawnPence: number, flows: readonly AprCashFlow[], rate: number): number {
  let sum = 0;
  for (const flow of flows) sum += flow.amountPence * Math.pow(1 + rate, -flow.months / 12);
  return sum - drawnPence;
}

function assertValid(drawnPence: number, flows: readonly AprCashFlow[]): void {
  if (!Number.isSafeInteger(drawnPence) || drawnPence <= 0) throw new RangeError('the amount drawn must be a positive whole number of pence');
  if (flows.length === 0) throw new RangeError('there must be at least one repayment');
  for (const flow of flows) {
    if (!Number.isSafeInteger(flow.months) || flow.months < 1)
      throw new RangeError('a repayment falls a whole number of months (at least one) after the drawdown');
    if (!Number.isSafeInteger(flow.amountPence) || flow.amountPence < 0) throw new RangeError('a repayment is a whole number of pence, not negative');
  }
  const total = flows.reduce((sum, flow) => sum + flow.amountPence, 0);
  if (total < drawnPence) throw new RangeError('the repayments are less than the amount drawn');
}

/**
 * The APR in tenths of a percent (426 for 42.6 %): an integer, so no binary fraction decides a
 * displayed digit. Throws RangeError for inputs that have no APR (nothing drawn, no repayments,
 * repayments below the amount drawn).
 */
export function aprTenths(drawnPence: number, flows: readonly AprCashFlow[]): number {
  assertValid(drawnPence, flows);
  const f = (rate: number) => presentValueGap(drawnPence, flows, rate);
  if (f(0) === 0) return 0;
  let lo = 0;
  let hi = 1;
  while (f(hi) > 0) {
    lo = hi;
    hi *= 2;
    if (hi > MAX_RATE) throw new RangeError('the APR is beyond a million percent');
  }
  for (let i = 0; i < MAX_ITERATIONS && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) >= 0) lo = mid;
    else hi = mid;
  }
  // The candidate, then the boundary signs decide: i* >= b exactly when f(b) >= 0.
  let tenths = Math.floor(lo * 1000 + 0.5);
  while (f((tenths + 0.5) / 1000) >= 0) tenths++;
  while (tenths > 0 && f((tenths - 0.5) / 1000) < 0) tenths--;
  return tenths;
}

/** The APR as a percentage with one decimal place (42.6). */
export function aprPercent(drawnPence: number, flows: readonly AprCashFlow[]): number {
  return aprTenths(drawnPence, flows) / 10;
}

/**
 * The APR of a repayment schedule of docs/behaviour.md, section 10: repayment k (counting from 1)
 * falls k whole months after the drawdown and carries its fees, interest and principal. The APR is
 * the agreement's: take the schedule without an early payoff (whose last repayment is not a whole
 * number of months after the drawdown).
 */
export function scheduleAprPercent(schedule: { amountBorrowedPence: number; repayments: readonly { amountPence: number }[] }): number {
  return aprPercent(
    schedule.amountBorrowedPence,
    schedule.repayments.map((r, index) => ({ months: index + 1, amountPence: r.amountPence })),
  );
}

/** An APR in tenths of a percent as people read it, always with its one decimal place: "42.6%", "27.0%". */
export function formatAprTenths(tenths: number): string {
  if (!Number.isSafeInteger(tenths) || tenths < 0) throw new RangeError(`not an APR in tenths of a percent: ${tenths}`);
  return `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}
