/**
 * Sandbox test clocks (docs/behaviour.md, section 28): created, read, listed, deleted and
 * advanced by the partner; the customers put on one at creation. The days of an advance are
 * played by the worker (test-clock-days.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { londonToday } from '../domain/dates.ts';
import { DomainError, notFound, validationFailed } from '../domain/errors.ts';
import type { Tenant } from '../domain/tenant.ts';
import { advanceProblems, MAX_CLOCKS_PER_PARTNER, MAX_CUSTOMERS_PER_CLOCK, type ClockTime } from '../domain/test-clocks.ts';
import type { TestClockView } from '../schemas/test-clocks.ts';
import type { Queryable } from '../store/db.ts';
import { wakeDispatcher } from '../store/outbox-store.ts';
import {
  clockRepaymentDays,
  countLiveClocks,
  deleteTestClock,
  findTestClock,
  insertTestClock,
  listTestClocks,
  lockPartnerClocks,
  TEST_CLOCKS_KEYSET,
  startAdvance,
  type TestClockRow,
} from '../store/test-clocks-store.ts';
import { wallNow, type ServiceContext } from './context.ts';
import { readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';

export type { TestClockRow };

/** Where a customer body names its clock. */
export const TEST_CLOCK_POINTER = '/data/test_clock_id';

export function testClockView(clock: TestClockRow): Static<typeof TestClockView> {
  return {
    test_clock_id: clock.id,
    name: clock.name,
    frozen_on: clock.frozen_on,
    status: clock.status,
    customer_count: clock.customer_count,
    created_at: clock.created_at.toISOString(),
  };
}

function sandboxOnly(tenant: Tenant): void {
  if (tenant.environment !== 'sandbox') throw new DomainError('PermissionDenied', 'test clocks are for the sandbox: use a sandbox token');
}

/** A new clock at today (London), ready; at most 100 a partner. */
export async function createTestClock(ctx: ServiceContext, tenant: Tenant, name: string | null): Promise<TestClockRow> {
  sandboxOnly(tenant);
  return ctx.db.transaction(async (tx) => {
    await lockPartnerClocks(tx, tenant.partnerId);
    if ((await countLiveClocks(tx, tenant.partnerId)) >= MAX_CLOCKS_PER_PARTNER) {
      throw new DomainError('TestClockLimit', `a partner has at most ${MAX_CLOCKS_PER_PARTNER} test clocks: delete one you no longer use`, {
        meta: { limit: MAX_CLOCKS_PER_PARTNER },
      });
    }
    const now = wallNow(ctx);
    return insertTestClock(tx, tenant, { id: randomUUID(), name, frozenOn: londonToday(now), now });
  });
}

export async function getTestClock(ctx: ServiceContext, tenant: Tenant, id: string): Promise<TestClockRow> {
  sandboxOnly(tenant);
  const clock = await findTestClock(ctx.db, tenant, id);
  if (!clock) throw notFound('test clock');
  return clock;
}

/** One page of the partner's clocks, newest first, with the cursors of the pages either side (section 27). */
export async function testClocksPage(ctx: ServiceContext, tenant: Tenant, request: PageRequest): Promise<Page<TestClockRow>> {
  sandboxOnly(tenant);
  const scope = { list: 'test_clocks', owner: tenantOwner(tenant) };
  return readPage(request, scope, TEST_CLOCKS_KEYSET, (window) => listTestClocks(ctx.db, tenant, window));
}

/** Deletes the clock: it stops advancing; its customers keep their data and the date it reached. */
export async function deleteTestClockById(ctx: ServiceContext, tenant: Tenant, id: string): Promise<void> {
  sandboxOnly(tenant);
  await ctx.db.transaction(async (tx) => {
    if (!(await findTestClock(tx, tenant, id, true))) throw notFound('test clock');
    await deleteTestClock(tx, id, wallNow(ctx));
  });
}

/**
 * Starts an advance to `to`: the clock is `advancing` and the worker plays its days
 * (test-clock-days.ts). Refused while it advances (409) and for a day it may not reach (400 with
 * the pointer); nothing changes then.
 */
export async function advanceTestClock(ctx: ServiceContext, tenant: Tenant, id: string, to: string, missed: readonly string[]): Promise<TestClockRow> {
  sandboxOnly(tenant);
  return ctx.db.transaction(async (tx) => {
    const clock = await findTestClock(tx, tenant, id, true);
    if (!clock) throw notFound('test clock');
    if (clock.status === 'advancing') {
      throw new DomainError('TestClockAdvancing', `the clock is still advancing to ${clock.advance_to}: wait until it is ready`, {
        meta: { test_clock_id: clock.id, frozen_on: clock.frozen_on, advancing_to: clock.advance_to },
      });
    }
    const repaymentDays = missed.length > 0 && to > clock.frozen_on ? await clockRepaymentDays(tx, clock.id, clock.frozen_on, to) : [];
    const problems = advanceProblems(clock.frozen_on, to, missed, repaymentDays);
    if (problems.length > 0) throw validationFailed(problems);
    await startAdvance(tx, clock.id, to, [...new Set(missed)].sort());
    await wakeDispatcher(tx);
    return { ...clock, status: 'advancing', advance_to: to };
  });
}

/**
 * The clock a new customer is put on, in the customer's transaction: the tenant's, not deleted,
 * locked so that two customers created at once cannot take it past 100 customers.
 */
export async function clockForNewCustomer(tx: Queryable, tenant: Tenant, clockId: string): Promise<ClockTime> {
  const clock = await findTestClock(tx, tenant, clockId.toLowerCase(), true);
  if (!clock) throw new DomainError('NotFound', 'test clock not found: it is not one of your test clocks', { source: { pointer: TEST_CLOCK_POINTER } });
  if (clock.customer_count >= MAX_CUSTOMERS_PER_CLOCK) {
    throw new DomainError('TestClockLimit', `a test clock has at most ${MAX_CUSTOMERS_PER_CLOCK} customers: put this one on another clock`, {
      source: { pointer: TEST_CLOCK_POINTER },
      meta: { limit: MAX_CUSTOMERS_PER_CLOCK },
    });
  }
  return { id: clock.id, frozenOn: clock.frozen_on, reachedAt: clock.reached_at };
}
