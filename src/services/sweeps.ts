import { isOpenStatus } from '../domain/application-status.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from '../store/db.ts';
import { findApplicationAnyTenant, listInactiveApplicationIds } from '../store/applications-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import { listApplicationsWithExpiredOffers } from '../store/offers-store.ts';
import { moveApplication } from './application-moves.ts';
import type { ServiceContext } from './context.ts';
import { settleExpiry } from './offers.ts';

/** Open applications without activity for this long are deferred (docs/behaviour.md, section 6). */
export const INACTIVITY_DAYS = 90;
const DAY_MS = 86_400_000;

/** When an application last active at `lastActivityAt` is deferred for inactivity. */
export function inactiveFrom(lastActivityAt: Date): Date {
  return new Date(lastActivityAt.getTime() + INACTIVITY_DAYS * DAY_MS);
}

/**
 * Moves the `offered` application to `expired` when its confirmed offers have all expired by
 * `now`, with the row locked. Whether it moved.
 */
export async function expireApplication(tx: Queryable, applicationId: string, now: Date): Promise<boolean> {
  const application = await findApplicationAnyTenant(tx, applicationId, true);
  if (!application) return false;
  const tenant: Tenant = { partnerId: application.partner_id, environment: application.environment as Tenant['environment'] };
  await settleExpiry(tx, tenant, application, now);
  return application.status === 'expired';
}

/** Defers the open application when it has had no activity since `cutoff`, at `now`, with the row locked. Whether it moved. */
export async function deferInactiveApplication(tx: Queryable, applicationId: string, cutoff: Date, now: Date): Promise<boolean> {
  const application = await findApplicationAnyTenant(tx, applicationId, true);
  if (!application || application.last_activity_at.getTime() > cutoff.getTime()) return false;
  const tenant: Tenant = { partnerId: application.partner_id, environment: application.environment as Tenant['environment'] };
  if (!isOpenStatus(application.status)) return false;
  const customer = await findCustomer(tx, tenant, application.customer_id);
  await moveApplication(tx, tenant, application, 'inactivity', now, customer?.external_customer_id ?? null);
  return true;
}

/**
 * Moves `offered` applications whose confirmed offers have all expired to `expired`. Each
 * application is settled in its own short transaction with its row locked, so several workers may
 * sweep at once without a double move. (Customers on a test clock are its to play.)
 */
export async function sweepExpiredOffers(ctx: ServiceContext, batch = 500): Promise<number> {
  const now = ctx.now();
  const ids = await listApplicationsWithExpiredOffers(ctx.db, now, batch);
  let moved = 0;
  for (const applicationId of ids) {
    if (await ctx.db.transaction((tx) => expireApplication(tx, applicationId, now))) moved += 1;
  }
  return moved;
}

/** Defers open applications with no activity for INACTIVITY_DAYS. */
export async function sweepInactiveApplications(ctx: ServiceContext, batch = 500): Promise<number> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - INACTIVITY_DAYS * DAY_MS);
  const ids = await listInactiveApplicationIds(ctx.db, cutoff, batch);
  let moved = 0;
  for (const id of ids) {
    if (await ctx.db.transaction((tx) => deferInactiveApplication(tx, id, cutoff, now))) moved += 1;
  }
  return moved;
}
