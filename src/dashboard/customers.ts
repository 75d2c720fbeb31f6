import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenantCustomers } from '../services/dashboard.ts';
import { dashboardChrome, signedIn } from './context.ts';
import { customersPage } from './views/customers.ts';

const CustomersQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) });

/** The partner's customers in the selected environment, searched by external id or company name. */
export const dashboardCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/customers', { schema: { querystring: CustomersQuery } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const search = (request.query.q ?? '').trim();
    const customers = await tenantCustomers(app.ctx, actor, environment, search || null);
    return reply.page(200, customersPage(dashboardChrome(request, reply, '/dashboard/customers'), { environment, customers, search }));
  });
};
