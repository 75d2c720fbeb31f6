import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../../domain/errors.ts';
import { idParam } from '../../../domain/ids.ts';
import { IdParams } from '../../../schemas/admin.ts';
import { AdminPageQuery, CustomerSearchQuery, PartnerDeliveriesQuery, TokenListQuery } from '../../../schemas/admin-lists.ts';
import { pageMeta, pageRequestOf } from '../../../schemas/paging.ts';
import { customerFoundView, findCustomers } from '../../../services/customer-search.ts';
import { getPartner, partnerListView, partnersPage, partnerTokensPage, tokenListView } from '../../../services/partners.ts';
import { deliveriesPage } from '../../../services/webhooks.ts';

/** The admin API's lists besides the queue and the audit log (docs/behaviour.md, sections 14 and 27): customers (search), partners, a partner's tokens and deliveries. */
export const adminListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/customers', { schema: { querystring: CustomerSearchQuery } }, async (request) => {
    const q = request.query;
    const search = { q: q.q ?? '', partnerId: q.partner_id?.toLowerCase() ?? null, environment: q.environment ?? null };
    const page = await findCustomers(app.ctx, search, pageRequestOf(q));
    return { data: { customers: page.items.map(customerFoundView) }, meta: { ...pageMeta(page), record: page.record } };
  });

  app.get('/partners', { schema: { querystring: AdminPageQuery } }, async (request) => {
    const page = await partnersPage(app.ctx, pageRequestOf(request.query));
    return { data: { partners: page.items.map(partnerListView) }, meta: pageMeta(page) };
  });

  app.get('/partners/:id/tokens', { schema: { params: IdParams, querystring: TokenListQuery } }, async (request) => {
    const partnerId = idParam(request.params.id, 'partner');
    const page = await partnerTokensPage(app.ctx, partnerId, request.query.environment ?? null, pageRequestOf(request.query));
    return { data: { tokens: page.items.map(tokenListView) }, meta: pageMeta(page) };
  });

  app.get('/partners/:id/deliveries', { schema: { params: IdParams, querystring: PartnerDeliveriesQuery } }, async (request) => {
    const partnerId = idParam(request.params.id, 'partner');
    if (!(await getPartner(app.ctx, partnerId))) throw notFound('partner');
    const q = request.query;
    const tenant = { partnerId, environment: q.environment };
    const page = await deliveriesPage(app.ctx, tenant, { eventId: q.event_id?.toLowerCase() ?? null, status: q.status ?? null }, pageRequestOf(q));
    return { data: { deliveries: page.items }, meta: pageMeta(page) };
  });
};
