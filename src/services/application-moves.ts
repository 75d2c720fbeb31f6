import { DomainError } from '../domain/errors.ts';
import { nextStatus, outcomeEventFor, type ApplicationStatus, type StatusTrigger } from '../domain/application-status.ts';
import { addMonths, londonToday } from '../domain/dates.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { OfferSummary } from '../schemas/events.ts';
import { pipelined, type Queryable } from '../store/db.ts';
import { recordStatusChange, type ApplicationRow } from '../store/applications-store.ts';
import { recordEvent } from '../store/outbox-store.ts';
import * as events from './event-payloads.ts';

/** Months a declined customer waits before applying again (spec: three months). */
export const REAPPLY_AFTER_MONTHS = 3;

export function canReapplyFrom(declinedAt: Date): string {
  return addMonths(londonToday(declinedAt), REAPPLY_AFTER_MONTHS);
}

/**
 * The one way an application changes status: checks the move against the state machine, records
 * it with its time, and writes its events to the outbox, all in the caller's transaction.
 * `offers` are the offer summaries for a move into `offered`.
 */
export async function moveApplication(
  tx: Queryable,
  tenant: Tenant,
  application: ApplicationRow,
  trigger: StatusTrigger,
  now: Date,
  externalCustomerId: string | null,
  offers: OfferSummary[] = [],
): Promise<ApplicationStatus> {
  const from = application.status;
  const to = nextStatus(from, trigger);
  if (to === null) {
    throw new DomainError('InvalidTransition', `an application that is ${from} cannot move by ${trigger.replaceAll('_', ' ')}`, {
      meta: { status: from },
    });
  }
  const ref = { applicationId: application.id, customerId: application.customer_id, externalCustomerId };
  // The move and its events go together, in one round trip (db.ts pipelined). A move that keeps
  // the status (a second "data missing" decision) is recorded, but nothing changed for the
  // partner to hear about.
  const writes: Promise<unknown>[] = [recordStatusChange(tx, application.id, from, to, trigger, now)];
  if (from !== to) {
    writes.push(recordEvent(tx, tenant, 'application_status_changed', events.applicationStatusChanged(ref, from, to, now), now));
    switch (outcomeEventFor(to)) {
      case 'application_offered':
        writes.push(recordEvent(tx, tenant, 'application_offered', events.applicationOffered(ref, offers, now), now));
        break;
      case 'application_declined':
        writes.push(recordEvent(tx, tenant, 'application_declined', events.applicationDeclined(ref, now, canReapplyFrom(now)), now));
        break;
      case 'application_deferred':
        writes.push(recordEvent(tx, tenant, 'application_deferred', events.applicationDeferred(ref, now), now));
        break;
    }
  }
  await pipelined(writes);
  // Keep the caller's row in step with what was stored, so an answer built from it is current.
  application.status = to;
  application.status_changed_at = now;
  application.updated_at = now;
  application.last_activity_at = now;
  return to;
}
