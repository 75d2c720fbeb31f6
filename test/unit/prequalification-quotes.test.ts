import { describe, expect, it } from 'vitest';
import { createDecisionPolicy, defaultDecisionPolicy, type DecisionPolicy, type OfferTerms } from '../../src/domain/decision-policy.ts';
import {
  isUsableQuote,
  prequalificationInputs,
  quoteFile,
  quoteFromOutcome,
  quoteRow,
  quoteView,
  quotedOffer,
  type QuoteRecord,
} from '../../src/domain/prequalification-quotes.ts';
import type { PrequalRow } from '../../src/domain/prequalification-rows.ts';

const TODAY = '2026-03-15';

function row(overrides: Partial<PrequalRow> = {}): PrequalRow {
  return { externalCustomerId: 'C-1', tradingFromDate: '2015-01-01', turnoverPence: 25_000_000, requestedAmountPence: null, ...overrides };
}

const flexi: OfferTerms = { productType: 'flexi_loan', maxAmountPence: 5_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 365, isSuggested: true };
const business: OfferTerms = { productType: 'business_loan', maxAmountPence: 5_000_000, monthlyRateBp: 250, feeBp: 250, durationDays: 730, isSuggested: false };

describe('prequalificationInputs', () => {
  it('passes only what the row tells: no applicant, profit, bank statement or duration', () => {
    expect(prequalificationInputs(row({ requestedAmountPence: 100 }), TODAY)).toEqual({
      today: TODAY,
      turnoverPence: 25_000_000,
      profitPence: null,
      tradingFromDate: '2015-01-01',
      applicantDateOfBirth: null,
      amountPence: 100,
      hasAcceptedBankStatement: false,
      firstRequestDurationDays: null,
    });
  });
});

describe('quotedOffer', () => {
  it('takes the flexi loan, else the suggested offer, else the first', () => {
    expect(quotedOffer([business, flexi])).toBe(flexi);
    expect(
      quotedOffer([
        { ...business, isSuggested: false },
        { ...business, durationDays: 500, isSuggested: true },
      ])?.durationDays,
    ).toBe(500);
    expect(quotedOffer([{ ...business, isSuggested: false }])?.productType).toBe('business_loan');
    expect(quotedOffer([])).toBeNull();
  });
});

describe('quoteFromOutcome', () => {
  it('maps each policy outcome to a quote', () => {
    expect(quoteFromOutcome({ outcome: 'offered', rule: 7, limitPence: 5_000_000, offers: [flexi, business] })).toEqual({
      prequalified: true,
      terms: { maxAmountPence: 5_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 365 },
    });
    expect(quoteFromOutcome({ outcome: 'offered', rule: 7, limitPence: 1, offers: [] })).toEqual({ prequalified: false, reason: 'not_quoted' });
    expect(quoteFromOutcome({ outcome: 'declined', rule: 3, reason: 'turnover_under_10000' })).toEqual({ prequalified: false, reason: 'turnover_under_10000' });
    expect(quoteFromOutcome({ outcome: 'declined', rule: 3, reason: '' })).toEqual({ prequalified: false, reason: 'declined' });
    expect(quoteFromOutcome({ outcome: 'awaiting_underwriter', rule: 4, reason: 'amount_over_250000' })).toEqual({
      prequalified: false,
      reason: 'needs_underwriting',
    });
    expect(
      quoteFromOutcome({
        outcome: 'action_required',
        rule: 5,
        reason: 'bank_statements_required',
        requirements: [{ category: 'documents', actions: [{ name: 'upload_bank_statements' }] }],
      }),
    ).toEqual({ prequalified: false, reason: 'bank_statements_required' });
    expect(quoteFromOutcome({ outcome: 'action_required', rule: 9, reason: ' ', requirements: [] })).toEqual({
      prequalified: false,
      reason: 'action_required',
    });
  });
});

describe('quoteRow with the default policy', () => {
  const quote = (overrides: Partial<PrequalRow>) => quoteRow(row(overrides), defaultDecisionPolicy, TODAY);

  it('offers the flexi terms: 20 % of turnover, band rate, no fee, 365 days', () => {
    expect(quote({})).toEqual({ prequalified: true, terms: { maxAmountPence: 5_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 365 } });
    // Unknown trading date: rule 1 skipped, the highest band.
    expect(quote({ tradingFromDate: null })).toEqual({
      prequalified: true,
      terms: { maxAmountPence: 5_000_000, monthlyRateBp: 450, feeBp: 0, durationDays: 365 },
    });
    // The 1,000,000 ceiling.
    expect(quote({ turnoverPence: 900_000_000 })).toMatchObject({ terms: { maxAmountPence: 100_000_000 } });
  });

  it("answers the policy's reasons when it would not offer", () => {
    expect(quote({ turnoverPence: null })).toEqual({ prequalified: false, reason: 'turnover_unknown' });
    expect(quote({ tradingFromDate: '2026-01-01' })).toEqual({ prequalified: false, reason: 'trading_under_6_months' });
    expect(quote({ turnoverPence: 999_999 })).toEqual({ prequalified: false, reason: 'turnover_under_10000' });
    expect(quote({ requestedAmountPence: 25_000_001 })).toEqual({ prequalified: false, reason: 'needs_underwriting' });
    expect(quote({ requestedAmountPence: 5_000_001 })).toEqual({ prequalified: false, reason: 'bank_statements_required' });
    expect(quote({ requestedAmountPence: 5_000_000 })).toMatchObject({ prequalified: true });
  });

  it('answers a row problem without asking the policy', () => {
    const never: DecisionPolicy = {
      name: 'never',
      decide: () => {
        throw new Error('must not be called');
      },
    };
    expect(quoteRow(row({ problem: 'trading_from_date must be a date' }), never, TODAY)).toEqual({
      prequalified: false,
      reason: 'trading_from_date must be a date',
    });
  });

  it('uses the policy it is given', () => {
    const generous = createDecisionPolicy({ limitBp: 5_000 }, 'generous');
    expect(quoteRow(row(), generous, TODAY)).toMatchObject({ terms: { maxAmountPence: 12_500_000 } });
  });
});

