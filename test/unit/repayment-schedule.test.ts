import { describe, expect, it } from 'vitest';
import { checkPayOffEarlyOn, repaymentCount, repaymentSchedule, scheduleToJson } from '../../src/domain/repayment-schedule.ts';
import type { RepaymentSchedule, ScheduleInput } from '../../src/domain/repayment-schedule.ts';

/** [date, fees, interest, principal, amount] per line, in pence: compact and exact. */
function lines(s: RepaymentSchedule): Array<[string, number, number, number, number]> {
  return s.repayments.map((r) => [r.date, r.feesPence, r.interestPence, r.principalPence, r.amountPence]);
}

// The documented check (docs/behaviour.md, section 10): 10,000 GBP, 120 days (n = 4), 3.0 % a month, no fee.
const example: ScheduleInput = { amountPence: 1_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 120, drawnOn: '2026-01-15' };
// A default-policy business loan: 10,000 GBP, 730 days (n = 24), 2.5 % a month, 2.5 % fee, drawn on a month end.
const business: ScheduleInput = { amountPence: 1_000_000, monthlyRateBp: 250, feeBp: 250, durationDays: 730, drawnOn: '2026-01-31' };

describe('repaymentCount', () => {
  it('rounds days / 30 with halves up, at least one', () => {
    expect(repaymentCount(120)).toBe(4);
    expect(repaymentCount(365)).toBe(12); // 12.17
    expect(repaymentCount(730)).toBe(24); // 24.33
    expect(repaymentCount(45)).toBe(2); // 1.5 rounds up
    expect(repaymentCount(44)).toBe(1); // 1.47
    expect(repaymentCount(75)).toBe(3); // 2.5 rounds up (half-even would give 2)
    expect(repaymentCount(10)).toBe(1); // 0.33 -> 0 -> at least 1
    expect(repaymentCount(0)).toBe(1);
  });
  it('rejects a non-integer duration', () => {
    expect(() => repaymentCount(30.5)).toThrow(RangeError);
  });
});

