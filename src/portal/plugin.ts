import type { FastifyPluginAsync } from 'fastify';
import { webSurface } from '../web/surface.ts';
import { messagePage } from '../web/layout.ts';
import { installCustomerTime, portalChrome } from './context.ts';
import { portalCookie } from './cookie.ts';
import { portalDocumentRoutes } from './documents.ts';
import { portalLoanRoutes } from './loans.ts';
import { LINK_PROBLEMS, portalLoginRoutes } from './login.ts';
import { portalOfferRoutes } from './offers.ts';
import { portalDrawdownRoutes } from './drawdown.ts';
import { portalOverviewRoutes } from './overview.ts';
import { portalWithdrawalRoutes } from './loan-withdrawal.ts';

/**
 * The customer portal (docs/behaviour.md, section 8), registered under /portal: the lender's own pages for
 * the customer a login link was made for.
 */
export const customerPortal: FastifyPluginAsync = async (app) => {
  await webSurface(app, {
    surface: 'portal',
    ...portalCookie(app.config.publicBaseUrl),
    errorPage: (request, reply, _status, title, message) => messagePage(portalChrome(request, reply), title, message),
    onSessionRequired: (request, reply) =>
      request.webSessionSuspended
        ? reply.page(403, messagePage(portalChrome(request, reply), 'This link cannot be used', LINK_PROBLEMS.unavailable.message))
        : reply.page(
            401,
            messagePage(
              portalChrome(request, reply),
              'Your session has ended',
              'For your security we sign you out after 30 minutes without activity, and 8 hours after you signed in. Open a new login link from your broker to carry on.',
            ),
          ),
  });
  installCustomerTime(app);
  await app.register(portalLoginRoutes);
  await app.register(portalOverviewRoutes);
  await app.register(portalDocumentRoutes);
  await app.register(portalOfferRoutes);
  await app.register(portalDrawdownRoutes);
  await app.register(portalWithdrawalRoutes);
  await app.register(portalLoanRoutes);
};
