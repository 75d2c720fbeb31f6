/**
 * A staff area (src/web/staff-area.ts) on a bare Fastify app: the session is given by a header
 * here, where the web surface would resume it from its cookie, so the area's own rules are what
 * is tested: the account loaded or the session ended, the public paths, the route's role, and a
 * session pending a sign-in step.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.ts';
import type { WebSessionRow } from '../../src/services/web-sessions.ts';
import { SessionRequired } from '../../src/web/surface.ts';
import { staffArea } from '../../src/web/staff-area.ts';

interface Staff {
  id: string;
  role: 'reader' | 'writer';
}

const STAFF: Record<string, Staff | null> = { ann: { id: 'ann', role: 'reader' }, bob: { id: 'bob', role: 'writer' }, gone: null };

const area = staffArea<Staff, Staff['role']>({
  load: async (_request, session) => (session.operator_id ? STAFF[session.operator_id] : undefined),
  atLeast: (user, role) => role === 'reader' || user.role === 'writer',
  routeRole: (request) => (request.routeOptions.config as { staffRole?: Staff['role'] }).staffRole,
  publicPaths: new Set(['/login']),
});

describe('a staff area', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(cookie);
    app.decorateRequest('webSession', null);
    app.decorateRequest('session', undefined);
    // "x-staff: ann" or "x-staff: ann pending": the session the surface would have resumed.
    app.addHook('onRequest', async (request) => {
      const [who, step] = String(request.headers['x-staff'] ?? '').split(' ');
      if (!who) return;
      request.webSession = { operator_id: who === 'nobody' ? null : who, pending_step: step ?? null } as unknown as WebSessionRow;
      request.session = { csrfSecret: 'x' };
    });
    area.install(app, { cookieName: 'staff', cookiePath: '/', sameSite: 'strict', secure: false });
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof SessionRequired) return reply.code(303).header('location', '/login').send();
      if (error instanceof DomainError) return reply.code(403).send({ code: error.code, detail: error.detail });
      return reply.code(500).send();
    });
    const who = (request: Parameters<typeof area.current>[0]) => ({
      current: area.current(request)?.id ?? null,
      pending: area.pending(request)?.id ?? null,
      canWrite: area.can(request, 'writer'),
      session: request.webSession !== null,
    });
    app.get('/login', async (request) => who(request));
    app.get('/home', async (request) => ({ signedIn: area.signedIn(request).id, ...who(request) }));
    app.post('/write', { config: { staffRole: 'writer' } as never }, async (request) => ({ wrote: area.signedIn(request).id }));
    await app.ready();
  });

  afterAll(() => app.close());

  const get = (url: string, staff?: string) => app.inject({ method: 'GET', url, headers: staff ? { 'x-staff': staff } : {} });

  it('lets a signed-in account in, and what its role allows', async () => {
    expect((await get('/home', 'ann')).json()).toEqual({ signedIn: 'ann', current: 'ann', pending: null, canWrite: false, session: true });
    expect((await get('/home', 'bob')).json()).toMatchObject({ signedIn: 'bob', canWrite: true });
    const refused = await app.inject({ method: 'POST', url: '/write', headers: { 'x-staff': 'ann' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'PermissionDenied', detail: 'this needs the writer role' });
    expect((await app.inject({ method: 'POST', url: '/write', headers: { 'x-staff': 'bob' } })).json()).toEqual({ wrote: 'bob' });
  });

  it('sends a request without an account to log in, and keeps the public paths open', async () => {
    expect((await get('/home')).headers.location).toBe('/login');
    expect((await get('/home', 'nobody')).headers.location).toBe('/login');
    expect((await get('/login')).json()).toEqual({ current: null, pending: null, canWrite: false, session: false });
    // The login form's own session names no account: it stays.
    expect((await get('/login', 'nobody')).json()).toMatchObject({ current: null, session: true });
  });

  it('ends the session of an account that may no longer sign in', async () => {
    const res = await get('/login', 'gone');
    expect(res.json()).toEqual({ current: null, pending: null, canWrite: false, session: false });
    expect(String(res.headers['set-cookie'])).toMatch(/^staff=;/);
    expect((await get('/home', 'gone')).headers.location).toBe('/login');
  });

  it('keeps an account pending a sign-in step to the public paths', async () => {
    expect((await get('/login', 'bob two_factor')).json()).toEqual({ current: null, pending: 'bob', canWrite: false, session: true });
    expect((await get('/home', 'bob two_factor')).headers.location).toBe('/login');
    expect((await app.inject({ method: 'POST', url: '/write', headers: { 'x-staff': 'bob two_factor' } })).headers.location).toBe('/login');
  });
});
