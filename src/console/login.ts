import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeOwnPassword, login } from '../services/operators.ts';
import { startWebSession } from '../services/web-sessions.ts';
import { hashToken } from '../services/tokens.ts';
import { formValues, type FieldErrors } from '../web/forms.ts';
import { endSession, setSessionCookie } from '../web/surface.ts';
import { consoleChrome, consoleCookie, operatorArea, signedIn } from './context.ts';
import { loginPage, passwordPage } from './views/login.ts';

const WRONG = 'The email or password is not right.';
const THROTTLED = 'Too many failed logins from this address. Try again in a minute.';
const LOCKED = 'Too many failed attempts: this email is locked for 15 minutes. Try again later, or ask an admin.';

/** Login (with the lock-out), logout, and the operator's own password. */
export const consoleLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cookie = consoleCookie(app.config.publicBaseUrl);

  const showLogin = async (request: FastifyRequest, reply: FastifyReply, status: number, email: string, problem: string | null, notice: string | null) => {
    // The login form's CSRF secret lives in a short anonymous session of its own.
    if (!request.session) {
      const started = await startWebSession(app.ctx.db, 'console_login', {}, app.ctx.now());
      setSessionCookie(reply, cookie, started.token, started.expiresAt);
      request.session = { csrfSecret: started.csrfSecret };
    }
    return reply.page(status, loginPage(consoleChrome(request, reply), { csrf: reply.generateCsrf(), email, problem, notice }));
  };

  app.get('/login', { schema: { querystring: Type.Object({ out: Type.Optional(Type.String()) }) } }, async (request, reply) => {
    if (operatorArea.current(request)) return reply.redirect('/console/applications', 303);
    return showLogin(request, reply, 200, '', null, request.query.out ? 'You have logged out.' : null);
  });

  app.post('/login', async (request, reply) => {
    await app.refuseThrottledSignIn(request, reply);
    const form = formValues(request.body);
    const result = await login(app.ctx, form.email ?? '', form.password ?? '');
    if (!result.ok) {
      // Failed logins count against the address too (AUTH_FAILURES_PER_MINUTE, as for tokens), so
      // guessing across many emails is throttled as well.
      const throttled = await app.authFailed(request).then(
        () => false,
        () => true,
      );
      if (throttled) return showLogin(request, reply, 429, (form.email ?? '').slice(0, 254), THROTTLED, null);
      return showLogin(
        request,
        reply,
        result.reason === 'locked' ? 429 : 401,
        (form.email ?? '').slice(0, 254),
        result.reason === 'locked' ? LOCKED : WRONG,
        null,
      );
    }
    // A new session for the operator: the login form's session (or anyone else's) ends here.
    await endSession(app, request, reply, cookie);
    const started = await startWebSession(app.ctx.db, 'console', { operatorId: result.operator.id }, app.ctx.now());
    setSessionCookie(reply, cookie, started.token, started.expiresAt);
    return reply.redirect('/console/applications', 303);
  });

  app.post('/logout', async (request, reply) => {
    await endSession(app, request, reply, cookie);
    return reply.redirect('/console/login?out=1', 303);
  });

  const showPassword = (request: FastifyRequest, reply: FastifyReply, status: number, errors: FieldErrors, notice: string | null) =>
    reply.page(status, passwordPage(consoleChrome(request, reply, '/console/password'), { csrf: reply.generateCsrf(), errors, notice }));

  app.get('/password', { schema: { querystring: Type.Object({ done: Type.Optional(Type.String()) }) } }, async (request, reply) => {
    signedIn(request);
    return showPassword(request, reply, 200, {}, request.query.done ? 'Your password has been changed. Your other sessions have ended.' : null);
  });

  // Every operator may change their own password (a viewer too): it changes nothing of the lender's.
  app.post('/password', async (request, reply) => {
    const { actor } = signedIn(request);
    const form = formValues(request.body);
    const token = request.cookies[cookie.cookieName];
    const result = await changeOwnPassword(app.ctx, actor, form.current_password ?? '', form.new_password ?? '', token ? hashToken(token) : null);
    if (!result.ok) return showPassword(request, reply, 400, { [result.field]: result.message }, null);
    return reply.redirect('/console/password?done=1', 303);
  });
};
