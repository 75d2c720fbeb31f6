import { describe, expect, it } from 'vitest';
import {
  createDecisionPolicy,
  creditLimitPence,
  decideApplication,
  defaultDecisionPolicy,
  durationToDays,
  monthlyRateBandBp,
} from '../../src/domain/decision-policy.ts';
import type { DecisionInputs, DecisionOutcome } from '../../src/domain/decision-policy.ts';

const TODAY = '2025-06-15';

/** A healthy applicant: T 100,000 GBP, P 1,000 GBP, trading since 2020 (65 months), adult, asks 20,000 GBP. */
function inputs(overrides: Partial<DecisionInputs> = {}): DecisionInputs {
  return {
    today: TODAY,
    turnoverPence: 10_000_000,
    profitPence: 100_000,
    tradingFromDate: '2020-01-01',
    applicantDateOfBirth: '1980-01-01',
    amountPence: 2_000_000,
    hasAcceptedBankStatement: false,
    firstRequestDurationDays: null,
    ...overrides,
  };
}

function offered(outcome: DecisionOutcome) {
  if (outcome.outcome !== 'offered') throw new Error(`expected offered, got ${JSON.stringify(outcome)}`);
  return outcome;
}

const limitOf = (o: Partial<DecisionInputs>) => offered(decideApplication(inputs(o))).limitPence;
const flexiRate = (o: Partial<DecisionInputs>) => offered(decideApplication(inputs(o))).offers[0].monthlyRateBp;
const suggested = (days: number | null) =>
  offered(decideApplication(inputs({ firstRequestDurationDays: days }))).offers.find((x) => x.isSuggested)?.productType;

describe('decision policy: a healthy application', () => {
  it('offers a flexi loan and a business loan for L with the documented terms', () => {
    expect(decideApplication(inputs())).toEqual({
      outcome: 'offered',
      rule: 7,
      limitPence: 2_000_000,
      offers: [
        { productType: 'flexi_loan', maxAmountPence: 2_000_000, monthlyRateBp: 200, feeBp: 0, durationDays: 365, isSuggested: true },
        { productType: 'business_loan', maxAmountPence: 2_000_000, monthlyRateBp: 150, feeBp: 250, durationDays: 730, isSuggested: false },
      ],
    });
  });
  it('exposes the default policy under a name and as decideApplication', () => {
    expect(defaultDecisionPolicy.name).toBe('default');
    expect(defaultDecisionPolicy.decide(inputs({ turnoverPence: 999_999 }))).toEqual(decideApplication(inputs({ turnoverPence: 999_999 })));
  });
});

describe('rule 1: age and months trading', () => {
  it('declines the day before the 18th birthday and accepts on it', () => {
    expect(decideApplication(inputs({ applicantDateOfBirth: '2007-06-16' }))).toEqual({ outcome: 'declined', rule: 1, reason: 'applicant_under_18' });
    expect(decideApplication(inputs({ applicantDateOfBirth: '2007-06-15' })).outcome).toBe('offered');
  });
  it('counts a 29 February birthday from 1 March', () => {
    expect(decideApplication(inputs({ today: '2022-02-28', applicantDateOfBirth: '2004-02-29' })).outcome).toBe('declined');
    expect(decideApplication(inputs({ today: '2022-03-01', applicantDateOfBirth: '2004-02-29' })).outcome).toBe('offered');
  });
  it('declines 5 whole months of trading and accepts exactly 6', () => {
    expect(decideApplication(inputs({ tradingFromDate: '2024-12-16' }))).toEqual({ outcome: 'declined', rule: 1, reason: 'trading_under_6_months' });
    expect(decideApplication(inputs({ tradingFromDate: '2024-12-15' })).outcome).toBe('offered');
  });
  it('counts a month ending on a shorter month-end as complete', () => {
    // 31 August to 28 February is 6 months (February has no 31st); the 27th is still 5.
    expect(decideApplication(inputs({ tradingFromDate: '2024-08-31', today: '2025-02-28' })).outcome).toBe('offered');
    expect(decideApplication(inputs({ tradingFromDate: '2024-08-31', today: '2025-02-27' })).outcome).toBe('declined');
    expect(decideApplication(inputs({ tradingFromDate: '2024-12-31', today: '2025-06-30' })).outcome).toBe('offered');
    expect(decideApplication(inputs({ tradingFromDate: '2024-12-31', today: '2025-06-29' })).outcome).toBe('declined');
  });
  it('declines a trading start date in the future', () => {
    expect(decideApplication(inputs({ tradingFromDate: '2025-07-01' })).outcome).toBe('declined');
  });
});

