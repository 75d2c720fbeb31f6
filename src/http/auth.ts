import type { FastifyRequest } from 'fastify';
import type { PartnerPrincipal, Tenant } from '../domain/tenant.ts';
import { constantTimeEqual, hashToken, type TokenResolver } from '../services/tokens.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: PartnerPrincipal | null;
  }
  interface FastifyContextConfig {
    /** Only sandbox tokens may call this route (403 for production tokens). */
    sandboxOnly?: boolean;
    /** Scope required; by default `read` for GET/HEAD and `write` for everything else. */
    scope?: 'read' | 'write';
  }
}

const AUTH_HEADER = /^(bearer|token)\s+([^\s]+)\s*$/i;

function unauthenticated(detail: string): HttpError {
  return new HttpError('AuthenticationFailed', detail, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/** Node keeps the first of several Authorization headers; which one was meant is unknowable. */
function authorizationHeaders(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization') count++;
  return count;
}

export function bearerToken(request: FastifyRequest): string {
  if (authorizationHeaders(request) > 1) {
    throw new HttpError('ValidationError', 'send one Authorization header, not several', { source: { parameter: 'Authorization' } });
  }
  const header = request.headers.authorization;
  if (!header) throw unauthenticated('the Authorization header is missing');
  const match = AUTH_HEADER.exec(header);
  if (!match) throw unauthenticated('the Authorization header must be "Bearer <token>" or "Token <token>"');
  return match[2];
}

export interface PartnerAuthOptions {
  tokens: TokenResolver;
  /** Counts a failed authentication for the address; throws 429 once it failed too often. */
  authFailed(request: FastifyRequest): Promise<void>;
  /** The operator token's hash, to say so when it is sent to a partner route. */
  adminTokenHash: string | null;
}

/** A failed authentication counts against the address; past the limit it answers 429 instead of 401. */
async function failed(request: FastifyRequest, authFailed: PartnerAuthOptions['authFailed'], error: HttpError): Promise<never> {
  await authFailed(request);
  throw error;
}

function unknownPartnerToken(token: string, adminTokenHash: string | null): HttpError {
  if (token.startsWith('adm_') || (adminTokenHash !== null && constantTimeEqual(hashToken(token), adminTokenHash))) {
    return unauthenticated('this is the admin token: it works on /admin/v1 only; partner routes take a partner token (sk_sandbox_… or sk_live_…)');
  }
  return unauthenticated('the token is unknown or revoked');
}

/**
 * Authenticates a partner request: 401 for bad credentials, 403 for what the token may not do.
 * Synchronous (returns nothing) when the token's principal is cached; a promise otherwise.
 */
export function authenticatePartner(request: FastifyRequest, options: PartnerAuthOptions): void | Promise<void> {
  let token: string;
  try {
    token = bearerToken(request);
  } catch (error) {
    return failed(request, options.authFailed, error as HttpError);
  }
  const principal = options.tokens.lookup(token);
  if (principal instanceof Promise) return principal.then((found) => admit(request, token, found, options));
  return admit(request, token, principal, options);
}

function admit(request: FastifyRequest, token: string, principal: PartnerPrincipal | null, options: PartnerAuthOptions): void | Promise<never> {
  if (!principal) return failed(request, options.authFailed, unknownPartnerToken(token, options.adminTokenHash));
  if (!principal.partnerActive) throw new HttpError('PermissionDenied', 'the partner account is suspended');
  const config = request.routeOptions.config;
  const needed = config.scope ?? (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');
  if (!principal.scopes.includes(needed)) {
    throw new HttpError('PermissionDenied', `this token lacks the ${needed} scope`);
  }
  if (config.sandboxOnly && principal.environment !== 'sandbox') {
    throw new HttpError('PermissionDenied', 'sandbox routes take a sandbox token');
  }
  request.principal = principal;
}

/** The tenant of an authenticated partner request. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.principal) throw new Error('tenantOf called on an unauthenticated request');
  return { partnerId: request.principal.partnerId, environment: request.principal.environment };
}

/** Admin routes: the operator's token, compared in constant time by its hash. */
export async function authenticateAdmin(request: FastifyRequest, adminTokenHash: string | null, authFailed: PartnerAuthOptions['authFailed']): Promise<void> {
  let token: string;
  try {
    token = bearerToken(request);
  } catch (error) {
    return failed(request, authFailed, error as HttpError);
  }
  if (adminTokenHash === null || !constantTimeEqual(hashToken(token), adminTokenHash)) {
    const partnerToken = /^sk_(sandbox|live)_/.test(token);
    await failed(
      request,
      authFailed,
      unauthenticated(partnerToken ? 'this is a partner token: /admin/v1 takes the operator token (ADMIN_TOKEN)' : 'the admin token is not valid'),
    );
  }
}
