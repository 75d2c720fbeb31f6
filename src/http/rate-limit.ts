import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts against the upload limit (its own bucket) instead of the request limit. */
    upload?: boolean;
  }
}

const MINUTE_MS = 60_000;

function isUpload(request: FastifyRequest): boolean {
  return request.routeOptions.config.upload === true;
}

/**
 * Counts per token and per bucket, uploads or requests. The limiter runs after authentication, so
 * the token is already resolved: its id is the key (never the token itself, and no second hash of
 * it on the hot path). A request without a principal counts per address.
 */
function keyOf(request: FastifyRequest): string {
  const bucket = isUpload(request) ? 'u' : 'r';
  return request.principal ? `${bucket}:${request.principal.tokenId}` : `${bucket}:ip:${request.ip}`;
}

/**
 * The shared counter store. A command that gets no answer within COMMAND_TIMEOUT_MS fails, and
 * the limiter then lets the request through: without the timeout, while Redis is unreachable every
 * request waited for the next reconnection attempt (seconds, growing) before being let through.
 * The offline queue stays on so that requests at start-up wait for the first connection and are
 * counted, and so that quit() can close a connection that is down.
 */
const COMMAND_TIMEOUT_MS = 250;

export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  redis.on('error', () => {
    // Reported by the limiter (which then lets requests through); reconnection is automatic.
  });
  return redis;
}

/**
 * Per-token limits (docs/behaviour.md, section 3): `requests` a minute, and `uploads` a minute for upload
 * routes (their own bucket); 429 Throttled with Retry-After, and RateLimit-Limit / -Remaining /
 * -Reset on every response. With Redis the counters are shared by every node; if Redis is
 * unreachable requests are let through rather than refused.
 */
export function rateLimitOptions(limits: { requests: number; uploads: number }, nameSpace: string, redis: Redis | null): RateLimitPluginOptions {
  return {
    global: true,
    max: (request) => (isUpload(request) ? limits.uploads : limits.requests),
    timeWindow: MINUTE_MS,
    keyGenerator: keyOf,
    nameSpace,
    ...(redis ? { redis } : {}),
    skipOnError: true,
    enableDraftSpec: true,
    addHeadersOnExceeding: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true },
    addHeaders: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) =>
      new HttpError('Throttled', `too many requests: at most ${context.max} a minute; retry in ${Math.ceil(context.ttl / 1000)} s`),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one failed authentication for the request's address; throws 429 Throttled once the
     * address has failed more than AUTH_FAILURES_PER_MINUTE times in the current minute.
     */
    authFailed(request: FastifyRequest): Promise<void>;
  }
}

/**
 * Failed authentication is throttled per client address (partner API and admin API together):
 * only failures count, so valid tokens are never slowed or refused by it; after `max` failures in
 * a minute, further failures from that address answer 429 Throttled with Retry-After instead of
 * 401. The counters are shared through Redis when it is configured.
 */
export async function installAuthFailureThrottle(app: FastifyInstance, max: number, redis: Redis | null): Promise<void> {
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      max,
      timeWindow: MINUTE_MS,
      keyGenerator: (request) => request.ip,
      nameSpace: 'lending-auth-failures-',
      ...(redis ? { redis } : {}),
      skipOnError: true,
    });
    limiter = scope.createRateLimit();
  });
  app.decorate('authFailed', async (request: FastifyRequest) => {
    const result = await (limiter as NonNullable<typeof limiter>)(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError('Throttled', `too many failed authentications from this address: at most ${result.max} a minute; retry in ${result.ttlInSeconds} s`, {
        headers: { 'Retry-After': String(result.ttlInSeconds) },
      });
    }
  });
}
