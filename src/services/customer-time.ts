/**
 * One source of time for a customer's data (docs/behaviour.md, section 28): a service that acts on
 * a customer's records first takes the customer's context, whose `now` is the customer's sandbox
 * test clock when it is on one, else the wall clock. Every rule then reads the time as it always
 * did, through `ctx.now()`: there is no second code path for clocks.
 *
 * A context that is already a customer's is kept as it is (a service calling another for the same
 * customer), so the clock is looked up once per call at most.
 */
import { clockNow, type ClockTime } from '../domain/test-clocks.ts';
import type { Tenant } from '../domain/tenant.ts';
import { findClockOf, type ClockedRecord } from '../store/test-clocks-store.ts';
import { wallNow, type ServiceContext } from './context.ts';

export type { ClockedRecord };
export { wallNow };

/**
 * Records whose customer is on no clock. A customer is put on a clock at creation only and never
 * taken off, so the answer never changes and every node may keep it: most lookups then cost
 * nothing (the clock's own date, which does change, is read afresh every time). Bounded: cleared
 * when full.
 */
const onNoClock = new Set<string>();
const NO_CLOCK_LIMIT = 50_000;

/** The context whose time is `clock`'s (null: the wall clock's). */
export function onClock(ctx: ServiceContext, clock: ClockTime | null): ServiceContext {
  const wall = ctx.wallNow ?? ctx.now;
  if (!clock) return { ...ctx, now: wall, wallNow: wall, clock: null };
  return { ...ctx, now: () => clockNow(clock, wall()), wallNow: wall, clock };
}

/**
 * The context for the data of the customer that `record` (`id`) belongs to. Production data is
 * never on a clock, so a production tenant's context needs no lookup; otherwise one indexed read,
 * unless the record is known to be on no clock.
 */
export async function customerContext(ctx: ServiceContext, record: ClockedRecord, id: string, tenant: Tenant | null = null): Promise<ServiceContext> {
  if (ctx.clock !== undefined) return ctx;
  const key = `${record}:${id}`;
  if (tenant?.environment === 'production' || onNoClock.has(key)) return onClock(ctx, null);
  const { found, clock } = await findClockOf(ctx.db, record, id);
  if (found && clock === null) {
    if (onNoClock.size >= NO_CLOCK_LIMIT) onNoClock.clear();
    onNoClock.add(key);
  }
  return onClock(ctx, clock ? { id: clock.id, frozenOn: clock.frozen_on, reachedAt: clock.reached_at } : null);
}

/** The same from a customer row already read: no lookup for a customer on no clock. */
export async function contextOfCustomer(ctx: ServiceContext, customer: { id: string; test_clock_id: string | null }): Promise<ServiceContext> {
  if (ctx.clock !== undefined) return ctx;
  if (customer.test_clock_id === null) return onClock(ctx, null);
  return customerContext(ctx, 'customer', customer.id);
}
