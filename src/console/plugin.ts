import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../services/back-office.ts';
import { activeOperator, actorOf } from '../services/operators.ts';
import { decoyHash } from '../services/passwords.ts';
import { endSession, SessionRequired, webSurface } from '../web/surface.ts';
import { messagePage } from '../web/layout.ts';
import { consoleChrome, consoleCookie } from './context.ts';
import { consoleLoginRoutes } from './login.ts';
import { consoleApplicationRoutes } from './applications.ts';
import { consoleDocumentRoutes } from './documents.ts';
import { consolePartnerRoutes } from './partners.ts';
import { consoleAuditRoutes } from './audit.ts';
import { consoleOperatorRoutes } from './operators.ts';
import { consoleCustomerRoutes } from './customers.ts';
import { consoleLoanRoutes } from './loans.ts';

/**
 * The operator console (docs/behaviour.md, section 19), under /console: server-rendered pages on the same
 * services as the admin API, with the portal's session, CSRF and header machinery.
 */
export const operatorConsole: FastifyPluginAsync = async (app) => {
  const cookie = consoleCookie(app.config.publicBaseUrl);
  // The decoy hash an unknown email is checked against exists before the first login, so that
  // login costs one scrypt like any other.
  await decoyHash();
  await webSurface(app, {
    surface: 'console',
    ...cookie,
    errorPage: (request, reply, _status, title, message) => messagePage(consoleChrome(request, reply), title, message),
    onSessionRequired: (_request, reply) => reply.redirect('/console/login', 303),
  });
  app.decorateRequest('operator', null);

  // The operator behind the session, read on every request: a deactivated operator's session ends
  // at once (their sessions are also deleted when they are deactivated or change role).
  app.addHook('onRequest', async (request, reply) => {
    const operatorId = request.webSession?.operator_id;
    if (!operatorId) return;
    const operator = await activeOperator(app.ctx, operatorId);
    if (operator) request.operator = operator;
    else {
      await endSession(app, request, reply, cookie);
      request.webSession = null;
      request.session = undefined;
    }
  });

  // The role a route needs, checked after the CSRF check and before the handler: a viewer's
  // hand-made POST is refused like a button it never saw.
  // Every page but login and logout needs a signed-in operator (each handler checks again).
  const PUBLIC = new Set(['/console/login', '/console/logout', '/console/', '/console']);
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    // (An unknown path is simply not found, signed in or not.)
    if (url && !PUBLIC.has(url) && !request.operator) throw new SessionRequired();
    const needed = request.routeOptions.config.role;
    if (!needed || !request.operator) return;
    requireRole(actorOf(request.operator), needed);
  });

  app.get('/', async (_request, reply) => reply.redirect('/console/applications', 303));
  await app.register(consoleLoginRoutes);
  await app.register(consoleApplicationRoutes);
  await app.register(consoleDocumentRoutes);
  await app.register(consolePartnerRoutes);
  await app.register(consoleAuditRoutes);
  await app.register(consoleOperatorRoutes);
  await app.register(consoleCustomerRoutes);
  await app.register(consoleLoanRoutes);
};
