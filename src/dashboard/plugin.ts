import type { FastifyPluginAsync } from 'fastify';
import { decoyHash } from '../services/passwords.ts';
import { webSurface } from '../web/surface.ts';
import { messagePage } from '../web/layout.ts';
import { dashboardChrome, dashboardCookie, partnerUserArea } from './context.ts';
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
import { dashboardTestClockRoutes } from './test-clocks.ts';

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
  partnerUserArea.install(app, cookie);

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
  await app.register(dashboardTestClockRoutes);
};
