/**
 * Counters per client address (docs/behaviour.md, sections 2 and 29): failed authentications
 * (the partner and admin APIs' tokens, the console's and the dashboard's sign-in forms, together)
 * and single sign-ons started. The counting is @fastify/rate-limit's: its stores (a fixed window
 * per key from its first count, in memory or in Redis with the same Lua script, so that several
 * API nodes share the counts) and its key of an address (`normalizeIP`: an IPv6 address counts
 * by its /64, the prefix one subscriber or one host gets, so that the 2^64 addresses of a /64 are
 * one client; an IPv4-mapped IPv6 address counts as its IPv4 address).
 *
 * A sign-in form takes a slot before its secret is checked: the attempt counts as a failure
 * until it succeeds, when the slot is given back. A check the hashing gate refused (too many
 * hashes running) keeps its slot: a flood that fills the gate spends its address's budget. An address with AUTH_FAILURES_PER_MINUTE slots
 * taken (failed, or still being checked) is refused before anything is checked, so guesses sent
 * at once are never all checked before the first one fails.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { localCounterStore, redisCounterStore, type CounterStore, type LocalCounterStore, type LocalEntry } from './counter-stores.ts';
import { HttpError } from './errors.ts';
import { GateBusy } from '../services/hashing-gate.ts';

const MINUTE_MS = 60_000;
/** The prefix length an IPv6 address is counted by (the plugin's default, said here so that it is read). */
const IPV6_SUBNET = 64;

/** The client an address is counted as: IPv4 itself, IPv6 by its /64. */
export function addressKey(ip: string): string {
  return normalizeIP(ip, IPV6_SUBNET);
}

/**
 * Gives one count back, in Redis: only while the key's window lives and its count is above
 * zero, in one script (atomic, whatever the other nodes do meanwhile).
 */
const GIVE_BACK_LUA = `
  local current = tonumber(redis.call('GET', KEYS[1]) or '0')
  if current > 0 and redis.call('PTTL', KEYS[1]) > 0 then
    return redis.call('DECR', KEYS[1])
  end
  return -1
`;
type GivingBackRedis = Redis & { lendingGiveBackCount(key: string): Promise<number> };

/** A count taken for a request: its key, and when the window it was counted in ends (ms since the epoch). */
export interface Slot {
  key: string;
  windowEndsAt: number;
  /** Counted in Redis (shared by the nodes), or on this node's own counter. */
  shared: boolean;
}

export interface Taken {
  slot: Slot;
  /** The count in the window, this one included, was above the limit. */
  exceeded: boolean;
  retryAfterSeconds: number;
}

/** A count as a store answers it: the count in the key's window and the window's ms left. */
type Counted = { current: number; ttl: number } & Partial<LocalEntry>;

function countIn(store: CounterStore, key: string, max: number): Promise<Counted | null> {
  return new Promise((resolve) => {
    // Read as the store answers: the in-memory store answers its live entry, which later counts change.
    store.incr(
      key,
      (error, counted) => {
        const started = (counted as Partial<LocalEntry> | null)?.iterationStartMs;
        resolve(error || !counted ? null : { current: counted.current, ttl: counted.ttl, iterationStartMs: started });
      },
      MINUTE_MS,
      max,
    );
  });
}

/**
 * One counter per client address and minute, in memory or shared through Redis. A count can be
 * given back (a sign-in that succeeded) while its window lasts; in a later window it is gone anyway.
 * When Redis does not answer within the limiter's 250 ms (unreachable, or an event loop held up by
 * a flood), the request is counted on this node's own counter instead: each node then still
 * refuses an address past the limit, where letting the request through uncounted would open the
 * throttle exactly when a flood slows the node.
 */
export class AddressCounter {
  readonly max: number;
  readonly #shared: CounterStore | null;
  readonly #local: LocalCounterStore = localCounterStore();
  readonly #giveBackShared: (key: string) => Promise<void>;

  constructor(nameSpace: string, max: number, redis: Redis | null) {
    this.max = max;
    this.#shared = redis ? redisCounterStore(redis, nameSpace) : null;
    if (redis) {
      const giving = redis as GivingBackRedis;
      if (!giving.lendingGiveBackCount) redis.defineCommand('lendingGiveBackCount', { numberOfKeys: 1, lua: GIVE_BACK_LUA });
      this.#giveBackShared = async (key) => void (await giving.lendingGiveBackCount(nameSpace + key).catch(() => undefined));
    } else {
      this.#giveBackShared = async () => undefined;
    }
  }

