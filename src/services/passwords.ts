/**
 * Operator passwords: scrypt from node:crypto (no native add-on), N = 2^15, r = 8, p = 1, a
 * 16-byte random salt and a 32-byte key (OWASP's minimum for scrypt is N = 2^17 with p = 1, or
 * equivalent work; 2^15 with r = 8 costs 32 MiB and about 60 ms here, which keeps a login quick
 * while making each guess expensive). The parameters are stored with each hash, so raising them
 * later still verifies the old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2n;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The cost of new hashes (log2 of N): LOG2_N in every server and command. The test suite lowers it
 * in its own processes (test/setup/password-cost.ts), as Django's and Devise's test settings do,
 * because it signs in some hundreds of times; verification reads the cost stored with each hash,
 * so no other step differs.
 */
let newHashLog2N = LOG2_N;

/** For the test suite only: sets the cost of new hashes, and returns what puts it back. */
export function setPasswordCostForTests(log2n: number): () => void {
  const before = newHashLog2N;
  newHashLog2N = log2n;
  return () => {
    newHashLog2N = before;
  };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, newHashLog2N, R, P);
  return `scrypt$${newHashLog2N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash of nothing anyone knows: verified against when the email is unknown, so both cost the same. */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(): Promise<string> {
  let decoy = decoys.get(newHashLog2N);
  if (!decoy) decoys.set(newHashLog2N, (decoy = hashPassword(randomBytes(18).toString('base64url'))));
  return decoy;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2n, r, p] = parts.slice(1, 4).map(Number);
  if (![log2n, r, p].every((n) => Number.isInteger(n) && n > 0) || log2n > 20) return false;
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await derive(password, Buffer.from(parts[4], 'base64url'), log2n, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password for a new account, shown once: 20 characters of base64url (120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/** What a chosen password must be: long enough to resist guessing, short enough to hash quickly. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < 12) return 'The new password must be at least 12 characters';
  if ([...password].length > 200) return 'The new password must be at most 200 characters';
  return null;
}
