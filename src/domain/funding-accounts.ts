/**
 * Funding accounts (docs/behaviour.md, section 21): the format of UK bank details, Pay.UK's
 * modulus check, the sandbox's simulated payee name check (Confirmation of Payee) and the status
 * an account gets from it. Pure: no storage, no I/O.
 */
import { validateAccountDetails } from 'uk-modulus-check';
import type { Problem } from './errors.ts';

export const NAME_CHECK_RESULTS = ['match', 'close_match', 'no_match', 'unavailable'] as const;
export type NameCheckResult = (typeof NAME_CHECK_RESULTS)[number];

export const FUNDING_ACCOUNT_STATUSES = ['verified', 'needs_review', 'rejected'] as const;
export type FundingAccountStatus = (typeof FUNDING_ACCOUNT_STATUSES)[number];

export const HOLDER_NAME_MAX = 140;

/** Bank details as stored: the sort code as six digits, the account number as eight. */
export interface BankDetails {
  accountHolderName: string;
  sortCode: string;
  accountNumber: string;
}

const SORT_CODE = /^(\d{6}|\d{2}-\d{2}-\d{2})$/;
const ACCOUNT_NUMBER = /^\d{8}$/;
// Control characters (C0, DEL, C1) have no place in a name a bank compares.

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `of type ${typeof value}`;
}

/**
 * Checks the format of the three fields and answers every problem at once (pointers under
 * `/data`), or the details normalised: the name trimmed, the sort code without hyphens.
 */
export function parseBankDetails(input: Record<string, unknown>): { problems: Problem[]; details: BankDetails | null } {
  const problems: Problem[] = [];
  const at = (field: string, detail: string) => problems.push({ detail: `${field} ${detail}`, source: { pointer: `/data/${field}` } });

  const name = input.account_holder_name;
  let holder = '';
  if (name === undefined) at('account_holder_name', 'is required');
  else if (typeof name !== 'string') at('account_holder_name', `must be a string, not ${describeValue(name)}`);
  else {
    holder = name.trim().replace(/\s+/g, ' ');
    const length = [...holder].length;
    if (length === 0) at('account_holder_name', 'must not be empty');
    else if (length > HOLDER_NAME_MAX) at('account_holder_name', `must be at most ${HOLDER_NAME_MAX} characters (got ${length})`);
    else if (CONTROL.test(name)) at('account_holder_name', 'must not contain control characters');
  }

  const sort = input.sort_code;
  if (sort === undefined) at('sort_code', 'is required');
  else if (typeof sort !== 'string') at('sort_code', `must be a string of six digits, as 12-34-56 or 123456, not ${describeValue(sort)}`);
  else if (!SORT_CODE.test(sort)) at('sort_code', 'must be six digits, as 12-34-56 or 123456 (no spaces or letters)');

  const account = input.account_number;
  if (account === undefined) at('account_number', 'is required');
  else if (typeof account !== 'string') at('account_number', `must be a string of eight digits, not ${describeValue(account)}`);
  else if (!ACCOUNT_NUMBER.test(account)) {
    at('account_number', /^\d+$/.test(account) ? `must be eight digits (got ${account.length})` : 'must be eight digits (no spaces, hyphens or letters)');
  }

  if (problems.length > 0) return { problems, details: null };
  return {
    problems,
    details: { accountHolderName: holder, sortCode: (sort as string).replaceAll('-', ''), accountNumber: account as string },
  };
}

/**
 * Pay.UK's modulus check (the published algorithm and weight table, version 8.50, through the
 * uk-modulus-check library). A sort code the table does not cover cannot be checked and passes, as
 * Pay.UK's specification says.
 */
export function passesModulusCheck(sortCode: string, accountNumber: string): boolean {
  return validateAccountDetails(sortCode, accountNumber);
}

/** 123456 → 12-34-56. */
export function formatSortCode(sortCode: string): string {
  return `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4, 6)}`;
}

/** The last four digits: all an answer, a page, a log line or an event ever shows of the number. */
export function accountNumberEnding(accountNumber: string): string {
  return accountNumber.slice(-4);
}

/** Compared without case, punctuation and repeated spaces; `&` is kept as a word of its own. */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replaceAll('&', ' & ')
    .replace(/[^\p{L}\p{N}\s&]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const DROPPED_WORDS = new Set(['limited', 'ltd', 'llp', 'plc', 'the', 'and', '&']);

function withoutCommonWords(normalised: string): string {
  return normalised
    .split(' ')
    .filter((word) => word !== '' && !DROPPED_WORDS.has(word))
    .join(' ');
}

/**
 * The sandbox's payee name check: `match` when the holder's name equals one of the names the
 * account may be held in (normalised), `close_match` when they are equal once the words limited,
 * ltd, llp, plc, the, and, & are dropped, else `no_match`; `unavailable` when there is no name to
 * compare with.
 */
export function simulatedNameCheck(accountHolderName: string, expectedNames: readonly string[]): NameCheckResult {
  const candidates = expectedNames.map(normaliseName).filter((n) => n !== '');
  if (candidates.length === 0) return 'unavailable';
  const holder = normaliseName(accountHolderName);
  if (candidates.includes(holder)) return 'match';
  const holderShort = withoutCommonWords(holder);
  if (holderShort !== '' && candidates.some((c) => withoutCommonWords(c) === holderShort)) return 'close_match';
  return 'no_match';
}

/** The names a customer's account may be held in: the registered company name, and for a sole trader the applicant's name too. */
export function expectedAccountNames(
  company: { registered_company_name?: string; type?: string },
  people: readonly { first_name?: string; last_name?: string; roles?: readonly string[] }[],
): string[] {
  const names: string[] = [];
  if (company.registered_company_name) names.push(company.registered_company_name);
  if (company.type === 'sole_trader') {
    const applicant = people.find((p) => p.roles?.includes('applicant'));
    const full = [applicant?.first_name, applicant?.last_name].filter(Boolean).join(' ');
    if (full) names.push(full);
  }
  return names;
}

/** `match` is verified and `no_match` rejected; the others wait for an operator. */
export function statusFromNameCheck(result: NameCheckResult): FundingAccountStatus {
  if (result === 'match') return 'verified';
  if (result === 'no_match') return 'rejected';
  return 'needs_review';
}
