/**
 * What a partner user does from the dashboard (docs/behaviour.md, section 24): the same services and
 * rules as the partner API, the role the dashboard needs checked first, the tenant always the
 * user's own partner, and each change in the audit log with the partner user as its actor.
 */
import type { Actor } from '../domain/actors.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import type { Environment, Scope, Tenant } from '../domain/tenant.ts';
import { listTenantCustomers, tenantOverview } from '../store/dashboard-store.ts';
import { findTokenOwner } from '../store/partners-store.ts';
import { productionAccessSince } from '../store/partner-users-store.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { requirePartnerRole } from './partner-users.ts';
import { createToken, listTokens, revokePartnerToken } from './partners.ts';

type PartnerActor = Actor & { kind: 'partner_user' };

function tenantOf(actor: PartnerActor, environment: Environment): Tenant {
  return { partnerId: actor.partnerId, environment };
}

/** The first day of this month in Europe/London, as an instant. */
function monthStart(now: Date): Date {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).format(now).split('-').map(Number);
  const utc = new Date(Date.UTC(year, month - 1, 1));
  // London is UTC or one hour ahead: midnight there is 00:00 or 23:00 the day before in UTC.
  const offsetHours = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', hourCycle: 'h23' }).format(utc));
  return new Date(utc.getTime() - offsetHours * 3600 * 1000);
}

export async function overview(ctx: ServiceContext, actor: PartnerActor, environment: Environment) {
  const now = ctx.now();
  return tenantOverview(ctx.db, tenantOf(actor, environment), new Date(now.getTime() - 24 * 3600 * 1000), monthStart(now));
}

export async function tenantCustomers(ctx: ServiceContext, actor: PartnerActor, environment: Environment, search: string | null) {
  return listTenantCustomers(ctx.db, tenantOf(actor, environment), search, 100);
}

export async function environmentTokens(ctx: ServiceContext, actor: PartnerActor, environment: Environment) {
  return (await listTokens(ctx, actor.partnerId)).filter((t) => t.environment === environment);
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
    (t) => ({ action: 'token.created', targetType: 'partner', targetId: actor.partnerId, summary: { token_id: t.tokenId, name, environment, scopes } }),
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
    () => (owner.revoked ? null : { action: 'token.revoked', targetType: 'partner', targetId: actor.partnerId, summary: { token_id: tokenId, environment } }),
  );
}
