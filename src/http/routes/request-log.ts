import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { RequestLogQuery, RequestLogResponse } from '../../schemas/partner-tools.ts';
import { listTenantRequests } from '../../services/request-log.ts';
import { tenantOf } from '../auth.ts';

export const requestLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/request_log/',
    {
      schema: {
        tags: ['Request log'],
        operationId: 'listRequestLog',
        summary: 'Your recent API requests, newest first',
        description:
          'The last 7 days of your requests: method, path (no query string), status, error code, duration, idempotency key. Never bodies, tokens or personal data.',
        querystring: RequestLogQuery,
        response: { 200: RequestLogResponse, ...errorResponses(400, 401, 403, 406) },
      },
    },
    async (request) => {
      // Entries of this node still waiting for their batch write are written first.
      await app.requestLog.flush();
      const q = request.query;
      return { data: await listTenantRequests(app.ctx, tenantOf(request), { limit: q.limit ? Number(q.limit) : 20, status: q.status ?? null }) };
    },
  );
};
