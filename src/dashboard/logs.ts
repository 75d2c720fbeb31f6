import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenantRequestsPage } from '../services/request-log.ts';
import { CursorQuery } from '../web/paging.ts';
import { dashboardChrome, signedIn } from './context.ts';
import { readShownPage } from './list-page.ts';
import { requestLogPage } from './views/logs.ts';

const LogsQuery = Type.Object({ failed: Type.Optional(Type.String({ maxLength: 5 })), cursor: CursorQuery });

/** The request log as a page: the tenant's requests of the last 7 days (or the failed ones), newest first, 50 a page. */
export const dashboardLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/logs', { schema: { querystring: LogsQuery } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const failedOnly = Boolean(request.query.failed);
    const shown = await readShownPage(request.query.cursor, (page) => tenantRequestsPage(app.ctx, tenant, failedOnly ? 'failed' : null, page));
    return reply.page(shown.status, requestLogPage(dashboardChrome(request, reply, '/dashboard/logs'), { environment, failedOnly, ...shown }));
  });
};
