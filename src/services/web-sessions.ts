import { randomBytes } from 'node:crypto';
import type { Queryable } from '../store/db.ts';
import { deleteExpiredOidcFlows } from '../store/operator-sign-in-store.ts';
import {
  deleteDeadWebSessions,
  deleteWebSession,
  insertWebSession,
  isSuspendedPartnerSession,
  setSessionEnvironment,
  touchWebSession,
  type PendingStep,
  type Surface,
  type WebSessionInsert,
  type WebSessionRow,
} from '../store/web-sessions-store.ts';
import type { ServiceContext } from './context.ts';
import { hashToken } from './tokens.ts';

export type { PendingStep, Surface, WebSessionRow };

/** How long each kind of session may last in all, and without a request. */
export const SESSION_LIMITS: Record<Surface | 'console_login' | 'dashboard_login', { absoluteSeconds: number; idleSeconds: number }> = {
  // docs/behaviour.md, section 8: 8 hours, 30 minutes idle.
  portal: { absoluteSeconds: 8 * 3600, idleSeconds: 30 * 60 },
  // docs/behaviour.md, section 19: 30 minutes idle; a working day at most.
  console: { absoluteSeconds: 12 * 3600, idleSeconds: 30 * 60 },
  // The console's login and set-up link forms, and a password waiting for its second factor or its set-up.
  console_login: { absoluteSeconds: 3600, idleSeconds: 30 * 60 },
  // docs/behaviour.md, section 24: 30 minutes idle, 12 hours in all.
  dashboard: { absoluteSeconds: 12 * 3600, idleSeconds: 30 * 60 },
  // The dashboard's login and invitation forms, and a password waiting for its second factor.
  dashboard_login: { absoluteSeconds: 3600, idleSeconds: 15 * 60 },
};

const SURFACE_OF: Record<keyof typeof SESSION_LIMITS, Surface> = {
  portal: 'portal',
  console: 'console',
  console_login: 'console',
  dashboard: 'dashboard',
  dashboard_login: 'dashboard',
};

export interface StartedSession {
  /** The cookie value: random, shown to the browser only. */
  token: string;
  expiresAt: Date;
  csrfSecret: string;
}

export type SessionSubject = Omit<WebSessionInsert, 'hash' | 'csrfSecret' | 'now' | 'expiresAt' | 'idleSeconds' | 'surface'>;

/** Starts a session (in the caller's transaction when given one). */
export async function startWebSession(db: Queryable, kind: keyof typeof SESSION_LIMITS, subject: SessionSubject, now: Date): Promise<StartedSession> {
  const limits = SESSION_LIMITS[kind];
  const token = randomBytes(32).toString('base64url');
  const csrfSecret = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + limits.absoluteSeconds * 1000);
  await insertWebSession(db, {
    ...subject,
    hash: hashToken(token),
    surface: SURFACE_OF[kind],
    csrfSecret,
    now,
    expiresAt,
    idleSeconds: limits.idleSeconds,
  });
  return { token, expiresAt, csrfSecret };
}

/** The live session behind a cookie, its activity recorded; null when unknown, ended or idle too long. */
export async function resumeWebSession(ctx: ServiceContext, token: string, surface: Surface): Promise<WebSessionRow | null> {
  if (token.length === 0 || token.length > 100) return null;
  return touchWebSession(ctx.db, hashToken(token), surface, ctx.now());
}

/** Why a cookie resumes nothing: the partner behind its session is suspended, or it is simply not live. */
export async function sessionUnavailable(ctx: ServiceContext, token: string, surface: Surface): Promise<boolean> {
  if (token.length === 0 || token.length > 100) return false;
  return isSuspendedPartnerSession(ctx.db, hashToken(token), surface, ctx.now());
}

export async function endWebSession(ctx: ServiceContext, token: string): Promise<void> {
  await deleteWebSession(ctx.db, hashToken(token));
}

/**
 * Removes sessions that ended (the worker's sweep, each minute), and single sign-ons under way that
 * expired: they could no longer be used anyway. Returns how many sessions.
 */
export async function sweepEndedSessions(ctx: ServiceContext): Promise<number> {
  await deleteExpiredOidcFlows(ctx.db, ctx.now());
  return deleteDeadWebSessions(ctx.db, ctx.now());
}

/** The environment a dashboard session shows (the switch at the top of its pages). */
export async function switchEnvironment(ctx: ServiceContext, token: string, environment: 'sandbox' | 'production'): Promise<void> {
  if (token.length === 0 || token.length > 100) return;
  await setSessionEnvironment(ctx.db, hashToken(token), environment);
}
