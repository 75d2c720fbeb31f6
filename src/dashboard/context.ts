import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../domain/actors.ts';
import { partnerRoleAtLeast, type PartnerRole } from '../domain/partner-users.ts';
import type { Environment, Tenant } from '../domain/tenant.ts';
import { activePartnerUser, partnerActorOf, type PartnerUserRow } from '../services/partner-users.ts';
import { staffArea } from '../web/staff-area.ts';
import { SessionRequired, type CookieSettings } from '../web/surface.ts';
import type { VNode } from '../web/html.ts';
import { messagePage } from '../web/layout.ts';
import { SURFACE_NAME, type DashboardChrome } from './views/frame.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least dashboard role a route needs (viewer when absent). */
    dashboardRole?: PartnerRole;
  }
}

/** The dashboard's session cookie: Strict, its own path (docs/behaviour.md, section 24). */
export function dashboardCookie(publicBaseUrl: string): CookieSettings {
  return { cookieName: 'dashboard_session', cookiePath: '/dashboard', sameSite: 'strict', secure: publicBaseUrl.startsWith('https://') };
}

/**
 * The dashboard's staff area: the partner user behind the session, read on every request (a
 * removed user's session, or a suspended partner's, ends at once, whatever it was doing); every
 * page but those of logging in needs a user past both factors; a session still waiting for the
 * second factor or its set-up reaches only those; a route's role is checked before its handler.
 */
export const partnerUserArea = staffArea<PartnerUserRow, PartnerRole>({
  load: async (request, session) => (session.partner_user_id ? activePartnerUser(request.server.ctx, session.partner_user_id) : undefined),
  atLeast: (user, role) => partnerRoleAtLeast(user.role, role),
  routeRole: (request) => request.routeOptions.config.dashboardRole,
  publicPaths: new Set(['/dashboard/login', '/dashboard/login/verify', '/dashboard/logout', '/dashboard/invite', '/dashboard/two-factor/setup']),
});

export interface SignedIn {
  user: PartnerUserRow;
  actor: Actor & { kind: 'partner_user' };
  tenant: Tenant;
  environment: Environment;
}

/** The signed-in partner user and the tenant the switch selects; without one, the login page. */
export function signedIn(request: FastifyRequest): SignedIn {
  const user = partnerUserArea.signedIn(request);
  const environment = request.webSession?.environment;
  if (!environment) throw new SessionRequired();
  return { user, actor: partnerActorOf(user), tenant: { partnerId: user.partner_id, environment }, environment };
}

export function can(request: FastifyRequest, role: PartnerRole): boolean {
  return partnerUserArea.can(request, role);
}

/** Whom a page's header names: a user past both factors (with the navigation), or one still logging in. */
export interface ChromeAccount {
  user: PartnerUserRow;
  signedIn: boolean;
}

/** The request's account: past both factors, else waiting for a step of logging in, else none. */
export function accountOf(request: FastifyRequest): ChromeAccount | null {
  const user = partnerUserArea.current(request);
  if (user) return { user, signedIn: true };
  const pending = partnerUserArea.pending(request);
  return pending ? { user: pending, signedIn: false } : null;
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

/** The sandbox's navigation adds its own tools, before "Users". */
const SANDBOX_NAV = [...NAV.slice(0, -1), { href: '/dashboard/test-clocks', label: 'Test clocks' }, ...NAV.slice(-1)];

/**
 * The frame of a dashboard page: the lender, the header naming the account with "Log out", the
 * navigation once past both factors, and on those signed-in pages that have a `currentPath` the
 * environment switch. A login step that has just changed the session names its account itself.
 */
export function dashboardChrome(request: FastifyRequest, reply: FastifyReply, currentPath?: string, account = accountOf(request)): DashboardChrome {
  const base = { lender: request.server.config.lenderName, surfaceName: SURFACE_NAME, homePath: '/dashboard', wide: true };
  if (!account || !request.session) return base;
  const { user } = account;
  const csrfToken = reply.generateCsrf();
  const environment = request.webSession?.environment;
  return {
    ...base,
    session: { csrfToken, who: `${user.name} (${user.role})`, logoutPath: '/dashboard/logout' },
    nav: account.signedIn ? (environment === 'sandbox' ? SANDBOX_NAV : NAV) : undefined,
    currentPath,
    environmentSwitch: account.signedIn && environment && currentPath ? { environment, csrfToken, back: currentPath } : undefined,
  };
}

/** The 404 page for a dashboard path the router could not read, outside any session. */
export function dashboardNotFoundPage(lender: string): VNode {
  return messagePage({ lender, surfaceName: SURFACE_NAME, homePath: '/dashboard', wide: true }, 'Page not found', 'There is nothing at this address.');
}
