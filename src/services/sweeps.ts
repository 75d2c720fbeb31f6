import { isOpenStatus } from '../domain/application-status.ts';
import type { Tenant } from '../domain/tenant.ts';
import { findApplicationAnyTenant, listInactiveApplicationIds } from '../store/applications-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import { listApplicationsWithExpiredOffers } from '../store/offers-store.ts';
import { moveApplication } from './application-moves.ts';
import type { ServiceContext } from './context.ts';
import { settleExpiry } from './offers.ts';

/** Open applications without activity for this long are deferred (docs/behaviour.md, section 6). */
export const INACTIVITY_DAYS = 90;

/**
 * Moves `offered` applications whose confirmed offers have all expired to `expired`. Each
 * application is settled in its own short transaction with its row locked, so several workers may
 * sweep at once without a double move.
 */
export async function sweepExpiredOffers(ctx: ServiceContext, batch = 500): Promise<number> {
  const now = ctx.now();
  const ids = await listApplicationsWithExpiredOffers(ctx.db, now, batch);
  let moved = 0;
  for (const applicationId of ids) {
    await ctx.db.transaction(async (tx) => {
      const application = await findApplicationAnyTenant(tx, applicationId, true);
      if (!application) return;
      const tenant: Tenant = { partnerId: application.partner_id, environment: application.environment as Tenant['environment'] };
      await settleExpiry(tx, tenant, application, now);
      if (application.status === 'expired') moved += 1;
    });
  }
  return moved;
}

/** Defers open applications with no activity for INACTIVITY_DAYS. */
export async function sweepInactiveApplications(ctx: ServiceContext, batch = 500): Promise<number> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - INACTIVITY_DAYS * 86_400_000);
  const ids = await listInactiveApplicationIds(ctx.db, cutoff, batch);
  let moved = 0;
  for (const id of ids) {
    await ctx.db.transaction(async (tx) => {
      const application = await findApplicationAnyTenant(tx, id, true);
      if (!application || application.last_activity_at.getTime() > cutoff.getTime()) return;
      const tenant: Tenant = { partnerId: application.partner_id, environment: application.environment as Tenant['environment'] };
      if (!isOpenStatus(application.status)) return;
      const customer = await findCustomer(tx, tenant, application.customer_id);
      await moveApplication(tx, tenant, application, 'inactivity', now, customer?.external_customer_id ?? null);
      moved += 1;
    });
  }
  return moved;
}
