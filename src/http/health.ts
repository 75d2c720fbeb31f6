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

const NO_STORE = 'no-store';

/**
 * `GET /health/live` and `GET /health/ready` (docs/behaviour.md, section 25): no token, and no more
 * than up or down per check.
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
      redis ? withinTimeout(async () => (await redis.ping()) === 'PONG').then((up): CheckState => (up ? 'up' : 'down')) : Promise.resolve(undefined),
    ]);
    const serving: CheckState = options.serving.serving ? 'up' : 'down';
    const checks = { serving, ...database, ...(redisState ? { redis: redisState } : {}) };
    const up = Object.values(checks).every((state) => state === 'up');
    reply.header('cache-control', NO_STORE);
    return reply.code(up ? 200 : 503).send({ status: up ? 'up' : 'down', checks });
  });
};
