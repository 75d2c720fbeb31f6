/**
 * Sandbox test clocks from the dashboard (docs/behaviour.md, sections 24 and 28): the services the
 * API calls, with their rules (sandbox only, the limits, forward only, one advance at a time), the
 * role checked first (developers and owners change clocks, viewers read), the tenant always the
 * user's own partner, and each change in the audit log with the partner user as its actor.
 */
import type { Actor } from '../domain/actors.ts';
import type { Environment, Tenant } from '../domain/tenant.ts';
import { listClockCustomers, type ClockCustomerRow } from '../store/test-clocks-store.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { requirePartnerRole } from './partner-users.ts';
import { mapPageItems, type Page, type PageRequest } from './paging.ts';
import { advanceTestClock, createTestClock, deleteTestClockById, getTestClock, testClocksPage, type TestClockRow } from './test-clocks.ts';

type PartnerActor = Actor & { kind: 'partner_user' };

export type { ClockCustomerRow };

/** The customers named beside each clock (the newest); the others are counted. */
export const CUSTOMERS_NAMED_PER_CLOCK = 5;

/** A clock as the page lists it: its row and its newest customers. */
export interface ClockLine extends TestClockRow {
  customers: ClockCustomerRow[];
}

function tenantOf(actor: PartnerActor, environment: Environment): Tenant {
  return { partnerId: actor.partnerId, environment };
}

/** One page of the partner's clocks, newest first, each with its newest customers, and the cursors of the pages either side. */
export async function dashboardTestClocks(ctx: ServiceContext, actor: PartnerActor, environment: Environment, request: PageRequest): Promise<Page<ClockLine>> {
  const tenant = tenantOf(actor, environment);
  const page = await testClocksPage(ctx, tenant, request);
  const customers = await listClockCustomers(
    ctx.db,
    tenant,
    page.items.map((clock) => clock.id),
    CUSTOMERS_NAMED_PER_CLOCK,
  );
  return mapPageItems(page, (clock) => ({ ...clock, customers: customers.filter((c) => c.test_clock_id === clock.id) }));
}

export async function dashboardCreateTestClock(ctx: ServiceContext, actor: PartnerActor, environment: Environment, name: string | null): Promise<TestClockRow> {
  requirePartnerRole(actor, 'developer');
  return audited(
    ctx,
    actor,
    (inner) => createTestClock(inner, tenantOf(actor, environment), name),
    (clock) => ({ action: 'test_clock.created', targetType: 'test_clock', targetId: clock.id, summary: { environment, name, frozen_on: clock.frozen_on } }),
  );
}

/** Starts an advance to `to`, the repayments due on the `missed` days left missed. */
export async function dashboardAdvanceTestClock(
  ctx: ServiceContext,
  actor: PartnerActor,
  environment: Environment,
  clockId: string,
  advance: { to: string; missed: string[] },
): Promise<TestClockRow> {
  requirePartnerRole(actor, 'developer');
  return audited(
    ctx,
    actor,
    (inner) => advanceTestClock(inner, tenantOf(actor, environment), clockId, advance.to, advance.missed),
    (clock) => ({
      action: 'test_clock.advanced',
      targetType: 'test_clock',
      targetId: clock.id,
      summary: { environment, from: clock.frozen_on, to: advance.to, missed: advance.missed },
    }),
  );
}

/** Deletes the clock (it stops advancing; its customers keep their data and its date). */
export async function dashboardDeleteTestClock(ctx: ServiceContext, actor: PartnerActor, environment: Environment, clockId: string): Promise<void> {
  requirePartnerRole(actor, 'developer');
  const tenant = tenantOf(actor, environment);
  await audited(
    ctx,
    actor,
    async (inner) => {
      const clock = await getTestClock(inner, tenant, clockId);
      await deleteTestClockById(inner, tenant, clockId);
      return clock;
    },
    (clock) => ({
      action: 'test_clock.deleted',
      targetType: 'test_clock',
      targetId: clock.id,
      summary: { environment, name: clock.name, frozen_on: clock.frozen_on, customer_count: clock.customer_count },
    }),
  );
}

/** One of the partner's clocks, for the deletion's confirmation. */
export async function dashboardTestClock(ctx: ServiceContext, actor: PartnerActor, environment: Environment, clockId: string): Promise<TestClockRow> {
  return getTestClock(ctx, tenantOf(actor, environment), clockId);
}
