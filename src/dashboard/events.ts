import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '../domain/errors.ts';
import { EVENT_TYPES } from '../domain/event-types.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { getTenantEvent, listTenantEvents } from '../services/events.ts';
import { deliveries } from '../services/webhooks.ts';
import { formatDateTime } from '../web/format.ts';
import { SelectField } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField, Notices, TableWrap } from '../web/layout.ts';
import { NoticeQuery, UuidQuery } from '../web/page-query.ts';
import { canDo, dashboardPage, EnvTag, signedIn } from './context.ts';

const TYPES = EVENT_TYPES.map((e) => e.webhook_event_type as string);
const PAGE_SIZE = 50;

/** The events API as pages: the list (filter by type, oldest first, 30 days) and each event with its deliveries. */
export const dashboardEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/events',
    { schema: { querystring: Type.Object({ type: Type.Optional(Type.String({ enum: TYPES })), after: UuidQuery }) } },
    async (request, reply) => {
      const { tenant, environment } = signedIn(request);
      const type = request.query.type ?? '';
      const list = await listTenantEvents(app.ctx, app.eventSignal, tenant, {
        after: request.query.after ?? null,
        types: type ? [type] : null,
        limit: PAGE_SIZE,
        waitSeconds: 0,
      }).catch((error: unknown) => {
        // An `after` no longer in the 30 days (a stale link) shows the page from the start.
        if (error instanceof DomainError && error.code === 'ValidationError') return { data: [], has_more: false };
        throw error;
      });
      const last = list.data[list.data.length - 1];
      return reply.page(
        200,
        dashboardPage(
          request,
          reply,
          '/dashboard/events',
          'Events',
          html`<h1>Events <${EnvTag} environment=${environment} /></h1>
            <p>Every event of the last 30 days, oldest first, as <code>GET /events/</code> gives them, whether you subscribe to it or not.</p>
            <form method="get" action="/dashboard/events" class="filters">
              <${SelectField} name="type" label="Event type" options=${[{ value: '', label: 'All types' }, ...TYPES.map((t) => ({ value: t, label: t }))]} value=${type} />
              <div><button type="submit" class="secondary">Filter</button></div>
            </form>
            ${
              list.data.length === 0
                ? html`<p class="muted" id="no-events">No events.</p>`
                : html`<${TableWrap} label="Events">
                    <table class="dense responsive" id="events">
                      <thead><tr><th scope="col">Time</th><th scope="col">Type</th><th scope="col">Event id</th></tr></thead>
                      <tbody>
                        ${list.data.map(
                          (e) => html`<tr>
                            <td>${formatDateTime(new Date(e.created_at))}</td>
                            <td data-label="Type"><a href=${`/dashboard/events/${e.event_id}`}>${e.webhook_event_type}</a></td>
                            <td data-label="Event id"><code class="small">${e.event_id}</code></td>
                          </tr>`,
                        )}
                      </tbody>
                    </table>
                  </${TableWrap}>`
            }
            ${list.has_more && last ? html`<p><a href=${`/dashboard/events?${new URLSearchParams({ ...(type ? { type } : {}), after: last.event_id })}`}>Later events</a></p>` : null}`,
        ),
      );
    },
  );

  app.get('/events/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery({ redelivery: '' }) }) } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const event = await getTenantEvent(app.ctx, tenant, idParam(request.params.id, 'event'));
    const attempts = await deliveries(app.ctx, tenant, { eventId: event.event_id, status: null, before: null, limit: 50 });
    const body = JSON.stringify({ data: event.data }, null, 2);
    return reply.page(
      200,
      dashboardPage(
        request,
        reply,
        '/dashboard/events',
        `Event ${event.webhook_event_type}`,
        html`<p class="small"><a href="/dashboard/events">All events</a> · <a href="/dashboard/webhooks">Webhooks</a></p>
          <h1>${event.webhook_event_type} <${EnvTag} environment=${environment} /></h1>
          <${Notices} notice=${request.query.done ? 'Redelivery queued: it is sent again now.' : null} />
          <dl class="facts">
            <dt>Event id</dt><dd><code>${event.event_id}</code></dd>
            <dt>Created</dt><dd>${formatDateTime(new Date(event.created_at))}</dd>
            <dt>Delivery</dt><dd id="delivery-status">${event.delivery.status.replaceAll('_', ' ')} (${event.delivery.attempts} attempts)</dd>
          </dl>
          <h2>Headers</h2>
          <pre class="payload" id="headers">${[
            'Content-Type: application/json',
            `X-SVC-Event-ID: ${event.event_id}`,
            `X-SVC-Event-Type: ${event.webhook_event_type}`,
            'X-SVC-Timestamp: (the time of each attempt)',
            'X-SVC-Signature: (signed with your signing secret at each attempt)',
          ].join('\n')}</pre>
          <h2>Payload</h2>
          <pre class="payload" id="payload" tabindex="0">${body}</pre>
          <h2>Attempts</h2>
          ${
            attempts.deliveries.length === 0
              ? html`<p class="muted">No attempts.</p>`
              : html`<${TableWrap} label="Attempts">
                  <table class="dense responsive" id="attempts">
                    <thead><tr><th scope="col">Attempt</th><th scope="col">Time</th><th scope="col">URL</th><th scope="col">Status</th><th scope="col">Answer</th></tr></thead>
                    <tbody>
                      ${attempts.deliveries.map(
                        (d) => html`<tr>
                          <td>${d.attempt}</td>
                          <td data-label="Time">${formatDateTime(new Date(d.attempted_at))}</td>
                          <td data-label="URL">${d.url}</td>
                          <td data-label="Status">${d.status}</td>
                          <td data-label="Answer">${d.response_status ?? '—'} in ${d.duration_ms} ms${d.error ? `: ${d.error}` : ''}</td>
                        </tr>`,
                      )}
                    </tbody>
                  </table>
                </${TableWrap}>`
          }
          ${
            canDo(request, 'developer')
              ? html`<form method="post" action="/dashboard/webhooks/redeliver" class="actions">
                  <${CsrfField} token=${reply.generateCsrf()} />
                  <input type="hidden" name="event_id" value=${event.event_id} />
                  <input type="hidden" name="back" value="event" />
                  <button type="submit" class="secondary">Redeliver</button>
                </form>`
              : null
          }`,
      ),
    );
  });
};