describe('repaymentSchedule without early payoff', () => {
  it('matches the documented worked example to the penny', () => {
    const s = repaymentSchedule(example);
    expect(lines(s)).toEqual([
      ['2026-02-15', 0, 30_000, 250_000, 280_000],
      ['2026-03-15', 0, 22_500, 250_000, 272_500],
      ['2026-04-15', 0, 15_000, 250_000, 265_000],
      ['2026-05-15', 0, 7_500, 250_000, 257_500],
    ]);
    expect(s.totalPayablePence).toBe(1_075_000);
    expect(s.totalInterestPence).toBe(75_000);
    expect(s.totalPrincipalPence).toBe(1_000_000);
    expect(s.totalFeesPence).toBe(0);
    expect(s.amountSavedByRepayingEarlyPence).toBe(0);
  });

  it('serialises to the spec resource in GBP and percentages', () => {
    expect(scheduleToJson(repaymentSchedule(example))).toEqual({
      amount_borrowed: 10_000,
      amount_saved_by_repaying_early: 0,
      apr: 42.6,
      fee_percentage: 0,
      monthly_interest_percentage: 3,
      repayments: [
        { amount: 2_800, date: '2026-02-15', breakdown: { fees: 0, interest: 300, principal: 2_500 } },
        { amount: 2_725, date: '2026-03-15', breakdown: { fees: 0, interest: 225, principal: 2_500 } },
        { amount: 2_650, date: '2026-04-15', breakdown: { fees: 0, interest: 150, principal: 2_500 } },
        { amount: 2_575, date: '2026-05-15', breakdown: { fees: 0, interest: 75, principal: 2_500 } },
      ],
      total_payable: 10_750,
      total_payable_breakdown: { total_fees: 0, total_interest: 750, total_principal: 10_000 },
    });
    const json = scheduleToJson(repaymentSchedule(business));
    expect(json.fee_percentage).toBe(2.5);
    expect(json.repayments[1]).toEqual({ amount: 656.25, date: '2026-03-31', breakdown: { fees: 0, interest: 239.58, principal: 416.67 } });
  });

  it('puts the whole fee in the first repayment and lets the last take the principal remainder', () => {
    const s = repaymentSchedule(business);
    const l = lines(s);
    expect(l).toHaveLength(24);
    // fee 2.5 % of 1,000,000 = 25,000; principal round(1,000,000 / 24 = 41,666.67) = 41,667
    expect(l[0]).toEqual(['2026-02-28', 25_000, 25_000, 41_667, 91_667]);
    // balance 958,333 × 2.5 % = 23,958.325 -> 23,958
    expect(l[1]).toEqual(['2026-03-31', 0, 23_958, 41_667, 65_625]);
    // balance 1,000,000 − 20 × 41,667 = 166,660 × 2.5 % = 4,166.5 -> 4,166 (half-even; half-up says 4,167)
    expect(l[20]).toEqual(['2027-10-31', 0, 4_166, 41_667, 45_833]);
    // last: remainder 1,000,000 − 23 × 41,667 = 41,659; interest 41,659 × 2.5 % = 1,041.475 -> 1,041
    expect(l[23]).toEqual(['2028-01-31', 0, 1_041, 41_659, 42_700]);
    expect(l.slice(1).every(([, fees]) => fees === 0)).toBe(true);
    expect(s.totalFeesPence).toBe(25_000);
    expect(s.totalInterestPence).toBe(312_498);
    expect(s.totalPrincipalPence).toBe(1_000_000);
    expect(s.totalPayablePence).toBe(1_337_498);
    expect(s.repayments.reduce((t, r) => t + r.amountPence, 0)).toBe(s.totalPayablePence);
  });

  it('keeps principal summing to the amount for awkward amounts', () => {
    for (const amountPence of [1, 7, 99, 12_345, 101_149, 999_999_99]) {
      for (const durationDays of [30, 45, 365, 730]) {
        const s = repaymentSchedule({ amountPence, monthlyRateBp: 300, feeBp: 0, durationDays, drawnOn: '2026-01-15' });
        expect(s.repayments.reduce((t, r) => t + r.principalPence, 0)).toBe(amountPence);
        expect(s.repayments.every((r) => r.principalPence >= 0)).toBe(true);
      }
    }
  });

  it('rounds half-even, not half-up, on fee, interest and principal', () => {
    // fee 10,250 × 1 % = 102.5 -> 102 (half-up 103); interest 10,250 × 3 % = 307.5 -> 308 (7 is odd)
    const one = repaymentSchedule({ amountPence: 10_250, monthlyRateBp: 300, feeBp: 100, durationDays: 30, drawnOn: '2026-01-15' });
    expect(lines(one)).toEqual([['2026-02-15', 102, 308, 10_250, 10_660]]);
    // principal 101,149 / 2 = 50,574.5 -> 50,574 (half-up 50,575); the last takes 50,575;
    // interest 101,149 × 3 % = 3,034.47 -> 3,034, then 50,575 × 3 % = 1,517.25 -> 1,517
    const two = repaymentSchedule({ amountPence: 101_149, monthlyRateBp: 300, feeBp: 0, durationDays: 60, drawnOn: '2026-01-15' });
    expect(lines(two)).toEqual([
      ['2026-02-15', 0, 3_034, 50_574, 53_608],
      ['2026-03-15', 0, 1_517, 50_575, 52_092],
    ]);
    // interest 1,150 × 3 % = 34.5 -> 34 (half-up 35)
    const small = repaymentSchedule({ amountPence: 1_150, monthlyRateBp: 300, feeBp: 0, durationDays: 30, drawnOn: '2026-01-15' });
    expect(lines(small)).toEqual([['2026-02-15', 0, 34, 1_150, 1_184]]);
  });

  it('clamps month-end dates from D0 each time, never chaining (leap year)', () => {
    const s = repaymentSchedule({ amountPence: 1_200_000, monthlyRateBp: 200, feeBp: 0, durationDays: 365, drawnOn: '2024-01-31' });
    expect(s.repayments.map((r) => r.date)).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
      '2025-01-31',
    ]);
    const nonLeap = repaymentSchedule({ amountPence: 100_000, monthlyRateBp: 200, feeBp: 0, durationDays: 60, drawnOn: '2025-01-31' });
    expect(nonLeap.repayments.map((r) => r.date)).toEqual(['2025-02-28', '2025-03-31']);
    const leapDay = repaymentSchedule({ amountPence: 100_000, monthlyRateBp: 200, feeBp: 0, durationDays: 365, drawnOn: '2024-02-29' });
    expect(leapDay.repayments[0].date).toBe('2024-03-29');
    expect(leapDay.repayments[11].date).toBe('2025-02-28');
  });
});

