import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

export interface StoredEvent {
  id: string;
  event_type: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

export interface EventPosition {
  txid: string;
  seq: number;
}

/** Where an event of the tenant sits in reading order; null when unknown (or not the tenant's). */
export async function eventPosition(db: Queryable, tenant: Tenant, id: string): Promise<EventPosition | null> {
  const { rows } = await db.query<EventPosition>('SELECT txid::text AS txid, seq FROM outbox_events WHERE id = $1 AND partner_id = $2 AND environment = $3', [
    id,
    tenant.partnerId,
    tenant.environment,
  ]);
  return rows[0] ?? null;
}

/**
 * The tenant's events after `after`, in reading order: by recording transaction, then sequence.
 * Only events whose transaction is older than every transaction still running are handed out, so
 * an event committed late by a transaction that started early is never behind a cursor already
 * given (a sequence number alone would let a reader skip it). With `types`, each type is read along
 * its own index (outbox_events_type_reading), at most `limit` of each, and the outer order merges
 * them: a rare type costs no more to read than a common one.
 */
export async function listEvents(
  db: Queryable,
  tenant: Tenant,
  filter: { after: EventPosition | null; types: string[] | null; since: Date; limit: number; heldBack?: boolean },
): Promise<StoredEvent[]> {
  // heldBack: only the committed events that an older running transaction still holds back.
  const horizon = filter.heldBack ? 'txid >= pg_snapshot_xmin(pg_current_snapshot())' : 'txid < pg_snapshot_xmin(pg_current_snapshot())';
  const params = [tenant.partnerId, tenant.environment, filter.since, filter.after?.txid ?? null, filter.after?.seq ?? 0, filter.limit];
  const conditions = `partner_id = $1 AND environment = $2 AND created_at > $3 AND ${horizon}
        AND ($4::xid8 IS NULL OR (txid, seq) > ($4::xid8, $5::int8))`;
  const { rows } =
    filter.types === null
      ? await db.query<StoredEvent>(`SELECT id, event_type, payload, created_at FROM outbox_events WHERE ${conditions} ORDER BY txid, seq LIMIT $6`, params)
      : await db.query<StoredEvent>(
          `SELECT e.id, e.event_type, e.payload, e.created_at FROM unnest($7::text[]) AS t(type) CROSS JOIN LATERAL (
             SELECT id, event_type, payload, created_at, txid, seq FROM outbox_events
              WHERE ${conditions} AND event_type = t.type ORDER BY txid, seq LIMIT $6) e
           ORDER BY e.txid, e.seq LIMIT $6`,
          [...params, [...new Set(filter.types)]],
        );
  return rows;
}

/** The events newest first in reading order (the dashboard's list): outbox_events_reading, or outbox_events_type_reading for one type. */
export const EVENTS_NEWEST_KEYSET: Keyset = {
  columns: [
    { expr: 'txid', type: 'xid8' },
    { expr: 'seq', type: 'int8' },
  ],
  order: 'desc',
};

/** An event of the dashboard's lists, with whether its customer is on a test clock (its time is then the clock's). */
export interface ListedEvent extends StoredEvent {
  on_clock: boolean;
}

/** Whether the event's customer is on a test clock: one read by the customer's key (false for an event about no customer). */
const ON_CLOCK = `COALESCE((SELECT c.test_clock_id IS NOT NULL FROM customers c WHERE c.id = outbox_events.customer_id), false) AS on_clock`;

/** One page of the tenant's events since `since` (of one type when given), newest first. */
export async function listEventsNewestFirst(
  db: Queryable,
  tenant: Tenant,
  filter: { type: string | null; since: Date },
  window: PageWindow,
): Promise<KeysetWindow<ListedEvent>> {
  return selectPage(db, EVENTS_NEWEST_KEYSET, window, {
    select: `id, event_type, payload, created_at, ${ON_CLOCK}`,
    from: 'outbox_events',
    where: ['partner_id = $1', 'environment = $2', 'created_at > $3', ...(filter.type === null ? [] : ['event_type = $4'])],
    params: [tenant.partnerId, tenant.environment, filter.since, ...(filter.type === null ? [] : [filter.type])],
  });
}

/** One page of the events of one customer of the tenant since `since`, newest first (outbox_events_customer). */
export async function listCustomerEventsNewestFirst(
  db: Queryable,
  tenant: Tenant,
  filter: { customerId: string; since: Date },
  window: PageWindow,
): Promise<KeysetWindow<ListedEvent>> {
  return selectPage(db, EVENTS_NEWEST_KEYSET, window, {
    select: `id, event_type, payload, created_at, ${ON_CLOCK}`,
    from: 'outbox_events',
    where: ['partner_id = $1', 'environment = $2', 'customer_id = $3', 'created_at > $4'],
    params: [tenant.partnerId, tenant.environment, filter.customerId, filter.since],
  });
}

export interface EventWithDelivery extends StoredEvent {
  subscribed: boolean;
  force_delivery: boolean;
  has_target: boolean;
  attempts: number;
  succeeded: number;
}

/** One event of the tenant with what its delivery log says. */
export async function findEventWithDelivery(db: Queryable, tenant: Tenant, id: string, since: Date): Promise<EventWithDelivery | null> {
  const { rows } = await db.query<EventWithDelivery>(
    `SELECT e.id, e.event_type, e.payload, e.created_at, e.force_delivery,
            EXISTS (SELECT 1 FROM webhook_subscriptions s
                     WHERE s.partner_id = e.partner_id AND s.environment = e.environment AND s.event_type = e.event_type) AS subscribed,
            EXISTS (SELECT 1 FROM webhook_configs c
                     WHERE c.partner_id = e.partner_id AND c.environment = e.environment AND c.url IS NOT NULL) AS has_target,
            (SELECT count(*)::int FROM webhook_deliveries d WHERE d.event_id = e.id) AS attempts,
            (SELECT count(*)::int FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'succeeded') AS succeeded
       FROM outbox_events e
      WHERE e.id = $1 AND e.partner_id = $2 AND e.environment = $3 AND e.created_at > $4`,
    [id, tenant.partnerId, tenant.environment, since],
  );
  return rows[0] ?? null;
}

/** Deletes dispatched events older than `before` with their delivery attempts. */
export async function deleteEventsBefore(db: Queryable, before: Date, batch = 5000): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM outbox_events WHERE created_at < $1 AND dispatched_at IS NOT NULL ORDER BY created_at LIMIT $2',
    [before, batch],
  );
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  await db.query('DELETE FROM webhook_deliveries WHERE event_id = ANY($1)', [ids]);
  const { rowCount } = await db.query('DELETE FROM outbox_events WHERE id = ANY($1)', [ids]);
  return rowCount;
}

/** An application's event, with whether any delivery of it succeeded. */
export interface ApplicationEventRow {
  id: string;
  event_type: string;
  created_at: Date;
  delivered: boolean;
}

/** The events about an application, whatever its tenant (for the console), in the order recorded: by the indexed application_id. */
export async function listApplicationEvents(db: Queryable, applicationId: string): Promise<ApplicationEventRow[]> {
  const { rows } = await db.query<ApplicationEventRow>(
    `SELECT e.id, e.event_type, e.created_at,
            EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'succeeded') AS delivered
       FROM outbox_events e WHERE e.application_id = $1 ORDER BY e.seq`,
    [applicationId],
  );
  return rows;
}
