import { DomainError, notFound } from '../domain/errors.ts';
import { basisPointsToPercent, fromPence } from '../domain/money.ts';
import { allConfirmedOffersExpired, effectiveOfferStatus, offerCreationStatus, selectionProblem, type OfferCreationStatus } from '../domain/offers.ts';
import type { DataRequirement } from '../domain/decision-policy.ts';
import { londonToday } from '../domain/dates.ts';
import { offerAprTenths, type CreditTerms } from '../domain/repayment-schedule.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Static } from 'typebox';
import type { OfferView } from '../schemas/offers.ts';
import { pipelined, type Queryable } from '../store/db.ts';
import { findApplication, setEntityToContact, type ApplicationRow } from '../store/applications-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import { latestDecision } from '../store/decisions-store.ts';
import { findOffer, listApplicationOffers, setOfferStatus, unselectOthers, type OfferRow } from '../store/offers-store.ts';
import { moveApplication } from './application-moves.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { decideAutomatically } from './decisions.ts';
import { documentFacts } from './document-facts.ts';
import { createLoginLink } from './login-links.ts';

export function offerView(offer: OfferRow, now: Date): Static<typeof OfferView> {
  return {
    offer_id: offer.id,
    offer_type: offer.offer_type,
    product_type: offer.product_type,
    max_amount: fromPence(offer.max_amount_pence),
    monthly_interest_percentage: basisPointsToPercent(offer.monthly_rate_bp),
    fee_percentage: basisPointsToPercent(offer.fee_bp),
    duration: { amount: offer.duration_days, unit: 'days' as const },
    duration_in_days: offer.duration_days,
    is_suggested: offer.is_suggested,
    status: effectiveOfferStatus({ offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at }, now),
    expires_at: offer.expires_at.toISOString(),
    data_requirements: offer.data_requirements,
    ...(offer.offer_type === 'confirmed' ? { apr: offerAprTenths(offerCreditTerms(offer)) / 10 } : {}),
  };
}

/** An offer row's terms as the APR needs them. */
export function offerCreditTerms(offer: OfferRow): CreditTerms {
  return { maxAmountPence: offer.max_amount_pence, monthlyRateBp: offer.monthly_rate_bp, feeBp: offer.fee_bp, durationDays: offer.duration_days };
}

/**
 * An `offered` application whose confirmed offers have all expired unfunded is `expired`, even
 * before the background sweep gets to it. Called with the application locked.
 */
export async function settleExpiry(tx: Queryable, tenant: Tenant, application: ApplicationRow, now: Date): Promise<void> {
  if (application.status !== 'offered') return;
  const offers = await listApplicationOffers(tx, application.id);
  const states = offers.map((o) => ({ offerType: o.offer_type, status: o.status, expiresAt: o.expires_at }));
  if (!allConfirmedOffersExpired(states, now)) return;
  for (const offer of offers) {
    if (offer.offer_type === 'confirmed' && (offer.status === 'available' || offer.status === 'selected')) {
      await setOfferStatus(tx, offer.id, 'expired');
    }
  }
  const customer = await findCustomer(tx, tenant, application.customer_id);
  await moveApplication(tx, tenant, application, 'offers_expired', now, customer?.external_customer_id ?? null);
}

/**
 * Settles expiry on read: when an `offered` application's confirmed offers have all passed their
 * expiry, moves it to `expired` (in its own short transaction, with the row locked) and answers the
 * settled row; otherwise answers `application` as it is, without taking a lock.
 */
export async function settleExpiryIfDue(base: ServiceContext, tenant: Tenant, application: ApplicationRow, listed?: OfferRow[]): Promise<ApplicationRow> {
  if (application.status !== 'offered') return application;
  const ctx = await customerContext(base, 'customer', application.customer_id, tenant);
  const now = ctx.now();
  const offers = listed ?? (await listApplicationOffers(ctx.db, application.id));
  const states = offers.map((o) => ({ offerType: o.offer_type, status: o.status, expiresAt: o.expires_at }));
  if (!allConfirmedOffersExpired(states, now)) return application;
  return ctx.db.transaction(async (tx) => {
    const locked = await findApplication(tx, tenant, application.id, true);
    if (!locked) return application;
    await settleExpiry(tx, tenant, locked, now);
    return locked;
  });
}

export interface OffersAnswer {
  offer_creation_status: OfferCreationStatus;
  offers: ReturnType<typeof offerView>[];
  data_requirements: DataRequirement[];
}

export interface OffersState {
  application: ApplicationRow;
  offers: OfferRow[];
  requirements: DataRequirement[];
}

