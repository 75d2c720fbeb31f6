import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login, type OperatorRow } from '../services/operators.ts';
import { checkSetupLink, confirmOperatorTwoFactor, operatorPendingTotpSecret, useSetupLink } from '../services/operator-two-factor.ts';
import { formValues } from '../web/forms.ts';
import { secretBoxFor } from '../web/secret-key.ts';
import { secretShown } from '../web/two-factor-setup.ts';
import { consoleChrome } from './context.ts';
import { consoleSignIn, LOCKED } from './login-session.ts';
import { recoveryCodesPage, setupLinkPage, setupLinkProblemPage, twoFactorSetupPage, type SetupLinkProblem } from './views/two-factor.ts';

// A token too long to be one still reads as a link, refused as not valid (not as no link at all).
const SetupQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) });

/**
 * Operators' two-factor set-up (docs/behaviour.md, section 29): at the first login, or from the
 * set-up link printed by `npm run operator -- create` and for the demo operator, which asks for
 * the password first (counted as a login) and is used up by it; then the secret as a QR code and
 * as text, confirmed by a code, and the ten recovery codes shown once.
 */
export const consoleTwoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = consoleSignIn(app);
  const box = secretBoxFor(app.config);
  const passwordLogin = app.singleSignOn?.passwordLoginAllowed ?? true;

  const showProblem = (request: FastifyRequest, reply: FastifyReply, reason: SetupLinkProblem) =>
    reply.page(reason === 'unknown' ? 404 : reason === 'password_off' ? 403 : 410, setupLinkProblemPage(consoleChrome(request, reply), reason));

  const showLink = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    token: string,
    operator: OperatorRow,
    problem: string | null,
  ): Promise<FastifyReply> => {
    await sessions.ensure(request, reply);
    return reply.page(status, setupLinkPage(consoleChrome(request, reply, undefined, null), { csrf: reply.generateCsrf(), token, operator, problem }));
  };

  const showSetup = async (request: FastifyRequest, reply: FastifyReply, status: number, operator: OperatorRow, problem: string | null) => {
    const shown = await secretShown(
      await operatorPendingTotpSecret(app.ctx, box(), operator.id, sessions.sessionHash(request)),
      app.config.lenderName,
      operator.email,
    );
    return reply.page(status, twoFactorSetupPage(consoleChrome(request, reply), { csrf: reply.generateCsrf(), ...shown, problem }));
  };

  app.get('/two-factor/setup', { schema: { querystring: SetupQuery } }, async (request, reply) => {
    const token = request.query.token;
    if (token === undefined) {
      const operator = sessions.pendingAt(request, 'setup');
      if (!operator) return reply.redirect('/console/login', 303);
      return showSetup(request, reply, 200, operator, null);
    }
    if (!passwordLogin) return showProblem(request, reply, 'password_off');
    const link = await checkSetupLink(app.ctx, token);
    if (!link.ok) return showProblem(request, reply, link.reason);
    return showLink(request, reply, 200, token, link.operator, null);
  });

  app.post('/two-factor/setup/password', async (request, reply) => {
    if (!passwordLogin) return showProblem(request, reply, 'password_off');
    const form = formValues(request.body);
    const token = form.token ?? '';
    const link = await checkSetupLink(app.ctx, token);
    if (!link.ok) return showProblem(request, reply, link.reason);
    // The password is counted against the address as a login's: past its limit, refused (429) unchecked.
    const result = await app.signInAttempt(
      request,
      reply,
      (address) => login(app.ctx, link.operator.email, form.password ?? '', address),
      (r) => !r.ok,
    );
    if (!result.ok) {
      const locked = result.reason === 'locked';
      return showLink(request, reply, locked ? 429 : 401, token, link.operator, locked ? LOCKED : 'That password is not right.');
    }
    // The link has done its work: it cannot be used again, whether or not the set-up is finished
    // now (a login with the password leads to the set-up as well).
    if (!(await useSetupLink(app.ctx, link.linkId))) return showProblem(request, reply, 'used');
    await sessions.renew(request, reply, result.operator, 'setup');
    return reply.redirect('/console/two-factor/setup', 303);
  });

  app.post('/two-factor/setup', async (request, reply) => {
    const operator = sessions.pendingAt(request, 'setup');
    if (!operator) return reply.redirect('/console/login', 303);
    const code = formValues(request.body).code ?? '';
    const result = await confirmOperatorTwoFactor(app.ctx, box(), operator.id, { setupSession: sessions.sessionHash(request), code });
    if (!result.ok) return showSetup(request, reply, 400, operator, result.message);
    await sessions.renew(request, reply, operator, null);
    // The codes are in this answer only: no redirect carries them. The page is the new session's, past both factors.
    return reply.page(200, recoveryCodesPage(consoleChrome(request, reply, undefined, { operator, signedIn: true }), result.recoveryCodes));
  });
};
