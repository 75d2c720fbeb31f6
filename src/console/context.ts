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

export function consoleNav(operator: OperatorRow) {
  const items = [
    { href: '/console/applications', label: 'Applications' },
    { href: '/console/loans', label: 'Loans' },
    { href: '/console/partners', label: 'Partners' },
    { href: '/console/audit', label: 'Audit log' },
  ];
  if (roleAtLeast(operator.role, 'admin')) items.push({ href: '/console/operators', label: 'Operators' });
  items.push({ href: '/console/password', label: 'Change password' });
  return items;
}

/**
 * The console's staff area: the operator behind the session, read on every request (a deactivated
 * operator's session ends at once; their sessions are also deleted when they are deactivated or
 * change role); every page but login and logout needs a signed-in operator, and a route's role is
 * checked before its handler.
 */
export const operatorArea = staffArea<OperatorRow, OperatorRole>({
  load: async (request, session) => (session.operator_id ? activeOperator(request.server.ctx, session.operator_id) : undefined),
  atLeast: (operator, role) => may(actorOf(operator), role),
  routeRole: (request) => request.routeOptions.config.role,
  publicPaths: new Set(['/console/login', '/console/logout', '/console/', '/console']),
});

/** The signed-in operator; a request without one goes to the login page. */
export function signedIn(request: FastifyRequest): { operator: OperatorRow; actor: Actor & { kind: 'operator' } } {
  const operator = operatorArea.signedIn(request);
  return { operator, actor: actorOf(operator) };
}

export function can(request: FastifyRequest, role: OperatorRole): boolean {
  return operatorArea.can(request, role);
}

export function consoleChrome(request: FastifyRequest, reply: FastifyReply, currentPath?: string): Chrome {
  const lender = request.server.config.lenderName;
  const base = { lender, surfaceName: SURFACE_NAME, homePath: '/console/applications', wide: true };
  const operator = operatorArea.current(request);
  if (!operator || !request.session) return base;
  return {
    ...base,
    session: { csrfToken: reply.generateCsrf(), who: `${operator.name} (${operator.role})`, logoutPath: '/console/logout' },
    nav: consoleNav(operator),
    currentPath,
  };
}
