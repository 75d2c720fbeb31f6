import { describe, expect, it } from 'vitest';
import { withdrawalAmountPence } from '../../src/domain/credit-regulation.ts';
import { addDays } from '../../src/domain/dates.ts';
import { initialRepayments, type LoanRepayment } from '../../src/domain/loans.ts';
import { noticeProblem, repaymentDayProblem, scheduleChangeProblem, withdrawalDue, withdrawnRepayments } from '../../src/domain/loan-withdrawal.ts';
import { halfEven, seeded } from '../helpers/loans.ts';

const TERMS = { amountPence: 1_000_000, monthlyRateBp: 300, feeBp: 250, durationDays: 120, fundedOn: '2026-03-01' };
const REPAYMENTS = initialRepayments(TERMS);

describe('noticeProblem', () => {
  const base = { regulated: true, fundedOn: '2026-03-01', repayments: REPAYMENTS, notice: null };

  it('allows notice from the day of the drawdown to the 14th day after it, and not on the 15th', () => {
    expect(noticeProblem({ ...base, today: '2026-03-01' })).toBeNull();
    expect(noticeProblem({ ...base, today: '2026-03-15' })).toBeNull();
    expect(noticeProblem({ ...base, today: '2026-03-16' })).toEqual({ kind: 'period_ended', lastDay: '2026-03-15' });
    expect(noticeProblem({ ...base, today: '2026-02-28' })).toEqual({ kind: 'before_drawdown' });
  });

  it('refuses a drawdown the Act did not regulate, a second notice and a settled loan', () => {
    expect(noticeProblem({ ...base, regulated: false, today: '2026-03-02' })).toEqual({ kind: 'not_regulated' });
    expect(noticeProblem({ ...base, notice: { noticeGivenOn: '2026-03-02', repaidOn: null }, today: '2026-03-03' })).toEqual({
      kind: 'already_given',
      noticeGivenOn: '2026-03-02',
    });
    const settled = REPAYMENTS.map((r) => ({ ...r, status: 'collected' as const, collectedOn: r.date }));
    expect(noticeProblem({ ...base, repayments: settled, today: '2026-03-02' })).toEqual({ kind: 'settled' });
  });
});

describe('withdrawalDue', () => {
  it('is the amount drawn plus interest at the monthly rate × 12 ÷ 365 a day, rounded half-even once', () => {
    // 10,000 × 3 % × 12 ÷ 365 × 10 days = 98.6301… → 98.63.
    expect(withdrawalDue(TERMS, REPAYMENTS, '2026-03-11')).toEqual({ interestPence: 9_863, paidPence: 0, amountPence: 1_009_863 });
    expect(withdrawalDue(TERMS, REPAYMENTS, '2026-03-01').amountPence).toBe(1_000_000);
    // 12.50 × 3.65 % × 12 ÷ 365 = 0.015 exactly: 1.5 pence rounds to the even 2; 37.50 gives 4.5, to 4.
    expect(withdrawalDue({ ...TERMS, amountPence: 1_250, monthlyRateBp: 365 }, [], '2026-03-02').interestPence).toBe(2);
    expect(withdrawalDue({ ...TERMS, amountPence: 3_750, monthlyRateBp: 365 }, [], '2026-03-02').interestPence).toBe(4);
  });

  it('agrees with an independent calculation and with the pre-contract rule on generated loans', () => {
    const random = seeded(66);
    for (let i = 0; i < 500; i += 1) {
      const amountPence = 1 + Math.floor(random() * 2_500_000);
      const monthlyRateBp = Math.floor(random() * 1_000);
      const days = Math.floor(random() * 45);
      const terms = { amountPence, monthlyRateBp, fundedOn: '2026-01-30' };
      const on = addDays(terms.fundedOn, days);
      const expected = amountPence + Number(halfEven(BigInt(amountPence * monthlyRateBp * 12) * BigInt(days), 3_650_000n));
      expect(withdrawalDue(terms, [], on).amountPence).toBe(expected);
      expect(withdrawalAmountPence(amountPence, monthlyRateBp, terms.fundedOn, on)).toBe(expected);
    }
  });

  it('counts repayments already collected toward the amount, and charges no interest on them from the day they were collected', () => {
    const collected: LoanRepayment = { ...REPAYMENTS[0], date: '2026-03-04', amountPence: 300_000, status: 'collected', collectedOn: '2026-03-06' };
    // Owed 10,000 for 5 days (1 to 5 March) and 7,000 for 5 days (6 to 10 March): 85,000 pound-days × 0.36 ÷ 365 = 83.8356… → 83.84.
    const due = withdrawalDue(TERMS, [collected, ...REPAYMENTS.slice(1)], '2026-03-11');
    expect(due).toEqual({ interestPence: 8_384, paidPence: 300_000, amountPence: 1_000_000 + 8_384 - 300_000 });
  });
});

describe('the withdrawal repayment', () => {
  const notice = { noticeGivenOn: '2026-03-10', repaidOn: null };

  it('falls on or after the notice, not after today, after every collected repayment', () => {
    expect(repaymentDayProblem(notice, REPAYMENTS, '2026-03-10', '2026-03-20')).toBeNull();
    expect(repaymentDayProblem(notice, REPAYMENTS, '2026-03-09', '2026-03-20')).toEqual({ kind: 'before_notice', noticeGivenOn: '2026-03-10' });
    expect(repaymentDayProblem(notice, REPAYMENTS, '2026-03-21', '2026-03-20')).toEqual({ kind: 'in_future', today: '2026-03-20' });
    const collected = [{ ...REPAYMENTS[0], date: '2026-03-12', status: 'collected' as const, collectedOn: '2026-03-12' }];
    expect(repaymentDayProblem(notice, collected, '2026-03-12', '2026-03-20')).toEqual({ kind: 'not_after_collected', date: '2026-03-12' });
  });

  it('replaces every repayment not collected by one payment of the amount due, principal first and no fee', () => {
    const due = withdrawalDue(TERMS, REPAYMENTS, '2026-03-20');
    const after = withdrawnRepayments(TERMS, REPAYMENTS, due, '2026-03-20');
    expect(after).toEqual([
      {
        date: '2026-03-20',
        amountPence: due.amountPence,
        feesPence: 0,
        interestPence: due.interestPence,
        principalPence: 1_000_000,
        status: 'collected',
        collectedOn: '2026-03-20',
        settlement: true,
      },
    ]);
  });

  it('stops changes to the schedule once notice is given, and names a withdrawn loan', () => {
    expect(scheduleChangeProblem(null)).toBeNull();
    expect(scheduleChangeProblem(notice)).toEqual({ kind: 'notice_given', noticeGivenOn: '2026-03-10' });
    expect(scheduleChangeProblem({ ...notice, repaidOn: '2026-03-20' })).toEqual({ kind: 'withdrawn', repaidOn: '2026-03-20' });
  });
});
