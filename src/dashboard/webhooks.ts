import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '../domain/errors.ts';
import { EVENT_TYPES } from '../domain/event-types.ts';
import { idParam } from '../domain/ids.ts';
import {
  dashboardRedeliver,
  dashboardRevealSecret,
  dashboardRotateSecret,
  dashboardSaveWebhook,
  dashboardSetSubscriptions,
  dashboardTestEvent,
} from '../services/dashboard.ts';
import { deliveries, getConfiguration, listSubscriptions } from '../services/webhooks.ts';
import { formatDateTime } from '../web/format.ts';
import { ErrorSummary, Field, fieldErrorsFrom, formValues, SelectField, type FieldErrors } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField, Notices, TableWrap } from '../web/layout.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { canDo, dashboardPage, EnvTag, signedIn } from './context.ts';

const DONE = {
  saved: 'Webhook saved.',
  subscriptions: 'Subscriptions saved.',
  test: 'Test event sent: it is in the events list, and on its way to your URL if you set one.',
  redelivery: 'Redelivery queued: it is sent again now.',
};

const ALL_TYPES = EVENT_TYPES.map((e) => e.webhook_event_type as string);
const TYPE_OPTIONS = ALL_TYPES.map((t) => ({ value: t, label: t }));

/** Webhook URL and token, subscriptions, the signing secret, test events, the delivery log. */
export const dashboardWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const policy = (environment: 'sandbox' | 'production') => ({
    production: app.config.production || environment === 'production',
    allowPrivate: app.config.allowPrivateWebhookUrls,
  });

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: {
      notice?: string | null;
      problem?: string | null;
      secret?: string;
      rotated?: boolean;
      errors?: FieldErrors;
      url?: string;
      failedOnly?: boolean;
    } = {},
  ) => {
    const { tenant, environment } = signedIn(request);
    const developer = canDo(request, 'developer');
    const [config, subscriptions, log] = await Promise.all([
      getConfiguration(app.ctx, tenant),
      listSubscriptions(app.ctx, tenant),
      deliveries(app.ctx, tenant, { eventId: null, status: extra.failedOnly ? 'failed' : null, before: null, limit: 50 }),
    ]);
    const csrf = reply.generateCsrf();
    const errors = extra.errors ?? {};
    const post = (path: string, label: string, kind = 'secondary', hidden: Record<string, string> = {}, describedBy?: string) =>
      html`<form method="post" action=${`/dashboard/webhooks/${path}`} class="inline">
        <${CsrfField} token=${csrf} />
        ${Object.entries(hidden).map(([k, v]) => html`<input type="hidden" name=${k} value=${v} />`)}
        <button type="submit" class=${kind} aria-describedby=${describedBy}>${label}</button>
      </form>`;
    return reply.page(
      status,
      dashboardPage(
        request,
        reply,
        '/dashboard/webhooks',
        'Webhooks',
        html`<h1>Webhooks <${EnvTag} environment=${environment} /></h1>
          <${Notices} notice=${extra.notice ?? null} problem=${extra.problem ?? null} />
          <section class="card" aria-labelledby="h-endpoint">
            <h2 id="h-endpoint">Endpoint</h2>
            ${
              developer
                ? html`<form method="post" action="/dashboard/webhooks/configuration" class="stack" novalidate>
                    <${ErrorSummary} errors=${errors} />
                    <${CsrfField} token=${csrf} />
                    <${Field} name="url" label="Webhook URL" type="text" inputmode="url" value=${extra.url ?? config.url ?? ''} error=${errors.url}
                      hint=${environment === 'production' ? 'https only.' : 'Where we POST each event.'} />
                    <${Field} name="token" label="Authorization token" type="password" autocomplete="off" error=${errors.token}
                      hint=${`Sent as "Authorization: Bearer …" with each delivery. ${config.has_token ? 'One is set (never shown): leave empty to keep it.' : 'None is set.'}`} />
                    ${config.has_token ? html`<div class="field"><label><input type="checkbox" name="remove_token" value="1" /> Remove the authorization token</label></div>` : null}
                    <div><button type="submit">Save webhook</button></div>
                  </form>`
                : html`<dl class="facts"><dt>Webhook URL</dt><dd>${config.url ?? 'not set'}</dd><dt>Authorization token</dt><dd>${config.has_token ? 'set (not shown)' : 'none'}</dd></dl>`
            }
          </section>
          <section class="card" aria-labelledby="h-subscriptions">
            <h2 id="h-subscriptions">Subscriptions</h2>
            <form method="post" action="/dashboard/webhooks/subscriptions" class="stack">
              <${CsrfField} token=${csrf} />
              <fieldset>
                <legend>Events</legend>
                ${subscriptions.map(
                  (s) =>
                    html`<div><label><input type="checkbox" name="types" value=${s.webhook_event_type} checked=${s.subscribed} disabled=${!developer} /> ${s.webhook_event_type}</label></div>`,
                )}
              </fieldset>
              ${developer ? html`<div><button type="submit" class="secondary">Save subscriptions</button></div>` : null}
            </form>
          </section>
          <section class="card" aria-labelledby="h-secret">
            <h2 id="h-secret">Signing secret</h2>
            <p>Each delivery is signed with it (the <code>X-SVC-Signature</code> header); check the signature before trusting a delivery.</p>
            ${
              extra.secret
                ? html`<div class="notice good" role="status">
                    <p>${extra.rotated ? 'New signing secret (the old one no longer signs):' : 'Signing secret:'}</p>
                    <label for="signing-secret" class="visually-hidden">Signing secret</label>
                    <input id="signing-secret" class="secret" type="text" readonly value=${extra.secret} />
                  </div>`
                : null
            }
            ${developer ? html`<div class="actions">${post('reveal-secret', 'Reveal signing secret')} ${post('rotate-secret', 'Rotate signing secret', 'danger')}</div>` : html`<p class="muted">Developers and owners can see it.</p>`}
          </section>
          ${
            developer && environment === 'sandbox'
              ? html`<form method="post" action="/dashboard/webhooks/test" class="stack card">
                  <h2>Send test event</h2>
                  <${CsrfField} token=${csrf} />
                  <${SelectField} name="webhook_event_type" label="Event type" options=${TYPE_OPTIONS} value="application_status_changed" />
                  <div><button type="submit" class="secondary">Send test event</button></div>
                </form>`
              : null
          }
          <section class="card" aria-labelledby="h-deliveries">
            <h2 id="h-deliveries">Delivery log</h2>
            <form method="get" action="/dashboard/webhooks" class="filters">
              <div class="field"><label><input type="checkbox" name="failed" value="1" checked=${extra.failedOnly} /> Failed only</label></div>
              <div><button type="submit" class="secondary">Filter</button></div>
            </form>
            ${
              log.deliveries.length === 0
                ? html`<p class="muted" id="no-deliveries">No deliveries${extra.failedOnly ? ' failed' : ''} yet.</p>`
                : html`<${TableWrap} label="Deliveries">
                    <table class="dense responsive" id="deliveries">
                      <thead><tr><th scope="col">Time</th><th scope="col">Event</th><th scope="col">Attempt</th><th scope="col">Status</th><th scope="col">Answer</th><th scope="col">Action</th></tr></thead>
                      <tbody>
                        ${log.deliveries.map(
                          (d) => html`<tr>
                            <td>${formatDateTime(new Date(d.attempted_at))}</td>
                            <td data-label="Event" id=${`delivery-${d.delivery_id}`}><a href=${`/dashboard/events/${d.event_id}`}>${d.webhook_event_type} <code class="small">${d.event_id.slice(0, 8)}</code></a></td>
                            <td data-label="Attempt">${d.attempt}</td>
                            <td data-label="Status">${d.status}</td>
                            <td data-label="Answer">${d.response_status ?? '—'} in ${d.duration_ms} ms${d.error ? `: ${d.error}` : ''}</td>
                            <td data-label="Action">${developer ? post('redeliver', 'Redeliver', 'secondary', { event_id: d.event_id }, `delivery-${d.delivery_id}`) : ''}</td>
                          </tr>`,
                        )}
                      </tbody>
                    </table>
                  </${TableWrap}>`
            }
          </section>`,
      ),
    );
  };

  app.get(
    '/webhooks',
    { schema: { querystring: Type.Object({ done: NoticeQuery(DONE), failed: Type.Optional(Type.String({ maxLength: 5 })) }) } },
    async (request, reply) =>
      page(request, reply, 200, { notice: request.query.done ? DONE[request.query.done] : null, failedOnly: Boolean(request.query.failed) }),
  );

  const developer = { config: { dashboardRole: 'developer' as const } };

  app.post('/webhooks/configuration', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const form = formValues(request.body);
    const token = (form.token ?? '').trim();
    try {
      await dashboardSaveWebhook(
        app.ctx,
        actor,
        environment,
        { url: (form.url ?? '').trim(), token: token || null, removeToken: form.remove_token === '1' },
        policy(environment),
      );
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
      return page(request, reply, 400, { errors: fieldErrorsFrom(error.problems, { '/data/url': 'url', '/data/token': 'token' }, 'url'), url: form.url ?? '' });
    }
    return reply.redirect('/dashboard/webhooks?done=saved', 303);
  });

  app.post('/webhooks/subscriptions', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const raw = (request.body as Record<string, unknown> | undefined)?.types;
    const types = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((t): t is string => typeof t === 'string');
    try {
      await dashboardSetSubscriptions(app.ctx, actor, environment, [...new Set(types)], ALL_TYPES);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
      return page(request, reply, 400, { problem: 'Choose event types from the list.' });
    }
    return reply.redirect('/dashboard/webhooks?done=subscriptions', 303);
  });

  // The secret is in the answer to these POSTs only.
  app.post('/webhooks/reveal-secret', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    return page(request, reply, 200, { secret: await dashboardRevealSecret(app.ctx, actor, environment) });
  });

  app.post('/webhooks/rotate-secret', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    return page(request, reply, 200, { secret: await dashboardRotateSecret(app.ctx, actor, environment), rotated: true });
  });

  app.post('/webhooks/test', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    try {
      await dashboardTestEvent(app.ctx, actor, environment, formValues(request.body).webhook_event_type ?? '');
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
      return page(request, reply, 400, { problem: 'Choose an event type from the list.' });
    }
    return reply.redirect('/dashboard/webhooks?done=test', 303);
  });

  app.post('/webhooks/redeliver', developer, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const form = formValues(request.body);
    const eventId = idParam(form.event_id ?? '', 'event');
    try {
      await dashboardRedeliver(app.ctx, actor, environment, eventId);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
      return page(request, reply, 400, { problem: `Not sent: ${error.detail}.` });
    }
    const back = form.back === 'event' ? `/dashboard/events/${eventId}?done=redelivery` : '/dashboard/webhooks?done=redelivery';
    return reply.redirect(back, 303);
  });
};
