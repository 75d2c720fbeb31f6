import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import type { EventType } from '../domain/event-types.ts';
import type { Tenant } from '../domain/tenant.ts';
import { isUuid } from '../domain/ids.ts';
import type { EventPayloads } from '../schemas/events.ts';

export interface OutboxEvent {
  id: string;
  partner_id: string;
  environment: string;
  event_type: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

/**
 * The channel that wakes the webhook dispatcher (and the events API's long polls) when events
 * commit. The payload names the tenant (`partner_id:environment`) so a long poll wakes only for its
 * own events; the dispatcher ignores it.
 */
export const OUTBOX_CHANNEL = 'outbox_events';

export function tenantChannelKey(tenant: Tenant): string {
  return `${tenant.partnerId}:${tenant.environment}`;
}

/** Sees each payload before it is written: the tests check it against its schema; unset otherwise. */
export type PayloadCheck = (eventType: EventType, payload: unknown) => void;
let payloadCheck: PayloadCheck | null = null;

export function checkPayloadsWith(check: PayloadCheck | null): void {
  payloadCheck = check;
}

/**
 * Records an event in the caller's transaction, so it commits (or not) with the change itself.
 * The notification is delivered only on commit and wakes the dispatcher at once. The payload's
 * type is the event type's schema (schemas/events.ts).
 */
export async function recordEvent<T extends EventType>(
  db: Queryable,
  tenant: Tenant,
  eventType: T,
  payload: EventPayloads[T],
  now: Date,
  options: { forceDelivery?: boolean } = {},
): Promise<string> {
  payloadCheck?.(eventType, payload);
  const id = randomUUID();
  // The application the event is about, kept in a column of its own (an application's events are listed by it).
  const about = (payload as { application_id?: unknown }).application_id;
  const applicationId = typeof about === 'string' ? about : null;
  // And the customer (the dashboard's customer page lists its events by it).
  const whose = (payload as { customer_id?: unknown }).customer_id;
  const customerId = typeof whose === 'string' && isUuid(whose) ? whose : null;
  // One round trip: the row and the notification (delivered on commit) together.
  await db.query(
    `WITH recorded AS (
       INSERT INTO outbox_events (id, partner_id, environment, event_type, payload, created_at, force_delivery, application_id, customer_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id)
     SELECT pg_notify('${OUTBOX_CHANNEL}', $2 || ':' || $3) FROM recorded`,
    [id, tenant.partnerId, tenant.environment, eventType, JSON.stringify(payload), now, options.forceDelivery ?? false, applicationId, customerId],
  );
  return id;
}

export async function findEvent(db: Queryable, tenant: Tenant, id: string): Promise<OutboxEvent | null> {
  const { rows } = await db.query<OutboxEvent>('SELECT * FROM outbox_events WHERE id = $1 AND partner_id = $2 AND environment = $3', [
    id,
    tenant.partnerId,
    tenant.environment,
  ]);
  return rows[0] ?? null;
}

/** Asks the dispatcher to hand the event to the queue again, whatever the subscriptions say. */
export async function requestRedelivery(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE outbox_events SET dispatched_at = NULL, force_delivery = true WHERE id = $1', [id]);
  await wakeDispatcher(db);
}

/**
 * Wakes the dispatcher when the caller's transaction commits: it wrote a row the dispatcher hands to
 * the queue (an event, a document, a prequalification file). The empty payload wakes every long poll too.
 */
export async function wakeDispatcher(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
}

/**
 * Claims up to `batch` events not yet handed to the queue, oldest first, skipping rows another
 * worker holds. Each says whether it is to be delivered: its type is subscribed to by its tenant,
 * or it was explicitly redelivered.
 */
export async function claimUndispatchedEvents(tx: Queryable, batch: number): Promise<{ id: string; deliver: boolean }[]> {
  const { rows } = await tx.query<{ id: string; deliver: boolean }>(
    `SELECT e.id,
            (e.force_delivery OR EXISTS (
               SELECT 1 FROM webhook_subscriptions s
                WHERE s.partner_id = e.partner_id AND s.environment = e.environment AND s.event_type = e.event_type)) AS deliver
       FROM outbox_events e
      WHERE e.dispatched_at IS NULL
      ORDER BY e.seq
      LIMIT $1
      FOR UPDATE OF e SKIP LOCKED`,
    [batch],
  );
  return rows;
}

export async function markEventsDispatched(tx: Queryable, ids: string[]): Promise<void> {
  await tx.query('UPDATE outbox_events SET dispatched_at = now(), force_delivery = false WHERE id = ANY($1)', [ids]);
}
