import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import { LiveAnswer, ReadyAnswer } from '../schemas/health.ts';
import { withinTimeout, type CheckState, type DatabaseReadiness } from '../services/health.ts';

/**
 * Whether this process still takes work: a shutdown turns it off first, so readiness answers 503
 * (and a load balancer stops sending here) before the server stops accepting connections.
 */
export class Serving {
  #serving = true;
  get serving(): boolean {
    return this.#serving;
  }
  stop(): void {
    this.#serving = false;
  }
}

export interface HealthOptions {
  database: DatabaseReadiness;
  serving: Serving;
  /** The shared rate-limit store, when this process uses one. */
  redis: Redis | null;
}

/**
 * Redis's part of readiness: `up` when it answers a PING within the probe's time, `degraded`
 * otherwise. Never a reason to leave the rotation (docs/behaviour.md, section 31): without Redis
 * each node counts on its own counters (http/address-throttle.ts), and taking every node out
 * because their shared Redis is down would stop the service rather than degrade it.
 */
export type RedisState = 'up' | 'degraded';

const NO_STORE = 'no-store';

/**
 * `GET /health/live` and `GET /health/ready` (docs/behaviour.md, sections 25 and 31): no token, and
 * no more than up or down per check (Redis: up or degraded, which leaves readiness 200).
 */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthOptions> = async (app, options) => {
  app.get('/health/live', { schema: { hide: true, response: { 200: LiveAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
    return { status: 'up' as const };
  });

  app.get('/health/ready', { schema: { hide: true, response: { 200: ReadyAnswer, 503: ReadyAnswer } } }, async (_request, reply) => {
    const redis = options.redis;
    const [database, redisState] = await Promise.all([
      options.database.check(),
      redis ? withinTimeout(async () => (await redis.ping()) === 'PONG').then((up): RedisState => (up ? 'up' : 'degraded')) : Promise.resolve(undefined),
    ]);
    const serving: CheckState = options.serving.serving ? 'up' : 'down';
    // Only the process and its database decide; Redis is named, degraded or up, beside them.
    const deciding = { serving, ...database };
    const up = Object.values(deciding).every((state) => state === 'up');
    const checks = { ...deciding, ...(redisState ? { redis: redisState } : {}) };
    reply.header('cache-control', NO_STORE);
    return reply.code(up ? 200 : 503).send({ status: up ? 'up' : 'down', checks });
  });
};
