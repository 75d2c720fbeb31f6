import { describe, expect, it } from 'vitest';
import { creditRegulation } from '../../src/domain/credit-regulation.ts';

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
