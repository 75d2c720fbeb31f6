import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../domain/errors.ts';
import { ENVIRONMENTS, type Environment, type Scope } from '../domain/tenant.ts';
import { idParam, isUuid } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import {
  boCreateIntroducer,
  boCreatePartner,
  boCreateToken,
  boRedeliver,
  boRevokeToken,
  boSaveWebhookSettings,
  boSetSuspended,
} from '../services/back-office.ts';
import { getPartner, isPartnerToken, listTenantIntroducers, listTokens } from '../services/partners.ts';
import { listPartnerNames } from '../services/review.ts';
import { deliveries, getConfiguration, listSubscriptions } from '../services/webhooks.ts';
import { formatDateTime } from '../web/format.ts';
import { attempt, notDone, refusing } from '../web/attempt.ts';
import { ErrorSummary, Field, formValues, readText, SelectField, type FieldErrors } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField, TableWrap } from '../web/layout.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { can, consoleChrome, consolePage, Notices, signedIn } from './context.ts';
import { readWebhookForm, webhookFieldNames, WebhookSettingsForm, type WebhookFormValues } from './webhook-settings.ts';
import { consoleDecideProductionAccess, consoleInvite, partnerDashboardSection, type InviteOutcome } from './partner-dashboard.ts';

const DONE = {
  revoked: 'Token revoked: it no longer works.',
  suspended: 'Partner suspended: its tokens are refused until it is reinstated.',
  reinstated: 'Partner reinstated.',
  introducer: 'Introducer added.',
  redelivery: 'Redelivery queued.',
  webhook: 'Webhook settings saved.',
  approved: 'Production access approved: the partner can now create production tokens.',
  declined: 'Production access declined.',
};

/** A refused action on the partner's page: its reason above the page. */
const REFUSALS = refusing(['ValidationError'], notDone);

const ENV_OPTIONS = ENVIRONMENTS.map((e) => ({ value: e, label: e }));
const SCOPE_OPTIONS = [
  { value: 'read,write', label: 'read and write' },
  { value: 'read', label: 'read only' },
];

