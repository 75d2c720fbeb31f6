import { randomUUID } from 'node:crypto';
import { DomainError, invalidAt, notFound } from '../domain/errors.ts';
import { isOpenStatus } from '../domain/application-status.ts';
import { londonToday } from '../domain/dates.ts';
import { fromPence, toPence } from '../domain/money.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Static } from 'typebox';
import { MAX_APPLICATION_AMOUNT } from '../schemas/application.ts';
import type { ApplicationView, CreateApplicationData, IntroducerRefData, LoanRequestData, PatchApplicationData } from '../schemas/application.ts';
import type { Queryable } from '../store/db.ts';
import { isUniqueViolation } from '../store/db.ts';
import {
  findLatestApplication,
  findOpenApplicationId,
  hasFundedApplication,
  insertApplication,
  latestDeclineAt,
  recordStatusChange,
  updateApplicationDetails,
  type ApplicationRow,
  type StoredRequest,
} from '../store/applications-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import { findIntroducer } from '../store/partners-store.ts';
import { attachIndicativeOffers } from '../store/offers-store.ts';
import { recordEvent } from '../store/outbox-store.ts';
import { canReapplyFrom, moveApplication } from './application-moves.ts';
import * as events from './event-payloads.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { settleExpiryIfDue } from './offers.ts';

function storeRequests(requests: LoanRequestData[]): StoredRequest[] {
  return requests.map(({ amount, ...rest }) => ({ amount_pence: toPence(amount), ...rest }));
}

function sumPence(requests: StoredRequest[]): number {
  return requests.reduce((total, r) => total + r.amount_pence, 0);
}

async function checkIntroducer(tx: Queryable, tenant: Tenant, introducer: IntroducerRefData | undefined, pointer: string): Promise<void> {
  if (!introducer?.introducer_id) return;
  const found = await findIntroducer(tx, tenant, introducer.introducer_id);
  if (!found || !found.is_active) {
    throw invalidAt(`${pointer}/introducer_id`, 'is not one of your active introducers (see GET /introducers/)');
  }
}

function alreadyOpen(applicationId: string | null): DomainError {
  return new DomainError('ApplicationAlreadyOpen', 'the customer already has an open application', {
    meta: { application_id: applicationId },
  });
}

export async function createApplication(base: ServiceContext, tenant: Tenant, customerId: string, input: CreateApplicationData): Promise<ApplicationRow> {
  const ctx = await customerContext(base, 'customer', customerId, tenant);
  const amountPence = toPence(input.amount);
  const requests = storeRequests(input.requests ?? []);
  if (requests.length > 0 && sumPence(requests) !== amountPence) {
    throw invalidAt('/data/amount', `must equal the sum of requests[].amount (${fromPence(sumPence(requests))})`);
  }
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      // Locking the customer serialises concurrent creates for one customer.
      const customer = await findCustomer(tx, tenant, customerId, true);
      if (!customer) throw notFound('customer');
      const open = await findOpenApplicationId(tx, customerId);
      if (open) throw alreadyOpen(open);
      const declinedAt = await latestDeclineAt(tx, customerId);
      if (declinedAt) {
        const from = canReapplyFrom(declinedAt);
        if (londonToday(now) < from) {
          throw new DomainError('ReapplicationTooSoon', `the customer was declined recently and can apply again from ${from}`, {
            meta: { can_reapply_from: from },
          });
        }
      }
      await checkIntroducer(tx, tenant, input.introducer, '/data/introducer');
      const isTopup = await hasFundedApplication(tx, customerId);
      const application = await insertApplication(tx, tenant, {
        id: randomUUID(),
        customerId,
        amountPence,
        requests,
        introducerId: input.introducer?.introducer_id ?? null,
        entityToContact: input.introducer?.entity_to_contact ?? 'customer',
        isTopup,
        now,
      });
      await recordStatusChange(tx, application.id, null, 'open', 'created', now);
      await attachIndicativeOffers(tx, customerId, application.id);
      const ref = { applicationId: application.id, customerId, externalCustomerId: customer.external_customer_id };
      await recordEvent(tx, tenant, 'application_attributed', events.applicationAttributed(ref, input.amount, isTopup, now), now);
      return application;
    });
  } catch (error) {
    // A concurrent create won the race for the one open application.
    if (isUniqueViolation(error, 'applications_one_open')) throw alreadyOpen(await findOpenApplicationId(ctx.db, customerId));
    throw error;
  }
}

export async function getLatestApplication(ctx: ServiceContext, tenant: Tenant, customerId: string): Promise<ApplicationRow> {
  const latest = await findLatestApplication(ctx.db, tenant, customerId);
  if (!latest) {
    const customer = await findCustomer(ctx.db, tenant, customerId);
    throw notFound(customer ? 'application' : 'customer');
  }
  // Expiry is correct on read, even before the sweep: an offered application whose offers have all
  // expired is settled (locked, in a transaction) before it is answered (settleExpiryIfDue reads
  // the customer's time).
  return settleExpiryIfDue(ctx, tenant, latest);
}

/**
 * PATCH latest: `requests` replace the old ones and set the amount to their sum; `introducer`
 * replaces the introducer. Only while the application is open. New details may be what a decision
 * was waiting for, so `action_required` moves back to `open`.
 */
export async function updateLatestApplication(base: ServiceContext, tenant: Tenant, customerId: string, input: PatchApplicationData): Promise<void> {
  const ctx = await customerContext(base, 'customer', customerId, tenant);
  const newRequests = input.requests ? storeRequests(input.requests) : null;
  if (newRequests && sumPence(newRequests) > toPence(MAX_APPLICATION_AMOUNT)) {
    // The amount becomes the sum, and the amount rule (at most 10,000,000) still holds.
    throw invalidAt('/data/requests', `the sum of requests[].amount must be at most ${MAX_APPLICATION_AMOUNT}`);
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(tx, tenant, customerId);
    if (!customer) throw notFound('customer');
    const application = await findLatestApplication(tx, tenant, customerId, true);
    if (!application) throw notFound('application');
    if (!isOpenStatus(application.status)) {
      throw new DomainError('ApplicationClosed', `the application is ${application.status} and can no longer be changed`, {
        meta: { application_id: application.id, status: application.status },
      });
    }
    await checkIntroducer(tx, tenant, input.introducer, '/data/introducer');
    const requests = newRequests ?? application.requests;
    await updateApplicationDetails(tx, application.id, {
      amountPence: newRequests ? sumPence(newRequests) : application.amount_pence,
      requests,
      introducerId: input.introducer ? (input.introducer.introducer_id ?? null) : application.introducer_id,
      entityToContact: input.introducer?.entity_to_contact ?? application.entity_to_contact,
      now,
    });
    if (application.status === 'action_required') {
      await moveApplication(tx, tenant, application, 'customer_data_changed', now, customer.external_customer_id);
    }
  });
}

export function applicationView(a: ApplicationRow): Static<typeof ApplicationView> {
  return {
    application_id: a.id,
    customer_id: a.customer_id,
    status: a.status,
    is_closed: !isOpenStatus(a.status),
    is_topup: a.is_topup,
    amount: fromPence(a.amount_pence),
    requests: a.requests.map(({ amount_pence, ...rest }) => ({ amount: fromPence(amount_pence), ...rest })),
    introducer: { entity_to_contact: a.entity_to_contact, introducer_id: a.introducer_id },
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}