describe('rule 2: missing data', () => {
  it('asks for the turnover when T is unknown', () => {
    expect(decideApplication(inputs({ turnoverPence: null }))).toEqual({
      outcome: 'action_required',
      rule: 2,
      reason: 'missing_data',
      requirements: [{ category: 'company_data', actions: [{ name: 'provide_turnover' }] }],
    });
  });
  it('lists every missing item at once', () => {
    const outcome = decideApplication(inputs({ turnoverPence: null, tradingFromDate: null, applicantDateOfBirth: null }));
    expect(outcome).toEqual({
      outcome: 'action_required',
      rule: 2,
      reason: 'missing_data',
      requirements: [
        { category: 'company_data', actions: [{ name: 'provide_turnover' }, { name: 'provide_trading_from_date' }] },
        { category: 'applicant_data', actions: [{ name: 'provide_date_of_birth' }] },
      ],
    });
  });
  it('asks for a missing trading date or date of birth even when T is known', () => {
    expect(decideApplication(inputs({ tradingFromDate: null }))).toMatchObject({
      outcome: 'action_required',
      requirements: [{ category: 'company_data', actions: [{ name: 'provide_trading_from_date' }] }],
    });
    expect(decideApplication(inputs({ applicantDateOfBirth: null }))).toMatchObject({
      outcome: 'action_required',
      requirements: [{ category: 'applicant_data', actions: [{ name: 'provide_date_of_birth' }] }],
    });
  });
});

describe('rule 3: turnover', () => {
  it('accepts exactly 10,000 GBP and declines 9,999.99', () => {
    expect(limitOf({ turnoverPence: 1_000_000 })).toBe(200_000);
    expect(decideApplication(inputs({ turnoverPence: 999_999 }))).toEqual({ outcome: 'declined', rule: 3, reason: 'turnover_under_10000' });
  });
  it('declines a zero or negative turnover', () => {
    expect(decideApplication(inputs({ turnoverPence: 0 })).outcome).toBe('declined');
    expect(decideApplication(inputs({ turnoverPence: -5 })).outcome).toBe('declined');
  });
});

describe('rules 4 and 5: amount', () => {
  const bankStatementRequired = {
    outcome: 'action_required',
    rule: 5,
    reason: 'bank_statements_required',
    requirements: [{ category: 'documents', actions: [{ name: 'upload_bank_statements' }] }],
  };
  it('needs no bank statement for exactly 50,000 GBP, but does for 50,000.01', () => {
    expect(decideApplication(inputs({ amountPence: 5_000_000 })).outcome).toBe('offered');
    expect(decideApplication(inputs({ amountPence: 5_000_001 }))).toEqual(bankStatementRequired);
  });
  it('offers above 50,000 GBP once a bank statement is accepted (with the 25% limit)', () => {
    expect(limitOf({ amountPence: 5_000_001, hasAcceptedBankStatement: true })).toBe(2_500_000);
  });
  it('refers above 250,000 GBP to an underwriter, but not at exactly 250,000', () => {
    expect(decideApplication(inputs({ amountPence: 25_000_000 }))).toEqual(bankStatementRequired);
    expect(decideApplication(inputs({ amountPence: 25_000_000, hasAcceptedBankStatement: true })).outcome).toBe('offered');
    const over = { outcome: 'awaiting_underwriter', rule: 4, reason: 'amount_over_250000' };
    expect(decideApplication(inputs({ amountPence: 25_000_001 }))).toEqual(over);
    expect(decideApplication(inputs({ amountPence: 25_000_001, hasAcceptedBankStatement: true }))).toEqual(over);
  });
  it('does not cap the limit at the requested amount', () => {
    expect(limitOf({ amountPence: 100_000 })).toBe(2_000_000);
  });
});

