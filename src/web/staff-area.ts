/**
 * A signed-in staff area (the console's operators, the dashboard's partner users), declared once:
 * on every request the account behind the session is loaded, and a session whose account can no
 * longer sign in (deactivated, removed, its role changed) ends at once; every path but the area's
 * public ones needs an account past every sign-in step; the role a route declares is checked after
 * the CSRF check and before the handler, so a hand-made POST of a lesser role changes nothing.
 *
 * A session may wait for a step of signing in (the second factor, or setting it up: its
 * `pending_step`): its account is then the area's pending one, which reaches the public paths only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import type { WebSessionRow } from '../services/web-sessions.ts';
import { endSession, SessionRequired, type CookieSettings } from './surface.ts';

export interface StaffAreaSpec<U, R extends string> {
  /**
   * The account `session` belongs to if it may still sign in, else null (the session then ends);
   * undefined when the session names no account (the login form's own session).
   */
  load(request: FastifyRequest, session: WebSessionRow): Promise<U | null | undefined>;
  /** Whether `user`'s role is `role` or above. */
  atLeast(user: U, role: R): boolean;
  /** The least role the request's route declares (in its config), if any. */
  routeRole(request: FastifyRequest): R | undefined;
  /** The routes (as registered, with the surface's prefix) open without a signed-in account. */
  publicPaths: ReadonlySet<string>;
}

export interface StaffArea<U, R extends string> {
  /** Adds the area's hooks to a surface (after webSurface, whose session they read). */
  install(app: FastifyInstance, cookie: CookieSettings): void;
  /** The account past every sign-in step, or null. */
  current(request: FastifyRequest): U | null;
  /** The account of a session still waiting for a sign-in step, or null. */
  pending(request: FastifyRequest): U | null;
  /** The signed-in account; without one the request goes to the login page. */
  signedIn(request: FastifyRequest): U;
  /** Whether the request's signed-in account has `role` or above. */
  can(request: FastifyRequest, role: R): boolean;
}

export function staffArea<U, R extends string>(spec: StaffAreaSpec<U, R>): StaffArea<U, R> {
  const accounts = new WeakMap<FastifyRequest, { user: U; pending: boolean }>();
  const current = (request: FastifyRequest): U | null => {
    const found = accounts.get(request);
    return found && !found.pending ? found.user : null;
  };
  return {
    install(app, cookie) {
      app.addHook('onRequest', async (request, reply) => {
        const session = request.webSession;
        if (!session) return;
        const user = await spec.load(request, session);
        if (user === undefined) return;
        if (user === null) {
          await endSession(app, request, reply, cookie);
          request.webSession = null;
          request.session = undefined;
          return;
        }
        accounts.set(request, { user, pending: session.pending_step !== null });
      });

      app.addHook('preHandler', async (request) => {
        const url = request.routeOptions.url;
        const user = current(request);
        // (An unknown path is simply not found, signed in or not.)
        if (url && !spec.publicPaths.has(url) && !user) throw new SessionRequired();
        const needed = spec.routeRole(request);
        if (needed && user && !spec.atLeast(user, needed)) throw new DomainError('PermissionDenied', `this needs the ${needed} role`);
      });
    },
    current,
    pending(request) {
      const found = accounts.get(request);
      return found?.pending ? found.user : null;
    },
    signedIn(request) {
      const user = current(request);
      if (!user) throw new SessionRequired();
      return user;
    },
    can(request, role) {
      const user = current(request);
      return user !== null && spec.atLeast(user, role);
    },
  };
}