describe('repaymentSchedule with early payoff', () => {
  it('pays off between two repayments with pro-rated interest', () => {
    const s = repaymentSchedule({ ...example, payOffEarlyOn: '2026-03-25' });
    // kept: 15 Feb and 15 Mar (both before E); balance 500,000.
    // period 15 Mar -> 15 Apr = 31 days, elapsed 15 Mar -> 25 Mar = 10 days:
    // 500,000 × 300 × 10 / (10,000 × 31) = 4,838.71 -> 4,839
    expect(lines(s)).toEqual([
      ['2026-02-15', 0, 30_000, 250_000, 280_000],
      ['2026-03-15', 0, 22_500, 250_000, 272_500],
      ['2026-03-25', 0, 4_839, 500_000, 504_839],
    ]);
    expect(s.totalPayablePence).toBe(1_057_339);
    expect(s.totalInterestPence).toBe(57_339);
    expect(s.totalPrincipalPence).toBe(1_000_000);
    expect(s.amountSavedByRepayingEarlyPence).toBe(17_661); // 1,075,000 − 1,057,339
    expect(s.payOffEarlyOn).toBe('2026-03-25');
  });

  it('replaces a scheduled repayment when E is its date: full month interest, whole balance', () => {
    const s = repaymentSchedule({ ...example, payOffEarlyOn: '2026-03-15' });
    // balance 750,000 × 3 % = 22,500 (elapsed = period = 28 days)
    expect(lines(s)).toEqual([
      ['2026-02-15', 0, 30_000, 250_000, 280_000],
      ['2026-03-15', 0, 22_500, 750_000, 772_500],
    ]);
    expect(s.totalPayablePence).toBe(1_052_500);
    expect(s.amountSavedByRepayingEarlyPence).toBe(22_500);
  });

  it('saves nothing when E is the last repayment date', () => {
    const s = repaymentSchedule({ ...example, payOffEarlyOn: '2026-05-15' });
    expect(lines(s)).toEqual(lines(repaymentSchedule(example)));
    expect(s.amountSavedByRepayingEarlyPence).toBe(0);
  });

  it('pays off before the first repayment including the unpaid fee', () => {
    const s = repaymentSchedule({ ...business, payOffEarlyOn: '2026-02-10' });
    // period 31 Jan -> 28 Feb = 28 days, elapsed 10 days:
    // 1,000,000 × 250 × 10 / (10,000 × 28) = 8,928.57 -> 8,929; fee 25,000
    expect(lines(s)).toEqual([['2026-02-10', 25_000, 8_929, 1_000_000, 1_033_929]]);
    expect(s.totalFeesPence).toBe(25_000);
    expect(s.amountSavedByRepayingEarlyPence).toBe(303_569); // 1,337,498 − 1,033,929
  });

  it('keeps the fee in the first repayment when paying off after it', () => {
    const s = repaymentSchedule({ ...business, payOffEarlyOn: '2026-03-01' });
    // kept 28 Feb (fee 25,000); balance 958,333; period 28 Feb -> 31 Mar = 31 days, elapsed 1 day:
    // 958,333 × 250 × 1 / (10,000 × 31) = 772.85 -> 773
    expect(lines(s)).toEqual([
      ['2026-02-28', 25_000, 25_000, 41_667, 91_667],
      ['2026-03-01', 0, 773, 958_333, 959_106],
    ]);
    expect(s.totalFeesPence).toBe(25_000);
    expect(s.totalPayablePence).toBe(1_050_773);
  });

  it('rounds pro-rated interest half-even as one exact fraction', () => {
    // D0 10 Apr, first repayment 10 May: a 30-day period; E 25 Apr = 15 days elapsed.
    // 10,300 × 300 × 15 / (10,000 × 30) = 154.5 -> 154 (half-up 155)
    const s = repaymentSchedule({ amountPence: 10_300, monthlyRateBp: 300, feeBp: 0, durationDays: 30, drawnOn: '2026-04-10', payOffEarlyOn: '2026-04-25' });
    expect(lines(s)).toEqual([['2026-04-25', 0, 154, 10_300, 10_454]]);
    // without payoff: 10,300 × 3 % = 309, so 10,609 − 10,454 = 155 saved
    expect(s.amountSavedByRepayingEarlyPence).toBe(155);
  });

  it('treats a null payOffEarlyOn as none', () => {
    expect(lines(repaymentSchedule({ ...example, payOffEarlyOn: null }))).toEqual(lines(repaymentSchedule(example)));
  });

  it('refuses an out-of-range payoff date', () => {
    expect(() => repaymentSchedule({ ...example, payOffEarlyOn: '2026-01-15' })).toThrow(RangeError);
    expect(() => repaymentSchedule({ ...example, payOffEarlyOn: '2026-05-16' })).toThrow(RangeError);
  });
});

describe('checkPayOffEarlyOn', () => {
  const base = { drawnOn: '2026-01-15', durationDays: 120 };
  it('requires E after D0', () => {
    expect(checkPayOffEarlyOn({ ...base, payOffEarlyOn: '2026-01-14' })).toBe('not_after_drawdown');
    expect(checkPayOffEarlyOn({ ...base, payOffEarlyOn: '2026-01-15' })).toBe('not_after_drawdown');
    expect(checkPayOffEarlyOn({ ...base, payOffEarlyOn: '2026-01-16' })).toBeNull();
  });
  it('accepts the last repayment date and rejects anything later', () => {
    expect(checkPayOffEarlyOn({ ...base, payOffEarlyOn: '2026-05-15' })).toBeNull();
    expect(checkPayOffEarlyOn({ ...base, payOffEarlyOn: '2026-05-16' })).toBe('after_last_repayment');
    expect(checkPayOffEarlyOn({ drawnOn: '2024-01-31', durationDays: 30, payOffEarlyOn: '2024-02-29' })).toBeNull();
    expect(checkPayOffEarlyOn({ drawnOn: '2024-01-31', durationDays: 30, payOffEarlyOn: '2024-03-01' })).toBe('after_last_repayment');
  });
});
