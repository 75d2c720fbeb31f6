import { deleteExpiredKeys } from '../store/idempotency-store.ts';
import { deleteEventsBefore } from '../store/events-store.ts';
import { deleteRequestLogBefore } from '../store/request-log-store.ts';
import type { ServiceContext } from './context.ts';

/** Events stay readable through the events API for this long (docs/behaviour.md, section 17). */
export const EVENT_RETENTION_DAYS = 30;
/** The request log keeps this many days (docs/behaviour.md, section 18). */
export const REQUEST_LOG_RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;

/** Deletes idempotency keys past their 24 hours. */
export async function sweepExpiredIdempotencyKeys(ctx: ServiceContext): Promise<number> {
  return deleteExpiredKeys(ctx.db, ctx.now());
}

/** Deletes events (and their delivery attempts) older than the retention. */
export async function sweepOldEvents(ctx: ServiceContext): Promise<number> {
  return deleteEventsBefore(ctx.db, new Date(ctx.now().getTime() - EVENT_RETENTION_DAYS * DAY_MS));
}

/** Deletes request log entries older than the retention. */
export async function sweepOldRequestLog(ctx: ServiceContext): Promise<number> {
  return deleteRequestLogBefore(ctx.db, new Date(ctx.now().getTime() - REQUEST_LOG_RETENTION_DAYS * DAY_MS));
}

/** Every partner-tools sweep, for the worker's interval. */
export async function sweepPartnerTools(ctx: ServiceContext): Promise<void> {
  await sweepExpiredIdempotencyKeys(ctx);
  await sweepOldEvents(ctx);
  await sweepOldRequestLog(ctx);
}
