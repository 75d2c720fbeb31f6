import { randomBytes } from 'node:crypto';
import { DomainError, notFound } from '../domain/errors.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from '../store/db.ts';
import { findLatestApplication } from '../store/applications-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import { insertLoginToken, lockLoginToken, useLoginToken } from '../store/login-tokens-store.ts';
import { customerHasOffer } from '../store/offers-store.ts';
import { hashToken } from './tokens.ts';
import { startWebSession } from './web-sessions.ts';
import type { ServiceContext } from './context.ts';
import { contextOfCustomer, customerContext, wallNow } from './customer-time.ts';

/** Login links are valid for 24 hours and open once. */
export const LOGIN_LINK_HOURS = 24;

/** A random single-use token bound to the customer (and offer); only its hash is stored. */
export async function createLoginLink(
  tx: Queryable,
  tenant: Tenant,
  customerId: string,
  offerId: string | null,
  now: Date,
  publicBaseUrl: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertLoginToken(tx, tenant, {
    hash: hashToken(token),
    customerId,
    offerId,
    expiresAt: new Date(now.getTime() + LOGIN_LINK_HOURS * 3_600_000),
    now,
  });
  return `${publicBaseUrl}/portal/login?token=${token}`;
}

/** The refusal when the introducer is the contact, with what makes the customer the contact. */
export const INTRODUCER_IS_CONTACT =
  'the introducer is the contact for the latest application, not the customer: select the offer with entity_to_contact customer ' +
  '(POST /offers/{offer_id}/select/ with {"data": {"entity_to_contact": "customer"}}), which also answers a login link';

/** GET login_link: the customer's latest application must name the customer as the contact. */
export async function loginLinkFor(ctx: ServiceContext, tenant: Tenant, customerId: string, offerId: string | null, publicBaseUrl: string): Promise<string> {
  const customer = await findCustomer(ctx.db, tenant, customerId);
  if (!customer) throw notFound('customer');
  const customerCtx = await contextOfCustomer(ctx, customer);
  if (offerId !== null && !(await customerHasOffer(ctx.db, tenant, customerId, offerId))) {
    throw new DomainError('ValidationError', "offer_id is not one of this customer's offers", { source: { parameter: 'offer_id' } });
  }
  const application = await findLatestApplication(ctx.db, tenant, customerId);
  if (!application || application.entity_to_contact !== 'customer') {
    if (!application) throw new DomainError('LoginLinkUnavailable', 'the customer has no application');
    throw new DomainError('LoginLinkUnavailable', INTRODUCER_IS_CONTACT, {
      meta: { application_id: application.id, entity_to_contact: application.entity_to_contact },
    });
  }
  return createLoginLink(ctx.db, tenant, customerId, offerId, customerCtx.now(), publicBaseUrl);
}

export interface PortalSession {
  partnerId: string;
  environment: 'sandbox' | 'production';
  customerId: string;
  offerId: string | null;
}

export type LoginProblem = 'invalid' | 'used' | 'expired' | 'unavailable';

export type LoginResult = { ok: true; sessionToken: string; session: PortalSession; expiresAt: Date } | { ok: false; reason: LoginProblem };

/**
 * Opens a login link: consumes the token (the conditional UPDATE makes it single use even when two
 * requests race) and starts a portal session. A suspended partner's links open nothing (and are
 * not used up, so they work again if the partner is reinstated within their 24 hours). The link's
 * 24 hours are the customer's (a test clock's, in the sandbox); the session's are real.
 */
export async function consumeLoginToken(ctx: ServiceContext, token: string): Promise<LoginResult> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockLoginToken(tx, hashToken(token));
    if (!row) return { ok: false, reason: 'invalid' };
    const now = (await customerContext({ ...ctx, db: tx }, 'customer', row.customer_id, { partnerId: row.partner_id, environment: row.environment })).now();
    if (row.used_at) return { ok: false, reason: 'used' };
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    if (row.partner_status !== 'active') return { ok: false, reason: 'unavailable' };
    if (!(await useLoginToken(tx, hashToken(token), now))) return { ok: false, reason: 'used' };
    const session: PortalSession = { partnerId: row.partner_id, environment: row.environment, customerId: row.customer_id, offerId: row.offer_id };
    const started = await startWebSession(tx, 'portal', session, wallNow(ctx));
    return { ok: true, sessionToken: started.token, expiresAt: started.expiresAt, session };
  });
}
