import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVENT_TYPES } from '../domain/event-types.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { getTenantEvent, listTenantEvents } from '../services/events.ts';
import { deliveries } from '../services/webhooks.ts';
import { attempt } from '../web/attempt.ts';
import { NoticeQuery, UuidQuery } from '../web/page-query.ts';
import { can, dashboardChrome, signedIn } from './context.ts';
import { eventPage, eventsPage } from './views/events.ts';

const TYPES = EVENT_TYPES.map((e) => e.webhook_event_type as string);
const PAGE_SIZE = 50;

const EventsQuery = Type.Object({ type: Type.Optional(Type.String({ enum: TYPES })), after: UuidQuery });
/** An `after` no longer in the 30 days (a stale link) shows the page from the start. */
const STALE_CURSOR = { ValidationError: () => ({}) };

const EventQuery = Type.Object({ done: NoticeQuery({ redelivery: '' }) });

/** The events API as pages: the list (filter by type, oldest first, 30 days) and each event with its deliveries. */
export const dashboardEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/events', { schema: { querystring: EventsQuery } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const type = request.query.type ?? '';
    const query = { after: request.query.after ?? null, types: type ? [type] : null, limit: PAGE_SIZE, waitSeconds: 0 };
    const listed = await attempt(() => listTenantEvents(app.ctx, app.eventSignal, tenant, query), STALE_CURSOR);
    const list = listed.ok ? listed.value : { data: [], has_more: false };
    const last = list.data[list.data.length - 1];
    const laterHref = list.has_more && last ? `/dashboard/events?${new URLSearchParams({ ...(type ? { type } : {}), after: last.event_id })}` : null;
    const model = { environment, eventTypes: TYPES, type, events: list.data, laterHref };
    return reply.page(200, eventsPage(dashboardChrome(request, reply, '/dashboard/events'), model));
  });

  app.get('/events/:id', { schema: { params: IdParams, querystring: EventQuery } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const event = await getTenantEvent(app.ctx, tenant, idParam(request.params.id, 'event'));
    const attempts = await deliveries(app.ctx, tenant, { eventId: event.event_id, status: null, before: null, limit: 50 });
    const model = {
      environment,
      event,
      attempts: attempts.deliveries,
      mayRedeliver: can(request, 'developer'),
      csrf: reply.generateCsrf(),
      notice: request.query.done ? 'Redelivery queued: it is sent again now.' : null,
    };
    return reply.page(200, eventPage(dashboardChrome(request, reply, '/dashboard/events'), model));
  });
};
