import type { FastifyInstance } from 'fastify';
import type { PartnerUserRow } from '../services/partner-users.ts';
import { signInSessions, type SignInSessions } from '../web/sign-in-sessions.ts';
import { dashboardCookie, partnerUserArea } from './context.ts';

/** The dashboard's sessions of logging in (web/sign-in-sessions.ts): a partner user's, on the sandbox first. */
export function loginSessions(app: FastifyInstance): SignInSessions<PartnerUserRow> {
  return signInSessions(app, {
    cookie: dashboardCookie(app.config.publicBaseUrl),
    area: partnerUserArea,
    loginKind: 'dashboard_login',
    signedInKind: 'dashboard',
    subject: (user, pendingStep) => ({ partnerId: user.partner_id, environment: 'sandbox', partnerUserId: user.id, pendingStep }),
  });
}
