import { randomUUID } from 'node:crypto';
import {
  defaultDecisionPolicy,
  durationToDays,
  type DecisionInputs,
  type DecisionPolicy,
  type OfferTerms,
  type DataRequirement,
} from '../domain/decision-policy.ts';
import { londonToday } from '../domain/dates.ts';
import { toPence } from '../domain/money.ts';
import { OFFER_VALIDITY_DAYS, PRODUCT_CEILING_PENCE } from '../domain/offers.ts';
import type { Tenant } from '../domain/tenant.ts';
import { pipelined, type Queryable } from '../store/db.ts';
import type { ApplicationRow } from '../store/applications-store.ts';
import type { CustomerRow } from '../store/customers-store.ts';
import { insertDecision } from '../store/decisions-store.ts';
import { insertOffer, listApplicationOffers, type OfferInsert, type OfferRow } from '../store/offers-store.ts';
import { moveApplication } from './application-moves.ts';
import { offerSummary } from './event-payloads.ts';
import type { DocumentFacts } from './document-facts.ts';

/** The policy in force; an operator's deployment can replace it (see docs/decision-policy.md). */
let activePolicy: DecisionPolicy = defaultDecisionPolicy;

export function setDecisionPolicy(policy: DecisionPolicy): void {
  activePolicy = policy;
}

export function decisionPolicy(): DecisionPolicy {
  return activePolicy;
}

/** What an operator, the sandbox or the policy decided, in one shape. */
export type Decision =
  | { outcome: 'offered'; offers: OfferTerms[] }
  | { outcome: 'declined'; reason?: string }
  | { outcome: 'deferred'; reason?: string }
  | { outcome: 'action_required'; requirements: DataRequirement[]; reason?: string }
  | { outcome: 'awaiting_underwriter'; reason?: string };

/**
 * The policy's inputs from the customer, the application and what accepted documents tell
 * (`documentFacts`, read in the caller's transaction).
 */
export function gatherInputs(application: ApplicationRow, customer: CustomerRow, facts: DocumentFacts, today: string): DecisionInputs {
  const company = customer.company;
  const applicant = customer.people.find((p) => p.roles?.includes('applicant'));
  const stated = company.last_12_months_turnover?.amount;
  const profit = company.last_12_months_profit?.amount;
  const duration = application.requests[0]?.duration;
  return {
    today,
    turnoverPence: stated !== undefined ? toPence(stated) : facts.statementTurnoverPence,
    profitPence: profit !== undefined ? toPence(profit) : null,
    tradingFromDate: company.trading_from_date ?? null,
    applicantDateOfBirth: applicant?.date_of_birth ?? null,
    amountPence: application.amount_pence,
    hasAcceptedBankStatement: facts.hasAcceptedBankStatement,
    firstRequestDurationDays: duration ? durationToDays(duration.amount, duration.unit as 'days' | 'weeks' | 'months') : null,
  };
}

/**
 * Runs the automated policy on an open application and applies its outcome. `facts` are the
 * customer's document facts for London's date of `now`, read in this transaction after the
 * application's lock. Answers the application's offers as stored after the decision, read in the
 * same round trip as its writes.
 */
export async function decideAutomatically(
  tx: Queryable,
  tenant: Tenant,
  application: ApplicationRow,
  customer: CustomerRow,
  facts: DocumentFacts,
  now: Date,
): Promise<OfferRow[]> {
  const inputs = gatherInputs(application, customer, facts, londonToday(now));
  const policy = decisionPolicy();
  const outcome = policy.decide(inputs);
  const decision: Decision =
    outcome.outcome === 'offered'
      ? { outcome: 'offered', offers: outcome.offers }
      : outcome.outcome === 'action_required'
        ? { outcome: 'action_required', requirements: outcome.requirements, reason: outcome.reason }
        : { outcome: outcome.outcome, reason: outcome.reason };
  const [, , offers] = await pipelined([
    insertDecision(tx, { applicationId: application.id, decidedBy: 'policy', policy: policy.name, inputs, outcome, now }),
    applyDecision(tx, tenant, application, customer.external_customer_id, decision, 'policy', now),
    listApplicationOffers(tx, application.id),
  ]);
  return offers;
}

const TRIGGER = {
  offered: 'decision_approve',
  declined: 'decision_decline',
  deferred: 'closed_without_decision',
  action_required: 'decision_action_required',
  awaiting_underwriter: 'decision_needs_underwriter',
} as const;

/**
 * Applies a decision: creates the confirmed offers of an approval (expiring 30 days later) and
 * moves the application through the state machine, which refuses any move it does not list.
 */
export async function applyDecision(
  tx: Queryable,
  tenant: Tenant,
  application: ApplicationRow,
  externalCustomerId: string | null,
  decision: Decision,
  source: 'policy' | 'operator' | 'sandbox',
  now: Date,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + OFFER_VALIDITY_DAYS * 86_400_000);
  const offers: OfferInsert[] = (decision.outcome === 'offered' ? decision.offers : []).map((terms) => ({
    id: randomUUID(),
    customerId: application.customer_id,
    applicationId: application.id,
    offerType: 'confirmed',
    productType: terms.productType,
    // Whatever a replaced policy says, no offer exceeds the product ceiling.
    maxAmountPence: Math.min(terms.maxAmountPence, PRODUCT_CEILING_PENCE),
    monthlyRateBp: terms.monthlyRateBp,
    feeBp: terms.feeBp,
    durationDays: terms.durationDays,
    isSuggested: terms.isSuggested,
    expiresAt,
    source,
    now,
  }));
  const summaries = offers.map((o) => offerSummary(o));
  // The offers, the move and its events in one round trip, stored in this order.
  await pipelined([
    ...offers.map((o) => insertOffer(tx, tenant, o)),
    moveApplication(tx, tenant, application, TRIGGER[decision.outcome], now, externalCustomerId, summaries),
  ]);
}
