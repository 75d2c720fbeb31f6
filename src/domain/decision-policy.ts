/**
 * The default automated decision policy (docs/behaviour.md, section 7), as a pure function: no I/O, no clock
 * (`today` is an input). Money is integer pence, rates and fees integer basis points.
 *
 * Rules, in order; the first that applies decides:
 *   1. applicant younger than 18, or M (whole months trading) < 6: declined. Applied only to known data.
 *   2. T (annual turnover) unknown: action_required, company_data / provide_turnover.
 *      Our decision where the documented policy is silent: rule 2 also asks for the other inputs rule 1 needs.
 *      An unknown trading_from_date adds the action provide_trading_from_date to the company_data
 *      category, and an unknown applicant date of birth adds applicant_data / provide_date_of_birth.
 *      If any of the three is missing the outcome is action_required (rule 2, reason 'missing_data')
 *      and lists every missing item, so the partner can fix them all in one round.
 *   3. T < 10,000 GBP: declined.
 *   4. A > 250,000 GBP: awaiting_underwriter.
 *   5. A > 50,000 GBP and no accepted bank statement: action_required, documents / upload_bank_statements.
 *   6. L = min(1,000,000 GBP, 20 % of T, or 25 % of T with an accepted bank statement), rounded down to
 *      a multiple of 100 GBP, computed exactly in integers. L < 1,000 GBP: declined. L is not capped at
 *      A (the documented policy does not say so). With the default thresholds this decline cannot happen
 *      (T >= 10,000 gives L >= 2,000); it is kept for policies built with other parameters.
 *   7. offered: flexi_loan 365 days, fee 0 bp, band rate; business_loan 730 days, fee 250 bp, band rate
 *      minus 50 bp; both for L. Bands: M >= 36 and P >= 0 (known): 200 bp; M >= 12 and (P >= 0 or
 *      unknown): 300 bp; otherwise (including M unknown, possible only in prequalification) 450 bp.
 *      The suggested offer is the one whose duration is nearest the first requested duration; the
 *      flexi loan when none was given or on a tie.
 *
 * Prequalification mode (docs/behaviour.md, section 12): rules that need data the row lacks are skipped. An
 * unknown age or M skips rule 1 and is not asked for; an unknown A skips rules 4 and 5. An unknown T
 * cannot be quoted, so it is declined with reason 'turnover_unknown' (rule 2). Rules 4 and 5 may still
 * give awaiting_underwriter / action_required when A is known; the caller maps those.
 * Outside prequalification an unknown A (which callers should not pass) also skips rules 4 and 5.
 */
import { ageOn, wholeMonthsBetween } from './dates.ts';
import type { IsoDate } from './dates.ts';
import type { BasisPoints, Pence } from './money.ts';

export interface DecisionInputs {
  today: IsoDate;
  turnoverPence: Pence | null;
  profitPence: Pence | null;
  tradingFromDate: IsoDate | null;
  applicantDateOfBirth: IsoDate | null;
  amountPence: Pence | null;
  hasAcceptedBankStatement: boolean;
  firstRequestDurationDays: number | null;
}

export interface DataRequirement {
  category: string;
  actions: { name: string }[];
}

export interface OfferTerms {
  productType: 'flexi_loan' | 'business_loan';
  maxAmountPence: Pence;
  monthlyRateBp: number;
  feeBp: number;
  durationDays: number;
  isSuggested: boolean;
}

export type DecisionOutcome =
  | { outcome: 'declined'; rule: number; reason: string }
  | { outcome: 'action_required'; rule: number; reason: string; requirements: DataRequirement[] }
  | { outcome: 'awaiting_underwriter'; rule: number; reason: string }
  | { outcome: 'offered'; rule: number; limitPence: Pence; offers: OfferTerms[] };

export interface DecideOptions {
  prequalification?: boolean;
}

export interface DecisionPolicy {
  name: string;
  decide(inputs: DecisionInputs, options?: DecideOptions): DecisionOutcome;
}

/** The thresholds of the policy; the defaults are the documented ones. */
export interface PolicyParameters {
  minAgeYears: number;
  minMonthsTrading: number;
  minTurnoverPence: Pence;
  underwriterAbovePence: Pence;
  bankStatementAbovePence: Pence;
  limitCapPence: Pence;
  limitBp: BasisPoints;
  limitWithBankStatementBp: BasisPoints;
  limitStepPence: Pence;
  minLimitPence: Pence;
}

export const DEFAULT_POLICY_PARAMETERS: Readonly<PolicyParameters> = Object.freeze({
  minAgeYears: 18,
  minMonthsTrading: 6,
  minTurnoverPence: 1_000_000, // 10,000 GBP
  underwriterAbovePence: 25_000_000, // 250,000 GBP
  bankStatementAbovePence: 5_000_000, // 50,000 GBP
  limitCapPence: 100_000_000, // 1,000,000 GBP
  limitBp: 2_000, // 20 %
  limitWithBankStatementBp: 2_500, // 25 %
  limitStepPence: 10_000, // 100 GBP
  minLimitPence: 100_000, // 1,000 GBP
});

export const FLEXI_LOAN_DAYS = 365;
export const BUSINESS_LOAN_DAYS = 730;
export const BUSINESS_LOAN_FEE_BP = 250;
export const BUSINESS_LOAN_RATE_DISCOUNT_BP = 50;

/** A requested duration in days: weeks are 7 days, months 30 days. */
export function durationToDays(amount: number, unit: 'days' | 'weeks' | 'months'): number {
  switch (unit) {
    case 'days':
      return amount;
    case 'weeks':
      return amount * 7;
    case 'months':
      return amount * 30;
    default:
      throw new RangeError(`unknown duration unit: ${String(unit)}`);
  }
}

