import type { FastifyPluginAsync } from 'fastify';
import { decoyHash } from '../services/passwords.ts';
import { webSurface } from '../web/surface.ts';
import { messagePage } from '../web/layout.ts';
import { consoleChrome, consoleCookie, loginPathFor, operatorArea } from './context.ts';
import { consoleLoginRoutes } from './login.ts';
import { consolePasswordRoutes } from './password.ts';
import { consoleTwoFactorRoutes } from './two-factor.ts';
import { consoleSignOnRoutes } from './sign-on.ts';
import { consoleApplicationRoutes } from './applications.ts';
import { consoleDocumentRoutes } from './documents.ts';
import { consolePartnerRoutes } from './partners.ts';
import { consolePartnerTokenRoutes } from './partner-tokens.ts';
import { consolePartnerWebhookRoutes } from './partner-webhooks.ts';
import { consolePartnerIntroducerRoutes } from './partner-introducers.ts';
import { consolePartnerDashboardRoutes } from './partner-dashboard.ts';
import { consoleAuditRoutes } from './audit.ts';
import { consoleOperatorRoutes } from './operators.ts';
import { consoleCustomerRoutes } from './customers.ts';
import { consoleCustomerSearchRoutes } from './customer-search.ts';
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
    onSessionRequired: (request, reply) => reply.redirect(loginPathFor(request), 303),
  });
  operatorArea.install(app, cookie);

  app.get('/', async (_request, reply) => reply.redirect('/console/applications', 303));
  await app.register(consoleLoginRoutes);
  await app.register(consoleTwoFactorRoutes);
  await app.register(consoleSignOnRoutes);
  await app.register(consolePasswordRoutes);
  await app.register(consoleApplicationRoutes);
  await app.register(consoleDocumentRoutes);
  await app.register(consolePartnerRoutes);
  await app.register(consolePartnerTokenRoutes);
  await app.register(consolePartnerWebhookRoutes);
  await app.register(consolePartnerIntroducerRoutes);
  await app.register(consolePartnerDashboardRoutes);
  await app.register(consoleAuditRoutes);
  await app.register(consoleOperatorRoutes);
  await app.register(consoleCustomerSearchRoutes);
  await app.register(consoleCustomerRoutes);
  await app.register(consoleLoanRoutes);
};
