import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login } from '../services/operators.ts';
import { verifyOperatorSecondFactor } from '../services/operator-two-factor.ts';
import { formValues } from '../web/forms.ts';
import { secretBoxFor } from '../web/secret-key.ts';
import { endSession } from '../web/surface.ts';
import { consoleChrome, operatorArea, signedOnThroughProvider } from './context.ts';
import { consoleSignIn, LOCKED } from './login-session.ts';
import { recoveryCodeUsedPage, verifyPage } from './views/login.ts';
import { loggedOutToProviderPage } from './views/sign-on.ts';

const WRONG = 'The email or password is not right.';
const WRONG_CODE = 'That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/**
 * Login with a password and the second factor (a code or a recovery code; set up at the first
 * login), with the lock-out and the address's throttle; logout, which ends the identity
 * provider's session as well for a session signed in through it (docs/behaviour.md, sections 19,
 * 29 and 31).
 */
export const consoleLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = consoleSignIn(app);
  const box = secretBoxFor(app.config);
  const sso = app.singleSignOn;

  const showVerify = (request: FastifyRequest, reply: FastifyReply, status: number, problem: string | null) =>
    reply.page(status, verifyPage(consoleChrome(request, reply), { csrf: reply.generateCsrf(), problem }));

  app.get('/login', { schema: { querystring: Type.Object({ out: Type.Optional(Type.String()) }) } }, async (request, reply) => {
    if (operatorArea.current(request)) return reply.redirect('/console/applications', 303);
    const pending = sessions.pendingPath(request);
    if (pending) return reply.redirect(pending, 303);
    return sessions.showLogin(request, reply, 200, { email: '', problem: null, notice: request.query.out ? 'You have logged out.' : null });
  });

  app.post('/login', async (request, reply) => {
    if (sso && !sso.passwordLoginAllowed) {
      return sessions.showLogin(request, reply, 403, { email: '', problem: `Password login is off: sign in with ${sso.providerName}.`, notice: null });
    }
    const form = formValues(request.body);
    const email = (form.email ?? '').slice(0, 254);
    // Counted against the address before the password is checked: past its limit, refused (429) unchecked.
    const result = await app.signInAttempt(
      request,
      reply,
      (address) => login(app.ctx, form.email ?? '', form.password ?? '', address),
      (r) => !r.ok,
    );
    if (!result.ok) {
      const locked = result.reason === 'locked';
      return sessions.showLogin(request, reply, locked ? 429 : 401, { email, problem: locked ? LOCKED : WRONG, notice: null });
    }
    // A new session for the operator, waiting for the second factor or its set-up: the login form's
    // session (or anyone else's) ends here.
    const setUp = result.operator.two_factor_enabled_at !== null;
    await sessions.renew(request, reply, result.operator, setUp ? 'two_factor' : 'setup');
    return reply.redirect(setUp ? '/console/login/verify' : '/console/two-factor/setup', 303);
  });

  app.get('/login/verify', async (request, reply) => {
    if (!sessions.pendingAt(request, 'two_factor')) return reply.redirect('/console/login', 303);
    return showVerify(request, reply, 200, null);
  });

  app.post('/login/verify', async (request, reply) => {
    const operator = sessions.pendingAt(request, 'two_factor');
    if (!operator) return reply.redirect('/console/login', 303);
    // A code is a secret guessed as a password is: counted against the address before it is checked.
    const code = formValues(request.body).code ?? '';
    const result = await app.signInAttempt(
      request,
      reply,
      (address) => verifyOperatorSecondFactor(app.ctx, box(), operator.id, code, address),
      (r) => !r.ok,
    );
    if (!result.ok) {
      if (result.reason === 'locked') {
        // Locked: the session ends, and the login page names no one.
        await endSession(app, request, reply, sessions.cookie);
        request.session = undefined;
        return sessions.showLogin(request, reply, 429, { email: '', problem: LOCKED, notice: null }, null);
      }
      return showVerify(request, reply, 401, WRONG_CODE);
    }
    await sessions.renew(request, reply, result.operator, null);
    if (!result.usedRecoveryCode) return reply.redirect('/console/applications', 303);
    return reply.page(
      200,
      recoveryCodeUsedPage(consoleChrome(request, reply, undefined, { operator: result.operator, signedIn: true }), result.recoveryCodesLeft),
    );
  });

  // A session from the provider ends there too, when it offers an end-session endpoint (section 31):
  // the browser goes on to it with the session's ID token (a page that moves on by itself: see
  // loggedOutToProviderPage), and the provider sends it back to the login page.
  app.post('/logout', async (request, reply) => {
    const token = request.cookies[sessions.cookie.cookieName] ?? '';
    const atProvider = sso && signedOnThroughProvider(request) ? await sso.logoutUrl(app.ctx, box(), token) : null;
    await endSession(app, request, reply, sessions.cookie);
    if (!sso || !atProvider) return reply.redirect('/console/login?out=1', 303);
    request.session = undefined;
    reply.header('Refresh', `0; url=${atProvider.href}`);
    return reply.page(200, loggedOutToProviderPage(consoleChrome(request, reply, undefined, null), { provider: sso.providerName, url: atProvider.href }));
  });
};
