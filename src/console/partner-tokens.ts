import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../domain/errors.ts';
import { idParam, isUuid } from '../domain/ids.ts';
import type { Scope } from '../domain/tenant.ts';
import { boCreateToken, boRevokeToken } from '../services/back-office.ts';
import { isPartnerToken } from '../services/partners.ts';
import { formValues } from '../web/forms.ts';
import { signedIn } from './context.ts';
import { environmentFrom, PARTNER_ADMIN, showPartner } from './partner-page.ts';

/** A partner's tokens (admins): create (the token shown once) and revoke. */
export const consolePartnerTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The token is shown in the answer to this POST and never again (no redirect carries it).
  app.post('/partners/:id/tokens', PARTNER_ADMIN, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const form = formValues(request.body);
    const environment = environmentFrom(form.environment);
    const scopes = form.scopes === 'read' ? (['read'] as Scope[]) : form.scopes === 'read,write' ? (['read', 'write'] as Scope[]) : null;
    if (!environment || !scopes) return showPartner(request, reply, partnerId, 400, { problem: 'Choose an environment and scopes.' });
    const created = await boCreateToken(app.ctx, actor, partnerId, environment, scopes);
    app.tokens.invalidate();
    return showPartner(request, reply, partnerId, 201, { newToken: { token: created.token, environment, scopes } });
  });

  app.post('/partners/:id/revoke-token', PARTNER_ADMIN, async (request, reply) => {
    const { actor } = signedIn(request);
    const partnerId = idParam(request.params.id, 'partner');
    const tokenId = formValues(request.body).token_id ?? '';
    if (!isUuid(tokenId) || !(await isPartnerToken(app.ctx, partnerId, tokenId))) throw notFound('token');
    await boRevokeToken(app.ctx, actor, tokenId);
    app.tokens.invalidate();
    return reply.redirect(`/console/partners/${partnerId}?done=revoked`, 303);
  });
};
