/**
 * A decision's codes in the words a person reads (docs/behaviour.md, "Words, not internals"): the
 * policy's reasons (`amount_over_250000`), the data it asks for (`provide_turnover`), the outcomes,
 * and the status moves of an application. The codes stay as they are in the API and the database;
 * the pages show these words. A code not listed here (a reason given by hand, one of a later
 * policy) is still shown as words: its underscores as spaces, its first letter capital.
 */
import type { StatusTrigger } from './application-status.ts';

/** Each reason of the decision policy (src/domain/decision-policy.ts) as a sentence. */
export const REASON_WORDS: Record<string, string> = {
  applicant_under_18: 'The applicant is under 18.',
  trading_under_6_months: 'The company has traded for less than 6 months.',
  turnover_unknown: 'The company’s turnover is not known.',
  missing_data: 'Some of the details the policy needs are missing.',
  turnover_under_10000: 'The company’s turnover is under £10,000 a year.',
  amount_over_250000: 'The amount asked for is over £250,000, so an underwriter decides.',
  bank_statements_required: 'The amount asked for needs accepted bank statements.',
  limit_under_1000: 'The credit limit the policy gives is under £1,000.',
};

/** What the policy asks the customer for, by action name, in words. */
export const REQUIREMENT_WORDS: Record<string, string> = {
  provide_turnover: 'the company’s turnover for the last 12 months',
  provide_trading_from_date: 'the date the company started trading',
  provide_date_of_birth: 'the applicant’s date of birth',
  upload_bank_statements: 'bank statements',
};

/** Each outcome of a decision, as a heading reads it. */
export const OUTCOME_WORDS: Record<string, string> = {
  offered: 'Offered',
  declined: 'Declined',
  deferred: 'Deferred',
  action_required: 'More information needed',
  awaiting_underwriter: 'Sent to an underwriter',
};

/** Who made a decision, or where an offer came from. */
export const DECIDED_BY_WORDS: Record<string, string> = {
  policy: 'the decision policy',
  operator: 'an underwriter',
  sandbox: 'a sandbox decision',
  prequalification: 'prequalification',
};

/** Why an application moved from one status to the next. */
export const TRIGGER_WORDS: Record<StatusTrigger, string> = {
  decision_action_required: 'More information needed',
  customer_data_changed: 'The customer’s details changed',
  decision_needs_underwriter: 'Sent to an underwriter',
  review_started: 'Review started',
  decision_approve: 'Approved',
  decision_decline: 'Declined',
  closed_without_decision: 'Closed without a decision',
  inactivity: 'Closed after no activity',
  offers_expired: 'The offers expired',
  offers_revoked: 'The offers were revoked',
  first_funding: 'First funds drawn',
};

/** A code as words when no mapping names it: "amount_over_250000" as "Amount over 250000". */
export function codeAsWords(code: string): string {
  const spaced = code.replaceAll('_', ' ').replaceAll('.', ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** `code` through `table`, or as words when the table does not name it. */
export function wordsFor(table: Record<string, string>, code: string): string {
  return Object.hasOwn(table, code) ? table[code] : codeAsWords(code);
}

/** A reason as a sentence: one of the policy's, or a reason given in words (kept as written). */
export function reasonWords(reason: string): string {
  if (Object.hasOwn(REASON_WORDS, reason)) return REASON_WORDS[reason];
  return /^[a-z0-9_]+$/.test(reason) ? `${codeAsWords(reason)}.` : reason;
}
