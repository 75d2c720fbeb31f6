import { randomUUID } from 'node:crypto';
import { notFound } from '../domain/errors.ts';
import type { Environment, Scope, Tenant } from '../domain/tenant.ts';
import {
  findPartner,
  findTokenPartnerId,
  insertIntroducer,
  insertPartner,
  listIntroducers,
  listPartnerTokens,
  revokeToken,
  setPartnerStatus,
  type IntroducerRow,
  type PartnerTokenRow,
} from '../store/partners-store.ts';
import type { ServiceContext } from './context.ts';
import { issueToken } from './tokens.ts';

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
