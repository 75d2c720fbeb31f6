import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
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

/** A request counter of @fastify/rate-limit's stores: the count in the key's window, and the window's ms left. */
interface CounterStore {
  incr(key: string, done: (error: Error | null, counted: { current: number; ttl: number } | null) => void, timeWindow: number, max: number): void;
}
type LocalStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, cache: number) => CounterStore;
type RedisStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, nameSpace: string) => CounterStore;
// The plugin's own stores (no typings of their own): the same counters, keys and Redis script as the plugin's.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreClass;
/** Keys the in-memory store keeps (least recently used dropped), as the plugin's default. */
const LOCAL_KEYS = 5_000;

/**
 * Per-token limits (docs/behaviour.md, section 3): `requests` a minute, and `uploads` a minute for
 * upload routes (their own bucket); 429 Throttled with Retry-After, and RateLimit-Limit / -Remaining /
 * -Reset on every response. With Redis the counters are shared by every node; if Redis is
 * unreachable requests are let through rather than refused.
 *
 * The counting is @fastify/rate-limit's (its stores: a fixed window per key from its first request,
 * in memory or in Redis under `nameSpace` + key, with the same Lua script), called from the partner
 * API's authentication hook rather than through the plugin's own hook: with the in-memory store
 * a request is counted and answered synchronously, where the plugin's async hook settled five
 * promises per request (docs/benchmarks.md, "Fifth pass").
 */
export class RequestLimiter {
  readonly #limits: { requests: number; uploads: number };
  readonly #store: CounterStore;

  constructor(limits: { requests: number; uploads: number }, nameSpace: string, redis: Redis | null) {
    this.#limits = limits;
    this.#store = redis ? new RedisStore(false, false, redis, nameSpace) : new LocalStore(false, false, LOCAL_KEYS);
  }

  /**
   * Counts the request in its bucket and sets its RateLimit headers; calls `done` with a Throttled
   * error past the limit. Synchronous with the in-memory store, after Redis answers otherwise.
   */
  count(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    const max = isUpload(request) ? this.#limits.uploads : this.#limits.requests;
    this.#store.incr(
      keyOf(request),
      (error, counted) => {
        // Redis unreachable (or timed out): the request goes through, as with the plugin's skipOnError.
        const current = error || !counted ? 0 : counted.current;
        const reset = String(error || !counted ? 0 : Math.ceil(counted.ttl / 1000));
        reply.header('ratelimit-limit', String(max));
        if (current <= max) {
          reply.header('ratelimit-remaining', String(max - current));
          reply.header('ratelimit-reset', reset);
          return done();
        }
        reply.header('ratelimit-remaining', '0');
        reply.header('ratelimit-reset', reset);
        reply.header('retry-after', reset);
        done(new HttpError('Throttled', `too many requests: at most ${max} a minute; retry in ${reset} s`));
      },
      MINUTE_MS,
      max,
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one failed authentication for the request's address; throws 429 Throttled once the
     * address has failed more than AUTH_FAILURES_PER_MINUTE times in the current minute.
     */
    authFailed(request: FastifyRequest): Promise<void>;
    /**
     * The first thing a sign-in form's POST does (docs/behaviour.md, section 29): throws 429
     * Throttled, before any password is checked and whatever the credentials, once the request's
     * address has failed AUTH_FAILURES_PER_MINUTE times in the current minute. Counts nothing itself:
     * failures are counted by authFailed.
     */
    refuseThrottledSignIn(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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
  app.decorate('refuseThrottledSignIn', async (request: FastifyRequest, reply: FastifyReply) => {
    // A peek at the address's count (the store's read: it changes nothing); Redis unreachable lets it through.
    const result = await (limiter as NonNullable<typeof limiter>)(request, { increment: false });
    if (result.isAllowed || result.remaining > 0) return;
    const retry = String(Math.max(1, result.ttlInSeconds));
    reply.header('Retry-After', retry);
    throw new HttpError('Throttled', `too many failed sign-ins from this address: try again in ${retry} s`, { headers: { 'Retry-After': retry } });
  });
}
