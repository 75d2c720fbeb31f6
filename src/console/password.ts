import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeOwnPassword } from '../services/operators.ts';
import { hashToken } from '../services/tokens.ts';
import { formValues, type FieldErrors } from '../web/forms.ts';
import { consoleChrome, signedIn, signedOnThroughProvider } from './context.ts';
import { consoleSignIn } from './login-session.ts';
import { passwordPage } from './views/login.ts';

/**
 * The operator's own password ("Change password"): for a session signed in with a password only
 * (one signed in through the identity provider has its password there). The current password is a
 * secret checked as a login's is: counted against the address before it is checked, and by the
 * email's lock-out.
 */
export const consolePasswordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = consoleSignIn(app);
  const provider = app.singleSignOn?.providerName ?? 'single sign-on';

  const showPassword = (request: FastifyRequest, reply: FastifyReply, status: number, errors: FieldErrors, notice: string | null) =>
    reply.page(
      status,
      passwordPage(consoleChrome(request, reply, '/console/password'), {
        csrf: reply.generateCsrf(),
        errors,
        notice,
        signedOnWith: signedOnThroughProvider(request) ? provider : null,
      }),
    );

  app.get('/password', { schema: { querystring: Type.Object({ done: Type.Optional(Type.String()) }) } }, async (request, reply) => {
    signedIn(request);
    return showPassword(request, reply, 200, {}, request.query.done ? 'Your password has been changed. Your other sessions have ended.' : null);
  });

  // Every operator may change their own password (a viewer too): it changes nothing of the lender's.
  app.post('/password', async (request, reply) => {
    const { actor } = signedIn(request);
    if (signedOnThroughProvider(request)) return showPassword(request, reply, 403, {}, null);
    const form = formValues(request.body);
    const token = request.cookies[sessions.cookie.cookieName];
    // The current password is counted against the address as a login's (a refused one, wrong or
    // locked, is a failure; a new password that breaks the rules is not): past its limit, 429 unchecked.
    const result = await app.signInAttempt(
      request,
      reply,
      (address) => changeOwnPassword(app.ctx, actor, form.current_password ?? '', form.new_password ?? '', token ? hashToken(token) : null, address),
      (r) => !r.ok && r.field === 'current_password',
    );
    if (!result.ok) return showPassword(request, reply, 400, { [result.field]: result.message }, null);
    return reply.redirect('/console/password?done=1', 303);
  });
};
