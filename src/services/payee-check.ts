/**
 * The payee name check (Confirmation of Payee, docs/behaviour.md, section 21). In the sandbox it is
 * simulated from the names; in production it is a module the operator plugs in with
 * PAYEE_CHECK_MODULE (like the decision policy), and without one the answer is `unavailable`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NAME_CHECK_RESULTS, simulatedNameCheck, type NameCheckResult } from '../domain/funding-accounts.ts';
import type { Environment } from '../domain/tenant.ts';

export interface PayeeCheckInput {
  accountHolderName: string;
  /** Six digits. */
  sortCode: string;
  /** Eight digits: for the bank's check only, never to be logged. */
  accountNumber: string;
  /** The names the account may be held in (the registered company name; a sole trader's own name). */
  expectedNames: string[];
}

/** What PAYEE_CHECK_MODULE exports by default. */
export interface PayeeCheck {
  name: string;
  check(input: PayeeCheckInput): Promise<NameCheckResult> | NameCheckResult;
}

/** A check that takes longer than this is `unavailable`: the account then waits for an operator. */
const CHECK_TIMEOUT_MS = 10_000;

let productionCheck: PayeeCheck | null = null;

/** Plugs in (or, with null, removes) the production check. */
export function setPayeeCheck(check: PayeeCheck | null): void {
  productionCheck = check;
}

export async function loadPayeeCheck(modulePath: string): Promise<PayeeCheck> {
  const loaded = (await import(pathToFileURL(resolve(modulePath)).href)) as { default?: unknown };
  const check = loaded.default as Partial<PayeeCheck> | undefined;
  if (!check || typeof check.check !== 'function' || typeof check.name !== 'string') {
    throw new Error(`PAYEE_CHECK_MODULE ${modulePath} must export default a check { name: string, check(input) }`);
  }
  setPayeeCheck(check as PayeeCheck);
  return check as PayeeCheck;
}

/**
 * The check's answer for `environment`. A production module that throws, times out or answers
 * something else than the four results counts as `unavailable` (the account waits for review).
 */
export async function payeeNameCheck(environment: Environment, input: PayeeCheckInput): Promise<NameCheckResult> {
  if (environment === 'sandbox') return simulatedNameCheck(input.accountHolderName, input.expectedNames);
  const check = productionCheck;
  if (!check) return 'unavailable';
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<'unavailable'>((settle) => {
      timer = setTimeout(() => settle('unavailable'), CHECK_TIMEOUT_MS);
      timer.unref();
    });
    const answer = await Promise.race([Promise.resolve().then(() => check.check({ ...input })), timeout]);
    return (NAME_CHECK_RESULTS as readonly string[]).includes(answer) ? answer : 'unavailable';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}
