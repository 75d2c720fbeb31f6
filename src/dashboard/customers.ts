import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenantCustomersPage } from '../services/dashboard.ts';
import { CursorQuery } from '../web/paging.ts';
import { dashboardChrome, signedIn } from './context.ts';
import { readShownPage } from './list-page.ts';
import { customersPage } from './views/customers.ts';

const CustomersQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), cursor: CursorQuery });

/** The partner's customers in the selected environment, newest first, 50 a page, searched by external id or company name. */
export const dashboardCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/customers', { schema: { querystring: CustomersQuery } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const search = (request.query.q ?? '').trim();
    const shown = await readShownPage(request.query.cursor, (page) => tenantCustomersPage(app.ctx, actor, environment, search || null, page));
    return reply.page(shown.status, customersPage(dashboardChrome(request, reply, '/dashboard/customers'), { environment, search, ...shown }));
  });
};
