import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTenantRequests } from '../services/request-log.ts';
import { dashboardChrome, signedIn } from './context.ts';
import { requestLogPage } from './views/logs.ts';

const LogsQuery = Type.Object({ failed: Type.Optional(Type.String({ maxLength: 5 })) });

/** The request log as a page: the latest 100 requests of the tenant, or the failed ones. */
export const dashboardLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/logs', { schema: { querystring: LogsQuery } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const failedOnly = Boolean(request.query.failed);
    const requests = await listTenantRequests(app.ctx, tenant, { limit: 100, status: failedOnly ? 'failed' : null });
    return reply.page(200, requestLogPage(dashboardChrome(request, reply, '/dashboard/logs'), { environment, requests, failedOnly }));
  });
};