describe('rule 6: the limit', () => {
  it('is 20% of T rounded down to 100 GBP, exactly', () => {
    expect(limitOf({ turnoverPence: 12_345_678 })).toBe(2_460_000); // 24,691.356 -> 24,600
    expect(creditLimitPence(4_999_950, false)).toBe(990_000); // 9,999.90 -> 9,900
    expect(creditLimitPence(5_000_000, false)).toBe(1_000_000);
    expect(creditLimitPence(4_999_999, false)).toBe(990_000);
  });
  it('is 25% of T with an accepted bank statement', () => {
    expect(limitOf({ turnoverPence: 12_345_678, hasAcceptedBankStatement: true })).toBe(3_080_000); // 30,864.195 -> 30,800
  });
  it('is capped at 1,000,000 GBP', () => {
    expect(limitOf({ turnoverPence: 500_000_000 })).toBe(100_000_000);
    expect(limitOf({ turnoverPence: 499_999_999 })).toBe(99_990_000);
    expect(limitOf({ turnoverPence: 10_000_000_000 })).toBe(100_000_000);
    expect(limitOf({ turnoverPence: 400_000_000, hasAcceptedBankStatement: true })).toBe(100_000_000);
    expect(limitOf({ turnoverPence: 399_999_999, hasAcceptedBankStatement: true })).toBe(99_990_000);
  });
  it('is 1,000 GBP at T = 5,000 and 900 GBP at T = 4,999.99', () => {
    expect(creditLimitPence(500_000, false)).toBe(100_000);
    expect(creditLimitPence(499_999, false)).toBe(90_000); // 999.998 -> 900
    expect(creditLimitPence(400_000, true)).toBe(100_000);
    expect(creditLimitPence(399_999, true)).toBe(90_000);
  });
  it('declines a limit under 1,000 GBP (reachable when the turnover threshold is lower)', () => {
    const lenient = createDecisionPolicy({ minTurnoverPence: 0 }, 'lenient');
    expect(lenient.name).toBe('lenient');
    expect(offered(lenient.decide(inputs({ turnoverPence: 500_000 }))).limitPence).toBe(100_000);
    expect(lenient.decide(inputs({ turnoverPence: 499_999 }))).toEqual({ outcome: 'declined', rule: 6, reason: 'limit_under_1000' });
    expect(offered(lenient.decide(inputs({ turnoverPence: 400_000, hasAcceptedBankStatement: true }))).limitPence).toBe(100_000);
  });
});

describe('rule 7: rate bands and the suggested offer', () => {
  // Today is 2025-06-15: 2022-06-15 is 36 months, 2022-06-16 is 35, 2024-06-15 is 12, 2024-06-16 is 11.
  it('gives 2.0% from 36 months with a known non-negative profit', () => {
    expect(flexiRate({ tradingFromDate: '2022-06-15', profitPence: 0 })).toBe(200);
    expect(flexiRate({ tradingFromDate: '2022-06-16', profitPence: 0 })).toBe(300);
    expect(flexiRate({ tradingFromDate: '2022-06-15', profitPence: null })).toBe(300);
    expect(flexiRate({ tradingFromDate: '2022-06-15', profitPence: -1 })).toBe(450);
  });
  it('gives 3.0% from 12 months with a non-negative or unknown profit, else 4.5%', () => {
    expect(flexiRate({ tradingFromDate: '2024-06-15', profitPence: 0 })).toBe(300);
    expect(flexiRate({ tradingFromDate: '2024-06-15', profitPence: null })).toBe(300);
    expect(flexiRate({ tradingFromDate: '2024-06-15', profitPence: -1 })).toBe(450);
    expect(flexiRate({ tradingFromDate: '2024-06-16', profitPence: 0 })).toBe(450);
    expect(monthlyRateBandBp(null, 0)).toBe(450);
  });
  it('prices the business loan 0.5 below the band', () => {
    const rates = (o: Partial<DecisionInputs>) => offered(decideApplication(inputs(o))).offers.map((x) => x.monthlyRateBp);
    expect(rates({ tradingFromDate: '2022-06-15' })).toEqual([200, 150]);
    expect(rates({ tradingFromDate: '2024-06-15' })).toEqual([300, 250]);
    expect(rates({ tradingFromDate: '2024-06-16' })).toEqual([450, 400]);
  });
  it('suggests the offer nearest the first requested duration, the flexi loan by default and on a tie', () => {
    expect(suggested(null)).toBe('flexi_loan');
    expect(suggested(30)).toBe('flexi_loan');
    expect(suggested(547)).toBe('flexi_loan');
    expect(suggested(548)).toBe('business_loan');
    expect(suggested(547.5)).toBe('flexi_loan');
    expect(suggested(730)).toBe('business_loan');
    expect(suggested(2000)).toBe('business_loan');
    expect(offered(decideApplication(inputs({ firstRequestDurationDays: 730 }))).offers.filter((x) => x.isSuggested)).toHaveLength(1);
  });
  it('converts requested durations to days', () => {
    expect(durationToDays(90, 'days')).toBe(90);
    expect(durationToDays(52, 'weeks')).toBe(364);
    expect(durationToDays(18, 'months')).toBe(540);
    expect(suggested(durationToDays(18, 'months'))).toBe('flexi_loan');
    expect(suggested(durationToDays(19, 'months'))).toBe('business_loan');
  });
});

