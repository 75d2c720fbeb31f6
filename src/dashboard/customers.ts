import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { tenantCustomersPage } from '../services/dashboard.ts';
import { customerApplicationsPage, customerEventsShown, customerLoansShown, dashboardCustomer } from '../services/dashboard-customer.ts';
import { CursorQuery } from '../web/paging.ts';
import { dashboardChrome, signedIn } from './context.ts';
import { readShownPage } from './list-page.ts';
import { customerPage, CUSTOMER_PAGE_SIZES } from './views/customer.ts';
import { customersPage } from './views/customers.ts';

const CustomersQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), cursor: CursorQuery });

/** The customer page's lists, each paged on its own cursor. */
const CustomerQuery = Type.Object({ applications: CursorQuery, loans: CursorQuery, events: CursorQuery });

/**
 * The partner's customers in the selected environment, newest first, 50 a page, searched by
 * external id or company name; and one customer's page (its applications and offers, fundings and
 * loans, and events), 404 for any customer not the tenant's.
 */
export const dashboardCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/customers', { schema: { querystring: CustomersQuery } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const search = (request.query.q ?? '').trim();
    const shown = await readShownPage(request.query.cursor, (page) => tenantCustomersPage(app.ctx, actor, environment, search || null, page));
    return reply.page(shown.status, customersPage(dashboardChrome(request, reply, '/dashboard/customers'), { environment, search, ...shown }));
  });

  app.get('/customers/:id', { schema: { params: IdParams, querystring: CustomerQuery } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const id = idParam(request.params.id, 'customer');
    const found = await dashboardCustomer(app.ctx, tenant, id);
    const { query } = request;
    const [applications, loans, events] = await Promise.all([
      readShownPage(query.applications, (page) => customerApplicationsPage(app.ctx, tenant, id, found.now, page), CUSTOMER_PAGE_SIZES.applications),
      readShownPage(query.loans, (page) => customerLoansShown(app.ctx, tenant, id, found.today, page), CUSTOMER_PAGE_SIZES.loans),
      readShownPage(query.events, (page) => customerEventsShown(app.ctx, tenant, id, page), CUSTOMER_PAGE_SIZES.events),
    ]);
    const status = [applications, loans, events].some((shown) => shown.status === 400) ? 400 : 200;
    const model = { environment, ...found, applications, loans, events };
    return reply.page(status, customerPage(dashboardChrome(request, reply, '/dashboard/customers'), model));
  });
};
