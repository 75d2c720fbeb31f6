import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../domain/ids.ts';
import type { Scope } from '../domain/tenant.ts';
import { IdParams } from '../schemas/admin.ts';
import { dashboardCreateToken, dashboardRevokeToken, hasProductionAccess, tenantToken, tenantTokensPage } from '../services/dashboard.ts';
import { formValues, readText, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { CursorQuery } from '../web/paging.ts';
import { can, dashboardChrome, signedIn } from './context.ts';
import { readShownPage } from './list-page.ts';
import { revokeTokenPage, tokensPage, type TokensModel } from './views/tokens.ts';

const DONE = { revoked: 'Token revoked: it no longer works.' };

type TokensShown = Partial<Pick<TokensModel, 'notice' | 'problem' | 'newToken' | 'errors' | 'name'>> & { cursor?: string };

/** The scopes a form asks for: read and write unless it says read only; null when it names something else. */
function readScopes(raw: string | undefined): Scope[] | null {
  if (raw === 'read') return ['read'];
  if (raw === 'read,write' || !raw) return ['read', 'write'];
  return null;
}

/** The tenant's API tokens: list, create (shown once), revoke after a confirmation. */
export const dashboardTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const show = async (request: FastifyRequest, reply: FastifyReply, status: number, shown: TokensShown = {}) => {
    const { actor, environment } = signedIn(request);
    const list = await readShownPage(shown.cursor, (page) => tenantTokensPage(app.ctx, actor, environment, page));
    const owner = can(request, 'owner');
    const mayCreate = environment === 'sandbox' ? can(request, 'developer') : owner && (await hasProductionAccess(app.ctx, actor.partnerId));
    const model: TokensModel = {
      environment,
      page: list.page,
      mayCreate,
      mayRevoke: can(request, environment === 'sandbox' ? 'developer' : 'owner'),
      productionLocked: !mayCreate && environment === 'production' && owner,
      csrf: reply.generateCsrf(),
      notice: shown.notice ?? null,
      problem: shown.problem ?? list.problem,
      newToken: shown.newToken ?? null,
      errors: shown.errors ?? {},
      name: shown.name ?? '',
    };
    return reply.page(status === 200 ? list.status : status, tokensPage(dashboardChrome(request, reply, '/dashboard/tokens'), model));
  };

  app.get('/tokens', { schema: { querystring: Type.Object({ done: NoticeQuery(DONE), cursor: CursorQuery }) } }, async (request, reply) =>
    show(request, reply, 200, { notice: request.query.done ? DONE[request.query.done] : null, cursor: request.query.cursor }),
  );

  // The token is in the answer to this POST only (no redirect carries it).
  app.post('/tokens', { config: { dashboardRole: 'developer' } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const form = formValues(request.body);
    const name = readText(form.name ?? '', 'the token name', { required: true, maxLength: 100 });
    const scopes = readScopes(form.scopes);
    const errors: FieldErrors = {};
    if (name.error) errors.name = name.error.charAt(0).toUpperCase() + name.error.slice(1);
    if (!scopes) errors.scopes = 'Choose the scopes';
    if (name.text === null || !scopes) return show(request, reply, 400, { errors, name: form.name ?? '' });
    const created = await dashboardCreateToken(app.ctx, actor, environment, name.text, scopes);
    app.tokens.invalidate();
    return show(request, reply, 201, { newToken: { token: created.token, name: name.text } });
  });

  app.get('/tokens/:id/revoke', { schema: { params: IdParams } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const token = await tenantToken(app.ctx, actor, environment, idParam(request.params.id, 'token'));
    return reply.page(200, revokeTokenPage(dashboardChrome(request, reply, '/dashboard/tokens'), { token, csrf: reply.generateCsrf() }));
  });

  app.post('/tokens/:id/revoke', { schema: { params: IdParams }, config: { dashboardRole: 'developer' } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    await dashboardRevokeToken(app.ctx, actor, environment, idParam(request.params.id, 'token'));
    app.tokens.invalidate();
    return reply.redirect('/dashboard/tokens?done=revoked', 303);
  });
};
