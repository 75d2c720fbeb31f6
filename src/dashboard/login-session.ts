import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PartnerUserRow } from '../services/partner-users.ts';
import { startWebSession } from '../services/web-sessions.ts';
import { endSession, setSessionCookie } from '../web/surface.ts';
import { dashboardCookie, partnerUserArea } from './context.ts';

export type PendingStep = 'two_factor' | 'setup';

/** The sessions of logging in: the anonymous one that carries a form's CSRF secret, and one per step after it. */
export function loginSessions(app: FastifyInstance) {
  const cookie = dashboardCookie(app.config.publicBaseUrl);
  return {
    cookie,

    /** The forms before login carry their CSRF secret in a short anonymous session of their own. */
    async ensure(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (request.session) return;
      const started = await startWebSession(app.ctx.db, 'dashboard_login', {}, app.ctx.now());
      setSessionCookie(reply, cookie, started.token, started.expiresAt);
      request.session = { csrfSecret: started.csrfSecret };
    },

    /** Replaces the request's session with a new one (never reuse a session id across a login step). */
    async renew(request: FastifyRequest, reply: FastifyReply, user: PartnerUserRow, pendingStep: PendingStep | null): Promise<void> {
      await endSession(app, request, reply, cookie);
      const started = await startWebSession(
        app.ctx.db,
        pendingStep ? 'dashboard_login' : 'dashboard',
        { partnerId: user.partner_id, environment: 'sandbox', partnerUserId: user.id, pendingStep },
        app.ctx.now(),
      );
      setSessionCookie(reply, cookie, started.token, started.expiresAt);
      request.session = { csrfSecret: started.csrfSecret };
    },

    /** The user of a session waiting for this step, or null. */
    pendingAt(request: FastifyRequest, step: PendingStep): PartnerUserRow | null {
      const user = partnerUserArea.pending(request);
      return user && request.webSession?.pending_step === step ? user : null;
    },
  };
}
