import { DomainError, notFound } from '../domain/errors.ts';
import { londonToday } from '../domain/dates.ts';
import { fromPence } from '../domain/money.ts';
import {
  checkPayOffEarlyOn,
  repaymentSchedule,
  scheduleToJson,
  type RepaymentSchedule,
  type RepaymentScheduleJson,
  type ScheduleInput,
} from '../domain/repayment-schedule.ts';
import type { Tenant } from '../domain/tenant.ts';
import { findOffer, type OfferRow } from '../store/offers-store.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { renderSchedulePdf } from '../pdf/repayment-schedule-pdf.ts';

/** Entries each in-memory cache below holds at most; a full cache is cleared and fills again. */
const CACHE_LIMIT = 10_000;

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * An offer's terms never change once made (only its status does, which a schedule does not use),
 * so they are kept in memory after the first read: schedules are read often, by partners comparing
 * amounts and dates. Bounded; entries are keyed by tenant, so tenancy holds.
 */
const termsCache = new Map<string, OfferRow>();

async function offerTerms(ctx: ServiceContext, tenant: Tenant, offerId: string): Promise<OfferRow | null> {
  const key = `${tenant.partnerId}:${tenant.environment}:${offerId}`;
  const cached = termsCache.get(key);
  if (cached) return cached;
  const offer = await findOffer(ctx.db, tenant, offerId);
  return offer ? remember(termsCache, key, offer) : null;
}

/**
 * A schedule is a pure function of its inputs (amount, rate, fee, duration, drawdown and payoff
 * dates), and partners ask for the same few again and again: each is computed once, with its JSON
 * view, and shared, frozen, by every request that asks for it. It holds numbers and dates only, no
 * tenant's data. Bounded: cleared when full (the drawdown date moves daily anyway).
 */
const schedules = new Map<string, RepaymentSchedule>();
const jsonViews = new WeakMap<RepaymentSchedule, RepaymentScheduleJson>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function computedSchedule(input: ScheduleInput): RepaymentSchedule {
  const key = `${input.amountPence}|${input.monthlyRateBp}|${input.feeBp}|${input.durationDays}|${input.drawnOn}|${input.payOffEarlyOn ?? ''}`;
  return schedules.get(key) ?? remember(schedules, key, deepFreeze(repaymentSchedule(input)));
}

/** The schedule as the API answers it (computed once per schedule, frozen). */
export function scheduleJson(schedule: RepaymentSchedule): RepaymentScheduleJson {
  let view = jsonViews.get(schedule);
  if (view === undefined) {
    view = deepFreeze(scheduleToJson(schedule));
    jsonViews.set(schedule, view);
  }
  return view;
}

/**
 * The schedule of a confirmed offer, simulated as drawn today (London). `amountPence` defaults to
 * the offer's maximum; `payOffEarlyOn` must fall after today and not after the last repayment.
 */
export async function scheduleForOffer(
  ctx: ServiceContext,
  tenant: Tenant,
  offerId: string,
  amountPence: number | null,
  payOffEarlyOn: string | null,
): Promise<{ offer: OfferRow; schedule: RepaymentSchedule; drawnOn: string }> {
  const offer = await offerTerms(ctx, tenant, offerId);
  if (!offer) throw notFound('offer');
  if (offer.offer_type !== 'confirmed') {
    throw new DomainError('OfferNotConfirmed', 'repayment schedules are for confirmed offers; this offer is indicative');
  }
  const amount = amountPence ?? offer.max_amount_pence;
  if (amount <= 0 || amount > offer.max_amount_pence) {
    throw new DomainError('ValidationError', `amount must be more than 0 and at most ${fromPence(offer.max_amount_pence)}`, {
      source: { parameter: 'amount' },
    });
  }
  // Drawn today: the customer's today (a test clock's, in the sandbox).
  const drawnOn = londonToday((await customerContext(ctx, 'offer', offerId, tenant)).now());
  if (payOffEarlyOn !== null) {
    const problem = checkPayOffEarlyOn({ drawnOn, durationDays: offer.duration_days, payOffEarlyOn });
    if (problem) {
      const detail =
        problem === 'not_after_drawdown'
          ? `pay_off_early_on must be after ${drawnOn}, the simulated drawdown date`
          : 'pay_off_early_on must not be after the last repayment date';
      throw new DomainError('ValidationError', detail, { source: { parameter: 'pay_off_early_on' } });
    }
  }
  const schedule = computedSchedule({
    amountPence: amount,
    monthlyRateBp: offer.monthly_rate_bp,
    feeBp: offer.fee_bp,
    durationDays: offer.duration_days,
    drawnOn,
    payOffEarlyOn,
  });
  return { offer, schedule, drawnOn };
}

/** The schedule as a PDF: the table with the offer's terms (partner API and portal alike). */
export function schedulePdf({ offer, schedule, drawnOn }: { offer: OfferRow; schedule: RepaymentSchedule; drawnOn: string }): Promise<Buffer> {
  return renderSchedulePdf({
    offer: {
      offerId: offer.id,
      productType: offer.product_type,
      maxAmountPence: offer.max_amount_pence,
      monthlyRateBp: offer.monthly_rate_bp,
      feeBp: offer.fee_bp,
      durationDays: offer.duration_days,
    },
    schedule,
    generatedOn: drawnOn,
  });
}
