import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { consumeLoginToken, type LoginProblem } from '../services/login-links.ts';
import { endSession, setSessionCookie } from '../web/surface.ts';
import { messagePage } from '../web/layout.ts';
import { portalChrome } from './context.ts';
import { portalCookie } from './cookie.ts';

export const LINK_PROBLEMS: Record<LoginProblem, { status: number; message: string }> = {
  invalid: { status: 404, message: 'This login link is not valid. Check that you opened the whole link, or ask for a new one.' },
  used: { status: 410, message: 'This login link has already been used. Each link opens once: ask your broker or us for a new one.' },
  expired: { status: 410, message: 'This login link has expired. Links work for 24 hours: ask your broker or us for a new one.' },
  unavailable: { status: 403, message: 'This login link is not available at the moment. Please contact your broker.' },
};

/** Login links open here; Log out ends the session on the server. */
export const portalLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cookie = portalCookie(app.config.publicBaseUrl);
  // A login token is 43 characters; anything longer than 100 is no token (and is not hashed).
  app.get('/login', { schema: { querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })) }) } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const result = token ? await consumeLoginToken(app.ctx, token) : ({ ok: false, reason: 'invalid' } as const);
    if (!result.ok) {
      const problem = LINK_PROBLEMS[result.reason];
      return reply.page(problem.status, messagePage(portalChrome(request, reply), 'This link cannot be used', problem.message));
    }
    // A browser that was signed in as someone else starts afresh.
    if (request.webSession) await endSession(app, request, reply, cookie);
    setSessionCookie(reply, cookie, result.sessionToken, result.expiresAt);
    return reply.redirect(result.session.offerId ? `/portal/offers/${result.session.offerId}` : '/portal/', 303);
  });

  app.post('/logout', async (request, reply) => {
    await endSession(app, request, reply, cookie);
    request.webSession = null;
    return reply.page(
      200,
      messagePage(portalChrome(request, reply), 'You have logged out', 'Your session has ended. To come back, open a new login link from your broker.'),
    );
  });
};
