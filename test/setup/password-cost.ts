/**
 * Password hashes in the test processes cost scrypt N = 2^10 instead of the servers' 2^15 (about
 * 3 ms instead of 90): the suite creates operators and signs in some hundreds of times. Each hash
 * stores its own cost and is verified at it, so every path runs as in a server; the child servers
 * and commands the tests start keep 2^15, and test/integration/operators.test.ts checks a hash one
 * of them stored.
 */
import { afterAll, beforeAll } from 'vitest';
import { setPasswordCostForTests } from '../../src/services/passwords.ts';

let restore = () => {};
beforeAll(() => {
  restore = setPasswordCostForTests(10);
});
afterAll(() => restore());