/**
 * The offers of an application as the first offers call (and the portal's application page) sees
 * them: decides the first time it is called for an `open` application (and again after a move back
 * to `open`), then answers from storage. The application row lock makes concurrent first calls
 * decide once: the second waits, then finds the application no longer open.
 */
export async function offersState(base: ServiceContext, tenant: Tenant, applicationId: string): Promise<OffersState> {
  const found = await findApplication(base.db, tenant, applicationId);
  if (!found) throw notFound('application');
  const ctx = await customerContext(base, 'customer', found.customer_id, tenant);
  let application = found;
  // The offers as the decision left them, when this call decided.
  let decided: OfferRow[] | null = null;
  if (application.status === 'open') {
    ({ application, decided } = await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      // The customer and its accepted documents are read with the lock, in one round trip: an
      // application's customer never changes, and the statements run in order, after the lock.
      const [lockedRow, customer, facts] = await pipelined([
        findApplication(tx, tenant, applicationId, true),
        findCustomer(tx, tenant, found.customer_id),
        documentFacts(tx, found.customer_id, londonToday(now)),
      ]);
      const locked = lockedRow as ApplicationRow;
      if (locked.status !== 'open') {
        // A concurrent first call decided while this one waited for the lock.
        await settleExpiry(tx, tenant, locked, now);
        return { application: locked, decided: null };
      }
      if (!customer) throw notFound('customer');
      return { application: locked, decided: await decideAutomatically(tx, tenant, locked, customer, facts, now) };
    }));
  }
  // An offered application's offers are read once: to check their expiry and to answer, unless
  // settling the expiry changed them. Offers made by this call's decision are not read again.
  let offers: OfferRow[] | null = decided;
  if (offers === null && application.status === 'offered') {
    offers = await listApplicationOffers(ctx.db, application.id);
    application = await settleExpiryIfDue(ctx, tenant, application, offers);
    if (application.status !== 'offered') offers = null;
  }
  offers ??= await listApplicationOffers(ctx.db, application.id);
  let requirements: DataRequirement[] = [];
  if (application.status === 'action_required') {
    const decision = await latestDecision(ctx.db, application.id);
    requirements = (decision?.outcome.requirements as DataRequirement[] | undefined) ?? [];
  }
  return { application, offers, requirements };
}

/** GET offers: the offers state in the partner API's shape. */
export async function getOffers(ctx: ServiceContext, tenant: Tenant, applicationId: string): Promise<OffersAnswer> {
  const { application, offers, requirements } = await offersState(ctx, tenant, applicationId);
  // The customer's time (for a customer on no clock answered from memory: offersState looked it up).
  const now = (await customerContext(ctx, 'customer', application.customer_id, tenant)).now();
  return {
    offer_creation_status: offerCreationStatus(application.status),
    offers: offers.map((o) => offerView(o, now)),
    data_requirements: requirements,
  };
}

/**
 * Selects a confirmed offer of an offered application; any other selected offer goes back to
 * available and `entity_to_contact` becomes the application's contact. Answers a login link when
 * the customer is to be contacted.
 */
export async function selectOffer(
  base: ServiceContext,
  tenant: Tenant,
  offerId: string,
  entityToContact: 'customer' | 'introducer',
  publicBaseUrl: string,
  options: { loginLink: boolean } = { loginLink: true },
): Promise<{ login_link?: string }> {
  const ctx = await customerContext(base, 'offer', offerId, tenant);
  // A refusal is returned out of the transaction, not thrown in it, so that an expiry settled on
  // the way is committed rather than rolled back with the refusal.
  const outcome = await ctx.db.transaction(async (tx): Promise<{ refused: DomainError } | { login_link?: string }> => {
    const now = ctx.now();
    const found = await findOffer(tx, tenant, offerId);
    if (!found) throw notFound('offer');
    // Lock order everywhere: the application, then its offers.
    const application = found.application_id ? await findApplication(tx, tenant, found.application_id, true) : null;
    if (application) await settleExpiry(tx, tenant, application, now);
    const offer = (await findOffer(tx, tenant, offerId, true)) as OfferRow;
    const problem = selectionProblem({ offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at }, application?.status ?? null, now);
    if (problem || !application) {
      return {
        refused: new DomainError('OfferNotSelectable', `this offer cannot be selected: ${problem ?? 'it belongs to no application'}`, {
          meta: { offer_id: offer.id },
        }),
      };
    }
    await setOfferStatus(tx, offer.id, 'selected');
    await unselectOthers(tx, application.id, offer.id);
    await setEntityToContact(tx, application.id, entityToContact, now);
    if (entityToContact !== 'customer' || !options.loginLink) return {};
    return { login_link: await createLoginLink(tx, tenant, offer.customer_id, offer.id, now, publicBaseUrl) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}
