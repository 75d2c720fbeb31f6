import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerScope } from '../services/portal.ts';
import type { VNode } from '../web/html.ts';
import { messagePage, type Chrome } from '../web/layout.ts';
import { SessionRequired } from '../web/surface.ts';

export const PORTAL_NAV = [
  { href: '/portal/', label: 'Your application' },
  { href: '/portal/company', label: 'Company details' },
  { href: '/portal/documents', label: 'Documents' },
  { href: '/portal/loans', label: 'Your loans' },
];

/** The customer the request's portal session belongs to; a request without one cannot go on. */
export function portalScope(request: FastifyRequest): CustomerScope & { offerId: string | null } {
  const session = request.webSession;
  if (!session || session.surface !== 'portal' || !session.partner_id || !session.environment || !session.customer_id) throw new SessionRequired();
  return { tenant: { partnerId: session.partner_id, environment: session.environment }, customerId: session.customer_id, offerId: session.offer_id };
}

/** The page frame: the lender's name, and when signed in the navigation and Log out. */
export function portalChrome(request: FastifyRequest, reply: FastifyReply, currentPath?: string): Chrome {
  const lender = request.server.config.lenderName;
  if (!request.webSession) return { lender, homePath: '/portal/' };
  return {
    lender,
    homePath: '/portal/',
    session: { csrfToken: reply.generateCsrf(), logoutPath: '/portal/logout' },
    nav: PORTAL_NAV,
    currentPath,
  };
}

/** The 404 page for a path the router could not read, outside any session. */
export function notFoundPage(lender: string): VNode {
  return messagePage(
    { lender, homePath: '/portal/' },
    'Page not found',
    'There is nothing at this address. Check the address, or open your latest login link.',
  );
}
