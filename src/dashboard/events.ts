import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVENT_TYPES } from '../domain/event-types.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { getTenantEvent, tenantEventsPage } from '../services/events.ts';
import { deliveriesPage } from '../services/webhooks.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { CursorQuery } from '../web/paging.ts';
import { can, dashboardChrome, signedIn } from './context.ts';
import { readShownPage } from './list-page.ts';
import { eventPage, eventsPage } from './views/events.ts';

const TYPES = EVENT_TYPES.map((e) => e.webhook_event_type as string);
/** The most attempts an event's page lists (the newest). */
const ATTEMPTS_SHOWN = 50;

const EventsQuery = Type.Object({ type: Type.Optional(Type.String({ enum: TYPES })), cursor: CursorQuery });

const EventQuery = Type.Object({ done: NoticeQuery({ redelivery: '' }) });

/** The events as pages: the list (filter by type, newest first, 30 days, 50 a page) and each event with its deliveries. */
export const dashboardEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/events', { schema: { querystring: EventsQuery } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const type = request.query.type ?? '';
    const shown = await readShownPage(request.query.cursor, (page) => tenantEventsPage(app.ctx, tenant, type || null, page));
    const model = { environment, eventTypes: TYPES, type, ...shown };
    return reply.page(shown.status, eventsPage(dashboardChrome(request, reply, '/dashboard/events'), model));
  });

  app.get('/events/:id', { schema: { params: IdParams, querystring: EventQuery } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const event = await getTenantEvent(app.ctx, tenant, idParam(request.params.id, 'event'));
    const attempts = await deliveriesPage(app.ctx, tenant, { eventId: event.event_id, status: null }, { limit: ATTEMPTS_SHOWN, cursor: null });
    const model = {
      environment,
      event,
      attempts: attempts.items,
      mayRedeliver: can(request, 'developer'),
      csrf: reply.generateCsrf(),
      notice: request.query.done ? 'Redelivery queued: it is sent again now.' : null,
    };
    return reply.page(200, eventPage(dashboardChrome(request, reply, '/dashboard/events'), model));
  });
};
