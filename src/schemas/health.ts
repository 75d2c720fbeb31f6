import { Type } from 'typebox';
import { Closed, StringEnum } from './common.ts';

const State = StringEnum(['up', 'down'] as const);

/** `GET /health/live`: the process runs. */
export const LiveAnswer = Closed({ status: StringEnum(['up'] as const) });

/**
 * `GET /health/ready`: up or down, and which check is down (docs/behaviour.md, section 25).
 * `serving` is down once the process is shutting down.
 */
export const ReadyAnswer = Closed({
  status: State,
  checks: Closed({
    serving: State,
    database: State,
    migrations: State,
    redis: Type.Optional(State),
  }),
});
