import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween } from '../../src/domain/dates.ts';
import { concInterval, deferredSettlementDate, regulation4AmountPence } from '../../src/domain/early-settlement.ts';
import { exactSum, floorRoot, sumRoundedHalfUp } from '../../src/domain/exact-power.ts';
import {
  initialRepayments,
  isSettlementProblem,
  loanAprTenths,
  settledRepayments,
  settlementQuote,
  type LoanRepayment,
  type LoanTerms,
  type SettlementQuote,
} from '../../src/domain/loans.ts';
import { independentRegulation4, monthsAndDays } from '../helpers/actuarial.ts';
import { pick, seeded } from '../helpers/loans.ts';

/** The sole trader: 8,000 drawn on 15 April 2026, 1.5 % a month, fee 2.5 %, 730 days (APR 22.8 %). */
const SOLE_TRADER: LoanTerms = { amountPence: 800_000, monthlyRateBp: 150, feeBp: 250, durationDays: 730, fundedOn: '2026-04-15' };

function quoteOf(terms: LoanTerms, repayments: readonly LoanRepayment[], on: string, today: string, regulated: boolean): SettlementQuote {
  const quote = settlementQuote(terms, repayments, on, today, regulated);
  if (isSettlementProblem(quote)) throw new Error(`no quote for ${on}: ${quote.kind}`);
  return quote;
}

describe('time as CONC App 1.2 counts it', () => {
  it('counts whole calendar months from the first day (the day kept, or the month’s last day), then the days left', () => {
    expect(concInterval('2026-04-15', '2026-05-16')).toEqual({ months: 1, days: 1 });
    expect(concInterval('2026-04-15', '2026-04-16')).toEqual({ months: 0, days: 1 });
    expect(concInterval('2026-01-31', '2026-02-28')).toEqual({ months: 1, days: 0 });
    expect(concInterval('2026-01-31', '2026-03-30')).toEqual({ months: 1, days: 30 });
    expect(concInterval('2026-01-31', '2026-03-31')).toEqual({ months: 2, days: 0 });
    expect(concInterval('2024-02-29', '2025-02-28')).toEqual({ months: 12, days: 0 });
    expect(concInterval('2026-05-16', '2026-04-15')).toEqual({ months: -1, days: -1 });
    expect(concInterval('2026-03-01', '2026-03-01')).toEqual({ months: 0, days: 0 });
  });

  it('agrees with a count written apart, over generated pairs of days', () => {
    const random = seeded(1483);
    for (let i = 0; i < 2_000; i += 1) {
      const from = addDays('2024-01-01', Math.floor(random() * 1_500));
      const to = addDays(from, Math.floor(random() * 900) - 100);
      expect(concInterval(from, to), `${from} → ${to}`).toEqual(monthsAndDays(from, to));
    }
  });

  it('defers the settlement date by one calendar month for an agreement of more than 365 days (regulation 6)', () => {
    expect(deferredSettlementDate('2026-04-16', 365)).toBe('2026-04-16');
    expect(deferredSettlementDate('2026-04-16', 366)).toBe('2026-05-16');
    expect(deferredSettlementDate('2026-01-31', 730)).toBe('2026-02-28');
  });
});

describe('the exact power', () => {
  it('takes integer roots exactly', () => {
    expect(floorRoot(0n, 3)).toBe(0n);
    expect(floorRoot(26n, 3)).toBe(2n);
    expect(floorRoot(27n, 3)).toBe(3n);
    expect(floorRoot(10n ** 60n, 12)).toBe(100_000n);
    expect(floorRoot(10n ** 60n - 1n, 12)).toBe(99_999n);
    expect(floorRoot(1228n, 4380)).toBe(1n);
    const big = 1_228n * 10n ** (365n * 30n);
    const root = floorRoot(big, 365);
    expect(root ** 365n <= big && (root + 1n) ** 365n > big).toBe(true);
  });

  it('rounds a sum that is exactly a half penny up, seen to be rational (1.21^(6/12) = 1.1)', () => {
    // 8,000.05 carried six months at an APR of 21.0 % is 8,800.055 exactly: 880,005.5 pence, up to 880,006.
    const terms = [{ coefficient: 800_005n, months: 6, days: 0 }];
    expect(exactSum({ num: 1210n, den: 1000n }, terms)).toEqual({ num: 1_760_011n, den: 2n });
    expect(sumRoundedHalfUp({ num: 1210n, den: 1000n }, terms)).toBe(880_006n);
    // Terms that cancel leave the rational part; 1.331^(4/12) = 1.1 too (33.1 % is 1.1 cubed).
    const cancelling = [...terms, { coefficient: 12_345n, months: 1, days: 7 }, { coefficient: -12_345n, months: 1, days: 7 }];
    expect(sumRoundedHalfUp({ num: 1210n, den: 1000n }, cancelling)).toBe(880_006n);
    expect(sumRoundedHalfUp({ num: 1331n, den: 1000n }, [{ coefficient: 800_005n, months: 4, days: 0 }])).toBe(880_006n);
    // Irrational: nothing exact, decided by the enclosure.
    expect(exactSum({ num: 1228n, den: 1000n }, [{ coefficient: 800_000n, months: 1, days: 1 }])).toBeNull();
    // A whole number of years is a plain product: 1.5² × 2 pence = 4.5, up to 5; a negative one goes to the reciprocal.
    expect(sumRoundedHalfUp({ num: 3n, den: 2n }, [{ coefficient: 2n, months: 24, days: 0 }])).toBe(5n);
    expect(sumRoundedHalfUp({ num: 3n, den: 2n }, [{ coefficient: 9n, months: -24, days: 0 }])).toBe(4n);
  });
});

