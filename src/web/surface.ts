/**
 * What the portal and the console share, as one Fastify plugin registered once per surface: the
 * security headers (helmet), form bodies, the server-side session behind a cookie, CSRF checks on
 * every request that changes something (@fastify/csrf-protection, its secret kept in the session
 * row), query strings read leniently (page-query.ts), and HTML pages for errors and unknown paths.
 * Each surface's routes register inside it.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import csrf from '@fastify/csrf-protection';
import { DomainError } from '../domain/errors.ts';
import type { Surface, WebSessionRow } from '../services/web-sessions.ts';
import { endWebSession, resumeWebSession, sessionUnavailable } from '../services/web-sessions.ts';
import { renderDocument, type VNode } from './html.ts';
import { dropUnreadableQuery } from './page-query.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A form route's own answer to an error raised before its handler runs (an upload over the
     * size limit, say): the form again with the message beside the field. Null passes it on.
     */
    onFormError?: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | null;
  }
  interface FastifyRequest {
    /** The live session of this surface, or null. */
    webSession: WebSessionRow | null;
    /** The cookie names a session whose partner is suspended (it opens nothing until reinstated). */
    webSessionSuspended: boolean;
    /** Read by @fastify/csrf-protection (its "@fastify/session" mode): the session's CSRF secret. */
    session: { csrfSecret: string } | undefined;
  }
  interface FastifyReply {
    /** Sends a rendered page with its status. */
    page(status: number, root: VNode): FastifyReply;
  }
}

/** Thrown when a page needs a signed-in session and there is none (or it has ended). */
export class SessionRequired extends Error {
  constructor() {
    super('a session is required');
  }
}

/** A page for a status the surface answers by itself (404, 403 for a bad form token, 500…). */
export type ErrorPageRenderer = (request: FastifyRequest, reply: FastifyReply, status: number, title: string, message: string) => VNode;

export interface CookieSettings {
  cookieName: string;
  cookiePath: string;
  sameSite: 'lax' | 'strict';
  /** Cookies are Secure when the public address is https. */
  secure: boolean;
}

export interface SurfaceOptions extends CookieSettings {
  surface: Surface;
  errorPage: ErrorPageRenderer;
  /** What a request without the session it needs gets: a page, or a redirect to log in. */
  onSessionRequired(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

const CSP_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
};

const SECURITY_HEADERS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'no-referrer' as const },
  frameguard: { action: 'deny' as const },
  // Strict-Transport-Security is set on every answer of the app, pages or not, when PUBLIC_BASE_URL is https (app.ts).
  strictTransportSecurity: false,
};

const CSRF_ERRORS = new Set(['FST_CSRF_INVALID_TOKEN', 'FST_CSRF_MISSING_SECRET']);

function csrfTokenFrom(request: FastifyRequest): string | undefined {
  const field = (request.body as Record<string, unknown> | undefined)?._csrf;
  if (typeof field === 'string') return field;
  const header = request.headers['x-csrf-token'];
  return typeof header === 'string' ? header : undefined;
}

