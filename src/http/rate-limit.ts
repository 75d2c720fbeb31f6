import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { addressKey } from './address-throttle.ts';
import { localCounterStore, redisCounterStore, type CounterStore } from './counter-stores.ts';
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
 * it on the hot path). A request without a principal counts per address (an IPv6 one by its /64).
 */
function keyOf(request: FastifyRequest): string {
  const bucket = isUpload(request) ? 'u' : 'r';
  return request.principal ? `${bucket}:${request.principal.tokenId}` : `${bucket}:ip:${addressKey(request.ip)}`;
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
    this.#store = redis ? redisCounterStore(redis, nameSpace) : localCounterStore();
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
