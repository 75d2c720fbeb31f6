import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { pageMeta, pageRequestOf } from '../../schemas/paging.ts';
import { RequestLogQuery, RequestLogResponse } from '../../schemas/partner-tools.ts';
import { tenantRequestsPage } from '../../services/request-log.ts';
import { tenantOf } from '../auth.ts';

export const requestLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/request_log/',
    {
      schema: {
        tags: ['Request log'],
        operationId: 'listRequestLog',
        summary: 'Your recent API requests, newest first (paged)',
        description:
          'The last 7 days of your requests: method, path (no query string), status, error code, duration, idempotency key. Never bodies, tokens or personal data. One page at a time: `limit` rows (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor`.',
        querystring: RequestLogQuery,
        response: { 200: RequestLogResponse, ...errorResponses(400, 401, 403, 406) },
      },
    },
    async (request) => {
      // Entries of this node still waiting for their batch write are written first.
      await app.requestLog.flush();
      const page = await tenantRequestsPage(app.ctx, tenantOf(request), request.query.status ?? null, pageRequestOf(request.query));
      return { data: page.items, meta: pageMeta(page) };
    },
  );
};