export async function webSurface(app: FastifyInstance, options: SurfaceOptions): Promise<void> {
  await app.register(helmet, SECURITY_HEADERS);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(csrf, { sessionPlugin: '@fastify/session', sessionKey: 'csrfSecret', getToken: csrfTokenFrom });

  app.decorateRequest('webSession', null);
  app.decorateRequest('webSessionSuspended', false);
  app.decorateRequest('session', undefined);
  app.decorateReply('page', function (this: FastifyReply, status: number, root: VNode) {
    return this.code(status).type('text/html; charset=utf-8').send(renderDocument(root));
  });

  const cookie = { path: options.cookiePath, httpOnly: true, sameSite: options.sameSite, secure: options.secure } as const;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = request.cookies[options.cookieName];
    if (!token) return;
    const session = await resumeWebSession(app.ctx, token, options.surface);
    if (session) {
      request.webSession = session;
      request.session = { csrfSecret: session.csrf_secret };
    } else {
      request.webSessionSuspended = await sessionUnavailable(app.ctx, token, options.surface);
      reply.clearCookie(options.cookieName, cookie);
    }
  });

  app.addHook('preValidation', (request, _reply, done) => {
    dropUnreadableQuery(request);
    done();
  });

  // Every request that changes something needs a live session and a valid CSRF token from it.
  // (An unknown path is simply not found, whatever the method.)
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.routeOptions.url) return done();
    if (!request.session) {
      options.onSessionRequired(request, reply);
      return;
    }
    app.csrfProtection(request, reply, done);
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const own = request.routeOptions.config.onFormError?.(error, request, reply);
    if (own) return own;
    if (error instanceof SessionRequired) return options.onSessionRequired(request, reply);
    if (error.code && CSRF_ERRORS.has(error.code)) {
      return reply.page(
        403,
        options.errorPage(
          request,
          reply,
          403,
          'This form has expired',
          'For your security the form could not be sent. Go back, reload the page and try again.',
        ),
      );
    }
    if (error instanceof DomainError && error.code === 'PermissionDenied') {
      return reply.page(403, options.errorPage(request, reply, 403, 'Not allowed', `Your role does not allow this (${error.detail}). Nothing was changed.`));
    }
    if (error instanceof DomainError && error.code === 'NotFound') {
      return reply.page(404, options.errorPage(request, reply, 404, 'Page not found', 'There is nothing at this address, or it belongs to someone else.'));
    }
    if ((error as { code?: string }).code === 'Throttled') {
      return reply.page(
        429,
        options.errorPage(request, reply, 429, 'Too many attempts', `${error.message.replace(/^./, (c) => c.toUpperCase())}. Nothing was changed.`),
      );
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 413) {
      return reply.page(413, options.errorPage(request, reply, 413, 'Too large', 'What you sent is larger than we accept. Nothing was saved.'));
    }
    if (status < 500) {
      return reply.page(
        status,
        options.errorPage(request, reply, status, 'Something is not right', 'We could not understand that request. Go back and try again.'),
      );
    }
    request.log.error({ err: error }, 'unhandled error on a web page');
    return reply.page(
      500,
      options.errorPage(
        request,
        reply,
        500,
        'Sorry, something went wrong',
        `Please try again in a moment. If it keeps happening, quote reference ${request.id}.`,
      ),
    );
  });

  app.setNotFoundHandler((request, reply) =>
    reply.page(404, options.errorPage(request, reply, 404, 'Page not found', 'There is nothing at this address. Check the address, or use the links above.')),
  );
}

/** Sets the session cookie of a surface after a login. */
export function setSessionCookie(reply: FastifyReply, options: CookieSettings, token: string, expiresAt: Date): void {
  reply.setCookie(options.cookieName, token, {
    path: options.cookiePath,
    httpOnly: true,
    sameSite: options.sameSite,
    secure: options.secure,
    expires: expiresAt,
  });
}

/** Ends the request's session on the server and clears its cookie. */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, options: CookieSettings): Promise<void> {
  const token = request.cookies[options.cookieName];
  if (token) await endWebSession(app.ctx, token);
  reply.clearCookie(options.cookieName, { path: options.cookiePath, httpOnly: true, sameSite: options.sameSite, secure: options.secure });
}

/** The policy helmet sends, as one header value (for answers no plugin hook reaches). */
export function contentSecurityPolicy(): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join(';');
}

/**
 * A 404 page for a web path the router could not even read (bad percent-encoding): no route or
 * hook runs for those, so the headers are set here.
 */
export function sendBareNotFound(reply: FastifyReply, page: VNode): void {
  void reply
    .code(404)
    .headers({
      'Content-Security-Policy': contentSecurityPolicy(),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-store',
    })
    .type('text/html; charset=utf-8')
    .send(renderDocument(page));
}
