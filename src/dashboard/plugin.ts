import type { FastifyPluginAsync } from 'fastify';
import { activePartnerUser, partnerActorOf, requirePartnerRole } from '../services/partner-users.ts';
import { decoyHash } from '../services/passwords.ts';
import { endSession, SessionRequired, webSurface } from '../web/surface.ts';
import { messagePage } from '../web/layout.ts';
import { dashboardChrome, dashboardCookie } from './context.ts';
import { dashboardLoginRoutes } from './login.ts';
import { dashboardInvitationRoutes } from './invitation.ts';
import { dashboardTwoFactorRoutes } from './two-factor.ts';
import { dashboardEnvironmentRoutes } from './environment.ts';
import { dashboardOverviewRoutes } from './overview.ts';
import { dashboardTokenRoutes } from './tokens.ts';
import { dashboardGoLiveRoutes } from './go-live.ts';
import { dashboardWebhookRoutes } from './webhooks.ts';
import { dashboardEventRoutes } from './events.ts';
import { dashboardLogRoutes } from './logs.ts';
import { dashboardCustomerRoutes } from './customers.ts';
import { dashboardUserRoutes } from './users.ts';

/**
 * The partner dashboard (docs/behaviour.md, section 24), under /dashboard: the partner's own users
 * manage tokens, webhooks and their team, on the same services and rules as the API, with the
 * session, CSRF and header machinery the portal and the console share (src/web).
 */
export const partnerDashboard: FastifyPluginAsync = async (app) => {
  const cookie = dashboardCookie(app.config.publicBaseUrl);
  await decoyHash();
  await webSurface(app, {
    surface: 'dashboard',
    ...cookie,
    errorPage: (request, reply, _status, title, message) => messagePage(dashboardChrome(request, reply), title, message),
    onSessionRequired: (_request, reply) => reply.redirect('/dashboard/login', 303),
  });
  app.decorateRequest('partnerUser', null);
  app.decorateRequest('pendingUser', null);

  // The user behind the session, read on every request: a removed user's session (or a suspended
  // partner's) ends at once, whatever it was doing.
  app.addHook('onRequest', async (request, reply) => {
    const session = request.webSession;
    if (!session?.partner_user_id) return;
    const user = await activePartnerUser(app.ctx, session.partner_user_id);
    if (!user) {
      await endSession(app, request, reply, cookie);
      request.webSession = null;
      request.session = undefined;
    } else if (session.pending_step === null) request.partnerUser = user;
    else request.pendingUser = user;
  });

  // Every page but those of logging in needs a user past both factors; the role a route needs is
  // checked after the CSRF check and before the handler, so a viewer's hand-made POST changes nothing.
  const PUBLIC = new Set(['/dashboard/login', '/dashboard/login/verify', '/dashboard/logout', '/dashboard/invite', '/dashboard/two-factor/setup']);
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    if (url && !PUBLIC.has(url) && !request.partnerUser) throw new SessionRequired();
    const needed = request.routeOptions.config.dashboardRole;
    if (needed && request.partnerUser) requirePartnerRole(partnerActorOf(request.partnerUser), needed);
  });

  await app.register(dashboardLoginRoutes);
  await app.register(dashboardInvitationRoutes);
  await app.register(dashboardTwoFactorRoutes);
  await app.register(dashboardEnvironmentRoutes);
  await app.register(dashboardOverviewRoutes);
  await app.register(dashboardTokenRoutes);
  await app.register(dashboardGoLiveRoutes);
  await app.register(dashboardWebhookRoutes);
  await app.register(dashboardEventRoutes);
  await app.register(dashboardLogRoutes);
  await app.register(dashboardCustomerRoutes);
  await app.register(dashboardUserRoutes);
};