describe('rule order', () => {
  it('declines an under-18 or young business before asking for missing turnover', () => {
    expect(decideApplication(inputs({ turnoverPence: null, applicantDateOfBirth: '2010-01-01' }))).toMatchObject({ outcome: 'declined', rule: 1 });
    expect(decideApplication(inputs({ turnoverPence: null, tradingFromDate: '2025-03-01' }))).toMatchObject({ outcome: 'declined', rule: 1 });
  });
  it('declines for age before months trading', () => {
    expect(decideApplication(inputs({ applicantDateOfBirth: '2010-01-01', tradingFromDate: '2025-03-01' }))).toMatchObject({ reason: 'applicant_under_18' });
  });
  it('asks for turnover before referring a large amount', () => {
    expect(decideApplication(inputs({ turnoverPence: null, amountPence: 30_000_000 }))).toMatchObject({ outcome: 'action_required', rule: 2 });
  });
  it('declines a low turnover before referring a large amount', () => {
    expect(decideApplication(inputs({ turnoverPence: 999_999, amountPence: 30_000_000 }))).toMatchObject({ outcome: 'declined', rule: 3 });
  });
  it('refers to an underwriter before asking for bank statements', () => {
    expect(decideApplication(inputs({ amountPence: 30_000_000 }))).toMatchObject({ outcome: 'awaiting_underwriter', rule: 4 });
  });
});

describe('prequalification mode', () => {
  const pq = (o: Partial<DecisionInputs>) => decideApplication(inputs(o), { prequalification: true });
  it('declines an unknown turnover as unquotable', () => {
    expect(pq({ turnoverPence: null })).toEqual({ outcome: 'declined', rule: 2, reason: 'turnover_unknown' });
  });
  it('skips rule 1 and the data requests for an unknown age and trading date', () => {
    const outcome = offered(pq({ applicantDateOfBirth: null, tradingFromDate: null, profitPence: null, amountPence: null }));
    expect(outcome.limitPence).toBe(2_000_000);
    expect(outcome.offers.map((x) => x.monthlyRateBp)).toEqual([450, 400]); // M unknown: the highest band
  });
  it('still applies rule 1 when the data is known', () => {
    expect(pq({ tradingFromDate: '2025-01-01' })).toMatchObject({ outcome: 'declined', reason: 'trading_under_6_months' });
    expect(pq({ applicantDateOfBirth: '2010-01-01' })).toMatchObject({ outcome: 'declined', reason: 'applicant_under_18' });
  });
  it('skips rules 4 and 5 without an amount, and applies them with one', () => {
    expect(pq({ amountPence: null }).outcome).toBe('offered');
    expect(pq({ amountPence: 25_000_001 })).toMatchObject({ outcome: 'awaiting_underwriter', rule: 4 });
    expect(pq({ amountPence: 5_000_001 })).toMatchObject({ outcome: 'action_required', rule: 5 });
  });
  it('declines a low turnover', () => {
    expect(pq({ turnoverPence: 999_999, tradingFromDate: null })).toEqual({ outcome: 'declined', rule: 3, reason: 'turnover_under_10000' });
  });
  it('is not the default mode', () => {
    expect(decideApplication(inputs({ turnoverPence: null }), { prequalification: false }).outcome).toBe('action_required');
  });
});
