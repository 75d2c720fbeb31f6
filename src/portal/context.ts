import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../services/context.ts';
import { customerContext } from '../services/customer-time.ts';
import type { CustomerScope } from '../services/portal.ts';
import { formatDate } from '../web/format.ts';
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The context of the session's customer: its time is the customer's test clock's when it is on one. */
    portalContext: ServiceContext | null;
  }
}

/**
 * Every portal request with a session reads the time of its customer (docs/behaviour.md, section
 * 28): looked up once, after the session is resumed.
 */
export function installCustomerTime(app: FastifyInstance): void {
  app.decorateRequest('portalContext', null);
  app.addHook('onRequest', async (request) => {
    const session = request.webSession;
    if (!session || session.surface !== 'portal' || !session.partner_id || !session.environment || !session.customer_id) return;
    const tenant = { partnerId: session.partner_id, environment: session.environment };
    request.portalContext = await customerContext(app.ctx, 'customer', session.customer_id, tenant);
  });
}

/** The services' context for this request: the session's customer's (its time), else the app's. */
export function portalContext(request: FastifyRequest): ServiceContext {
  return request.portalContext ?? request.server.ctx;
}

/** The page frame: the lender's name, and when signed in the navigation and Log out (and the date of a test clock). */
export function portalChrome(request: FastifyRequest, reply: FastifyReply, currentPath?: string): Chrome {
  const lender = request.server.config.lenderName;
  if (!request.webSession) return { lender, homePath: '/portal/' };
  const clock = request.portalContext?.clock;
  return {
    lender,
    homePath: '/portal/',
    session: { csrfToken: reply.generateCsrf(), logoutPath: '/portal/logout' },
    nav: PORTAL_NAV,
    currentPath,
    ...(clock ? { banner: `Sandbox date: ${formatDate(clock.frozenOn)}` } : {}),
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
