import { DomainError, invalidAt, notFound } from '../domain/errors.ts';
import { EVENT_TYPES, isEventType, type EventType } from '../domain/event-types.ts';
import { checkWebhookUrl, type LookupFn } from '../domain/private-address.ts';
import { sampleEvent } from './sample-events.ts';
import { generateSigningSecret } from '../domain/webhook-signature.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Static } from 'typebox';
import type { DeliveryView } from '../schemas/webhooks.ts';
import { findEvent, recordEvent, requestRedelivery } from '../store/outbox-store.ts';
import {
  DELIVERIES_KEYSET,
  ensureWebhookConfig,
  findWebhookConfig,
  listDeliveries,
  listSubscribedTypes,
  setSigningSecret,
  setWebhookTarget,
  subscribe,
  unsubscribe,
  type DeliveryRow,
} from '../store/webhooks-store.ts';
import type { ServiceContext } from './context.ts';
import { firstRows, mapPageItems, readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';

export interface WebhookPolicy {
  production: boolean;
  allowPrivate: boolean;
  lookup?: LookupFn;
}

export async function getConfiguration(ctx: ServiceContext, tenant: Tenant) {
  const config = await findWebhookConfig(ctx.db, tenant);
  return { url: config?.url ?? null, has_token: Boolean(config?.token) };
}

/** Sets the URL (and the write-only token: omitted or null removes it) after vetting the URL. */
export async function putConfiguration(ctx: ServiceContext, tenant: Tenant, input: { url: string; token?: string | null }, policy: WebhookPolicy) {
  const check = await checkWebhookUrl(input.url, { requireHttps: policy.production, allowPrivate: policy.allowPrivate, lookup: policy.lookup });
  if (!check.ok) throw invalidAt('/data/url', check.reason);
  await ctx.db.transaction(async (tx) => {
    await ensureWebhookConfig(tx, tenant, generateSigningSecret());
    await setWebhookTarget(tx, tenant, input.url, input.token ?? null);
  });
  return getConfiguration(ctx, tenant);
}

/** What the console does to the authorization token: keep it, set a new one, or remove it. */
export type TokenChange = { kind: 'keep' } | { kind: 'set'; token: string } | { kind: 'remove' };

/** What happened to the token, in a word the audit log can show (never the token). */
function tokenOutcome(before: string | null, after: string | null): 'none' | 'unchanged' | 'set' | 'replaced' | 'removed' {
  if (before === after) return before === null ? 'none' : 'unchanged';
  return before === null ? 'set' : after === null ? 'removed' : 'replaced';
}

/**
 * The console's save of a tenant's whole webhook settings: the URL, vetted as the partner API vets
 * it (`pointers` name the form's fields); the token, kept unless set or removed; and exactly these
 * subscriptions. Answers what changed, without the token.
 */
export async function saveSettings(
  ctx: ServiceContext,
  tenant: Tenant,
  input: { url: string; token: TokenChange; eventTypes: string[] },
  policy: WebhookPolicy,
  pointers: { url: string; token: string },
) {
  const check = await checkWebhookUrl(input.url, { requireHttps: policy.production, allowPrivate: policy.allowPrivate, lookup: policy.lookup });
  if (!check.ok) throw invalidAt(pointers.url, check.reason);
  if (input.token.kind === 'set' && (input.token.token.length > 500 || !/^[\x21-\x7e]+$/.test(input.token.token))) {
    throw invalidAt(pointers.token, 'The authorization token must be 1 to 500 printable characters without spaces.');
  }
  const types = checkTypes(input.eventTypes);
  return ctx.db.transaction(async (tx) => {
    const before = await ensureWebhookConfig(tx, tenant, generateSigningSecret());
    const wasSubscribed = await listSubscribedTypes(tx, tenant);
    const token = input.token.kind === 'keep' ? before.token : input.token.kind === 'set' ? input.token.token : null;
    await setWebhookTarget(tx, tenant, input.url, token);
    const subscribed = types.filter((t) => !wasSubscribed.includes(t));
    const unsubscribed = wasSubscribed.filter((t) => !(types as string[]).includes(t));
    if (subscribed.length > 0) await subscribe(tx, tenant, subscribed);
    if (unsubscribed.length > 0) await unsubscribe(tx, tenant, unsubscribed);
    return { url: { from: before.url, to: input.url }, token: tokenOutcome(before.token, token), subscribed, unsubscribed };
  });
}

export async function getSigningSecret(ctx: ServiceContext, tenant: Tenant): Promise<string> {
  return (await ensureWebhookConfig(ctx.db, tenant, generateSigningSecret())).signing_secret;
}

export async function rotateSigningSecret(ctx: ServiceContext, tenant: Tenant): Promise<string> {
  const secret = generateSigningSecret();
  await ctx.db.transaction(async (tx) => {
    await ensureWebhookConfig(tx, tenant, secret);
    await setSigningSecret(tx, tenant, secret);
  });
  return secret;
}

function checkTypes(types: string[]): EventType[] {
  const problems = types
    .map((type, index) => ({ type, index }))
    .filter(({ type }) => !isEventType(type))
    .map(({ type, index }) => ({
      detail: `${JSON.stringify(type)} is not an event type (see GET /webhooks/event_types/)`,
      source: { pointer: `/data/webhook_event_types/${index}` },
    }));
  if (problems.length > 0) throw new DomainError('ValidationError', problems[0].detail, { problems });
  return types as EventType[];
}

export async function listSubscriptions(ctx: ServiceContext, tenant: Tenant) {
  const [subscribed, config] = await Promise.all([listSubscribedTypes(ctx.db, tenant), findWebhookConfig(ctx.db, tenant)]);
  const set = new Set(subscribed);
  return EVENT_TYPES.map((e) => ({
    webhook_event_type: e.webhook_event_type,
    url: config?.url ?? null,
    subscribed: set.has(e.webhook_event_type),
  }));
}

export async function changeSubscriptions(ctx: ServiceContext, tenant: Tenant, types: string[], on: boolean) {
  const valid = checkTypes(types);
  await (on ? subscribe(ctx.db, tenant, valid) : unsubscribe(ctx.db, tenant, valid));
  return listSubscriptions(ctx, tenant);
}

export function deliveryView(d: DeliveryRow): Static<typeof DeliveryView> {
  return {
    delivery_id: d.id,
    event_id: d.event_id,
    webhook_event_type: d.event_type,
    attempt: d.attempt,
    attempted_at: d.attempted_at.toISOString(),
    url: d.url,
    status: d.status,
    response_status: d.response_status,
    duration_ms: d.duration_ms,
    error: d.error,
    next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
  };
}

export interface DeliveryFilter {
  eventId: string | null;
  status: 'succeeded' | 'failed' | null;
}

/** One page of the tenant's delivery log, newest attempt first (the API's, the dashboard's and the console's). */
export async function deliveriesPage(
  ctx: ServiceContext,
  tenant: Tenant,
  filter: DeliveryFilter,
  request: PageRequest,
): Promise<Page<Static<typeof DeliveryView>>> {
  const scope = { list: 'deliveries', owner: tenantOwner(tenant), filters: { event: filter.eventId, status: filter.status } };
  const page = await readPage(request, scope, DELIVERIES_KEYSET, (window) => listDeliveries(ctx.db, tenant, filter, window));
  return mapPageItems(page, deliveryView);
}

/** The first page of the delivery log (the pages' call until they page): no cursor. */
export async function deliveries(ctx: ServiceContext, tenant: Tenant, filter: DeliveryFilter & { before: null; limit: number }) {
  const read = await listDeliveries(ctx.db, tenant, filter, firstRows(filter.limit));
  return { deliveries: read.rows.map(deliveryView), next_cursor: null };
}

async function requireUrl(ctx: ServiceContext, tenant: Tenant): Promise<void> {
  const config = await findWebhookConfig(ctx.db, tenant);
  if (!config?.url) throw new DomainError('ValidationError', 'configure a webhook URL first (PUT /webhooks/configuration/)');
}

export async function redeliver(ctx: ServiceContext, tenant: Tenant, eventId: string) {
  const event = await findEvent(ctx.db, tenant, eventId);
  if (!event) throw notFound('event');
  await requireUrl(ctx, tenant);
  await requestRedelivery(ctx.db, event.id);
  return { event_id: event.id, status: 'queued' };
}

/**
 * Records a sample event of the type: readable in the events API (what `lending listen` follows,
 * so a partner without a public URL can try it), and delivered to the configured URL, if any,
 * whatever the subscriptions say.
 */
export async function sendTestEvent(ctx: ServiceContext, tenant: Tenant, type: string) {
  if (!isEventType(type)) throw invalidAt('/data/webhook_event_type', `${JSON.stringify(type)} is not an event type`);
  const hasUrl = Boolean((await findWebhookConfig(ctx.db, tenant))?.url);
  const now = ctx.now();
  const id = await ctx.db.transaction((tx) => recordEvent(tx, tenant, type, sampleEvent(type, now), now, { forceDelivery: hasUrl }));
  return { event_id: id, webhook_event_type: type, status: 'queued' };
}
