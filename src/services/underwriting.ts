/**
 * Underwriting: what is done to an application by hand, by an operator or the sandbox: starting
 * the review, a decision with offers of their own terms, revoking offers; and the operator's
 * reads of applications of every tenant. The role checks and audit rows are back-office.ts's;
 * operator accounts are operators.ts's.
 */
import { DomainError, invalidAt, notFound } from '../domain/errors.ts';
import { nextStatus, type ApplicationStatus, type StatusTrigger } from '../domain/application-status.ts';
import { toPence, percentToBasisPoints, fromPence } from '../domain/money.ts';
import type { OfferTerms } from '../domain/decision-policy.ts';
import { PRODUCT_CEILING_PENCE } from '../domain/offers.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from '../store/db.ts';
import { findApplication, findApplicationAnyTenant, listStatusChanges, type ApplicationRow } from '../store/applications-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import { insertDecision, listDecisions } from '../store/decisions-store.ts';
import { findOfferAnyTenant, listApplicationOffers, revokeApplicationOffers } from '../store/offers-store.ts';
import { moveApplication } from './application-moves.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { applyDecision, type Decision } from './decisions.ts';
import { settleExpiry, settleExpiryIfDue } from './offers.ts';

export interface OfferInput {
  product_type: 'flexi_loan' | 'business_loan';
  max_amount: number;
  monthly_interest_percentage: number;
  fee_percentage: number;
  duration_in_days: number;
}

/** Operator- or sandbox-made offer terms; the first offer is the suggested one. */
export function offerTermsFrom(offers: OfferInput[], pointer: string): OfferTerms[] {
  if (offers.length === 0) throw invalidAt(pointer, 'an offered decision needs at least one offer');
  return offers.map((o, index) => {
    const maxAmountPence = toPence(o.max_amount);
    if (maxAmountPence > PRODUCT_CEILING_PENCE) {
      throw invalidAt(`${pointer}/${index}/max_amount`, `must be at most ${fromPence(PRODUCT_CEILING_PENCE)}, the product ceiling`);
    }
    return {
      productType: o.product_type,
      maxAmountPence,
      monthlyRateBp: percentToBasisPoints(o.monthly_interest_percentage),
      feeBp: percentToBasisPoints(o.fee_percentage),
      durationDays: o.duration_in_days,
      isSuggested: index === 0,
    };
  });
}

function tenantOfRow(a: ApplicationRow): Tenant {
  return { partnerId: a.partner_id, environment: a.environment as Tenant['environment'] };
}

async function externalIdOf(tx: Queryable, application: ApplicationRow): Promise<string | null> {
  const customer = await findCustomer(tx, tenantOfRow(application), application.customer_id);
  return customer?.external_customer_id ?? null;
}

/** An application of any tenant with its decisions, status history and offers; its expiry is settled on read. */
export async function applicationRecord(ctx: ServiceContext, applicationId: string) {
  const found = await findApplicationAnyTenant(ctx.db, applicationId);
  if (!found) throw notFound('application');
  const application = await settleExpiryIfDue(ctx, tenantOfRow(found), found);
  const [decisions, history, offers] = await Promise.all([
    listDecisions(ctx.db, application.id),
    listStatusChanges(ctx.db, application.id),
    listApplicationOffers(ctx.db, application.id),
  ]);
  return { application, decisions, history, offers };
}

async function withApplication<T>(ctx: ServiceContext, id: string, work: (tx: Queryable, application: ApplicationRow, now: Date) => Promise<T>): Promise<T> {
  ctx = await customerContext(ctx, 'application', id);
  return ctx.db.transaction(async (tx) => {
    const application = await findApplicationAnyTenant(tx, id, true);
    if (!application) throw notFound('application');
    return work(tx, application, ctx.now());
  });
}

export async function startReview(ctx: ServiceContext, applicationId: string): Promise<ApplicationRow> {
  return withApplication(ctx, applicationId, async (tx, application, now) => {
    await moveApplication(tx, tenantOfRow(application), application, 'review_started', now, await externalIdOf(tx, application));
    return application;
  });
}

/** An operator's decision with offers of their own terms, through the state machine. */
export async function operatorDecision(
  ctx: ServiceContext,
  applicationId: string,
  decision: Decision,
  by: 'operator' | 'sandbox',
  tenant: Tenant | null = null,
): Promise<ApplicationRow> {
  ctx = await customerContext(ctx, 'application', applicationId, tenant);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const application = tenant ? await findApplication(tx, tenant, applicationId, true) : await findApplicationAnyTenant(tx, applicationId, true);
    if (!application) throw notFound('application');
    const appTenant = tenantOfRow(application);
    const externalId = await externalIdOf(tx, application);
    if (by === 'sandbox') await sandboxPrelude(tx, appTenant, application, decision.outcome, now, externalId);
    await insertDecision(tx, { applicationId: application.id, decidedBy: by, policy: null, inputs: null, outcome: decision, now });
    await applyDecision(tx, appTenant, application, externalId, decision, by, now);
    return application;
  });
}

/**
 * The sandbox applies an outcome "from whatever open status the application is in" by first
 * taking the listed moves that lead there (start the review, or take new data), never a move the
 * state machine does not list.
 */
async function sandboxPrelude(tx: Queryable, tenant: Tenant, application: ApplicationRow, outcome: Decision['outcome'], now: Date, externalId: string | null) {
  const steps: Partial<Record<ApplicationStatus, StatusTrigger>> =
    outcome === 'offered' || outcome === 'declined'
      ? { awaiting_underwriter: 'review_started', action_required: 'customer_data_changed' }
      : outcome === 'awaiting_underwriter'
        ? { action_required: 'customer_data_changed' }
        : {};
  const step = steps[application.status];
  if (step) await moveApplication(tx, tenant, application, step, now, externalId);
}

export async function revokeOffers(ctx: ServiceContext, offerId: string): Promise<{ application: ApplicationRow; revokedOfferIds: string[] }> {
  const offer = await findOfferAnyTenant(ctx.db, offerId);
  if (!offer) throw notFound('offer');
  if (!offer.application_id) throw new DomainError('InvalidTransition', 'an indicative offer without an application cannot be revoked');
  // A refusal is returned out of the transaction, not thrown in it, so that an expiry settled on
  // the way is committed rather than rolled back with the refusal.
  const outcome = await withApplication(ctx, offer.application_id, async (tx, application, now) => {
    const tenant = tenantOfRow(application);
    await settleExpiry(tx, tenant, application, now);
    if (nextStatus(application.status, 'offers_revoked') === null) {
      return {
        refused: new DomainError('InvalidTransition', `an application that is ${application.status} cannot have its offers revoked`, {
          meta: { status: application.status },
        }),
      };
    }
    await moveApplication(tx, tenant, application, 'offers_revoked', now, await externalIdOf(tx, application));
    return { application, revokedOfferIds: await revokeApplicationOffers(tx, application.id) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}