/** The credit limit before the minimum check: min(cap, bp of T) rounded down to the step, exactly. */
export function creditLimitPence(
  turnoverPence: Pence,
  hasAcceptedBankStatement: boolean,
  params: Readonly<PolicyParameters> = DEFAULT_POLICY_PARAMETERS,
): Pence {
  if (turnoverPence <= 0) return 0;
  const bp = hasAcceptedBankStatement ? params.limitWithBankStatementBp : params.limitBp;
  const step = BigInt(params.limitStepPence);
  // floor(floor(T × bp / 10,000) / step) × step == floor(T × bp / (10,000 × step)) × step
  const share = ((BigInt(turnoverPence) * BigInt(bp)) / (10_000n * step)) * step;
  const cap = (BigInt(params.limitCapPence) / step) * step;
  return Number(share < cap ? share : cap);
}

/** The monthly rate band of the flexi loan, in basis points. */
export function monthlyRateBandBp(monthsTrading: number | null, profitPence: Pence | null): BasisPoints {
  if (monthsTrading !== null && monthsTrading >= 36 && profitPence !== null && profitPence >= 0) return 200;
  if (monthsTrading !== null && monthsTrading >= 12 && (profitPence === null || profitPence >= 0)) return 300;
  return 450;
}

function missingData(inputs: DecisionInputs): DataRequirement[] {
  const company: { name: string }[] = [];
  if (inputs.turnoverPence === null) company.push({ name: 'provide_turnover' });
  if (inputs.tradingFromDate === null) company.push({ name: 'provide_trading_from_date' });
  const requirements: DataRequirement[] = [];
  if (company.length > 0) requirements.push({ category: 'company_data', actions: company });
  if (inputs.applicantDateOfBirth === null) {
    requirements.push({ category: 'applicant_data', actions: [{ name: 'provide_date_of_birth' }] });
  }
  return requirements;
}

function offers(limitPence: Pence, bandBp: BasisPoints, requestedDays: number | null): OfferTerms[] {
  // The flexi loan wins ties (and is suggested when no duration was requested).
  const businessSuggested = requestedDays !== null && Math.abs(BUSINESS_LOAN_DAYS - requestedDays) < Math.abs(FLEXI_LOAN_DAYS - requestedDays);
  return [
    {
      productType: 'flexi_loan',
      maxAmountPence: limitPence,
      monthlyRateBp: bandBp,
      feeBp: 0,
      durationDays: FLEXI_LOAN_DAYS,
      isSuggested: !businessSuggested,
    },
    {
      productType: 'business_loan',
      maxAmountPence: limitPence,
      monthlyRateBp: bandBp - BUSINESS_LOAN_RATE_DISCOUNT_BP,
      feeBp: BUSINESS_LOAN_FEE_BP,
      durationDays: BUSINESS_LOAN_DAYS,
      isSuggested: businessSuggested,
    },
  ];
}

/** A policy with the documented rules and the given thresholds. */
export function createDecisionPolicy(overrides: Partial<PolicyParameters> = {}, name = 'default'): DecisionPolicy {
  const params: Readonly<PolicyParameters> = { ...DEFAULT_POLICY_PARAMETERS, ...overrides };
  function decide(inputs: DecisionInputs, options: DecideOptions = {}): DecisionOutcome {
    const prequalification = options.prequalification === true;
    const months = inputs.tradingFromDate === null ? null : wholeMonthsBetween(inputs.tradingFromDate, inputs.today);
    const age = inputs.applicantDateOfBirth === null ? null : ageOn(inputs.applicantDateOfBirth, inputs.today);

    // Rule 1
    if (age !== null && age < params.minAgeYears) return { outcome: 'declined', rule: 1, reason: 'applicant_under_18' };
    if (months !== null && months < params.minMonthsTrading) {
      return { outcome: 'declined', rule: 1, reason: 'trading_under_6_months' };
    }

    // Rule 2
    const turnover = inputs.turnoverPence;
    if (prequalification) {
      if (turnover === null) return { outcome: 'declined', rule: 2, reason: 'turnover_unknown' };
    } else {
      const requirements = missingData(inputs);
      if (requirements.length > 0) return { outcome: 'action_required', rule: 2, reason: 'missing_data', requirements };
    }
    if (turnover === null) throw new Error('unreachable: turnover checked by rule 2');

    // Rule 3
    if (turnover < params.minTurnoverPence) return { outcome: 'declined', rule: 3, reason: 'turnover_under_10000' };

    // Rules 4 and 5
    const amount = inputs.amountPence;
    if (amount !== null && amount > params.underwriterAbovePence) {
      return { outcome: 'awaiting_underwriter', rule: 4, reason: 'amount_over_250000' };
    }
    if (amount !== null && amount > params.bankStatementAbovePence && !inputs.hasAcceptedBankStatement) {
      return {
        outcome: 'action_required',
        rule: 5,
        reason: 'bank_statements_required',
        requirements: [{ category: 'documents', actions: [{ name: 'upload_bank_statements' }] }],
      };
    }

    // Rule 6
    const limitPence = creditLimitPence(turnover, inputs.hasAcceptedBankStatement, params);
    if (limitPence < params.minLimitPence) return { outcome: 'declined', rule: 6, reason: 'limit_under_1000' };

    // Rule 7
    const band = monthlyRateBandBp(months, inputs.profitPence);
    return { outcome: 'offered', rule: 7, limitPence, offers: offers(limitPence, band, inputs.firstRequestDurationDays) };
  }
  return { name, decide };
}

export const defaultDecisionPolicy: DecisionPolicy = createDecisionPolicy();

/** The default policy. */
export function decideApplication(inputs: DecisionInputs, options?: DecideOptions): DecisionOutcome {
  return defaultDecisionPolicy.decide(inputs, options);
}
