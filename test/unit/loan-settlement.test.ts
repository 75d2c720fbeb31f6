import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../src/domain/dates.ts';
import {
  initialRepayments,
  isSettlementProblem,
  lastCollected,
  settlementQuote,
  settlementQuoteDays,
  simulatedOutcomes,
  type LoanRepayment,
  type LoanTerms,
} from '../../src/domain/loans.ts';
import { pick, seeded } from '../helpers/loans.ts';

/** 10,000 over 120 days at 3.0 %, drawn 15 January 2026: repayments on the 15th of February to May. */
const TERMS: LoanTerms = { amountPence: 1_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 120, fundedOn: '2026-01-15' };
const REPAYMENTS = initialRepayments(TERMS);
const collected = (r: LoanRepayment, on = r.date): LoanRepayment => ({ ...r, status: 'collected', collectedOn: on });
const missed = (r: LoanRepayment): LoanRepayment => ({ ...r, status: 'missed', collectedOn: null });

describe('the days a settlement figure can be given (section 22)', () => {
  it('runs from the funding date, or the day after the last recorded outcome, to 28 days ahead and the last repayment', () => {
    expect(settlementQuoteDays(TERMS.fundedOn, REPAYMENTS, '2026-01-20')).toEqual({ earliest: '2026-01-15', latest: '2026-02-17' });
    const two = [collected(REPAYMENTS[0]), missed(REPAYMENTS[1]), ...REPAYMENTS.slice(2)];
    expect(settlementQuoteDays(TERMS.fundedOn, two, '2026-05-01')).toEqual({ earliest: '2026-03-16', latest: '2026-05-15' });
    // The last repayment recorded as missed: no day is after it and not after it at once.
    const lastMissed = [...REPAYMENTS.slice(0, 3).map((r) => collected(r)), missed(REPAYMENTS[3])];
    expect(settlementQuoteDays(TERMS.fundedOn, lastMissed, '2026-05-20')).toBeNull();
    // Outcomes simulated far ahead: the first day after them is more than 28 days away.
    const ahead = [collected(REPAYMENTS[0]), collected(REPAYMENTS[1]), ...REPAYMENTS.slice(2)];
    expect(settlementQuoteDays(TERMS.fundedOn, ahead, '2026-01-20')).toBeNull();
    expect(
      settlementQuoteDays(
        TERMS.fundedOn,
        REPAYMENTS.map((r) => collected(r)),
        '2026-03-01',
      ),
    ).toBeNull();
  });

  it('is exactly the days settlementQuote accepts, over generated loans and days', () => {
    const random = seeded(22);
    const disagreements: unknown[] = [];
    let checked = 0;
    for (let i = 0; i < 150; i += 1) {
      const terms: LoanTerms = { ...TERMS, durationDays: pick(random, [30, 60, 120, 365]), fundedOn: addDays('2026-01-01', Math.floor(random() * 90)) };
      const cut = addDays(terms.fundedOn, Math.floor(random() * 200));
      const repayments = initialRepayments(terms).map((r) => (r.date <= cut ? (random() < 0.3 ? missed(r) : collected(r)) : r));
      const today = addDays(terms.fundedOn, Math.floor(random() * 200) - 10);
      const days = settlementQuoteDays(terms.fundedOn, repayments, today);
      for (let d = -5; d < 420; d += 1) {
        const on = addDays(terms.fundedOn, d);
        const valid = !isSettlementProblem(settlementQuote(terms, repayments, on, today));
        const inRange = days !== null && daysBetween(days.earliest, on) >= 0 && daysBetween(on, days.latest) >= 0;
        checked += 1;
        // Collected and asserted once: an expect per day (63,750 of them) cost three times the quotes.
        if (inRange !== valid) disagreements.push({ terms, cut, today, on, inRange, valid });
      }
    }
    expect(checked).toBe(150 * 425);
    expect(disagreements.slice(0, 5)).toEqual([]);
  });
});

describe('collections', () => {
  it('collects a repayment missed earlier on the `until` of the simulation that collects it, leaving out what is already recorded', () => {
    const before = [collected(REPAYMENTS[0]), missed(REPAYMENTS[1]), ...REPAYMENTS.slice(2)];
    expect(simulatedOutcomes(before, '2026-04-20', [])).toEqual([
      { dueDate: '2026-03-15', outcome: 'collected', collectedOn: '2026-04-20' },
      { dueDate: '2026-04-15', outcome: 'collected', collectedOn: '2026-04-15' },
    ]);
    expect(simulatedOutcomes(before, '2026-04-20', ['2026-03-15'])).toEqual([{ dueDate: '2026-04-15', outcome: 'collected', collectedOn: '2026-04-15' }]);
    // A collected repayment listed as missed stays in, for the caller to refuse.
    expect(simulatedOutcomes(before, '2026-04-20', ['2026-02-15'])[0]).toEqual({ dueDate: '2026-02-15', outcome: 'missed', collectedOn: null });
    // The late collection that completes the loan is the last outcome: nothing after it meets a settled loan.
    const lastLate = [collected(REPAYMENTS[0]), missed(REPAYMENTS[1]), collected(REPAYMENTS[2]), collected(REPAYMENTS[3])];
    expect(simulatedOutcomes(lastLate, '2026-05-25', [])).toEqual([{ dueDate: '2026-03-15', outcome: 'collected', collectedOn: '2026-05-25' }]);
  });

  it('names the repayment collected last, whose day and amount close a loan that ran its term', () => {
    const onTime = REPAYMENTS.map((r) => collected(r));
    expect(lastCollected(onTime)).toEqual(onTime[3]);
    // A missed one collected after the last due date is the one that completed the loan.
    const late = [collected(REPAYMENTS[0]), collected(REPAYMENTS[1], '2026-05-20'), collected(REPAYMENTS[2]), collected(REPAYMENTS[3])];
    expect(lastCollected(late)?.date).toBe('2026-03-15');
    // Collected the same day: the later due date.
    const sameDay = [collected(REPAYMENTS[0]), collected(REPAYMENTS[1], '2026-05-15'), collected(REPAYMENTS[2]), collected(REPAYMENTS[3])];
    expect(lastCollected(sameDay)?.date).toBe('2026-05-15');
    expect(lastCollected(REPAYMENTS)).toBeNull();
  });
});
