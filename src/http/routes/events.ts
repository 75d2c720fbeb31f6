import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { EventResponse, EventsQuery, EventsResponse } from '../../schemas/partner-tools.ts';
import { getTenantEvent, listTenantEvents, parseTypes } from '../../services/events.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';

const tags = ['Events'];

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/events/',
    {
      schema: {
        tags,
        operationId: 'listEvents',
        summary: 'List events (cursor, type filter, long poll)',
        description:
          'Every event emitted for you in the last 30 days, subscribed or not, oldest first, strictly after the event `after`. ' +
          "With `wait`, an empty answer waits up to that many seconds for the next event. Each item's `data` is exactly the webhook body's `data`.",
        querystring: EventsQuery,
        response: { 200: EventsResponse, ...errorResponses(400, 401, 403, 406) },
      },
    },
    async (request) => {
      const q = request.query;
      return listTenantEvents(app.ctx, app.eventSignal, tenantOf(request), {
        after: q.after?.toLowerCase() ?? null,
        types: parseTypes(q.types),
        limit: q.limit ? Number(q.limit) : 20,
        waitSeconds: q.wait ? Number(q.wait) : 0,
      });
    },
  );
  app.get(
    '/events/:event_id/',
    {
      schema: {
        tags,
        operationId: 'getEvent',
        summary: 'One event with its delivery status',
        description: 'The event and where its webhook delivery stands: delivered, pending, failing (attempts failed so far) or not_subscribed.',
        params: Type.Object({ event_id: Type.String() }),
        response: { 200: EventResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => ({ data: await getTenantEvent(app.ctx, tenantOf(request), idParam(request.params.event_id, 'event')) }),
  );
};
