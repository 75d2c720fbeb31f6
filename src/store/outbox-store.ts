import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import type { EventType } from '../domain/event-types.ts';
import type { Tenant } from '../domain/tenant.ts';
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
  // One round trip: the row and the notification (delivered on commit) together.
  await db.query(
    `WITH recorded AS (
       INSERT INTO outbox_events (id, partner_id, environment, event_type, payload, created_at, force_delivery)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id)
     SELECT pg_notify('${OUTBOX_CHANNEL}', $2 || ':' || $3) FROM recorded`,
    [id, tenant.partnerId, tenant.environment, eventType, JSON.stringify(payload), now, options.forceDelivery ?? false],
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
  await db.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
}
