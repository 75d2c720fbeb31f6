import { describe, expect, it } from 'vitest';
import { creditRegulation, drawdownAcknowledgements, type AcknowledgementKind } from '../../src/domain/credit-regulation.ts';

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
