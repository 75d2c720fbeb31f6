import { describe, expect, it } from 'vitest';
import { aprPercent, aprTenths, formatAprTenths, scheduleAprPercent, type AprCashFlow } from '../../src/domain/apr.ts';
import { offerAprTenths, repaymentSchedule, scheduleToJson } from '../../src/domain/repayment-schedule.ts';

/** `count` equal repayments of `amountPence`, one every `every` months from the first. */
function level(count: number, amountPence: number, every = 1): AprCashFlow[] {
  return Array.from({ length: count }, (_, k) => ({ months: (k + 1) * every, amountPence }));
}

/**
 * The repayments discounted at an annual rate, written apart from the solver (through logarithms,
 * a month a twelfth of a year), in pence.
 */
function discounted(flows: readonly AprCashFlow[], annualRate: number): number {
  return flows.reduce((sum, f) => sum + f.amountPence * Math.exp((-f.months / 12) * Math.log1p(annualRate)), 0);
}

/** A small deterministic generator, so a failing case can be replayed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('aprPercent: published worked examples', () => {
  it('£150 repaid in 11 equal monthly instalments of £15: 21.3 % (the Z88 APR program, OFT method)', () => {
    expect(aprPercent(15_000, level(11, 1_500))).toBe(21.3);
  });
  it('£5,000 repaid in three equal annual instalments of £2,000: 9.7 % (FSMQ APR worksheet)', () => {
    expect(aprPercent(500_000, level(3, 200_000, 12))).toBe(9.7);
  });
  it('£4,000 repaid in three equal annual instalments of £1,500: 6.1 % (FSMQ APR worksheet)', () => {
    expect(aprPercent(400_000, level(3, 150_000, 12))).toBe(6.1);
  });
});

describe('aprPercent: cases checked by hand', () => {
  it('one repayment of £1,100 a year after drawing £1,000 is 10 %', () => {
    expect(aprPercent(100_000, [{ months: 12, amountPence: 110_000 }])).toBe(10);
  });
  it('1 % for one month is (1.01)^12 - 1 = 12.68 %, shown 12.7', () => {
    expect(aprPercent(100_000, [{ months: 1, amountPence: 101_000 }])).toBe(12.7);
  });
  it('the documented schedule check (10,000 over 4 months at 3 % a month, no fee) is 1.03^12 - 1 = 42.58 %, shown 42.6', () => {
    const schedule = repaymentSchedule({ amountPence: 1_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 120, drawnOn: '2026-01-15' });
    expect(schedule.repayments.map((r) => r.amountPence)).toEqual([280_000, 272_500, 265_000, 257_500]);
    expect(scheduleAprPercent(schedule)).toBe(42.6);
  });
  it('a fee raises the APR above the interest rate alone', () => {
    const withoutFee = repaymentSchedule({ amountPence: 1_000_000, monthlyRateBp: 250, feeBp: 0, durationDays: 730, drawnOn: '2026-01-31' });
    const withFee = repaymentSchedule({ amountPence: 1_000_000, monthlyRateBp: 250, feeBp: 250, durationDays: 730, drawnOn: '2026-01-31' });
    expect(scheduleAprPercent(withoutFee)).toBe(34.5); // 1.025^12 - 1 = 34.49 %
    expect(scheduleAprPercent(withFee)).toBeGreaterThan(scheduleAprPercent(withoutFee));
  });
  it('repaying exactly what was drawn is 0 %', () => {
    expect(aprPercent(100_000, level(4, 25_000))).toBe(0);
  });
  it('rounds a 5 in the second decimal place up: 0.05 % exactly shows 0.1', () => {
    expect(aprTenths(1_000_000, [{ months: 12, amountPence: 1_000_500 }])).toBe(1);
  });
  it('refuses inputs that have no APR', () => {
    expect(() => aprPercent(0, level(1, 100))).toThrow(RangeError);
    expect(() => aprPercent(100, [])).toThrow(RangeError);
    expect(() => aprPercent(100, [{ months: 0, amountPence: 200 }])).toThrow(RangeError);
    expect(() => aprPercent(100, [{ months: 1.5, amountPence: 200 }])).toThrow(RangeError);
    expect(() => aprPercent(1_000, level(2, 400))).toThrow(RangeError);
  });
});

describe('aprPercent: discounting at the stated APR gives back the amount drawn, to the rounding of one decimal place', () => {
  it('holds for 3,000 generated schedules of the repayment schedule rules', () => {
    const random = generator(20261125);
    for (let n = 0; n < 3_000; n++) {
      const amountPence = 100_000 + Math.floor(random() * 100_000_000); // £1,000 to £1,001,000
      const monthlyRateBp = Math.floor(random() * 800); // 0 to 7.99 % a month
      const feeBp = random() < 0.4 ? 0 : Math.floor(random() * 800);
      const durationDays = 30 + Math.floor(random() * 1_800);
      const schedule = repaymentSchedule({ amountPence, monthlyRateBp, feeBp, durationDays, drawnOn: '2026-03-31' });
      const flows = schedule.repayments.map((r, k) => ({ months: k + 1, amountPence: r.amountPence }));
      const tenths = aprTenths(amountPence, flows);
      const context = JSON.stringify({ amountPence, monthlyRateBp, feeBp, durationDays, tenths });
      // At half a tenth below the stated APR the repayments are worth at least the amount drawn,
      // and at half a tenth above, less: the true rate rounds to what is stated.
      if (tenths > 0) expect(discounted(flows, (tenths - 0.5) / 1000), context).toBeGreaterThanOrEqual(amountPence);
      expect(discounted(flows, (tenths + 0.5) / 1000), context).toBeLessThan(amountPence);
    }
  });
});

describe('the APR of a schedule and of an offer', () => {
  it('a schedule carries the APR of the agreement, the same with or without an early payoff', () => {
    const terms = { amountPence: 1_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 120, drawnOn: '2026-01-15' };
    const full = repaymentSchedule(terms);
    const early = repaymentSchedule({ ...terms, payOffEarlyOn: '2026-02-20' });
    expect(full.aprTenths).toBe(426);
    expect(early.aprTenths).toBe(426);
    expect(scheduleToJson(early).apr).toBe(42.6);
  });
  it("an offer's APR is its whole credit limit's, whatever the drawdown date", () => {
    // The default policy's business loan at band 2.0: 1.5 % a month, 2.5 % fee, 730 days.
    const terms = { maxAmountPence: 1_000_000, monthlyRateBp: 150, feeBp: 250, durationDays: 730 };
    const tenths = offerAprTenths(terms);
    for (const drawnOn of ['2026-01-31', '2026-02-28', '2027-07-15']) {
      const schedule = repaymentSchedule({ amountPence: terms.maxAmountPence, monthlyRateBp: 150, feeBp: 250, durationDays: 730, drawnOn });
      expect(schedule.aprTenths).toBe(tenths);
    }
    // 1.5 % a month alone is 1.015^12 - 1 = 19.56 %; the fee, paid in the first month on a loan
    // whose balance halves over two years, takes it to 22.81 % (checked apart, by a plain bisection).
    expect(tenths).toBe(228);
    // A flexi loan without fee: 3 % a month over a year is 42.6 %, 2 % is 26.8 %.
    expect(offerAprTenths({ maxAmountPence: 500_000, monthlyRateBp: 300, feeBp: 0, durationDays: 365 })).toBe(426);
    expect(offerAprTenths({ maxAmountPence: 500_000, monthlyRateBp: 200, feeBp: 0, durationDays: 365 })).toBe(268);
  });
  it('is written with its one decimal place', () => {
    expect(formatAprTenths(426)).toBe('42.6%');
    expect(formatAprTenths(270)).toBe('27.0%');
    expect(formatAprTenths(0)).toBe('0.0%');
    expect(() => formatAprTenths(1.5)).toThrow(RangeError);
  });
});
