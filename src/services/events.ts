import { EVENT_TYPES } from '../domain/event-types.ts';
import { validationFailed } from '../domain/errors.ts';
import type { Tenant } from '../domain/tenant.ts';
import {
  EVENTS_NEWEST_KEYSET,
  eventPosition,
  findEventWithDelivery,
  listCustomerEventsNewestFirst,
  listEvents,
  listEventsNewestFirst,
  type ListedEvent,
  type StoredEvent,
} from '../store/events-store.ts';
import { notFound } from '../domain/errors.ts';
import { tenantChannelKey } from '../store/outbox-store.ts';
import type { ServiceContext } from './context.ts';
import type { EventSignal } from './event-signal.ts';
import { mapPageItems, readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';
import { EVENT_RETENTION_DAYS } from './partner-tools-sweeps.ts';

export interface EventJson {
  event_id: string;
  webhook_event_type: string;
  created_at: string;
  data: Record<string, unknown>;
}

export type DeliveryStatus = 'delivered' | 'pending' | 'failing' | 'not_subscribed';

const KNOWN_TYPES = new Set<string>(EVENT_TYPES.map((e) => e.webhook_event_type));
/** Pauses between re-reads after a wake that shows nothing yet (an older transaction still running holds the event back). */
const SETTLE_DELAYS_MS = [25, 50, 100, 200, 400, 1000];

function toJson(event: StoredEvent): EventJson {
  return { event_id: event.id, webhook_event_type: event.event_type, created_at: new Date(event.created_at).toISOString(), data: event.payload };
}

function retentionStart(ctx: ServiceContext): Date {
  return new Date(ctx.now().getTime() - EVENT_RETENTION_DAYS * 86_400_000);
}

export function parseTypes(types: string | undefined): string[] | null {
  if (types === undefined || types === '') return null;
  const list = types.split(',').map((t) => t.trim());
  const unknown = list.filter((t) => !KNOWN_TYPES.has(t));
  if (unknown.length > 0) {
    throw validationFailed([{ detail: `types holds unknown event types: ${unknown.join(', ')}`, source: { parameter: 'types' } }]);
  }
  return list;
}

/**
 * The tenant's events after `after`, oldest first (docs/behaviour.md, section 17). With `waitSeconds`, an
 * empty answer waits for the outbox notification (or the time to pass) and reads again.
 */
export async function listTenantEvents(
  ctx: ServiceContext,
  signal: EventSignal,
  tenant: Tenant,
  query: { after: string | null; types: string[] | null; limit: number; waitSeconds: number },
): Promise<{ data: EventJson[]; has_more: boolean }> {
  let after = null;
  if (query.after !== null) {
    after = await eventPosition(ctx.db, tenant, query.after);
    if (!after) throw validationFailed([{ detail: 'after names no event of yours in the last 30 days', source: { parameter: 'after' } }]);
  }
  const read = async () => {
    const rows = await listEvents(ctx.db, tenant, { after, types: query.types, since: retentionStart(ctx), limit: query.limit + 1 });
    return { data: rows.slice(0, query.limit).map(toJson), has_more: rows.length > query.limit };
  };
  if (query.waitSeconds <= 0) return read();
  const heldBack = async () =>
    (await listEvents(ctx.db, tenant, { after, types: query.types, since: retentionStart(ctx), limit: 1, heldBack: true })).length > 0;

  await signal.ready();
  const deadline = Date.now() + query.waitSeconds * 1000;
  for (;;) {
    const next = signal.next(tenantChannelKey(tenant), deadline - Date.now());
    const answer = await read();
    if (answer.data.length > 0 || Date.now() >= deadline) {
      next.cancel();
      return answer;
    }
    const woken = await next.wait;
    if (!woken) return read();
    // A notification of ours says an event has committed. If it is one this poll wants but older
    // running transactions still hold it back, read again after short, growing pauses until it
    // shows; otherwise (another type) wait for the next notification.
    for (let i = 0; ; i += 1) {
      const settled = await read();
      if (settled.data.length > 0 || Date.now() >= deadline) return settled;
      if (!(await heldBack())) break;
      const pause = SETTLE_DELAYS_MS[Math.min(i, SETTLE_DELAYS_MS.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
    }
  }
}

/** One event of the tenant with its delivery status. */
export async function getTenantEvent(
  ctx: ServiceContext,
  tenant: Tenant,
  id: string,
): Promise<EventJson & { delivery: { status: DeliveryStatus; attempts: number } }> {
  const event = await findEventWithDelivery(ctx.db, tenant, id, retentionStart(ctx));
  if (!event) throw notFound('event');
  let status: DeliveryStatus;
  if (event.succeeded > 0) status = 'delivered';
  else if (event.attempts > 0) status = 'failing';
  else if (event.subscribed || event.force_delivery) status = 'pending';
  else status = 'not_subscribed';
  return { ...toJson(event), delivery: { status, attempts: event.attempts } };
}

/** An event of the dashboard's lists: `on_clock` when its customer is on a test clock (its time is the clock's, section 28). */
export type ListedEventJson = EventJson & { on_clock: boolean };

function toListedJson(event: ListedEvent): ListedEventJson {
  return { ...toJson(event), on_clock: event.on_clock };
}

/** One page of the tenant's events of the last 30 days (of one type when given), newest first: the dashboard's list. */
export async function tenantEventsPage(ctx: ServiceContext, tenant: Tenant, type: string | null, request: PageRequest): Promise<Page<ListedEventJson>> {
  if (type !== null) parseTypes(type);
  const scope = { list: 'events', owner: tenantOwner(tenant), filters: { type } };
  const page = await readPage(request, scope, EVENTS_NEWEST_KEYSET, (window) =>
    listEventsNewestFirst(ctx.db, tenant, { type, since: retentionStart(ctx) }, window),
  );
  return mapPageItems(page, toListedJson);
}

/** One page of one customer's events of the last 30 days, newest first: the dashboard's customer page (the caller checked the customer is the tenant's). */
export async function customerEventsPage(ctx: ServiceContext, tenant: Tenant, customerId: string, request: PageRequest): Promise<Page<ListedEventJson>> {
  const scope = { list: 'customer_events', owner: tenantOwner(tenant), filters: { customer: customerId } };
  const page = await readPage(request, scope, EVENTS_NEWEST_KEYSET, (window) =>
    listCustomerEventsNewestFirst(ctx.db, tenant, { customerId, since: retentionStart(ctx) }, window),
  );
  return mapPageItems(page, toListedJson);
}
