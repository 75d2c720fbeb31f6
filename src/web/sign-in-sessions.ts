/**
 * The sessions of signing in to a staff area (the console's operators, the dashboard's partner
 * users; docs/behaviour.md, sections 24 and 29): the short anonymous session that carries a login
 * form's CSRF secret, a session waiting for a step of signing in (the second factor, or setting it
 * up), and the signed-in session after the last step. Each step gets a new session: a session id
 * is never kept across a step.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { startWebSession, type PendingStep, type SessionSubject, type SESSION_LIMITS } from '../services/web-sessions.ts';
import { hashToken } from '../services/tokens.ts';
import { endSession, SessionRequired, setSessionCookie, type CookieSettings } from './surface.ts';

export type { PendingStep };

export interface SignInSessionsSpec<U> {
  cookie: CookieSettings;
  /** The staff area (staff-area.ts), for the account of a session waiting for a step. */
  area: { pending(request: FastifyRequest): U | null };
  /** The kind of the anonymous session and of a session waiting for a step (short). */
  loginKind: keyof typeof SESSION_LIMITS;
  /** The kind of a signed-in session. */
  signedInKind: keyof typeof SESSION_LIMITS;
  /** Whom a session of `user` names, waiting for `pendingStep` or signed in (null). */
  subject(user: U, pendingStep: PendingStep | null): SessionSubject;
}

export interface SignInSessions<U> {
  cookie: CookieSettings;
  /** The forms before signing in carry their CSRF secret in a short anonymous session of their own. */
  ensure(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Replaces the request's session with a new one of `user`, waiting for `pendingStep` or signed
   * in; `over` changes what the session records of it (how it was signed in).
   */
  renew(request: FastifyRequest, reply: FastifyReply, user: U, pendingStep: PendingStep | null, over?: Partial<SessionSubject>): Promise<void>;
  /** The account of a session waiting for this step, or null. */
  pendingAt(request: FastifyRequest, step: PendingStep): U | null;
  /** The hash of the request's session (what names it in the database: the key of a TOTP secret it sets up). */
  sessionHash(request: FastifyRequest): string;
}

export function signInSessions<U>(app: FastifyInstance, spec: SignInSessionsSpec<U>): SignInSessions<U> {
  const { cookie } = spec;
  return {
    cookie,

    async ensure(request, reply) {
      if (request.session) return;
      const started = await startWebSession(app.ctx.db, spec.loginKind, {}, app.ctx.now());
      setSessionCookie(reply, cookie, started.token, started.expiresAt);
      request.session = { csrfSecret: started.csrfSecret };
    },

    async renew(request, reply, user, pendingStep, over = {}) {
      await endSession(app, request, reply, cookie);
      const kind = pendingStep ? spec.loginKind : spec.signedInKind;
      const started = await startWebSession(app.ctx.db, kind, { ...spec.subject(user, pendingStep), ...over }, app.ctx.now());
      setSessionCookie(reply, cookie, started.token, started.expiresAt);
      request.session = { csrfSecret: started.csrfSecret };
    },

    pendingAt(request, step) {
      const user = spec.area.pending(request);
      return user && request.webSession?.pending_step === step ? user : null;
    },

    sessionHash(request) {
      const token = request.cookies[cookie.cookieName];
      if (!token || !request.webSession) throw new SessionRequired();
      return hashToken(token);
    },
  };
}
