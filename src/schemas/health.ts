import { Type } from 'typebox';
import { Closed, StringEnum } from './common.ts';

const State = StringEnum(['up', 'down'] as const);

/** `GET /health/live`: the process runs. */
export const LiveAnswer = Closed({ status: StringEnum(['up'] as const) });

/**
 * `GET /health/ready`: up or down, and which check is down (docs/behaviour.md, sections 25 and 31).
 * `serving` is down once the process is shutting down. `redis` (when REDIS_URL is set) is up or
 * degraded: Redis not answering leaves the answer 200, only the database (or shutting down) makes it 503.
 */
export const ReadyAnswer = Closed({
  status: State,
  checks: Closed({
    serving: State,
    database: State,
    migrations: State,
    redis: Type.Optional(StringEnum(['up', 'degraded'] as const)),
  }),
});