describe('the regulation 4 amount', () => {
  it('caps the issue’s sole trader, who draws 8,000 and settles the next day, at 8,142.68 (the section 22 figure is 8,204.00)', () => {
    expect(loanAprTenths(SOLE_TRADER)).toBe(228);
    expect(
      regulation4AmountPence({ aprTenths: 228, advances: [{ on: '2026-04-15', amountPence: 800_000 }], repayments: [], settlementDate: '2026-05-16' }),
    ).toBe(814_268);
    const repayments = initialRepayments(SOLE_TRADER);
    const plain = quoteOf(SOLE_TRADER, repayments, '2026-04-16', '2026-04-16', false);
    expect(plain).toMatchObject({ principalPence: 800_000, interestPence: 400, feesPence: 20_000, arrearsPence: 0, rebatePence: 0, amountPence: 820_400 });
    const regulated = quoteOf(SOLE_TRADER, repayments, '2026-04-16', '2026-04-16', true);
    expect(regulated).toMatchObject({
      principalPence: 800_000,
      interestPence: 400,
      feesPence: 20_000,
      arrearsPence: 0,
      rebatePence: 6_132,
      amountPence: 814_268,
    });
  });

  it('rebates the whole fee of a loan of a year or less settled on its funding day (no time, no deferral)', () => {
    const terms = { ...SOLE_TRADER, durationDays: 365 };
    const quote = quoteOf(terms, initialRepayments(terms), terms.fundedOn, terms.fundedOn, true);
    expect(quote).toMatchObject({ feesPence: 20_000, rebatePence: 20_000, amountPence: 800_000 });
  });

  it('is the lesser of the section 22 figure and an independent regulation 4 amount, over generated loans with collections, late ones and arrears', () => {
    const random = seeded(2004);
    let rebated = 0;
    for (let i = 0; i < 600; i += 1) {
      const terms: LoanTerms = {
        amountPence: 10_000 + Math.floor(random() * 2_490_000),
        monthlyRateBp: 50 + Math.floor(random() * 551),
        feeBp: pick(random, [0, 0, 100, 200, 250, 300, 500]),
        durationDays: pick(random, [30, 90, 120, 180, 200, 365, 366, 400, 540, 730, 1095]),
        fundedOn: addDays('2024-01-28', Math.floor(random() * 1_200)),
      };
      const scheduled = initialRepayments(terms);
      const last = scheduled[scheduled.length - 1].date;
      const on = addDays(terms.fundedOn, Math.floor(random() * (daysBetween(terms.fundedOn, last) + 1)));
      const repayments: LoanRepayment[] = scheduled.map((r) => {
        if (daysBetween(r.date, on) <= 0) return r;
        const roll = random();
        if (roll < 0.5) return { ...r, status: 'collected', collectedOn: r.date };
        if (roll < 0.65) return { ...r, status: 'collected', collectedOn: addDays(r.date, 1 + Math.floor(random() * 40)) };
        if (roll < 0.85) return { ...r, status: 'missed' };
        return r;
      });
      const today = addDays(on, -Math.floor(random() * 20));
      const plain = quoteOf(terms, repayments, on, today, false);
      const quote = quoteOf(terms, repayments, on, today, true);
      const section22 = plain.amountPence;
      expect({ ...quote, rebatePence: 0, amountPence: section22 }).toEqual(plain);

      const made = repayments
        .filter((r) => r.date < on && r.status !== 'missed')
        .map((r) => ({ on: r.status === 'collected' ? (r.collectedOn as string) : r.date, pence: r.amountPence }));
      const settlementDate = terms.durationDays > 365 ? addMonths(on, 1) : on;
      const cap = independentRegulation4(loanAprTenths(terms), [{ on: terms.fundedOn, pence: terms.amountPence }], made, settlementDate);
      if (cap === null) continue;
      const context = JSON.stringify({ terms, on, quote });
      expect(quote.amountPence, context).toBeLessThanOrEqual(cap);
      expect(quote.amountPence, context).toBe(Math.min(section22, cap));
      expect(quote.rebatePence, context).toBe(section22 - quote.amountPence);
      if (quote.rebatePence > 0) rebated += 1;

      // Settled for that figure: what is paid on the day is exactly the figure, every line whole and not negative.
      const settled = settledRepayments(repayments, quote);
      const paidOn = settled.filter((r) => r.collectedOn === on && (r.settlement || repayments.find((x) => x.date === r.date)?.status === 'missed'));
      expect(
        paidOn.reduce((s, r) => s + r.amountPence, 0),
        context,
      ).toBe(quote.amountPence);
      for (const r of settled) {
        expect(r.amountPence, context).toBe(r.feesPence + r.interestPence + r.principalPence);
        expect(Math.min(r.feesPence, r.interestPence, r.principalPence), context).toBeGreaterThanOrEqual(0);
      }
    }
    // Both sides of the lesser are taken, each many times (186 of the 600 are rebated).
    expect(rebated).toBeGreaterThan(100);
    expect(rebated).toBeLessThan(500);
  });
});
