/** The webhook page: URL and token, subscriptions, the signing secret, test events, and the delivery log. */
import type { Page } from '../../domain/cursor.ts';
import type { Environment } from '../../domain/tenant.ts';
import type { deliveryView, getConfiguration, listSubscriptions } from '../../services/webhooks.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Notices, TableWrap } from '../../web/layout.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';
import { ListPager } from './list-pager.ts';

export type Delivery = ReturnType<typeof deliveryView>;
export type WebhookConfiguration = Awaited<ReturnType<typeof getConfiguration>>;
export type Subscription = Awaited<ReturnType<typeof listSubscriptions>>[number];

export const WEBHOOKS_PATH = '/dashboard/webhooks';

export interface WebhooksModel {
  environment: Environment;
  /** Developers and owners change the settings; viewers read them. */
  developer: boolean;
  configuration: WebhookConfiguration;
  subscriptions: Subscription[];
  /** One page of the delivery log, newest attempt first. */
  deliveries: Page<Delivery>;
  /** Why the page of the delivery log asked for is not the one shown (a refused or emptied link). */
  deliveriesProblem: string | null;
  eventTypes: string[];
  csrf: string;
  notice: string | null;
  problem: string | null;
  /** The signing secret, in the answer to "Reveal" or "Rotate" only. */
  secret: { value: string; rotated: boolean } | null;
  errors: FieldErrors;
  /** The URL typed, when the form is refused. */
  url: string | null;
  failedOnly: boolean;
}

/** A delivery attempt's answer: the status code, the time it took, and the error, if any. */
export function answerWords(d: Delivery): string {
  return `${d.response_status ?? '—'} in ${d.duration_ms} ms${d.error ? `: ${d.error}` : ''}`;
}

/** A one-button form posting to /dashboard/webhooks/{path}. */
function PostButton(props: { path: string; label: string; csrf: string; kind?: string; hidden?: Record<string, string>; describedBy?: string }): VNode {
  return html`<form method="post" action=${`/dashboard/webhooks/${props.path}`} class="inline">
    <${CsrfField} token=${props.csrf} />
    ${Object.entries(props.hidden ?? {}).map(([k, v]) => html`<input type="hidden" name=${k} value=${v} />`)}
    <button type="submit" class=${props.kind ?? 'secondary'} aria-describedby=${props.describedBy}>${props.label}</button>
  </form>`;
}

function EndpointSection({ model }: { model: WebhooksModel }): VNode {
  const { configuration: config, errors } = model;
  return html`<section class="card" aria-labelledby="h-endpoint">
    <h2 id="h-endpoint">Endpoint</h2>
    ${
      model.developer
        ? html`<form method="post" action="/dashboard/webhooks/configuration" class="stack" novalidate>
            <${ErrorSummary} errors=${errors} />
            <${CsrfField} token=${model.csrf} />
            <${Field} name="url" label="Webhook URL" type="text" inputmode="url" value=${model.url ?? config.url ?? ''} error=${errors.url}
              hint=${model.environment === 'production' ? 'https only.' : 'Where we POST each event.'} />
            <${Field} name="token" label="Authorization token" type="password" autocomplete="off" error=${errors.token}
              hint=${`Sent as "Authorization: Bearer …" with each delivery. ${config.has_token ? 'One is set (never shown): leave empty to keep it.' : 'None is set.'}`} />
            ${config.has_token ? html`<div class="field"><label><input type="checkbox" name="remove_token" value="1" /> Remove the authorization token</label></div>` : null}
            <div><button type="submit">Save webhook</button></div>
          </form>`
        : html`<dl class="facts"><dt>Webhook URL</dt><dd>${config.url ?? 'No webhook URL set'}</dd><dt>Authorization token</dt><dd>${config.has_token ? 'set (not shown)' : 'none'}</dd></dl>`
    }
  </section>`;
}

function SubscriptionsSection({ model }: { model: WebhooksModel }): VNode {
  return html`<section class="card" aria-labelledby="h-subscriptions">
    <h2 id="h-subscriptions">Subscriptions</h2>
    <form method="post" action="/dashboard/webhooks/subscriptions" class="stack">
      <${CsrfField} token=${model.csrf} />
      <fieldset>
        <legend>Events</legend>
        ${model.subscriptions.map(
          (s) =>
            html`<div><label><input type="checkbox" name="types" value=${s.webhook_event_type} checked=${s.subscribed} disabled=${!model.developer} /> ${s.webhook_event_type}</label></div>`,
        )}
      </fieldset>
      ${model.developer ? html`<div><button type="submit" class="secondary">Save subscriptions</button></div>` : null}
    </form>
  </section>`;
}

