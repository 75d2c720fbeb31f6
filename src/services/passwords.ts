/**
 * Operator passwords: scrypt from node:crypto (no native add-on), N = 2^15, r = 8, p = 1, a
 * 16-byte random salt and a 32-byte key (OWASP's minimum for scrypt is N = 2^17 with p = 1, or
 * equivalent work; 2^15 with r = 8 costs 32 MiB and about 60 ms here, which keeps a login quick
 * while making each guess expensive). The parameters are stored with each hash, so raising them
 * later still verifies the old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { baseProblem, isOverlongPassword, passwordLengthProblem, patternProblem } from '../domain/password-rules.ts';
import { isCommonPassword } from './common-passwords.ts';
import { passwordHashing } from './hashing-gate.ts';

const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2n;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  // Through the gate: at most a few hashes at a time in the process (hashing-gate.ts).
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
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

/**
 * Whether `password` is the one `stored` was made from. A password longer than the rules allow
 * (MAX_PASSWORD_BYTES) is checked against the decoy instead, so it costs the same and never
 * matches: what was typed is never shortened, so the rules and the login agree on every password.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (isOverlongPassword(password)) {
    await verifyPassword('', await decoyHash());
    return false;
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2n, r, p] = parts.slice(1, 4).map(Number);
  if (![log2n, r, p].every((n) => Number.isInteger(n) && n > 0) || log2n > 20) return false;
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await derive(password, Buffer.from(parts[4], 'base64url'), log2n, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * What a chosen password must be (docs/behaviour.md, section 29): 12 to 200 characters as the user
 * sees them, not one of the common passwords, nor one dressed up (its base, digits and symbols
 * around it stripped and common substitutions undone, a common password or a run of the keyboard
 * or the alphabet), not only repeated or sequential characters; the reason in words starting
 * with `subject`, or null when it will do.
 */
export function passwordProblem(password: string, subject = 'The new password'): string | null {
  const length = passwordLengthProblem(password, subject);
  if (length) return length;
  if (isCommonPassword(password)) return 'This password is one of the most common passwords: choose another';
  const base = baseProblem(password, isCommonPassword);
  if (base === 'common') return 'This password is a common password with a few characters changed or added: choose another';
  const pattern = patternProblem(password);
  if (pattern) return `${subject} ${pattern}: choose one that is harder to guess`;
  return base === 'run' ? `${subject} is a run of the keyboard or the alphabet with a few characters added: choose one that is harder to guess` : null;
}

/** A password for a new account, shown once: 20 characters of base64url (120 bits), drawn again in the rare case the rules refuse it. */
export function generatePassword(): string {
  for (;;) {
    const password = randomBytes(15).toString('base64url');
    if (passwordProblem(password) === null) return password;
  }
}
