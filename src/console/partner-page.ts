/**
 * A partner's page, as every route of its sections answers it: the page after a GET, or again
 * after a refused form (with the form as sent), or after a secret was made (shown this once).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../domain/errors.ts';
import { ENVIRONMENTS, type Environment } from '../domain/tenant.ts';
import { IdParams } from '../schemas/admin.ts';
import { getPartner, listTenantIntroducers, partnerTokensPage } from '../services/partners.ts';
import { partnerUsers } from '../services/partner-users.ts';
import { productionAccess } from '../services/production-access.ts';
import { deliveriesPage, getConfiguration, listSubscriptions } from '../services/webhooks.ts';
import { can, consoleChrome, signedIn } from './context.ts';
import { ListCursor, readListPage, type ListRead } from './list-page.ts';
import type { InviteOutcome } from './views/partner-dashboard.ts';
import { LIST_CURSORS, partnerPage, type PartnerCursors, type PartnerModel } from './views/partner.ts';

/** What a route shows beyond the partner's own state; `cursors`, the pages of its lists a GET asks for (the first pages otherwise). */
export type PartnerShown = Partial<Pick<PartnerModel, 'notice' | 'problem' | 'newToken' | 'errors' | 'introducer' | 'webhook'>> & {
  invite?: InviteOutcome;
  cursors?: PartnerCursors;
};

/** The partner page's query: each of its lists' cursor in a parameter of its own. */
export const PartnerPageQuery = {
  [LIST_CURSORS.tokens]: ListCursor,
  [LIST_CURSORS.sandbox]: ListCursor,
  [LIST_CURSORS.production]: ListCursor,
};

/** The cursors a partner page's query names. */
export function partnerCursorsOf(query: Partial<Record<(typeof LIST_CURSORS)[keyof PartnerCursors], string>>): PartnerCursors {
  return { tokens: query[LIST_CURSORS.tokens], sandbox: query[LIST_CURSORS.sandbox], production: query[LIST_CURSORS.production] };
}

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
  const cursors = shown.cursors ?? {};
  const [tokens, users, access] = await Promise.all([
    readListPage(cursors.tokens, (page) => partnerTokensPage(ctx, partnerId, null, page)),
    partnerUsers(ctx, partnerId),
    productionAccess(ctx, partnerId),
  ]);
  const environments = await Promise.all(
    ENVIRONMENTS.map(async (environment) => {
      const tenant = { partnerId, environment };
      const [config, introducers, subscriptions, log] = await Promise.all([
        getConfiguration(ctx, tenant),
        listTenantIntroducers(ctx, tenant),
        listSubscriptions(ctx, tenant),
        readListPage(cursors[environment], (page) => deliveriesPage(ctx, tenant, { eventId: null, status: null }, page)),
      ]);
      return { environment, config, introducers, subscriptions, log };
    }),
  );
  // Each list on the page it was asked for, or its first page when its cursor was refused (then 400, saying so).
  const lists: [keyof PartnerCursors, ListRead<unknown>][] = [
    ['tokens', tokens],
    ...environments.map((e): [Environment, ListRead<unknown>] => [e.environment, e.log]),
  ];
  const refused = lists.find(([, read]) => read.refused)?.[1].refused ?? null;
  const shownCursors: PartnerCursors = Object.fromEntries(lists.map(([list, read]) => [list, read.refused ? undefined : cursors[list]]));
  const model: PartnerModel = {
    partner,
    isAdmin,
    csrf,
    tokens: tokens.page,
    environments: environments.map(({ log, ...e }) => ({ ...e, log: log.page })),
    cursors: shownCursors,
    dashboard: { partnerId, isAdmin, csrf, users, access, invite: shown.invite ?? {} },
    notice: shown.notice ?? null,
    problem: shown.problem ?? refused,
    newToken: shown.newToken ?? null,
    introducer: shown.introducer ?? { name: '', email: '', environment: 'sandbox' },
    errors: shown.errors ?? {},
    webhook: shown.webhook ?? null,
  };
  return reply.page(refused && status === 200 ? 400 : status, partnerPage(consoleChrome(request, reply, '/console/partners'), model));
}

/** The environment a form names, or null when it names none. */
export function environmentFrom(value: string | undefined): Environment | null {
  return (ENVIRONMENTS as readonly string[]).includes(value ?? '') ? (value as Environment) : null;
}

/** The options of a partner's POST routes: an admin's, on the partner of the path. */
export const PARTNER_ADMIN = { schema: { params: IdParams }, config: { role: 'admin' as const } };