function SecretSection({ model }: { model: WebhooksModel }): VNode {
  const { secret, csrf } = model;
  return html`<section class="card" aria-labelledby="h-secret">
    <h2 id="h-secret">Signing secret</h2>
    <p>Each delivery is signed with it (the <code>X-SVC-Signature</code> header); check the signature before trusting a delivery.</p>
    ${
      secret
        ? html`<div class="notice good" role="status">
            <p>${secret.rotated ? 'New signing secret (the old one no longer signs):' : 'Signing secret:'}</p>
            <label for="signing-secret" class="visually-hidden">Signing secret</label>
            <input id="signing-secret" class="secret" type="text" readonly value=${secret.value} />
          </div>`
        : null
    }
    ${
      model.developer
        ? html`<div class="actions"><${PostButton} path="reveal-secret" label="Reveal signing secret" csrf=${csrf} /> <${PostButton} path="rotate-secret" label="Rotate signing secret" kind="danger" csrf=${csrf} /></div>`
        : html`<p class="muted">Developers and owners can see it.</p>`
    }
  </section>`;
}

function TestEventForm({ model }: { model: WebhooksModel }): VNode | null {
  if (!model.developer || model.environment !== 'sandbox') return null;
  return html`<form method="post" action="/dashboard/webhooks/test" class="stack card">
    <h2>Send test event</h2>
    <${CsrfField} token=${model.csrf} />
    <${SelectField} name="webhook_event_type" label="Event type" options=${model.eventTypes.map((t) => ({ value: t, label: t }))} value="application_status_changed" />
    <div><button type="submit" class="secondary">Send test event</button></div>
  </form>`;
}

/** A delivery's row; "Redeliver" is described by the row's event cell. */
function DeliveryLine({ delivery: d, model }: { delivery: Delivery; model: WebhooksModel }): VNode {
  const eventCell = `delivery-${d.delivery_id}`;
  return html`<tr>
    <td>${formatDateTime(new Date(d.attempted_at))}</td>
    <td data-label="Event" id=${eventCell}><a href=${`/dashboard/events/${d.event_id}`}>${d.webhook_event_type} <code class="small">${d.event_id.slice(0, 8)}</code></a></td>
    <td data-label="Attempt">${d.attempt}</td>
    <td data-label="Status">${d.status}</td>
    <td data-label="Answer">${answerWords(d)}</td>
    <td data-label="Action">${
      model.developer
        ? html`<${PostButton} path="redeliver" label="Redeliver" csrf=${model.csrf} hidden=${{ event_id: d.event_id }} describedBy=${eventCell} />`
        : ''
    }</td>
  </tr>`;
}

function DeliveryLog({ model }: { model: WebhooksModel }): VNode {
  const deliveries = model.deliveries.items;
  return html`<section class="card" aria-labelledby="h-deliveries">
    <h2 id="h-deliveries">Delivery log</h2>
    <${Notices} problem=${model.deliveriesProblem} />
    <form method="get" action=${WEBHOOKS_PATH} class="filters">
      <div class="field"><label><input type="checkbox" name="failed" value="1" checked=${model.failedOnly} /> Failed only</label></div>
      <div><button type="submit" class="secondary">Filter</button></div>
    </form>
    ${
      deliveries.length === 0
        ? html`<p class="muted" id="no-deliveries">${
            model.configuration.url === null && !model.failedOnly
              ? 'No webhook URL set: nothing is sent until one is.'
              : `No deliveries${model.failedOnly ? ' failed' : ''} yet.`
          }</p>`
        : html`<${TableWrap} label="Deliveries">
            <table class="dense responsive" id="deliveries">
              <thead><tr><th scope="col">Time</th><th scope="col">Event</th><th scope="col">Attempt</th><th scope="col">Status</th><th scope="col">Answer</th><th scope="col">Action</th></tr></thead>
              <tbody>
                ${deliveries.map((d) => html`<${DeliveryLine} delivery=${d} model=${model} />`)}
              </tbody>
            </table>
          </${TableWrap}>`
    }
    <${ListPager}
      page=${model.deliveries}
      path=${WEBHOOKS_PATH}
      filters=${{ failed: model.failedOnly ? '1' : null }}
      noun=${{ one: 'delivery', many: 'deliveries' }}
    />
  </section>`;
}

export function webhooksPage(chrome: DashboardChrome, model: WebhooksModel): VNode {
  return dashboardPage(
    chrome,
    'Webhooks',
    html`<h1>Webhooks <${EnvTag} environment=${model.environment} /></h1>
      <${Notices} notice=${model.notice} problem=${model.problem} />
      <${EndpointSection} model=${model} />
      <${SubscriptionsSection} model=${model} />
      <${SecretSection} model=${model} />
      <${TestEventForm} model=${model} />
      <${DeliveryLog} model=${model} />`,
  );
}
