import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import type { Environment, Scope } from '../domain/tenant.ts';
import { IdParams } from '../schemas/admin.ts';
import { dashboardCreateToken, dashboardRevokeToken, environmentTokens, hasProductionAccess } from '../services/dashboard.ts';
import { COPY_SCRIPT_PATH } from '../web/assets.ts';
import { formatDateTime } from '../web/format.ts';
import { ErrorSummary, Field, formValues, readText, SelectField, type FieldErrors } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField, Notices, TableWrap } from '../web/layout.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { canDo, dashboardPage, EnvTag, signedIn } from './context.ts';

const DONE = { revoked: 'Token revoked: it no longer works.' };
const PREFIX: Record<Environment, string> = { sandbox: 'sk_sandbox_', production: 'sk_live_' };
const SCOPE_OPTIONS = [
  { value: 'read,write', label: 'Read and write' },
  { value: 'read', label: 'Read only' },
];

/** The tenant's API tokens: list, create (shown once), revoke after a confirmation. */
export const dashboardTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: { notice?: string | null; problem?: string | null; newToken?: { token: string; name: string }; errors?: FieldErrors; name?: string } = {},
  ) => {
    const { actor, environment } = signedIn(request);
    const tokens = await environmentTokens(app.ctx, actor, environment);
    const mayCreate =
      environment === 'sandbox' ? canDo(request, 'developer') : canDo(request, 'owner') && (await hasProductionAccess(app.ctx, actor.partnerId));
    const mayRevoke = canDo(request, environment === 'sandbox' ? 'developer' : 'owner');
    const errors = extra.errors ?? {};
    const envName = environment === 'sandbox' ? 'sandbox' : 'production';
    return reply.page(
      status,
      dashboardPage(
        request,
        reply,
        '/dashboard/tokens',
        'Tokens',
        html`<h1>API tokens <${EnvTag} environment=${environment} /></h1>
          <${Notices} notice=${extra.notice ?? null} problem=${extra.problem ?? null} />
          ${
            extra.newToken
              ? html`<div class="notice good" role="status" id="new-token">
                  <h2>Your new token "${extra.newToken.name}"</h2>
                  <p>Copy it now: it is shown only this once, and we keep only a hash of it.</p>
                  <label for="new-token-value">New token</label>
                  <input id="new-token-value" class="secret" type="text" readonly value=${extra.newToken.token} />
                  <button type="button" class="secondary" data-copy="new-token-value" hidden>Copy</button>
                  <script src=${COPY_SCRIPT_PATH} defer></script>
                </div>`
              : null
          }
          <${TableWrap} label="Tokens">
            <table class="dense responsive" id="tokens">
              <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th></tr></thead>
              <tbody>
                ${tokens.length === 0 ? html`<tr><td colspan="6" class="muted">No ${envName} tokens yet.</td></tr>` : null}
                ${tokens.map(
                  (t) => html`<tr data-token-id=${t.id}>
                    <td>${t.name ?? html`<span class="muted">(made by the lender)</span>`}</td>
                    <td data-label="Prefix"><code>${PREFIX[environment]}…</code></td>
                    <td data-label="Scopes">${t.scopes.join(', ')}</td>
                    <td data-label="Created">${formatDateTime(t.created_at)}</td>
                    <td data-label="Last used">${t.last_used_at ? formatDateTime(t.last_used_at) : 'never'}</td>
                    <td data-label="State">${
                      t.revoked_at
                        ? `Revoked ${formatDateTime(t.revoked_at)}`
                        : mayRevoke
                          ? html`<a href=${`/dashboard/tokens/${t.id}/revoke`} aria-label=${`Revoke ${t.name ?? `token ${t.id.slice(0, 8)}`}`}>Revoke</a>`
                          : 'Active'
                    }</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </${TableWrap}>
          ${
            mayCreate
              ? html`<form method="post" action="/dashboard/tokens" class="stack card" novalidate>
                  <h2>Create token</h2>
                  <${ErrorSummary} errors=${errors} />
                  <${CsrfField} token=${reply.generateCsrf()} />
                  <${Field} name="name" label="Token name" hint="What uses it, like “Staging server”." value=${extra.name ?? ''} error=${errors.name} />
                  <${SelectField} name="scopes" label="Scopes" options=${SCOPE_OPTIONS} value="read,write" />
                  <div><button type="submit">Create token</button></div>
                </form>`
              : environment === 'production' && canDo(request, 'owner')
                ? html`<p class="card" id="production-locked">Production tokens can be created once the lender approves your request for production access (see the <a href="/dashboard#go-live">overview</a>).</p>`
                : null
          }`,
      ),
    );
  };

  app.get('/tokens', { schema: { querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    page(request, reply, 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  // The token is in the answer to this POST only (no redirect carries it).
  app.post('/tokens', { config: { dashboardRole: 'developer' } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const form = formValues(request.body);
    const name = readText(form.name ?? '', 'the token name', { required: true, maxLength: 100 });
    const scopes = form.scopes === 'read' ? (['read'] as Scope[]) : form.scopes === 'read,write' || !form.scopes ? (['read', 'write'] as Scope[]) : null;
    const errors: FieldErrors = {};
    if (name.error) errors.name = name.error.charAt(0).toUpperCase() + name.error.slice(1);
    if (!scopes) errors.scopes = 'Choose the scopes';
    if (Object.keys(errors).length > 0) return page(request, reply, 400, { errors, name: form.name ?? '' });
    const created = await dashboardCreateToken(app.ctx, actor, environment, name.text as string, scopes as Scope[]);
    app.tokens.invalidate();
    return page(request, reply, 201, { newToken: { token: created.token, name: name.text as string } });
  });

  const findOwn = async (request: FastifyRequest, id: string) => {
    const { actor, environment } = signedIn(request);
    const token = (await environmentTokens(app.ctx, actor, environment)).find((t) => t.id === id);
    if (!token) throw notFound('token');
    return token;
  };

  app.get('/tokens/:id/revoke', { schema: { params: IdParams } }, async (request, reply) => {
    const token = await findOwn(request, idParam(request.params.id, 'token'));
    const label = token.name ?? `token ${token.id.slice(0, 8)}`;
    return reply.page(
      200,
      dashboardPage(
        request,
        reply,
        '/dashboard/tokens',
        'Revoke token',
        html`<h1>Revoke ${label}?</h1>
          <p class="lead">Anything using this token stops working at once. This cannot be undone.</p>
          <form method="post" action=${`/dashboard/tokens/${token.id}/revoke`} class="actions">
            <${CsrfField} token=${reply.generateCsrf()} />
            <button type="submit" class="danger">Revoke token</button>
            <a href="/dashboard/tokens">Keep it</a>
          </form>`,
      ),
    );
  });

  app.post('/tokens/:id/revoke', { schema: { params: IdParams }, config: { dashboardRole: 'developer' } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    await dashboardRevokeToken(app.ctx, actor, environment, idParam(request.params.id, 'token'));
    app.tokens.invalidate();
    return reply.redirect('/dashboard/tokens?done=revoked', 303);
  });
};
