/**
 * Quoting one prequalification row with a decision policy (docs/behaviour.md, section 12), as a pure function: no
 * I/O, no clock (`today` is an input), no ids. Money is integer pence, rates integer basis points.
 *
 * - A row with a `problem` (a value the parser could not use) is not quoted: prequalified false,
 *   the problem as its reason.
 * - Otherwise the policy decides in prequalification mode (rules needing data the row lacks are
 *   skipped), with no applicant date of birth, no profit, no accepted bank statement and no
 *   requested duration; the amount is `requested_amount` when given.
 * - offered: prequalified, with the terms of the flexi loan (else the suggested offer, else the
 *   first): its max_amount (the limit L), monthly rate, fee and duration.
 * - declined: not prequalified, reason = the policy's reason (for example `turnover_unknown`).
 * - awaiting_underwriter: not prequalified, reason `needs_underwriting` (a person must look).
 * - action_required: not prequalified, reason = the policy's reason (`bank_statements_required`
 *   with the default policy), or `action_required` when it gave none.
 * - an outcome a replaced policy might invent (defensive): not prequalified, reason `not_quoted`.
 */
import type { IsoDate } from './dates.ts';
import type { DecisionInputs, DecisionOutcome, DecisionPolicy, OfferTerms } from './decision-policy.ts';
import type { BasisPoints, Pence } from './money.ts';
import { basisPointsToPercent, fromPence } from './money.ts';
import { parseJsonFile } from './json-text.ts';
import { lastRowWins, parsePrequalificationCsv, parsePrequalificationJson, type PrequalParseResult, type PrequalRow } from './prequalification-rows.ts';

/** Quotes are valid this many days after the file was processed (like confirmed offers). */
export const QUOTE_VALIDITY_DAYS = 30;

export interface QuoteTerms {
  maxAmountPence: Pence;
  monthlyRateBp: BasisPoints;
  feeBp: BasisPoints;
  durationDays: number;
}

export type QuoteDecision = { prequalified: true; terms: QuoteTerms } | { prequalified: false; reason: string };

/** The policy's inputs for a row: only what the row tells, nothing guessed. */
export function prequalificationInputs(row: PrequalRow, today: IsoDate): DecisionInputs {
  return {
    today,
    turnoverPence: row.turnoverPence,
    profitPence: null,
    tradingFromDate: row.tradingFromDate,
    applicantDateOfBirth: null,
    amountPence: row.requestedAmountPence,
    hasAcceptedBankStatement: false,
    firstRequestDurationDays: null,
  };
}

/** The offer whose terms a quote carries: the flexi loan, else the suggested one, else the first. */
export function quotedOffer(offers: readonly OfferTerms[]): OfferTerms | null {
  return offers.find((o) => o.productType === 'flexi_loan') ?? offers.find((o) => o.isSuggested) ?? offers[0] ?? null;
}

function nonEmpty(reason: string | undefined, fallback: string): string {
  return typeof reason === 'string' && reason.trim() !== '' ? reason : fallback;
}

/** Maps a policy outcome to a quote decision. */
export function quoteFromOutcome(outcome: DecisionOutcome): QuoteDecision {
  switch (outcome.outcome) {
    case 'offered': {
      const offer = quotedOffer(outcome.offers);
      if (offer === null) return { prequalified: false, reason: 'not_quoted' };
      return {
        prequalified: true,
        terms: { maxAmountPence: offer.maxAmountPence, monthlyRateBp: offer.monthlyRateBp, feeBp: offer.feeBp, durationDays: offer.durationDays },
      };
    }
    case 'declined':
      return { prequalified: false, reason: nonEmpty(outcome.reason, 'declined') };
    case 'awaiting_underwriter':
      return { prequalified: false, reason: 'needs_underwriting' };
    case 'action_required':
      return { prequalified: false, reason: nonEmpty(outcome.reason, 'action_required') };
    default:
      return { prequalified: false, reason: 'not_quoted' };
  }
}

/** The quote for one row (already de-duplicated with lastRowWins). */
export function quoteRow(row: PrequalRow, policy: DecisionPolicy, today: IsoDate): QuoteDecision {
  if (row.problem !== undefined) return { prequalified: false, reason: row.problem };
  return quoteFromOutcome(policy.decide(prequalificationInputs(row, today), { prequalification: true }));
}

/** A stored quote, as the partner sees it in GET /prequalification_data and prequalification_202505. */
export interface QuoteRecord {
  externalCustomerId: string;
  correlationId: string;
  prequalified: boolean;
  maxAmountPence: Pence | null;
  monthlyRateBp: BasisPoints | null;
  feeBp: BasisPoints | null;
  durationDays: number | null;
  expiresAt: Date | null;
  reason: string | null;
}

export interface QuoteView {
  external_customer_id: string;
  correlation_id: string;
  prequalified: boolean;
  max_amount: number | null;
  monthly_interest_percentage: number | null;
  fee_percentage: number | null;
  duration_in_days: number | null;
  expires_at: string | null;
  reason: string | null;
}

/** Pence to GBP and basis points to percent only for display; nulls when not prequalified. */
export function quoteView(q: QuoteRecord): QuoteView {
  return {
    external_customer_id: q.externalCustomerId,
    correlation_id: q.correlationId,
    prequalified: q.prequalified,
    max_amount: q.maxAmountPence === null ? null : fromPence(q.maxAmountPence),
    monthly_interest_percentage: q.monthlyRateBp === null ? null : basisPointsToPercent(q.monthlyRateBp),
    fee_percentage: q.feeBp === null ? null : basisPointsToPercent(q.feeBp),
    duration_in_days: q.durationDays,
    expires_at: q.expiresAt === null ? null : q.expiresAt.toISOString(),
    reason: q.reason,
  };
}

/** A quote a new customer can be matched to: prequalified, with terms, and not yet expired at `now`. */
export function isUsableQuote(q: QuoteRecord, now: Date): boolean {
  return (
    q.prequalified &&
    q.maxAmountPence !== null &&
    q.maxAmountPence > 0 &&
    q.monthlyRateBp !== null &&
    q.feeBp !== null &&
    q.durationDays !== null &&
    q.durationDays > 0 &&
    q.expiresAt !== null &&
    q.expiresAt.getTime() > now.getTime()
  );
}

/** One quote of a file, before it gets its ids and expiry. */
export type FileQuote = QuoteDecision & { externalCustomerId: string };

export type FileQuoting = { ok: true; quotes: FileQuote[] } | { ok: false; reason: string };

/**
 * A whole stored file to quotes: parsed by its format, de-duplicated (the last row of each
 * external_customer_id wins, in the order of those last rows), each row quoted. A file that cannot
 * be read is `{ok: false, reason}`, never an exception.
 */
export function quoteFile(format: 'csv' | 'json', content: string, policy: DecisionPolicy, today: IsoDate): FileQuoting {
  let parsed: PrequalParseResult;
  if (format === 'csv') {
    parsed = parsePrequalificationCsv(content);
  } else {
    const value = parseJsonFile(content, 'the file');
    if (!value.ok) return { ok: false, reason: value.error.detail };
    parsed = parsePrequalificationJson(value.value);
  }
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    quotes: lastRowWins(parsed.rows).map((row) => ({ externalCustomerId: row.externalCustomerId, ...quoteRow(row, policy, today) })),
  };
}
