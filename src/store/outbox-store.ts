import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';

export interface OutboxEvent {
  id: string;
  partner_id: string;
  environment: string;
  event_type: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** Records an event in the caller's transaction, so it commits (or not) with the change itself. */
export async function recordEvent(
  db: Queryable,
  tenant: Tenant,
  eventType: string,
  payload: Record<string, unknown>,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    'INSERT INTO outbox_events (id, partner_id, environment, event_type, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, tenant.partnerId, tenant.environment, eventType, JSON.stringify(payload), now],
  );
  return id;
}

export async function listEvents(db: Queryable, tenant: Tenant, eventType?: string): Promise<OutboxEvent[]> {
  const { rows } = await db.query<OutboxEvent>(
    `SELECT * FROM outbox_events WHERE partner_id = $1 AND environment = $2
        AND ($3::text IS NULL OR event_type = $3) ORDER BY seq`,
    [tenant.partnerId, tenant.environment, eventType ?? null],
  );
  return rows;
}
