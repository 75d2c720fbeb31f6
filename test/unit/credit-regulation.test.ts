import { describe, expect, it } from 'vitest';
import {
  creditRegulation,
  drawdownAcknowledgements,
  lastWithdrawalDay,
  mayWithdraw,
  withdrawalAmountPence,
  withdrawalInterestPence,
  withdrawalRepayBy,
  type AcknowledgementKind,
} from '../../src/domain/credit-regulation.ts';

const soleTrader = { companyType: 'sole_trader', peopleCount: 1 };

describe('creditRegulation', () => {
  it('regulates a sole trader up to £25,000.00 exactly, and above it asks for the business-purpose declaration', () => {
    expect(creditRegulation(soleTrader, 100_000)).toBe('regulated');
    expect(creditRegulation(soleTrader, 2_500_000)).toBe('regulated');
    expect(creditRegulation(soleTrader, 2_500_001)).toBe('exempt_with_declaration');
  });
  it('counts an ordinary partnership of three people as individuals, and of four as not', () => {
    expect(creditRegulation({ companyType: 'ordinary_partnership', peopleCount: 3 }, 2_500_000)).toBe('regulated');
    expect(creditRegulation({ companyType: 'ordinary_partnership', peopleCount: 3 }, 2_500_001)).toBe('exempt_with_declaration');
    expect(creditRegulation({ companyType: 'ordinary_partnership', peopleCount: 4 }, 2_500_000)).toBe('not_regulated');
    expect(creditRegulation({ companyType: 'ordinary_partnership', peopleCount: 2 }, 100_000)).toBe('regulated');
  });
  it('never regulates limited companies, LLPs, PLCs, other or unknown types', () => {
    for (const companyType of ['limited_liability_company', 'limited_liability_partnership', 'public_limited_company', 'other', null]) {
      expect(creditRegulation({ companyType, peopleCount: 1 }, 100_000)).toBe('not_regulated');
    }
  });
});

describe('drawdownAcknowledgements', () => {
  const none = new Set<AcknowledgementKind>();
  const unticked = { preContractRead: false, businessPurposeDeclared: false };
  const ticked = { preContractRead: true, businessPurposeDeclared: true };

  it('needs the pre-contract box ticked for every portal drawdown from a regulated offer, and records it each time', () => {
    expect(drawdownAcknowledgements({ regulation: 'regulated', channel: 'portal', ticked: unticked, recorded: none })).toEqual({
      missing: 'pre_contract_read',
      record: [],
    });
    const again = new Set<AcknowledgementKind>(['pre_contract_read']);
    expect(drawdownAcknowledgements({ regulation: 'regulated', channel: 'portal', ticked: unticked, recorded: again }).missing).toBe('pre_contract_read');
    expect(drawdownAcknowledgements({ regulation: 'regulated', channel: 'portal', ticked, recorded: again })).toEqual({
      missing: null,
      record: ['pre_contract_read'],
    });
  });
  it('records once that the lender gave the information when an operator or the sandbox draws', () => {
    for (const channel of ['operator', 'sandbox'] as const) {
      expect(drawdownAcknowledgements({ regulation: 'regulated', channel, ticked: unticked, recorded: none })).toEqual({
        missing: null,
        record: ['pre_contract_given'],
      });
      const given = new Set<AcknowledgementKind>(['pre_contract_given']);
      expect(drawdownAcknowledgements({ regulation: 'regulated', channel, ticked: unticked, recorded: given })).toEqual({ missing: null, record: [] });
    }
  });
  it('asks above £25,000 for the business-purpose declaration before the first drawdown only', () => {
    const input = { regulation: 'exempt_with_declaration' as const, channel: 'portal' as const };
    expect(drawdownAcknowledgements({ ...input, ticked: unticked, recorded: none })).toEqual({ missing: 'business_purpose_declared', record: [] });
    expect(drawdownAcknowledgements({ ...input, ticked, recorded: none })).toEqual({ missing: null, record: ['business_purpose_declared'] });
    const declared = new Set<AcknowledgementKind>(['business_purpose_declared']);
    expect(drawdownAcknowledgements({ ...input, ticked: unticked, recorded: declared })).toEqual({ missing: null, record: [] });
    expect(drawdownAcknowledgements({ ...input, channel: 'operator', ticked: unticked, recorded: none })).toEqual({
      missing: null,
      record: ['business_purpose_declared'],
    });
  });
  it('asks nothing of a company', () => {
    for (const channel of ['portal', 'operator', 'sandbox'] as const) {
      expect(drawdownAcknowledgements({ regulation: 'not_regulated', channel, ticked: unticked, recorded: none })).toEqual({ missing: null, record: [] });
    }
  });
});

describe('withdrawal (s.66A)', () => {
  it('is open on the day of the drawdown and the 14 days after it, and not on the 15th', () => {
    expect(mayWithdraw('2026-03-31', '2026-03-31')).toBe(true);
    expect(mayWithdraw('2026-03-31', '2026-04-14')).toBe(true);
    expect(mayWithdraw('2026-03-31', '2026-04-15')).toBe(false);
    expect(mayWithdraw('2026-03-31', '2026-03-30')).toBe(false);
    expect(lastWithdrawalDay('2026-12-25')).toBe('2027-01-08');
  });
  it('repays the amount drawn plus a day of interest at the monthly rate × 12 ÷ 365 for each day, no fee', () => {
    // 10,000 at 3 % a month: 10,000 × 0.36 ÷ 365 = 9.8630… a day; 10 days = 98.630… -> 98.63.
    expect(withdrawalInterestPence(1_000_000, 300, 1)).toBe(986);
    expect(withdrawalAmountPence(1_000_000, 300, '2026-03-01', '2026-03-11')).toBe(1_009_863);
    // Repaid the day it was drawn: nothing but the amount.
    expect(withdrawalAmountPence(1_000_000, 300, '2026-03-01', '2026-03-01')).toBe(1_000_000);
    // Half-even: at 3.65 % a month a day is 0.12 % exactly, so 1,250p gives 1.5p -> 2p and 3,750p
    // gives 4.5p -> 4p (half-up would give 5p).
    expect(withdrawalInterestPence(1_250, 365, 1)).toBe(2);
    expect(withdrawalInterestPence(3_750, 365, 1)).toBe(4);
    expect(withdrawalRepayBy('2026-03-05')).toBe('2026-04-04');
  });
});
