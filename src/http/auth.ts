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

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated('the Authorization header is missing');
  const match = AUTH_HEADER.exec(header);
  if (!match) throw unauthenticated('the Authorization header must be "Bearer <token>" or "Token <token>"');
  return match[2];
}

/** Authenticates a partner request: 401 for bad credentials, 403 for what the token may not do. */
export async function authenticatePartner(request: FastifyRequest, tokens: TokenResolver): Promise<PartnerPrincipal> {
  const principal = await tokens.resolve(bearerToken(request));
  if (!principal) throw unauthenticated('the token is unknown or revoked');
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
  return principal;
}

/** The tenant of an authenticated partner request. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.principal) throw new Error('tenantOf called on an unauthenticated request');
  return { partnerId: request.principal.partnerId, environment: request.principal.environment };
}

/** Admin routes: the operator's token, compared in constant time by its hash. */
export function authenticateAdmin(request: FastifyRequest, adminTokenHash: string | null): void {
  const token = bearerToken(request);
  if (adminTokenHash === null || !constantTimeEqual(hashToken(token), adminTokenHash)) {
    throw unauthenticated('the admin token is not valid');
  }
}
