/**
 * What a partner user does from the dashboard (docs/behaviour.md, section 24): the same services and
 * rules as the partner API, the role the dashboard needs checked first, the tenant always the
 * user's own partner, and each change in the audit log with the partner user as its actor.
 */
import type { Actor } from '../domain/actors.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import type { Environment, Scope, Tenant } from '../domain/tenant.ts';
import { londonToday } from '../domain/dates.ts';
import { tenantOverview } from '../store/dashboard-store.ts';
import { CUSTOMERS_KEYSET, listTenantCustomers, type TenantCustomerRow } from '../store/customer-search-store.ts';
import { findTenantToken, findTokenOwner, type PartnerTokenRow } from '../store/partners-store.ts';
import { productionAccessSince } from '../store/partner-users-store.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { requirePartnerRole } from './partner-users.ts';
import { matchOf, searchString } from './customer-search.ts';
import { FIGURE_BOUND, readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';
import { createToken, partnerTokensPage, revokePartnerToken } from './partners.ts';
import { findWebhookConfig } from '../store/webhooks-store.ts';
import { changeSubscriptions, getSigningSecret, putConfiguration, redeliver, rotateSigningSecret, sendTestEvent, type WebhookPolicy } from './webhooks.ts';

type PartnerActor = Actor & { kind: 'partner_user' };

function tenantOf(actor: PartnerActor, environment: Environment): Tenant {
  return { partnerId: actor.partnerId, environment };
}

const HOUR_MS = 3600 * 1000;

/**
 * The overview's figures (docs/behaviour.md, sections 24 and 27): requests and failed requests
 * since the start of the hour 24 hours ago (kept per hour), webhook events failing in the last 24
 * hours (counted up to FIGURE_BOUND: `at_least`), customers and applications by status (counted up
 * to FIGURE_BOUND, estimated beyond: `estimated` names those), and fundings this London month.
 */
export async function overview(ctx: ServiceContext, actor: PartnerActor, environment: Environment) {
  const now = ctx.now();
  const since = new Date(now.getTime() - 24 * HOUR_MS);
  const sinceHour = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS);
  const month = `${londonToday(now).slice(0, 7)}-01`;
  const figures = await tenantOverview(ctx.db, tenantOf(actor, environment), { since, sinceHour, month, bound: FIGURE_BOUND });
  return { ...figures, requests_since: sinceHour };
}

/** What the dashboard's customer search matches: an external_customer_id exactly, or any part of a company's name or number. */
async function tenantMatch(ctx: ServiceContext, search: string | null) {
  return (await matchOf(ctx.db, searchString(search), 'tenant')).match;
}

/**
 * One page of the tenant's customers, newest first, with their latest application, offers and
 * fundings; `search` (at most 200 characters) finds them by external_customer_id or any part of
 * the company's name or number.
 */
export async function tenantCustomersPage(
  ctx: ServiceContext,
  actor: PartnerActor,
  environment: Environment,
  search: string | null,
  request: PageRequest,
): Promise<Page<TenantCustomerRow>> {
  const tenant = tenantOf(actor, environment);
  const match = await tenantMatch(ctx, search);
  const scope = { list: 'tenant_customers', owner: tenantOwner(tenant), filters: { q: searchString(search) } };
  return readPage(request, scope, CUSTOMERS_KEYSET, (window) => listTenantCustomers(ctx.db, tenant, match, window));
}

/** One page of the tenant's tokens, newest first (revoked ones too). */
export async function tenantTokensPage(
  ctx: ServiceContext,
  actor: PartnerActor,
  environment: Environment,
  request: PageRequest,
): Promise<Page<PartnerTokenRow>> {
  return partnerTokensPage(ctx, actor.partnerId, environment, request);
}

/** One of the tenant's tokens (revoked or not), for the revocation's confirmation; any other id: not found. */
export async function tenantToken(ctx: ServiceContext, actor: PartnerActor, environment: Environment, tokenId: string): Promise<PartnerTokenRow> {
  const token = await findTenantToken(ctx.db, tenantOf(actor, environment), tokenId);
  if (!token) throw notFound('token');
  return token;
}

/** Whether the partner may create production tokens (an operator approved its go-live). */
export async function hasProductionAccess(ctx: ServiceContext, partnerId: string): Promise<boolean> {
  return (await productionAccessSince(ctx.db, partnerId)) !== null;
}

/** Sandbox tokens: developers; production tokens: owners, once production access is approved. */
async function requireTokenRights(ctx: ServiceContext, actor: PartnerActor, environment: Environment): Promise<void> {
  requirePartnerRole(actor, environment === 'production' ? 'owner' : 'developer');
  if (environment === 'production' && !(await hasProductionAccess(ctx, actor.partnerId)))
    throw new DomainError('PermissionDenied', 'production tokens need production access, which an operator grants after your request');
}