/** Partners, their tokens (shown once), suspension, introducers, webhooks and deliveries. */
export const consolePartnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { config: { role: 'admin' as const } };
  const partnerAdmin = { schema: { params: IdParams }, ...admin };

  const listPage = async (request: FastifyRequest, reply: FastifyReply, status: number, errors: FieldErrors, name: string) => {
    signedIn(request);
    const partners = await listPartnerNames(app.ctx);
    return reply.page(
      status,
      consolePage(
        consoleChrome(request, reply, '/console/partners'),
        'Partners',
        html`<h1>Partners</h1>
          <${TableWrap} label="Partners">
            <table class="dense responsive" id="partners">
              <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Since</th><th scope="col">Id</th></tr></thead>
              <tbody>
                ${partners.map(
                  (p) =>
                    html`<tr><td><a href=${`/console/partners/${p.id}`}>${p.name}</a></td><td data-label="Status">${p.status}</td><td data-label="Since">${formatDateTime(p.created_at)}</td><td data-label="Id"><code class="small">${p.id}</code></td></tr>`,
                )}
              </tbody>
            </table>
          </${TableWrap}>
          ${
            can(request, 'admin')
              ? html`<form method="post" action="/console/partners" class="stack card" novalidate>
                <h2>Create a partner</h2>
                <${ErrorSummary} errors=${errors} />
                <${CsrfField} token=${reply.generateCsrf()} />
                <${Field} name="name" label="Name" value=${name} error=${errors.name} />
                <div><button type="submit">Create partner</button></div>
              </form>`
              : null
          }`,
      ),
    );
  };

  app.get('/partners', async (request, reply) => listPage(request, reply, 200, {}, ''));

  app.post('/partners', admin, async (request, reply) => {
    const { actor } = signedIn(request);
    const form = formValues(request.body);
    const name = readText(form.name ?? '', 'the name', { required: true, maxLength: 200 });
    if (name.error) return listPage(request, reply, 400, { name: name.error }, form.name ?? '');
    const created = await boCreatePartner(app.ctx, actor, name.text as string);
    return reply.redirect(`/console/partners/${created.partnerId}`, 303);
  });

  const partnerPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    partnerId: string,
    status: number,
    extra: {
      notice?: string | null;
      problem?: string | null;
      newToken?: { token: string; environment: string; scopes: string[] };
      errors?: FieldErrors;
      introducer?: Record<string, string>;
      /** The webhook form of one environment as sent, with its errors. */
      webhook?: { environment: Environment; values: WebhookFormValues; errors: FieldErrors };
      invite?: InviteOutcome;
    } = {},
  ) => {
    signedIn(request);
    const partner = await getPartner(app.ctx, partnerId);
    if (!partner) throw notFound('partner');
    const isAdmin = can(request, 'admin');
    const csrf = reply.generateCsrf();
    const tokens = await listTokens(app.ctx, partnerId);
    const envs = await Promise.all(
      ENVIRONMENTS.map(async (environment) => {
        const tenant = { partnerId, environment };
        const [config, introducers, subscriptions, log] = await Promise.all([
          getConfiguration(app.ctx, tenant),
          listTenantIntroducers(app.ctx, tenant),
          listSubscriptions(app.ctx, tenant),
          deliveries(app.ctx, tenant, { eventId: null, status: null, before: null, limit: 20 }),
        ]);
        return { environment, config, introducers, subscriptions, log };
      }),
    );
    const dashboard = await partnerDashboardSection(app.ctx, request, partnerId, csrf, extra.invite);
    const errors = extra.errors ?? {};
    const intro = extra.introducer ?? { name: '', email: '', environment: 'sandbox' };
    const post = (path: string, label: string, kind = 'secondary', hidden: Record<string, string> = {}, accessible?: string, describedBy?: string) =>
      html`<form method="post" action=${`/console/partners/${partnerId}/${path}`} class="inline">
        <${CsrfField} token=${csrf} />
        ${Object.entries(hidden).map(([k, v]) => html`<input type="hidden" name=${k} value=${v} />`)}
        <button type="submit" class=${kind} aria-label=${accessible} aria-describedby=${describedBy}>${label}</button>
      </form>`;
    return reply.page(
      status,
      consolePage(
        consoleChrome(request, reply, '/console/partners'),
        partner.name,
        html`<p class="small"><a href="/console/partners">All partners</a></p>
          <h1>${partner.name}</h1>
          <p>Status: <strong id="partner-status">${partner.status}</strong> <code class="small">${partner.id}</code></p>
          <${Notices} notice=${extra.notice ?? null} problem=${extra.problem ?? null} />
          ${
            extra.newToken
              ? html`<div class="notice good" role="status" id="new-token">
                <h2>New ${extra.newToken.environment} token</h2>
                <p>Copy it now: it is shown only this once.</p>
                <code class="secret">${extra.newToken.token}</code>
              </div>`
              : null
          }
          ${isAdmin ? html`<div class="actions">${partner.status === 'active' ? post('suspend', 'Suspend', 'danger') : post('reinstate', 'Reinstate', '')}</div>` : null}
          <section class="card" aria-labelledby="h-tokens">
            <h2 id="h-tokens">Tokens</h2>
            <${TableWrap} label="Tokens">
              <table class="dense responsive" id="tokens">
                <thead><tr><th scope="col">Token id</th><th scope="col">Environment</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">State</th></tr></thead>
                <tbody>
                  ${tokens.map(
                    (t) => html`<tr data-token-id=${t.id}>
                      <td><code class="small">${t.id}</code></td>
                      <td data-label="Environment">${t.environment}</td>
                      <td data-label="Scopes">${t.scopes.join(', ')}</td>
                      <td data-label="Created">${formatDateTime(t.created_at)}</td>
                      <td data-label="State">${t.revoked_at ? `revoked ${formatDateTime(t.revoked_at)}` : isAdmin ? post('revoke-token', 'Revoke', 'danger', { token_id: t.id }, `Revoke token ${t.id.slice(0, 8)}`) : 'active'}</td>
                    </tr>`,
                  )}
                </tbody>
              </table>
            </${TableWrap}>
            ${
              isAdmin
                ? html`<form method="post" action=${`/console/partners/${partnerId}/tokens`} class="filters">
                  <${CsrfField} token=${csrf} />
                  <${SelectField} name="environment" label="Environment" options=${ENV_OPTIONS} value="sandbox" />
                  <${SelectField} name="scopes" label="Scopes" options=${SCOPE_OPTIONS} value="read,write" />
                  <div><button type="submit">Create token</button></div>
                </form>`
                : null
            }
          </section>
          ${envs.map(
            (e) => html`<section class="card" aria-labelledby=${`h-env-${e.environment}`}>
              <h2 id=${`h-env-${e.environment}`}>${e.environment === 'sandbox' ? 'Sandbox' : 'Production'}</h2>
              <h3>Introducers</h3>
              ${
                e.introducers.length === 0
                  ? html`<p class="muted">None.</p>`
                  : html`<ul>${e.introducers.map((i) => html`<li>${i.name} (${i.email})${i.is_active ? '' : ', inactive'}</li>`)}</ul>`
              }
              <h3>Webhook configuration</h3>
              <dl class="facts">
                <dt>URL</dt><dd>${e.config.url ?? 'not configured'}</dd>
                <dt>Authorization token</dt><dd>${e.config.has_token ? 'set (not shown)' : 'none'}</dd>
                <dt>Subscribed events</dt><dd>${
                  e.subscriptions
                    .filter((x) => x.subscribed)
                    .map((x) => x.webhook_event_type)
                    .join(', ') || 'none'
                }</dd>
              </dl>
              ${
                isAdmin
                  ? html`<${WebhookSettingsForm}
                      partnerId=${partnerId}
                      environment=${e.environment}
                      csrf=${csrf}
                      hasToken=${e.config.has_token}
                      values=${
                        extra.webhook?.environment === e.environment
                          ? extra.webhook.values
                          : { url: e.config.url ?? '', events: e.subscriptions.filter((x) => x.subscribed).map((x) => x.webhook_event_type) }
                      }
                      errors=${extra.webhook?.environment === e.environment ? extra.webhook.errors : {}}
                    />`
                  : null
              }
              <h3>Delivery log</h3>
              ${
                e.log.deliveries.length === 0
                  ? html`<p class="muted">No deliveries.</p>`
                  : html`<${TableWrap} label=${`${e.environment} deliveries`}>
                    <table class="dense responsive">
                      <thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Attempt</th><th scope="col">Result</th><th scope="col">Action</th></tr></thead>
                      <tbody>
                        ${e.log.deliveries.map(
                          (d) => html`<tr>
                            <td>${formatDateTime(new Date(d.attempted_at))}</td>
                            <td data-label="Event" id=${`delivery-${d.delivery_id}`}>${d.webhook_event_type} <code class="small">${d.event_id.slice(0, 8)}</code></td>
                            <td data-label="Attempt">${d.attempt}</td>
                            <td data-label="Result">${d.status}${d.response_status ? ` (${d.response_status})` : ''}${d.error ? `: ${d.error}` : ''}</td>
                            <td data-label="Action">${isAdmin ? post('redeliver', 'Redeliver', 'secondary', { event_id: d.event_id, environment: e.environment }, undefined, `delivery-${d.delivery_id}`) : ''}</td>
                          </tr>`,
                        )}
                      </tbody>
                    </table>
                  </${TableWrap}>`
              }
            </section>`,
          )}
          ${dashboard}
          ${
            isAdmin
              ? html`<form method="post" action=${`/console/partners/${partnerId}/introducers`} class="stack card" novalidate>
                <h2>Add an introducer</h2>
                <${ErrorSummary} errors=${errors} />
                <${CsrfField} token=${csrf} />
                <${Field} name="introducer_name" label="Introducer name" value=${intro.name} error=${errors.introducer_name} />
                <${Field} name="introducer_email" label="Introducer email" type="email" value=${intro.email} error=${errors.introducer_email} />
                <${SelectField} name="introducer_environment" label="Introducer environment" options=${ENV_OPTIONS} value=${intro.environment} />
                <div><button type="submit" class="secondary">Add introducer</button></div>
              </form>`
              : null
          }`,
      ),
    );
  };

  app.get('/partners/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    partnerPage(request, reply, idParam(request.params.id, 'partner'), 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  // The token is shown in the answer to this POST and never again (no redirect carries it).
  app.post('/partners/:id/tokens', partnerAdmin, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const environment = (ENVIRONMENTS as readonly string[]).includes(form.environment ?? '') ? (form.environment as Environment) : null;
    const scopes = form.scopes === 'read' ? (['read'] as Scope[]) : form.scopes === 'read,write' ? (['read', 'write'] as Scope[]) : null;
    if (!environment || !scopes) return partnerPage(request, reply, partnerId, 400, { problem: 'Choose an environment and scopes.' });
    const created = await boCreateToken(app.ctx, actor, partnerId, environment, scopes);
    app.tokens.invalidate();
    return partnerPage(request, reply, partnerId, 201, { newToken: { token: created.token, environment, scopes } });
  });

  app.post('/partners/:id/revoke-token', partnerAdmin, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const tokenId = formValues(request.body).token_id ?? '';
    if (!isUuid(tokenId) || !(await isPartnerToken(app.ctx, partnerId, tokenId))) throw notFound('token');
    await boRevokeToken(app.ctx, actor, tokenId);
    app.tokens.invalidate();
    return reply.redirect(`/console/partners/${partnerId}?done=revoked`, 303);
  });

  for (const [path, suspended] of [
    ['suspend', true],
    ['reinstate', false],
  ] as const) {
    app.post(`/partners/:id/${path}`, partnerAdmin, async (request, reply) => {
      const { actor } = signedIn(request);
      const partnerId = idParam(request.params.id, 'partner');
      await boSetSuspended(app.ctx, actor, partnerId, suspended);
      app.tokens.invalidate();
      return reply.redirect(`/console/partners/${partnerId}?done=${suspended ? 'suspended' : 'reinstated'}`, 303);
    });
  }

  app.post('/partners/:id/introducers', partnerAdmin, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const introducer = { name: form.introducer_name ?? '', email: form.introducer_email ?? '', environment: form.introducer_environment ?? 'sandbox' };
    const errors: FieldErrors = {};
    const name = readText(introducer.name, 'the introducer name', { required: true, maxLength: 200 });
    if (name.error) errors.introducer_name = name.error;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(introducer.email.trim()) || introducer.email.length > 254)
      errors.introducer_email = 'Enter the introducer email as an email address';
    const environment = (ENVIRONMENTS as readonly string[]).includes(introducer.environment) ? (introducer.environment as Environment) : null;
    if (!environment) errors.introducer_environment = 'Choose the environment';
    if (Object.keys(errors).length > 0) return partnerPage(request, reply, partnerId, 400, { errors, introducer });
    await boCreateIntroducer(app.ctx, actor, partnerId, { name: name.text as string, email: introducer.email.trim(), environment: environment as Environment });
    return reply.redirect(`/console/partners/${partnerId}?done=introducer`, 303);
  });

  // The partner API's rules: https in production (the environment's, whatever NODE_ENV says), no
  // private addresses unless allowed. A refusal is shown beside the field, with the form as sent.
  app.post('/partners/:id/webhook-settings', partnerAdmin, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const environment = (ENVIRONMENTS as readonly string[]).includes(form.environment ?? '') ? (form.environment as Environment) : null;
    if (!environment) return partnerPage(request, reply, partnerId, 400, { problem: 'Choose an environment.' });
    if (!(await getPartner(app.ctx, partnerId))) throw notFound('partner');
    const { values, token } = readWebhookForm(form, environment);
    const names = webhookFieldNames(environment);
    const refuse = (field: string, message: string) =>
      partnerPage(request, reply, partnerId, 400, { webhook: { environment, values, errors: { [field]: message } } });
    if (values.url === '') return refuse(names.url, 'Enter the webhook URL');
    if (values.url.length > 2000) return refuse(names.url, 'The webhook URL must be at most 2,000 characters');
    const policy = { production: app.config.production || environment === 'production', allowPrivate: app.config.allowPrivateWebhookUrls };
    const saved = await attempt(
      () =>
        boSaveWebhookSettings(app.ctx, actor, { partnerId, environment }, { url: values.url, token, eventTypes: values.events }, policy, {
          url: names.url,
          token: names.token,
        }),
      // The first problem beside the field its pointer names, in the service's words.
      { ValidationError: (error) => ({ errors: { [error.problems[0]?.source?.pointer === names.token ? names.token : names.url]: error.detail } }) },
    );
    if (!saved.ok) return partnerPage(request, reply, partnerId, 400, { webhook: { environment, values, errors: saved.refusal.errors } });
    return reply.redirect(`/console/partners/${partnerId}?done=webhook#h-env-${environment}`, 303);
  });

  app.post('/partners/:id/redeliver', partnerAdmin, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const environment = (ENVIRONMENTS as readonly string[]).includes(form.environment ?? '') ? (form.environment as Environment) : null;
    if (!environment) throw notFound('event');
    const eventId = idParam(form.event_id ?? '', 'event');
    const done = await attempt(() => boRedeliver(app.ctx, actor, { partnerId, environment }, eventId), REFUSALS);
    if (!done.ok) return partnerPage(request, reply, partnerId, done.refusal.status, { problem: done.refusal.problem });
    return reply.redirect(`/console/partners/${partnerId}?done=redelivery`, 303);
  });

  // The invitation link is in the answer to this POST only.
  app.post('/partners/:id/users', partnerAdmin, async (request, reply) => {
    const partnerId = idParam(request.params.id, 'partner');
    const invite = await consoleInvite(app.ctx, request, partnerId, app.config.publicBaseUrl);
    return partnerPage(request, reply, partnerId, invite.link ? 201 : 400, { invite });
  });

  app.post('/partners/:id/production-access', partnerAdmin, async (request, reply) => {
    const partnerId = idParam(request.params.id, 'partner');
    const done = await attempt(() => consoleDecideProductionAccess(app.ctx, request, partnerId), REFUSALS);
    if (!done.ok) return partnerPage(request, reply, partnerId, done.refusal.status, { problem: done.refusal.problem });
    return reply.redirect(`/console/partners/${partnerId}?done=${done.value}#dashboard`, 303);
  });
};
