import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { passwordLogin, verifySecondFactor } from '../services/partner-users.ts';
import { formValues } from '../web/forms.ts';
import { endSession } from '../web/surface.ts';
import { accountOf, dashboardChrome, partnerUserArea } from './context.ts';
import { loginSessions } from './login-session.ts';
import { secretBoxFor } from '../web/secret-key.ts';
import { loginPage, verifyPage, type LoginModel } from './views/sign-in.ts';

const WRONG = 'The email or password is not right.';
const WRONG_CODE = 'That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
const LOCKED = 'Too many failed attempts: this email is locked for 15 minutes from this network. Try again later, or ask an owner of your team.';

const LoginQuery = Type.Object({ out: Type.Optional(Type.String()) });

/** Login with the two factors (password, then a code or a recovery code), and logout. */
export const dashboardLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = loginSessions(app);
  const box = secretBoxFor(app.config);

  const showLogin = async (request: FastifyRequest, reply: FastifyReply, status: number, shown: Omit<LoginModel, 'csrf'>, account = accountOf(request)) => {
    await sessions.ensure(request, reply);
    return reply.page(status, loginPage(dashboardChrome(request, reply, undefined, account), { ...shown, csrf: reply.generateCsrf() }));
  };

  const showVerify = (request: FastifyRequest, reply: FastifyReply, status: number, problem: string | null) =>
    reply.page(status, verifyPage(dashboardChrome(request, reply), { csrf: reply.generateCsrf(), problem }));

  app.get('/login', { schema: { querystring: LoginQuery } }, async (request, reply) => {
    if (partnerUserArea.current(request)) return reply.redirect('/dashboard', 303);
    if (partnerUserArea.pending(request))
      return reply.redirect(request.webSession?.pending_step === 'setup' ? '/dashboard/two-factor/setup' : '/dashboard/login/verify', 303);
    return showLogin(request, reply, 200, { email: '', problem: null, notice: request.query.out ? 'You have logged out.' : null });
  });

  app.post('/login', async (request, reply) => {
    const form = formValues(request.body);
    const email = (form.email ?? '').slice(0, 254);
    // Counted against the address before the password is checked: past its limit, refused (429) unchecked.
    const result = await app.signInAttempt(
      request,
      reply,
      (address) => passwordLogin(app.ctx, form.email ?? '', form.password ?? '', address),
      (r) => !r.ok,
    );
    if (!result.ok) {
      const locked = result.reason === 'locked';
      return showLogin(request, reply, locked ? 429 : 401, { email, problem: locked ? LOCKED : WRONG, notice: null });
    }
    const setUp = result.user.two_factor_enabled_at !== null;
    await sessions.renew(request, reply, result.user, setUp ? 'two_factor' : 'setup');
    return reply.redirect(setUp ? '/dashboard/login/verify' : '/dashboard/two-factor/setup', 303);
  });

  app.get('/login/verify', async (request, reply) => {
    if (!sessions.pendingAt(request, 'two_factor')) return reply.redirect('/dashboard/login', 303);
    return showVerify(request, reply, 200, null);
  });

  app.post('/login/verify', async (request, reply) => {
    const user = sessions.pendingAt(request, 'two_factor');
    if (!user) return reply.redirect('/dashboard/login', 303);
    // A code is a secret guessed as a password is: counted against the address before it is checked.
    const code = formValues(request.body).code ?? '';
    const result = await app.signInAttempt(
      request,
      reply,
      (address) => verifySecondFactor(app.ctx, box(), user.id, code, address),
      (r) => !r.ok,
    );
    if (!result.ok) {
      if (result.reason === 'locked') {
        // Locked: the session ends, and the login page names no one.
        await endSession(app, request, reply, sessions.cookie);
        request.session = undefined;
        return showLogin(request, reply, 429, { email: '', problem: LOCKED, notice: null }, null);
      }
      return showVerify(request, reply, 401, WRONG_CODE);
    }
    await sessions.renew(request, reply, result.user, null);
    return reply.redirect(result.usedRecoveryCode ? `/dashboard?recovery_left=${result.recoveryCodesLeft}` : '/dashboard', 303);
  });

  app.post('/logout', async (request, reply) => {
    await endSession(app, request, reply, sessions.cookie);
    return reply.redirect('/dashboard/login?out=1', 303);
  });
};