describe('quoteFile', () => {
  it('parses, keeps the last row of each id and quotes each', () => {
    const csv = 'external_customer_id,last_12_months_turnover,trading_from_date\nA,5000,2015-01-01\nB,100000,2015-01-01\nA,250000,2015-01-01\n';
    expect(quoteFile('csv', csv, defaultDecisionPolicy, TODAY)).toEqual({
      ok: true,
      quotes: [
        { externalCustomerId: 'B', prequalified: true, terms: { maxAmountPence: 2_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 365 } },
        { externalCustomerId: 'A', prequalified: true, terms: { maxAmountPence: 5_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 365 } },
      ],
    });
  });

  it('reads JSON in each accepted shape, with a byte-order mark', () => {
    const customers = [{ external_customer_id: 7, last_12_months_turnover: 50000 }];
    for (const value of [customers, { customers }, { data: { customers } }]) {
      const result = quoteFile('json', `\uFEFF${JSON.stringify(value)}`, defaultDecisionPolicy, TODAY);
      expect(result).toMatchObject({ ok: true, quotes: [{ externalCustomerId: '7', prequalified: true }] });
    }
  });

  it('answers a file that cannot be read with a reason, never an exception', () => {
    expect(quoteFile('json', '{"customers": [', defaultDecisionPolicy, TODAY)).toEqual({ ok: false, reason: 'the file is not valid JSON' });
    expect(quoteFile('json', '{"customers": 1}', defaultDecisionPolicy, TODAY)).toMatchObject({ ok: false, reason: expect.stringContaining('array') });
    expect(quoteFile('csv', 'name,turnover\nA,1\n', defaultDecisionPolicy, TODAY)).toEqual({
      ok: false,
      reason: 'the header row has no external_customer_id column',
    });
    expect(quoteFile('csv', '', defaultDecisionPolicy, TODAY)).toMatchObject({ ok: false });
  });
});

describe('quoteView and isUsableQuote', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const prequalified: QuoteRecord = {
    externalCustomerId: 'C-1',
    correlationId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    prequalified: true,
    maxAmountPence: 1_234_550,
    monthlyRateBp: 325,
    feeBp: 250,
    durationDays: 365,
    expiresAt: new Date('2026-04-14T12:00:00Z'),
    reason: null,
  };
  const declined: QuoteRecord = {
    ...prequalified,
    prequalified: false,
    maxAmountPence: null,
    monthlyRateBp: null,
    feeBp: null,
    durationDays: null,
    expiresAt: null,
    reason: 'turnover_unknown',
  };

  it('shows GBP and percentages exactly, and nulls when not prequalified', () => {
    expect(quoteView(prequalified)).toEqual({
      external_customer_id: 'C-1',
      correlation_id: prequalified.correlationId,
      prequalified: true,
      max_amount: 12345.5,
      monthly_interest_percentage: 3.25,
      fee_percentage: 2.5,
      duration_in_days: 365,
      expires_at: '2026-04-14T12:00:00.000Z',
      reason: null,
    });
    expect(quoteView(declined)).toEqual({
      external_customer_id: 'C-1',
      correlation_id: prequalified.correlationId,
      prequalified: false,
      max_amount: null,
      monthly_interest_percentage: null,
      fee_percentage: null,
      duration_in_days: null,
      expires_at: null,
      reason: 'turnover_unknown',
    });
  });

  it('matches only prequalified quotes with terms that have not expired', () => {
    expect(isUsableQuote(prequalified, now)).toBe(true);
    expect(isUsableQuote(declined, now)).toBe(false);
    expect(isUsableQuote(prequalified, new Date('2026-04-14T12:00:00Z'))).toBe(false);
    expect(isUsableQuote({ ...prequalified, maxAmountPence: null }, now)).toBe(false);
    expect(isUsableQuote({ ...prequalified, durationDays: null }, now)).toBe(false);
  });
});
