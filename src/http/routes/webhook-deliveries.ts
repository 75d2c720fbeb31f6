import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../../domain/ids.ts';
import { errorResponses } from '../../schemas/common.ts';
import { pageMeta, pageRequestOf } from '../../schemas/paging.ts';
import { DeliveriesQuery, DeliveriesResponse, QueuedResponse, TestEventBody } from '../../schemas/webhooks.ts';
import * as webhooks from '../../services/webhooks.ts';
import { tenantOf } from '../auth.ts';

const tags = ['Webhooks'];

/** The delivery log, redelivery and the sandbox's test event (docs/behaviour.md, section 13). */
export const webhookDeliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhooks/deliveries/',
    {
      schema: {
        tags,
        operationId: 'listDeliveries',
        summary: 'The delivery log: every attempt, newest first (paged)',
        querystring: DeliveriesQuery,
        response: { 200: DeliveriesResponse, ...errorResponses(400, 401, 403, 406) },
      },
    },
    async (request) => {
      const q = request.query;
      const filter = { eventId: q.event_id?.toLowerCase() ?? null, status: q.status ?? null };
      const page = await webhooks.deliveriesPage(app.ctx, tenantOf(request), filter, pageRequestOf(q));
      // data.next_cursor: the same cursor, where clients of earlier versions read it.
      return { data: { deliveries: page.items, next_cursor: page.nextCursor }, meta: pageMeta(page) };
    },
  );
  app.post(
    '/webhooks/events/:event_id/redeliver/',
    {
      schema: {
        tags,
        operationId: 'redeliverEvent',
        summary: 'Send an event again now',
        params: Type.Object({ event_id: Type.String() }),
        response: { 202: QueuedResponse, ...errorResponses(400, 401, 403, 404, 406) },
      },
    },
    async (request, reply) => {
      const result = await webhooks.redeliver(app.ctx, tenantOf(request), idParam(request.params.event_id, 'event'));
      return reply.code(202).send({ data: { event_id: result.event_id, status: 'queued' as const } });
    },
  );
  app.post(
    '/sandbox/webhooks/test',
    {
      config: { sandboxOnly: true },
      schema: {
        tags: ['Sandbox'],
        operationId: 'sandboxTestEvent',
        summary: 'Send a sample event of any type (sandbox only)',
        body: TestEventBody,
        response: { 202: QueuedResponse, ...errorResponses(400, 401, 403, 406, 415) },
      },
    },
    async (request, reply) => {
      const result = await webhooks.sendTestEvent(app.ctx, tenantOf(request), request.body.data.webhook_event_type);
      return reply.code(202).send({ data: { event_id: result.event_id, webhook_event_type: result.webhook_event_type, status: 'queued' as const } });
    },
  );
};
