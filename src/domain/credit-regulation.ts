/**
 * Which credit agreements the Consumer Credit Act 1974 regulates (docs/behaviour.md, section 23).
 * Lending to an individual is regulated; for a business customer that means a sole trader, or an
 * ordinary partnership of two or three partners (not all of them bodies corporate), which the Act
 * counts as "individuals" (s.189(1)). Up to £25,000 of credit such an agreement is regulated
 * whatever it is for; above £25,000 it is exempt only when the borrower declares that it is wholly
 * or mainly for their business (s.16B). Limited companies, LLPs and PLCs are never regulated, and
 * nor is "other" (the contract names the two kinds that are).
 */

/** £25,000 in pence: the business-purpose exemption applies only above it. */
export const REGULATED_CREDIT_LIMIT_PENCE = 2_500_000;
/** An ordinary partnership is an "individual" under the Act with at most this many partners. */
export const MAX_REGULATED_PARTNERS = 3;

export type CreditRegulation =
  /** The Act applies: APR, pre-contract information, the right to withdraw. */
  | 'regulated'
  /** The Act applies unless the borrower gives the business-purpose declaration (then exempt). */
  | 'exempt_with_declaration'
  /** A company: the Act never applies. */
  | 'not_regulated';

export interface Borrower {
  /** The customer's `company.type` (null when not given). */
  companyType: string | null;
  /** How many people the customer lists (the partners of a partnership). */
  peopleCount: number;
}

/** Whether the borrower is one the Act protects at all. */
export function isIndividualBorrower(borrower: Borrower): boolean {
  if (borrower.companyType === 'sole_trader') return true;
  return borrower.companyType === 'ordinary_partnership' && borrower.peopleCount <= MAX_REGULATED_PARTNERS;
}

/** How the Act treats an agreement with this borrower for this credit limit (in pence). */
export function creditRegulation(borrower: Borrower, creditLimitPence: number): CreditRegulation {
  if (!isIndividualBorrower(borrower)) return 'not_regulated';
  return creditLimitPence <= REGULATED_CREDIT_LIMIT_PENCE ? 'regulated' : 'exempt_with_declaration';
}