export async function dashboardCreateToken(ctx: ServiceContext, actor: PartnerActor, environment: Environment, name: string, scopes: Scope[]) {
  await requireTokenRights(ctx, actor, environment);
  return audited(
    ctx,
    actor,
    (inner) => createToken(inner, actor.partnerId, environment, scopes, name),
    (t) => ({ action: 'token.created', targetType: 'token', targetId: t.tokenId, summary: { partner_id: actor.partnerId, name, environment, scopes } }),
  );
}

/** Revokes one of the partner's tokens of the environment shown (any other id: not found). */
export async function dashboardRevokeToken(ctx: ServiceContext, actor: PartnerActor, environment: Environment, tokenId: string) {
  const owner = await findTokenOwner(ctx.db, tokenId);
  if (!owner || owner.partner_id !== actor.partnerId || owner.environment !== environment) throw notFound('token');
  // Revoking is always allowed to the role that could make it (even were production access withdrawn).
  requirePartnerRole(actor, environment === 'production' ? 'owner' : 'developer');
  await audited(
    ctx,
    actor,
    (inner) => revokePartnerToken(inner, tokenId),
    () => (owner.revoked ? null : { action: 'token.revoked', targetType: 'token', targetId: tokenId, summary: { partner_id: actor.partnerId, environment } }),
  );
}

// --- Webhooks (developers and owners) ---

/** The URL and, when `token` is empty, the authorization token kept as it was ("write-only": never shown). */
export async function dashboardSaveWebhook(
  ctx: ServiceContext,
  actor: PartnerActor,
  environment: Environment,
  input: { url: string; token: string | null; removeToken: boolean },
  policy: WebhookPolicy,
) {
  requirePartnerRole(actor, 'developer');
  const tenant = tenantOf(actor, environment);
  return audited(
    ctx,
    actor,
    async (inner) => {
      const current = await findWebhookConfig(inner.db, tenant);
      const token = input.removeToken ? null : (input.token ?? current?.token ?? null);
      return putConfiguration(inner, tenant, { url: input.url, token }, policy);
    },
    (config) => ({
      action: 'webhook_configuration.updated',
      targetType: 'webhook_configuration',
      targetId: actor.partnerId,
      summary: { environment, url: config.url, has_token: config.has_token },
    }),
  );
}

/** Sets the subscriptions to exactly `types` (the checkboxes ticked). */
export async function dashboardSetSubscriptions(ctx: ServiceContext, actor: PartnerActor, environment: Environment, types: string[], allTypes: string[]) {
  requirePartnerRole(actor, 'developer');
  const tenant = tenantOf(actor, environment);
  return audited(
    ctx,
    actor,
    async (inner) => {
      await changeSubscriptions(inner, tenant, types, true);
      return changeSubscriptions(
        inner,
        tenant,
        allTypes.filter((t) => !types.includes(t)),
        false,
      );
    },
    () => ({
      action: 'webhook_configuration.updated',
      targetType: 'webhook_configuration',
      targetId: actor.partnerId,
      summary: { environment, subscriptions: types },
    }),
  );
}

/** The signing secret, shown on request; who looked is recorded. */
export async function dashboardRevealSecret(ctx: ServiceContext, actor: PartnerActor, environment: Environment) {
  requirePartnerRole(actor, 'developer');
  return audited(
    ctx,
    actor,
    (inner) => getSigningSecret(inner, tenantOf(actor, environment)),
    () => ({
      action: 'webhook_configuration.signing_secret_revealed',
      targetType: 'webhook_configuration',
      targetId: actor.partnerId,
      summary: { environment },
    }),
  );
}

export async function dashboardRotateSecret(ctx: ServiceContext, actor: PartnerActor, environment: Environment) {
  requirePartnerRole(actor, 'developer');
  return audited(
    ctx,
    actor,
    (inner) => rotateSigningSecret(inner, tenantOf(actor, environment)),
    () => ({
      action: 'webhook_configuration.signing_secret_rotated',
      targetType: 'webhook_configuration',
      targetId: actor.partnerId,
      summary: { environment },
    }),
  );
}

/** A sample event, as POST /sandbox/webhooks/test: the sandbox only. */
export async function dashboardTestEvent(ctx: ServiceContext, actor: PartnerActor, environment: Environment, type: string) {
  requirePartnerRole(actor, 'developer');
  if (environment !== 'sandbox') throw new DomainError('PermissionDenied', 'test events are for the sandbox');
  return audited(
    ctx,
    actor,
    (inner) => sendTestEvent(inner, tenantOf(actor, environment), type),
    (r) => ({
      action: 'webhook.test_event_sent',
      targetType: 'partner',
      targetId: actor.partnerId,
      summary: { environment, event_id: r.event_id, webhook_event_type: type },
    }),
  );
}

export async function dashboardRedeliver(ctx: ServiceContext, actor: PartnerActor, environment: Environment, eventId: string) {
  requirePartnerRole(actor, 'developer');
  return audited(
    ctx,
    actor,
    (inner) => redeliver(inner, tenantOf(actor, environment), eventId),
    () => ({ action: 'webhook.redelivery_requested', targetType: 'partner', targetId: actor.partnerId, summary: { event_id: eventId, environment } }),
  );
}
