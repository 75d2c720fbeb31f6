/**
 * Set-up that registers its own vitest hooks. A test file declares what it needs at the top of a
 * describe block (`const t = useTestApp(backend)`) instead of a `let` assigned in beforeAll and
 * closed in afterAll; what it gets back stands in for the thing, which exists once beforeAll ran.
 */
import { afterAll, beforeAll } from 'vitest';

/**
 * Starts a resource in beforeAll and stops it in afterAll (stopped only if it started). Returns a
 * stand-in that forwards every read to the started resource, so it is usable inside tests and hooks
 * registered after this call (beforeAll hooks run in the order registered, afterAll in reverse).
 */
export function useResource<T extends object>(what: string, start: () => Promise<T>, stop?: (resource: T) => Promise<void>): T {
  let resource: T | undefined;
  beforeAll(async () => {
    resource = await start();
  });
  if (stop) afterAll(async () => (resource === undefined ? undefined : stop(resource)));

  const started = (): T => {
    if (resource === undefined) throw new Error(`${what} is used before its beforeAll started it`);
    return resource;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = started();
      const value: unknown = Reflect.get(target, key, target);
      // Methods run on the resource itself (class methods may use private fields).
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(started(), key, value),
    has: (_, key) => Reflect.has(started(), key),
    // Spreading the stand-in (`{ ...t, app: other }`) copies the resource's own fields.
    ownKeys: () => Reflect.ownKeys(started()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(started(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
