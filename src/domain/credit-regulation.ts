/**
 * Which credit agreements the Consumer Credit Act 1974 regulates (docs/behaviour.md, section 23).
 * Lending to an individual is regulated; for a business customer that means a sole trader, or an
 * ordinary partnership of two or three partners (not all of them bodies corporate), which the Act
 * counts as "individuals" (s.189(1)). Up to £25,000 of credit such an agreement is regulated
 * whatever it is for; above £25,000 it is exempt only when the borrower declares that it is wholly
 * or mainly for their business (article 60C of the Regulated Activities Order, formerly s.16B). Limited companies, LLPs and PLCs are never regulated, and
 * nor is "other" (the contract names the two kinds that are).
 */

import { addDays, daysBetween, type IsoDate } from './dates.ts';
import { divideHalfEven } from './money.ts';

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

/** Who draws: the customer in the portal, or the lender (an operator, or the sandbox standing in for one). */
export type DrawdownChannel = 'portal' | 'operator' | 'sandbox';

/**
 * What a drawdown records about the Act (docs/behaviour.md, section 23): that the customer read the
 * pre-contract information (each portal drawdown from a regulated offer), that the lender gave it
 * (the first drawdown from a regulated offer outside the portal), that the customer declared the
 * credit is for their business (the first drawdown above £25,000 that needs it).
 */
export type AcknowledgementKind = 'pre_contract_read' | 'pre_contract_given' | 'business_purpose_declared';

export interface DrawdownAcknowledgementInput {
  regulation: CreditRegulation;
  channel: DrawdownChannel;
  /** What the portal's form ticked (ignored outside the portal). */
  ticked: { preContractRead: boolean; businessPurposeDeclared: boolean };
  /** What is already recorded for this offer. */
  recorded: ReadonlySet<AcknowledgementKind>;
}

export type DrawdownAcknowledgements =
  { missing: 'pre_contract_read' | 'business_purpose_declared'; record: [] } | { missing: null; record: AcknowledgementKind[] };

/**
 * What a drawdown must record, or the box the customer has not ticked. In the portal the customer
 * ticks the boxes themselves; outside it the lender draws, and is taken to have given the
 * information (or to hold the declaration) it records.
 */
export function drawdownAcknowledgements(input: DrawdownAcknowledgementInput): DrawdownAcknowledgements {
  const portal = input.channel === 'portal';
  if (input.regulation === 'regulated') {
    if (portal) {
      return input.ticked.preContractRead ? { missing: null, record: ['pre_contract_read'] } : { missing: 'pre_contract_read', record: [] };
    }
    return { missing: null, record: input.recorded.has('pre_contract_given') ? [] : ['pre_contract_given'] };
  }
  if (input.regulation === 'exempt_with_declaration' && !input.recorded.has('business_purpose_declared')) {
    if (portal && !input.ticked.businessPurposeDeclared) return { missing: 'business_purpose_declared', record: [] };
    return { missing: null, record: ['business_purpose_declared'] };
  }
  return { missing: null, record: [] };
}

/** Days after the day of the drawdown during which the borrower may withdraw (s.66A(2)). */
export const WITHDRAWAL_DAYS = 14;
/** Days after the notice within which a withdrawing borrower repays (s.66A(9)). */
export const WITHDRAWAL_REPAY_DAYS = 30;

/**
 * Interest owed on withdrawal (s.66A(9)(b)): the amount drawn × the monthly rate × 12 ÷ 365 for
 * each day from the drawdown to the repayment, one exact rounding half-even to the penny.
 */
export function withdrawalInterestPence(amountPence: number, monthlyRateBp: number, days: number): number {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a whole number, not negative: ${days}`);
  return Number(divideHalfEven(BigInt(amountPence) * BigInt(monthlyRateBp) * 12n * BigInt(days), 10_000n * 365n));
}

/** The last day a borrower may give notice of withdrawal: the 14th day after the day of the drawdown. */
export function lastWithdrawalDay(drawnOn: IsoDate): IsoDate {
  return addDays(drawnOn, WITHDRAWAL_DAYS);
}

/** Whether notice of withdrawal may be given on `today` (London) for a drawdown on `drawnOn`. */
export function mayWithdraw(drawnOn: IsoDate, today: IsoDate): boolean {
  return daysBetween(drawnOn, today) >= 0 && daysBetween(today, lastWithdrawalDay(drawnOn)) >= 0;
}

/**
 * What a withdrawing borrower repays on `repayOn`: the amount drawn and the interest for each day
 * from the drawdown to the repayment (docs/behaviour.md, section 23); no fee.
 */
export function withdrawalAmountPence(amountPence: number, monthlyRateBp: number, drawnOn: IsoDate, repayOn: IsoDate): number {
  return amountPence + withdrawalInterestPence(amountPence, monthlyRateBp, Math.max(0, daysBetween(drawnOn, repayOn)));
}

/** The day a withdrawing borrower must repay by: 30 days after the notice. */
export function withdrawalRepayBy(noticeGivenOn: IsoDate): IsoDate {
  return addDays(noticeGivenOn, WITHDRAWAL_REPAY_DAYS);
}
