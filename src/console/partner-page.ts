/**
 * A partner's page, as every route of its sections answers it: the page after a GET, or again
 * after a refused form (with the form as sent), or after a secret was made (shown this once).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../domain/errors.ts';
import { ENVIRONMENTS, type Environment } from '../domain/tenant.ts';
import { IdParams } from '../schemas/admin.ts';
import { getPartner, listTenantIntroducers, listTokens } from '../services/partners.ts';
import { partnerUsers } from '../services/partner-users.ts';
import { productionAccess } from '../services/production-access.ts';
import { deliveries, getConfiguration, listSubscriptions } from '../services/webhooks.ts';
import { can, consoleChrome, signedIn } from './context.ts';
import type { InviteOutcome } from './views/partner-dashboard.ts';
import { partnerPage, type PartnerModel } from './views/partner.ts';

/** What a route shows beyond the partner's own state. */
export type PartnerShown = Partial<Pick<PartnerModel, 'notice' | 'problem' | 'newToken' | 'errors' | 'introducer' | 'webhook'>> & { invite?: InviteOutcome };

export async function showPartner(
  request: FastifyRequest,
  reply: FastifyReply,
  partnerId: string,
  status: number,
  shown: PartnerShown = {},
): Promise<FastifyReply> {
  signedIn(request);
  const { ctx } = request.server;
  const partner = await getPartner(ctx, partnerId);
  if (!partner) throw notFound('partner');
  const isAdmin = can(request, 'admin');
  const csrf = reply.generateCsrf();
  const [tokens, users, access] = await Promise.all([listTokens(ctx, partnerId), partnerUsers(ctx, partnerId), productionAccess(ctx, partnerId)]);
  const environments = await Promise.all(
    ENVIRONMENTS.map(async (environment) => {
      const tenant = { partnerId, environment };
      const [config, introducers, subscriptions, log] = await Promise.all([
        getConfiguration(ctx, tenant),
        listTenantIntroducers(ctx, tenant),
        listSubscriptions(ctx, tenant),
        deliveries(ctx, tenant, { eventId: null, status: null, before: null, limit: 20 }),
      ]);
      return { environment, config, introducers, subscriptions, log };
    }),
  );
  const model: PartnerModel = {
    partner,
    isAdmin,
    csrf,
    tokens,
    environments,
    dashboard: { partnerId, isAdmin, csrf, users, access, invite: shown.invite ?? {} },
    notice: shown.notice ?? null,
    problem: shown.problem ?? null,
    newToken: shown.newToken ?? null,
    introducer: shown.introducer ?? { name: '', email: '', environment: 'sandbox' },
    errors: shown.errors ?? {},
    webhook: shown.webhook ?? null,
  };
  return reply.page(status, partnerPage(consoleChrome(request, reply, '/console/partners'), model));
}

/** The environment a form names, or null when it names none. */
export function environmentFrom(value: string | undefined): Environment | null {
  return (ENVIRONMENTS as readonly string[]).includes(value ?? '') ? (value as Environment) : null;
}

/** The options of a partner's POST routes: an admin's, on the partner of the path. */
export const PARTNER_ADMIN = { schema: { params: IdParams }, config: { role: 'admin' as const } };
