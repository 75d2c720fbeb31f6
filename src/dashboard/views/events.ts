/** The events as pages: the list (filter by type, newest first, 30 days, 50 a page) and one event with its headers, payload and attempts. */
import type { Page } from '../../domain/cursor.ts';
import type { Environment } from '../../domain/tenant.ts';
import type { getTenantEvent, ListedEventJson } from '../../services/events.ts';
import { countOf, formatDateTime } from '../../web/format.ts';
import { SelectField } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Notices, TableWrap } from '../../web/layout.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';
import { ListPager } from './list-pager.ts';
import { answerWords, type Delivery } from './webhooks.ts';

export type EventSummary = ListedEventJson;
export type EventWithDelivery = Awaited<ReturnType<typeof getTenantEvent>>;

export interface EventsModel {
  environment: Environment;
  eventTypes: string[];
  /** The type filtered on; empty for all. */
  type: string;
  /** One page of the events, newest first. */
  page: Page<EventSummary>;
  /** Why the page asked for is not the one shown (a refused or emptied link). */
  problem: string | null;
}

export const EVENTS_PATH = '/dashboard/events';

/**
 * An event's time; for a customer on a test clock, marked "clock date": its time is the clock's
 * (section 28), which runs ahead of the real times of the events beside it.
 */
export function EventTime({ event }: { event: { created_at: string; on_clock: boolean } }): VNode {
  const time = formatDateTime(new Date(event.created_at));
  return event.on_clock ? html`${time} <span class="tag" data-clock-date="true">clock date</span>` : html`${time}`;
}

export function eventsPage(chrome: DashboardChrome, model: EventsModel): VNode {
  const typeOptions = [{ value: '', label: 'All types' }, ...model.eventTypes.map((t) => ({ value: t, label: t }))];
  const events = model.page.items;
  return dashboardPage(
    chrome,
    'Events',
    html`<h1>Events <${EnvTag} environment=${model.environment} /></h1>
      <p>Every event of the last 30 days, newest first, whether you subscribe to it or not (the events API, <code>GET /events/</code>, gives them oldest first). The time of an event about a customer on a test clock is the clock’s, marked “clock date”.</p>
      <${Notices} problem=${model.problem} />
      <form method="get" action=${EVENTS_PATH} class="filters">
        <${SelectField} name="type" label="Event type" options=${typeOptions} value=${model.type} />
        <div><button type="submit" class="secondary">Filter</button></div>
      </form>
      ${
        events.length === 0
          ? html`<p class="muted" id="no-events">No events.</p>`
          : html`<${TableWrap} label="Events">
              <table class="dense responsive" id="events">
                <thead><tr><th scope="col">Time</th><th scope="col">Type</th><th scope="col">Event id</th></tr></thead>
                <tbody>
                  ${events.map(
                    (e) => html`<tr>
                      <td><${EventTime} event=${e} /></td>
                      <td data-label="Type"><a href=${`/dashboard/events/${e.event_id}`}>${e.webhook_event_type}</a></td>
                      <td data-label="Event id"><code class="small">${e.event_id}</code></td>
                    </tr>`,
                  )}
                </tbody>
              </table>
            </${TableWrap}>`
      }
      <${ListPager} page=${model.page} path=${EVENTS_PATH} filters=${{ type: model.type }} noun=${{ one: 'event', many: 'events' }} />`,
  );
}

export interface EventModel {
  environment: Environment;
  event: EventWithDelivery;
  attempts: Delivery[];
  /** Developers and owners may ask for the event again. */
  mayRedeliver: boolean;
  csrf: string;
  notice: string | null;
}

/** The headers a delivery of the event carries (those set at each attempt, described). */
function headerLines(event: EventWithDelivery): string {
  return [
    'Content-Type: application/json',
    `X-SVC-Event-ID: ${event.event_id}`,
    `X-SVC-Event-Type: ${event.webhook_event_type}`,
    'X-SVC-Timestamp: (the time of each attempt)',
    'X-SVC-Signature: (signed with your signing secret at each attempt)',
  ].join('\n');
}

function AttemptsTable({ attempts }: { attempts: Delivery[] }): VNode {
  if (attempts.length === 0) return html`<p class="muted">No attempts.</p>`;
  return html`<${TableWrap} label="Attempts">
    <table class="dense responsive" id="attempts">
      <thead><tr><th scope="col">Attempt</th><th scope="col">Time</th><th scope="col">URL</th><th scope="col">Status</th><th scope="col">Answer</th></tr></thead>
      <tbody>
        ${attempts.map(
          (d) => html`<tr>
            <td>${d.attempt}</td>
            <td data-label="Time">${formatDateTime(new Date(d.attempted_at))}</td>
            <td data-label="URL">${d.url}</td>
            <td data-label="Status">${d.status}</td>
            <td data-label="Answer">${answerWords(d)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </${TableWrap}>`;
}

export function eventPage(chrome: DashboardChrome, model: EventModel): VNode {
  const { event } = model;
  return dashboardPage(
    chrome,
    `Event ${event.webhook_event_type}`,
    html`<p class="small"><a href="/dashboard/events">All events</a> · <a href="/dashboard/webhooks">Webhooks</a></p>
      <h1>${event.webhook_event_type} <${EnvTag} environment=${model.environment} /></h1>
      <${Notices} notice=${model.notice} />
      <dl class="facts">
        <dt>Event id</dt><dd><code>${event.event_id}</code></dd>
        <dt>Created</dt><dd>${formatDateTime(new Date(event.created_at))}</dd>
        <dt>Delivery</dt><dd id="delivery-status">${event.delivery.status.replaceAll('_', ' ')} (${countOf(event.delivery.attempts, 'attempt')})</dd>
      </dl>
      <h2>Headers</h2>
      <pre class="payload" id="headers">${headerLines(event)}</pre>
      <h2>Payload</h2>
      <pre class="payload" id="payload" tabindex="0">${JSON.stringify({ data: event.data }, null, 2)}</pre>
      <h2>Attempts</h2>
      <${AttemptsTable} attempts=${model.attempts} />
      ${
        model.mayRedeliver
          ? html`<form method="post" action="/dashboard/webhooks/redeliver" class="actions">
              <${CsrfField} token=${model.csrf} />
              <input type="hidden" name="event_id" value=${event.event_id} />
              <input type="hidden" name="back" value="event" />
              <button type="submit" class="secondary">Redeliver</button>
            </form>`
          : null
      }`,
  );
}
