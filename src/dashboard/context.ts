import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../domain/actors.ts';
import { partnerRoleAtLeast, type PartnerRole } from '../domain/partner-users.ts';
import type { Environment, Tenant } from '../domain/tenant.ts';
import { partnerActorOf, type PartnerUserRow } from '../services/partner-users.ts';
import type { CookieSettings } from '../web/surface.ts';
import { SessionRequired } from '../web/surface.ts';
import type { VNode } from '../web/html.ts';
import { messagePage } from '../web/layout.ts';
import { SURFACE_NAME, type DashboardChrome } from './views/frame.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner user of a dashboard session past both factors, or null. */
    partnerUser: PartnerUserRow | null;
    /** The user of a session still waiting for the second factor or for two-factor set-up. */
    pendingUser: PartnerUserRow | null;
  }
  interface FastifyContextConfig {
    /** The least dashboard role a route needs (viewer when absent). */
    dashboardRole?: PartnerRole;
  }
}

/** The dashboard's session cookie: Strict, its own path (docs/behaviour.md, section 24). */
export function dashboardCookie(publicBaseUrl: string): CookieSettings {
  return { cookieName: 'dashboard_session', cookiePath: '/dashboard', sameSite: 'strict', secure: publicBaseUrl.startsWith('https://') };
}

export interface SignedIn {
  user: PartnerUserRow;
  actor: Actor & { kind: 'partner_user' };
  tenant: Tenant;
  environment: Environment;
}

/** The signed-in partner user and the tenant the switch selects; without one, the login page. */
export function signedIn(request: FastifyRequest): SignedIn {
  const user = request.partnerUser;
  const environment = request.webSession?.environment;
  if (!user || !environment) throw new SessionRequired();
  return { user, actor: partnerActorOf(user), tenant: { partnerId: user.partner_id, environment }, environment };
}

export function canDo(request: FastifyRequest, role: PartnerRole): boolean {
  return request.partnerUser !== null && partnerRoleAtLeast(request.partnerUser.role, role);
}

const NAV = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/dashboard/tokens', label: 'Tokens' },
  { href: '/dashboard/webhooks', label: 'Webhooks' },
  { href: '/dashboard/events', label: 'Events' },
  { href: '/dashboard/logs', label: 'Request log' },
  { href: '/dashboard/customers', label: 'Customers' },
  { href: '/dashboard/users', label: 'Users' },
];

/**
 * The frame of a dashboard page: the lender, the signed-in header and navigation, and on the pages
 * of a user past both factors (those with a `currentPath`) the environment switch.
 */
export function dashboardChrome(request: FastifyRequest, reply: FastifyReply, currentPath?: string): DashboardChrome {
  const base = { lender: request.server.config.lenderName, surfaceName: SURFACE_NAME, homePath: '/dashboard', wide: true };
  const user = request.partnerUser ?? request.pendingUser;
  if (!user || !request.session) return base;
  const csrfToken = reply.generateCsrf();
  const environment = request.webSession?.environment;
  return {
    ...base,
    session: { csrfToken, who: `${user.name} (${user.role})`, logoutPath: '/dashboard/logout' },
    nav: request.partnerUser ? NAV : undefined,
    currentPath,
    environmentSwitch: request.partnerUser && environment && currentPath ? { environment, csrfToken, back: currentPath } : undefined,
  };
}

/** The 404 page for a dashboard path the router could not read, outside any session. */
export function dashboardNotFoundPage(lender: string): VNode {
  return messagePage({ lender, surfaceName: SURFACE_NAME, homePath: '/dashboard', wide: true }, 'Page not found', 'There is nothing at this address.');
}
