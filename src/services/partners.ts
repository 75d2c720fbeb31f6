import { randomUUID } from 'node:crypto';
import { notFound } from '../domain/errors.ts';
import type { Environment, Scope, Tenant } from '../domain/tenant.ts';
import {
  findPartner,
  findTokenPartnerId,
  insertIntroducer,
  insertPartner,
  listIntroducers,
  listPartnersPage,
  listPartnerTokens,
  listPartnerTokensPage,
  PARTNERS_KEYSET,
  revokeToken,
  setPartnerStatus,
  type IntroducerRow,
  type PartnerRow,
  type PartnerTokenRow,
} from '../store/partners-store.ts';
import type { ServiceContext } from './context.ts';
import { OPERATORS, readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';
import { issueToken } from './tokens.ts';

export type { PartnerRow, PartnerTokenRow };

export async function createPartner(ctx: ServiceContext, name: string): Promise<{ partnerId: string; name: string }> {
  const partnerId = randomUUID();
  await insertPartner(ctx.db, partnerId, name);
  return { partnerId, name };
}

export async function getPartner(ctx: ServiceContext, partnerId: string): Promise<{ id: string; name: string; status: string } | null> {
  return findPartner(ctx.db, partnerId);
}

async function requirePartner(ctx: ServiceContext, partnerId: string): Promise<void> {
  if (!(await findPartner(ctx.db, partnerId))) throw notFound('partner');
}

export async function createToken(
  ctx: ServiceContext,
  partnerId: string,
  environment: Environment,
  scopes: Scope[] = ['read', 'write'],
  name: string | null = null,
) {
  await requirePartner(ctx, partnerId);
  const { tokenId, token } = await issueToken(ctx.db, partnerId, environment, scopes, name);
  return { tokenId, token, environment, scopes };
}

export async function revokePartnerToken(ctx: ServiceContext, tokenId: string): Promise<void> {
  if (!(await revokeToken(ctx.db, tokenId))) throw notFound('token');
}

export async function setSuspended(ctx: ServiceContext, partnerId: string, suspended: boolean): Promise<void> {
  if (!(await setPartnerStatus(ctx.db, partnerId, suspended ? 'suspended' : 'active'))) throw notFound('partner');
}

export async function createIntroducer(ctx: ServiceContext, partnerId: string, input: { name: string; email: string; environment: Environment }) {
  await requirePartner(ctx, partnerId);
  const id = randomUUID();
  await insertIntroducer(ctx.db, { id, partnerId, ...input });
  return id;
}

/** The tenant's introducers. */
export async function listTenantIntroducers(ctx: ServiceContext, tenant: Tenant): Promise<IntroducerRow[]> {
  return listIntroducers(ctx.db, tenant);
}

/** The partner's tokens, revoked ones too, oldest first (never their hashes). */
export async function listTokens(ctx: ServiceContext, partnerId: string): Promise<PartnerTokenRow[]> {
  return listPartnerTokens(ctx.db, partnerId);
}

/** Whether the token is one of the partner's. */
export async function isPartnerToken(ctx: ServiceContext, partnerId: string, tokenId: string): Promise<boolean> {
  return (await findTokenPartnerId(ctx.db, tokenId)) === partnerId;
}

/** One page of the partners, newest first (the console's and the admin API's). */
export async function partnersPage(ctx: ServiceContext, request: PageRequest): Promise<Page<PartnerRow>> {
  return readPage(request, { list: 'partners', owner: OPERATORS }, PARTNERS_KEYSET, (window) => listPartnersPage(ctx.db, window));
}

/**
 * One page of a partner's tokens, newest first: of both environments (the console, the admin API),
 * or of one (the dashboard's tenant, the admin API's filter).
 */
export async function partnerTokensPage(
  ctx: ServiceContext,
  partnerId: string,
  environment: Environment | null,
  request: PageRequest,
): Promise<Page<PartnerTokenRow>> {
  await requirePartner(ctx, partnerId);
  const owner = environment === null ? `${partnerId}:*` : tenantOwner({ partnerId, environment });
  return readPage(request, { list: 'tokens', owner }, PARTNERS_KEYSET, (window) => listPartnerTokensPage(ctx.db, partnerId, environment, window));
}

export function partnerListView(p: PartnerRow) {
  return {
    partner_id: p.id,
    name: p.name,
    status: p.status as 'active' | 'suspended',
    production_access: p.production_access_at !== null,
    created_at: p.created_at.toISOString(),
  };
}

export function tokenListView(t: PartnerTokenRow) {
  return {
    token_id: t.id,
    name: t.name,
    environment: t.environment as Environment,
    scopes: t.scopes,
    created_at: t.created_at.toISOString(),
    revoked_at: t.revoked_at?.toISOString() ?? null,
    last_used_at: t.last_used_at?.toISOString() ?? null,
  };
}
