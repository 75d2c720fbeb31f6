import type { Queryable } from './db.ts';
import type { OutboxEvent } from './outbox-store.ts';
import type { Tenant } from '../domain/tenant.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

export interface WebhookConfigRow {
  url: string | null;
  token: string | null;
  signing_secret: string;
}

export async function findWebhookConfig(db: Queryable, tenant: Tenant): Promise<WebhookConfigRow | null> {
  const { rows } = await db.query<WebhookConfigRow>('SELECT url, token, signing_secret FROM webhook_configs WHERE partner_id = $1 AND environment = $2', [
    tenant.partnerId,
    tenant.environment,
  ]);
  return rows[0] ?? null;
}

/** Creates the tenant's row with `secret` unless it exists; returns the row either way. */
export async function ensureWebhookConfig(db: Queryable, tenant: Tenant, secret: string): Promise<WebhookConfigRow> {
  await db.query(
    `INSERT INTO webhook_configs (partner_id, environment, signing_secret) VALUES ($1, $2, $3)
     ON CONFLICT (partner_id, environment) DO NOTHING`,
    [tenant.partnerId, tenant.environment, secret],
  );
  return (await findWebhookConfig(db, tenant)) as WebhookConfigRow;
}

export async function setWebhookTarget(db: Queryable, tenant: Tenant, url: string, token: string | null): Promise<void> {
  await db.query('UPDATE webhook_configs SET url = $3, token = $4, updated_at = now() WHERE partner_id = $1 AND environment = $2', [
    tenant.partnerId,
    tenant.environment,
    url,
    token,
  ]);
}

export async function setSigningSecret(db: Queryable, tenant: Tenant, secret: string): Promise<void> {
  await db.query('UPDATE webhook_configs SET signing_secret = $3, updated_at = now() WHERE partner_id = $1 AND environment = $2', [
    tenant.partnerId,
    tenant.environment,
    secret,
  ]);
}

export async function listSubscribedTypes(db: Queryable, tenant: Tenant): Promise<string[]> {
  const { rows } = await db.query<{ event_type: string }>('SELECT event_type FROM webhook_subscriptions WHERE partner_id = $1 AND environment = $2', [
    tenant.partnerId,
    tenant.environment,
  ]);
  return rows.map((r) => r.event_type);
}

export async function subscribe(db: Queryable, tenant: Tenant, types: string[]): Promise<void> {
  for (const type of types) {
    await db.query(
      `INSERT INTO webhook_subscriptions (partner_id, environment, event_type) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [tenant.partnerId, tenant.environment, type],
    );
  }
}

export async function unsubscribe(db: Queryable, tenant: Tenant, types: string[]): Promise<void> {
  await db.query('DELETE FROM webhook_subscriptions WHERE partner_id = $1 AND environment = $2 AND event_type = ANY($3)', [
    tenant.partnerId,
    tenant.environment,
    types,
  ]);
}

/** An event with its tenant's webhook target: null url, token and secret when none is configured. */
export type EventWithTarget = OutboxEvent & { url: string | null; token: string | null; signing_secret: string | null };

/** The event and its tenant's webhook target, in one round trip. */
export async function findEventWithTarget(db: Queryable, eventId: string): Promise<EventWithTarget | null> {
  const { rows } = await db.query<EventWithTarget>(
    `SELECT e.*, c.url, c.token, c.signing_secret
       FROM outbox_events e
       LEFT JOIN webhook_configs c ON c.partner_id = e.partner_id AND c.environment = e.environment
      WHERE e.id = $1`,
    [eventId],
  );
  return rows[0] ?? null;
}

/**
 * Locks the event's row and answers the number of its next delivery attempt. Attempts are numbered
 * per event in the order they are recorded; the lock keeps two workers recording attempts of one
 * event from taking the same number.
 */
export async function nextAttemptNumber(tx: Queryable, eventId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT (SELECT COALESCE(MAX(attempt), 0)::int + 1 FROM webhook_deliveries WHERE event_id = e.id) AS n
       FROM outbox_events e WHERE e.id = $1 FOR UPDATE`,
    [eventId],
  );
  return rows[0].n;
}

export interface DeliveryRow {
  id: string;
  seq: number;
  event_id: string;
  attempt: number;
  url: string;
  status: 'succeeded' | 'failed';
  response_status: number | null;
  duration_ms: number;
  error: string | null;
  attempted_at: Date;
  next_attempt_at: Date | null;
  event_type: string;
}

export async function insertDelivery(
  db: Queryable,
  d: {
    id: string;
    eventId: string;
    tenant: Tenant;
    attempt: number;
    url: string;
    status: 'succeeded' | 'failed';
    responseStatus: number | null;
    durationMs: number;
    error: string | null;
    attemptedAt: Date;
    nextAttemptAt: Date | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_deliveries (id, event_id, partner_id, environment, attempt, url, status, response_status, duration_ms, error, attempted_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      d.id,
      d.eventId,
      d.tenant.partnerId,
      d.tenant.environment,
      d.attempt,
      d.url,
      d.status,
      d.responseStatus,
      d.durationMs,
      d.error,
      d.attemptedAt,
      d.nextAttemptAt,
    ],
  );
}

/** The delivery log's order: newest attempt first (webhook_deliveries_tenant, _tenant_status or _event). */
export const DELIVERIES_KEYSET: Keyset = { columns: [{ expr: 'd.seq', type: 'int8' }], order: 'desc' };

/** One page of the tenant's delivery attempts, newest first, of one event and of one status when given. */
export async function listDeliveries(
  db: Queryable,
  tenant: Tenant,
  filter: { eventId: string | null; status: 'succeeded' | 'failed' | null },
  window: PageWindow,
): Promise<KeysetWindow<DeliveryRow>> {
  const params: unknown[] = [tenant.partnerId, tenant.environment];
  const conditions = ['d.partner_id = $1', 'd.environment = $2'];
  if (filter.eventId !== null) conditions.push(`d.event_id = $${params.push(filter.eventId)}`);
  if (filter.status !== null) conditions.push(`d.status = $${params.push(filter.status)}`);
  return selectPage(db, DELIVERIES_KEYSET, window, {
    select: 'd.*, e.event_type',
    from: 'webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id',
    where: conditions,
    params,
  });
}
