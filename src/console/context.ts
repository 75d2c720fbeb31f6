import type { FastifyReply, FastifyRequest } from 'fastify';
import { may, roleAtLeast, type Actor, type OperatorRole } from '../domain/actors.ts';
import { activeOperator, actorOf, type OperatorRow } from '../services/operators.ts';
import type { CookieSettings } from '../web/surface.ts';
import { staffArea } from '../web/staff-area.ts';
import type { Chrome } from '../web/layout.ts';
import { SURFACE_NAME } from './views/common.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role a console route needs (viewer when absent). */
    role?: OperatorRole;
  }
}

/** The console's session cookie: Strict, so no other site can send it (docs/behaviour.md, section 19). */
export function consoleCookie(publicBaseUrl: string): CookieSettings {
  return { cookieName: 'console_session', cookiePath: '/console', sameSite: 'strict', secure: publicBaseUrl.startsWith('https://') };
}

/** Whether the request's session was signed in through the identity provider (single sign-on). */
export function signedOnThroughProvider(request: FastifyRequest): boolean {
  return request.webSession?.sign_in_method === 'oidc';
}

/** The navigation of a signed-in operator: "Change password" only for a session signed in with a password. */
export function consoleNav(operator: OperatorRow, passwordSession = true) {
  const items = [
    { href: '/console/applications', label: 'Applications' },
    { href: '/console/customers', label: 'Customers' },
    { href: '/console/loans', label: 'Loans' },
    { href: '/console/partners', label: 'Partners' },
    { href: '/console/audit', label: 'Audit log' },
  ];
  if (roleAtLeast(operator.role, 'admin')) items.push({ href: '/console/operators', label: 'Operators' });
  if (passwordSession) items.push({ href: '/console/password', label: 'Change password' });
  return items;
}

/** The requests whose session from the provider outlived OIDC_SESSION_MINUTES: they go through the provider again. */
const outlivedSessions = new WeakSet<FastifyRequest>();

/**
 * Where a request without the session it needs goes: through the provider again, silently where
 * the provider allows (section 31), when its session from the provider has outlived
 * OIDC_SESSION_MINUTES; the login page otherwise.
 */
export function loginPathFor(request: FastifyRequest): string {
  return outlivedSessions.has(request) ? '/console/login/sso?silent=1' : '/console/login';
}

/**
 * The console's staff area: the operator behind the session, read on every request (a deactivated
 * operator's session ends at once; their sessions are also deleted when they are deactivated or
 * change role; with OIDC_ONLY a session signed in with a password ends too; a session from the
 * provider ends once it has lasted OIDC_SESSION_MINUTES); every page but those of signing in needs
 * an operator past every step (a session waiting for the second factor or its set-up reaches only
 * those), and a route's role is checked before its handler.
 */
export const operatorArea = staffArea<OperatorRow, OperatorRole>({
  load: async (request, session) => {
    if (!session.operator_id) return undefined;
    const sso = request.server.singleSignOn;
    if (sso?.passwordLoginAllowed === false && session.sign_in_method !== 'oidc') return null;
    if (sso && session.sign_in_method === 'oidc' && sso.outlived(session.created_at, request.server.ctx.now())) {
      outlivedSessions.add(request);
      return null;
    }
    return activeOperator(request.server.ctx, session.operator_id);
  },
  atLeast: (operator, role) => may(actorOf(operator), role),
  routeRole: (request) => request.routeOptions.config.role,
  publicPaths: new Set([
    '/console/login',
    '/console/login/verify',
    '/console/login/sso',
    '/console/login/callback',
    '/console/logout',
    '/console/two-factor/setup',
    '/console/two-factor/setup/password',
    '/console/',
    '/console',
  ]),
});

/** The signed-in operator; a request without one goes to the login page. */
export function signedIn(request: FastifyRequest): { operator: OperatorRow; actor: Actor & { kind: 'operator' } } {
  const operator = operatorArea.signedIn(request);
  return { operator, actor: actorOf(operator) };
}

export function can(request: FastifyRequest, role: OperatorRole): boolean {
  return operatorArea.can(request, role);
}

/** Whom a page's header names: an operator past every sign-in step (with the navigation), or one still signing in. */
export interface ChromeAccount {
  operator: OperatorRow;
  signedIn: boolean;
}

/** The request's account: past every step, else waiting for a step of signing in, else none. */
export function accountOf(request: FastifyRequest): ChromeAccount | null {
  const operator = operatorArea.current(request);
  if (operator) return { operator, signedIn: true };
  const pending = operatorArea.pending(request);
  return pending ? { operator: pending, signedIn: false } : null;
}

/**
 * The frame of a console page: the lender, the header naming the operator with "Log out", and the
 * navigation once past every sign-in step. A sign-in step that has just changed the session names
 * its account itself.
 */
export function consoleChrome(request: FastifyRequest, reply: FastifyReply, currentPath?: string, account = accountOf(request)): Chrome {
  const lender = request.server.config.lenderName;
  const base = { lender, surfaceName: SURFACE_NAME, homePath: '/console/applications', wide: true };
  if (!account || !request.session) return base;
  const { operator } = account;
  return {
    ...base,
    session: { csrfToken: reply.generateCsrf(), who: `${operator.name} (${operator.role})`, logoutPath: '/console/logout' },
    nav: account.signedIn ? consoleNav(operator, !signedOnThroughProvider(request)) : undefined,
    currentPath,
  };
}