  /** Counts the request's address: through Redis when configured and answering, else on this node. */
  async take(request: FastifyRequest): Promise<Taken> {
    const key = addressKey(request.ip);
    const shared = this.#shared ? await countIn(this.#shared, key, this.max) : null;
    const counted = shared ?? (await countIn(this.#local, key, this.max));
    if (!counted) throw new Error('the in-memory counter store answered no count');
    // The in-memory store answers with its entry, whose window start is exact; Redis with the ms left.
    const started = counted.iterationStartMs;
    return {
      slot: { key, windowEndsAt: started === undefined ? Date.now() + counted.ttl : started + MINUTE_MS, shared: shared !== null },
      exceeded: counted.current > this.max,
      retryAfterSeconds: Math.max(1, Math.ceil(counted.ttl / 1000)),
    };
  }

  /** Gives a count back, unless its window has ended. */
  async giveBack(slot: Slot): Promise<void> {
    if (Date.now() >= slot.windowEndsAt) return;
    if (slot.shared) return this.#giveBackShared(slot.key);
    const entry = this.#local.lru.get(slot.key);
    if (entry && entry.current > 0 && entry.iterationStartMs + MINUTE_MS === slot.windowEndsAt) entry.current--;
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
     * A sign-in form's check of a secret (docs/behaviour.md, sections 29 and 31), counted against
     * the request's address: a slot is taken first, and past AUTH_FAILURES_PER_MINUTE slots in the
     * current minute the form is refused (429 Throttled, Retry-After) before `check` runs,
     * whatever the credentials. `check` is given the address as the lock-out counts it (addressKey).
     * The slot stays counted when `failed` says the result is a failure, or when the hashing gate
     * refused the check (GateBusy); it is given back otherwise (or when `check` throws anything
     * else: nothing was checked).
     */
    signInAttempt<T>(request: FastifyRequest, reply: FastifyReply, check: (address: string) => Promise<T>, failed: (result: T) => boolean): Promise<T>;
    /**
     * Counts a single sign-on started from the request's address (each writes a flow row): throws
     * 429 Throttled past SIGN_ON_STARTS_PER_MINUTE in the current minute.
     */
    countSignOnStart(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The 429 of a sign-in refused before anything is checked, with its Retry-After. */
function refused(reply: FastifyReply, taken: Taken, what: string): HttpError {
  const retry = String(taken.retryAfterSeconds);
  reply.header('Retry-After', retry);
  return new HttpError('Throttled', `${what} from this address: try again in ${retry} s`, { headers: { 'Retry-After': retry } });
}

/**
 * Failed authentication is throttled per client address (partner API, admin API and the sign-in
 * forms together). The APIs count only failures, so valid tokens are never slowed or refused by
 * it: after `authFailures` failures in a minute, further failures from that address answer 429
 * Throttled with Retry-After instead of 401. The sign-in forms take their slot before the check
 * (above). Single sign-ons started are counted apart. If Redis does not answer, each node counts
 * on its own (AddressCounter).
 */
export function installAddressThrottles(app: FastifyInstance, limits: { authFailures: number; signOnStarts: number }, redis: Redis | null): void {
  const max = limits.authFailures;
  const failures = new AddressCounter('lending-auth-failures-', max, redis);
  const signOnStarts = new AddressCounter('lending-sign-on-starts-', limits.signOnStarts, redis);
  app.decorate('authFailed', async (request: FastifyRequest) => {
    const taken = await failures.take(request);
    if (taken.exceeded) {
      const retry = String(taken.retryAfterSeconds);
      throw new HttpError('Throttled', `too many failed authentications from this address: at most ${max} a minute; retry in ${retry} s`, {
        headers: { 'Retry-After': retry },
      });
    }
  });
  app.decorate(
    'signInAttempt',
    async <T>(request: FastifyRequest, reply: FastifyReply, check: (address: string) => Promise<T>, failed: (result: T) => boolean): Promise<T> => {
      const taken = await failures.take(request);
      if (taken.exceeded) throw refused(reply, taken, 'too many failed sign-ins');
      let result: T;
      try {
        result = await check(taken.slot.key);
      } catch (error) {
        // Refused by the hashing gate: counted as a failure of the address, so a flood pays for it.
        if (!(error instanceof GateBusy)) await failures.giveBack(taken.slot);
        throw error;
      }
      if (!failed(result)) await failures.giveBack(taken.slot);
      return result;
    },
  );
  app.decorate('countSignOnStart', async (request: FastifyRequest, reply: FastifyReply) => {
    const taken = await signOnStarts.take(request);
    if (taken.exceeded) throw refused(reply, taken, 'too many sign-ins started');
  });
}
