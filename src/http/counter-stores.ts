/**
 * @fastify/rate-limit's own counter stores (they have no typings of their own), shared by the
 * per-token request limits (rate-limit.ts) and the per-address counters (address-throttle.ts):
 * a fixed window per key from its first count, in memory (an LRU of keys) or in Redis under
 * `nameSpace` + key, with the plugin's Lua script.
 */
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

/** A counter store: `incr` answers the count in the key's window, and the window's ms left. */
export interface CounterStore {
  incr(key: string, done: (error: Error | null, counted: { current: number; ttl: number } | null) => void, timeWindow: number, max: number): void;
}

/** What the in-memory store keeps of a key (store/LocalStore.js): the count and when its window started. */
export interface LocalEntry {
  current: number;
  iterationStartMs: number;
}

export type LocalCounterStore = CounterStore & { lru: { get(key: string): LocalEntry | undefined } };
type LocalStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, cache: number) => LocalCounterStore;
type RedisStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, nameSpace: string) => CounterStore;

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreClass;
/** Keys the in-memory store keeps (least recently used dropped), as the plugin's default. */
const LOCAL_KEYS = 5_000;

export function localCounterStore(): LocalCounterStore {
  return new LocalStore(false, false, LOCAL_KEYS);
}

export function redisCounterStore(redis: Redis, nameSpace: string): CounterStore {
  return new RedisStore(false, false, redis, nameSpace);
}
