import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../domain/actors.ts';
import { partnerRoleAtLeast, type PartnerRole } from '../domain/partner-users.ts';
import type { Environment, Tenant } from '../domain/tenant.ts';
import { partnerActorOf, type PartnerUserRow } from '../services/partner-users.ts';
import type { CookieSettings } from '../web/surface.ts';
import { SessionRequired } from '../web/surface.ts';
import { html, type ComponentChildren, type VNode } from '../web/html.ts';
import { CsrfField, messagePage, Page, type Chrome } from '../web/layout.ts';

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

export const SURFACE_NAME = 'Partner dashboard';

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

export function dashboardChrome(request: FastifyRequest, reply: FastifyReply, currentPath?: string): Chrome {
  const base = { lender: request.server.config.lenderName, surfaceName: SURFACE_NAME, homePath: '/dashboard', wide: true };
  const user = request.partnerUser ?? request.pendingUser;
  if (!user || !request.session) return base;
  return {
    ...base,
    session: { csrfToken: reply.generateCsrf(), who: `${user.name} (${user.role})`, logoutPath: '/dashboard/logout' },
    nav: request.partnerUser ? NAV : undefined,
    currentPath,
  };
}

/** The switch at the top of every signed-in page: which environment the pages show. */
function EnvironmentSwitch({ request, reply, back }: { request: FastifyRequest; reply: FastifyReply; back: string }): VNode | null {
  const environment = request.webSession?.environment;
  if (!request.partnerUser || !environment) return null;
  return html`<form method="post" action="/dashboard/environment" class="env-switch" aria-label="Environment">
    <${CsrfField} token=${reply.generateCsrf()} />
    <input type="hidden" name="back" value=${back} />
    <span class="muted">Environment:</span>
    ${(['sandbox', 'production'] as const).map(
      (e) =>
        html`<button type="submit" name="environment" value=${e} class=${e === environment ? '' : 'secondary'} aria-pressed=${e === environment ? 'true' : 'false'}>${environmentName(e)}</button> `,
    )}
  </form>`;
}

export function environmentName(environment: Environment): string {
  return environment === 'sandbox' ? 'Sandbox' : 'Production';
}

/** The environment a page shows, beside its heading. */
export function EnvTag({ environment }: { environment: Environment }): VNode {
  return html`<span class="tag">${environmentName(environment)}</span>`;
}

/** A signed-in page: the environment switch, then the page. */
export function dashboardPage(request: FastifyRequest, reply: FastifyReply, currentPath: string, title: string, children: ComponentChildren): VNode {
  return html`<${Page} chrome=${dashboardChrome(request, reply, currentPath)} title=${title}>
    <${EnvironmentSwitch} request=${request} reply=${reply} back=${currentPath} />
    ${children}
  </${Page}>`;
}

/** A page outside the signed-in area (login, invitation, two-factor). */
export function plainPage(request: FastifyRequest, reply: FastifyReply, title: string, children: ComponentChildren): VNode {
  return html`<${Page} chrome=${dashboardChrome(request, reply)} title=${title}>${children}</${Page}>`;
}

/** The 404 page for a dashboard path the router could not read, outside any session. */
export function dashboardNotFoundPage(lender: string): VNode {
  return messagePage({ lender, surfaceName: SURFACE_NAME, homePath: '/dashboard', wide: true }, 'Page not found', 'There is nothing at this address.');
}
