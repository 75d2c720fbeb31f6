/**
 * Advancing a sandbox test clock (docs/behaviour.md, section 28): the worker plays each day from the
 * clock's date + 1 to the advance's `to`, in order, each in one transaction with the clock locked,
 * which also moves the clock to that day. Days on which nothing falls due are passed over in the
 * same step as the next day that has work (there is nothing to play on them). A worker that dies
 * mid-way leaves the clock on the last day it finished, and the job's retry (or another worker)
 * goes on from the next: no day is played twice, whatever runs it.
 *
 * A day's work, for every customer on the clock, as of that day (the services' own rules, read
 * through the clock's context):
 * - offers past their expiry expire (the application `expired`), as the expiry sweep does;
 * - open applications idle for 90 days are deferred, as the inactivity sweep does;
 * - each repayment due that day is collected by the simulated Direct Debit on its date, or missed
 *   when its date is one of the advance's `missed` (as an operator's record of the bank's report
 *   would be).
 * Arrears, the withdrawal window and pre-approvals need no writing: they are worked out from the
 * date on every read, and the date is now the clock's.
 */
import { daysBetween } from '../domain/dates.ts';
import type { Tenant } from '../domain/tenant.ts';
import { dayEnd, dayInstant, isDueBy, nextDayToPlay, type ClockTime, type WorkDays } from '../domain/test-clocks.ts';
import { recordEvent } from '../store/outbox-store.ts';
import {
  clockApplicationsExpiring,
  clockApplicationsInactive,
  clockLoansDue,
  lockTestClockAnyTenant,
  nextClockWorkDays,
  requeueStalledAdvances,
  setClockDay,
  type AdvancingClockRow,
} from '../store/test-clocks-store.ts';
import { wallNow, type ServiceContext } from './context.ts';
import * as events from './event-payloads.ts';
import { recordCollection } from './loans.ts';
import { deferInactiveApplication, expireApplication, INACTIVITY_DAYS } from './sweeps.ts';

const DAY_MS = 86_400_000;
/** An advance whose job has played no day for this long is handed to the dispatcher again. */
export const STALLED_ADVANCE_MS = 2 * 60_000;

/** The later of two instants. */
function later(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

/**
 * The context of a played day: its time is the day's noon (the stamp of what it does), its date
 * the day; the wall clock stays the wall clock's.
 */
function dayContext(ctx: ServiceContext, clock: AdvancingClockRow, day: string): ServiceContext {
  const wall = ctx.wallNow ?? ctx.now;
  const time: ClockTime = { id: clock.id, frozenOn: day, reachedAt: wall() };
  return { ...ctx, now: () => dayInstant(day), wallNow: wall, clock: time };
}

/** One day's work for every customer on the clock, in the caller's transaction (each kind only when some falls due). */
async function playDay(ctx: ServiceContext, clock: AdvancingClockRow, day: string, due: WorkDays): Promise<void> {
  const noon = dayInstant(day);
  const end = dayEnd(day);
  // Offers expire at the moment they fell due that day (the stamp of the application's move).
  const expiring = isDueBy(due.expiry, day) ? await clockApplicationsExpiring(ctx.db, clock.id, end) : [];
  for (const application of expiring) {
    await expireApplication(ctx.db, application.id, later(application.expired_at, noon));
  }
  const idleSince = new Date(end.getTime() - INACTIVITY_DAYS * DAY_MS);
  const idle = isDueBy(due.inactivity, day) ? await clockApplicationsInactive(ctx.db, clock.id, idleSince) : [];
  for (const application of idle) {
    await deferInactiveApplication(ctx.db, application.id, idleSince, later(new Date(application.last_activity_at.getTime() + INACTIVITY_DAYS * DAY_MS), noon));
  }
  const repayments = isDueBy(due.repayment, day) ? await clockLoansDue(ctx.db, clock.id, day) : [];
  for (const due of repayments) {
    const missed = clock.missed.includes(due.due_date);
    await recordCollection(
      ctx,
      due.loan_id,
      missed ? { dueDate: due.due_date, outcome: 'missed', collectedOn: null } : { dueDate: due.due_date, outcome: 'collected', collectedOn: due.due_date },
    );
  }
}

/**
 * Plays the clock's next day, in one transaction: the day's work, then the clock on that day (and
 * `ready`, with test_clock_ready_202611, when it is the last). Whether there is more to play:
 * false once ready, deleted, or not advancing.
 */
async function playNextDay(ctx: ServiceContext, clockId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const clock = await lockTestClockAnyTenant(tx, clockId);
    if (!clock || clock.deleted_at !== null || clock.status !== 'advancing' || clock.advance_to === null) return false;
    const due = await nextClockWorkDays(tx, clock.id, INACTIVITY_DAYS * DAY_MS);
    const day = nextDayToPlay(clock.frozen_on, clock.advance_to, due);
    if (day !== null) await playDay(dayContext(inTx, clock, day), clock, day, due);
    const reached = day ?? clock.frozen_on;
    const ready = daysBetween(reached, clock.advance_to) <= 0;
    const wall = wallNow(ctx);
    await setClockDay(tx, clock.id, reached, wall, ready);
    if (ready) {
      const tenant: Tenant = { partnerId: clock.partner_id, environment: 'sandbox' };
      await recordEvent(tx, tenant, 'test_clock_ready_202611', events.testClockReady(clock.id, reached), wall);
    }
    return !ready;
  });
}

/** Lets requests waiting for the database in before the next day: embedded PGlite runs statements on this thread. */
const letOthersIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The worker's job for an advancing clock: plays its days until it is ready (or deleted). */
export async function advanceTestClockDays(ctx: ServiceContext, clockId: string): Promise<void> {
  while (await playNextDay(ctx, clockId)) await letOthersIn();
}

/**
 * The job's last retry failed: the clock stops on the last day it played and is ready there (the
 * partner can advance it again), with test_clock_ready_202611 naming that day.
 */
export async function endTestClockAdvance(ctx: ServiceContext, clockId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const clock = await lockTestClockAnyTenant(tx, clockId);
    if (!clock || clock.deleted_at !== null || clock.status !== 'advancing') return;
    const wall = wallNow(ctx);
    await setClockDay(tx, clock.id, clock.frozen_on, wall, true);
    await recordEvent(
      tx,
      { partnerId: clock.partner_id, environment: 'sandbox' },
      'test_clock_ready_202611',
      events.testClockReady(clock.id, clock.frozen_on),
      wall,
    );
  });
}

/** Advances whose job is gone (every retry spent while workers died) are queued again. */
export async function requeueStalledClocks(ctx: ServiceContext): Promise<number> {
  return requeueStalledAdvances(ctx.db, new Date(wallNow(ctx).getTime() - STALLED_ADVANCE_MS));
}
