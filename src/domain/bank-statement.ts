/**
 * Open-banking JSON bank statements (spec, Resources > Document; docs/behaviour.md, section 11).
 *
 * Decisions where the spec is silent:
 * - Every problem is reported, each with a JSON pointer into the document exactly as sent. A
 *   statement wrapped as `{"data": {...}}` (allowed for POST /bank_statements) is unwrapped, and
 *   its pointers keep the `/data` prefix (`/data/accountInfo/sortCode`), matching the body
 *   pointers of docs/behaviour.md, section 4. To keep a hostile file from producing a multi-megabyte error, the list stops after
 *   MAX_PROBLEMS entries with a last entry saying how many more there were.
 * - accountNumber and sortCode must be strings: as JSON numbers they would lose leading zeros, and
 *   guessing them back would credit the wrong account.
 * - currency must be a three-letter code; it is upper-cased.
 * - At least one transaction: an empty statement proves nothing and is almost always an export bug.
 * - description must be a string but may be empty (banks do send blank narratives).
 * - The text kept from a statement (account fields, descriptions) must not contain NUL or an
 *   unpaired surrogate: PostgreSQL cannot store them, and processing would fail on every retry.
 * - Amounts and balances are numbers or numeric strings with at most two decimals: the money rule
 *   (docs/behaviour.md, section 1) applies to statements too (a third decimal is a 400 with its pointer,
 *   never silently rounded).
 * - transactionDate is YYYY-MM-DD or an ISO date-time; a date-time with a zone is taken as its
 *   calendar date in London (docs/behaviour.md, section 1), one without a zone by its written date.
 * - Only mandatory fields can fail a statement. The "preferred" accountType (business/personal, any
 *   case; in accountInfo or at the top) and period ({from, to}, same places) are dropped when
 *   unusable; period then defaults to the earliest and latest transaction dates, as the spec
 *   defines it.
 * - Balances are checked for form only, not that starting + amount = closing: banks' own
 *   rounding and pending items make that check reject genuine statements.
 */
import { addMonths, daysInMonth, londonToday } from './dates.ts';
import type { IsoDate } from './dates.ts';
import { parseDecimalToPence } from './money-parse.ts';

export interface StatementProblem {
  pointer: string;
  detail: string;
}

export interface StatementTransaction {
  date: IsoDate;
  amountPence: number;
  description: string;
  /** runningBalance, else closingBalance: the balance after this transaction. */
  balancePence: number;
}

export interface ParsedStatement {
  bankName: string;
  accountNumber: string;
  sortCode: string;
  accountHolder: string;
  currency: string;
  accountType?: 'business' | 'personal';
  period: { from: IsoDate; to: IsoDate };
  transactions: StatementTransaction[];
}

export type BankStatementResult = { ok: true; statement: ParsedStatement } | { ok: false; problems: StatementProblem[] };

export const MAX_PROBLEMS = 1000;

type Json = Record<string, unknown>;

/** PostgreSQL stores neither NUL nor an unpaired surrogate (in text or jsonb); the statement is kept. */
function storable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

const UNSTORABLE = 'must not contain NUL characters or unpaired surrogates';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A calendar date from 'YYYY-MM-DD' or an ISO 8601 date-time, or null. */
export function parseStatementDate(value: unknown): IsoDate | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (m === null) return null;
  const [, y, mo, d, hh, mm, ss, zone] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > daysInMonth(Number(y), Number(mo))) return null;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)) return null;
  if (zone === undefined) return `${y}-${mo}-${d}`;
  const instant = new Date(value.trim());
  return Number.isNaN(instant.getTime()) ? null : londonToday(instant);
}

export function validateBankStatement(doc: unknown): BankStatementResult {
  const problems: StatementProblem[] = [];
  let dropped = 0;
  const problem = (pointer: string, detail: string): void => {
    if (problems.length < MAX_PROBLEMS) problems.push({ pointer, detail });
    else dropped++;
  };

  if (!isObject(doc)) {
    return { ok: false, problems: [{ pointer: '', detail: 'must be a JSON object with accountInfo and transactions' }] };
  }
  let root = doc;
  let base = '';
  if (!('accountInfo' in doc) && isObject(doc.data)) {
    root = doc.data;
    base = '/data';
  }

  const text = (obj: Json, key: string, pointer: string, numberHint?: string): string => {
    const value = obj[key];
    if (value === undefined || value === null) problem(pointer, 'is required');
    else if (typeof value !== 'string') problem(pointer, `must be a string${numberHint ?? ''}`);
    else if (value.trim() === '') problem(pointer, 'must not be empty');
    else if (!storable(value)) problem(pointer, UNSTORABLE);
    else return value.trim();
    return '';
  };
  const money = (obj: Json, key: string, pointer: string): number | null => {
    const pence = parseDecimalToPence(obj[key]);
    if (pence === null) problem(pointer, 'must be an amount with at most two decimals, a number or numeric string such as -12.30');
    return pence;
  };

  // accountInfo
  const infoPointer = `${base}/accountInfo`;
  const info = isObject(root.accountInfo) ? root.accountInfo : null;
  if (info === null) {
    problem(infoPointer, root.accountInfo === undefined ? 'is required' : 'must be an object');
  }
  const infoOf = info ?? {};
  const keepZeros = ' (as a number it would lose leading zeros)';
  const accountNumber = info ? text(infoOf, 'accountNumber', `${infoPointer}/accountNumber`, keepZeros) : '';
  const sortCode = info ? text(infoOf, 'sortCode', `${infoPointer}/sortCode`, keepZeros) : '';
  const accountHolder = info ? text(infoOf, 'accountHolder', `${infoPointer}/accountHolder`) : '';
  let currency = info ? text(infoOf, 'currency', `${infoPointer}/currency`) : '';
  if (currency !== '' && !/^[A-Za-z]{3}$/.test(currency)) {
    problem(`${infoPointer}/currency`, 'must be a three-letter currency code such as GBP');
  }
  currency = currency.toUpperCase();
  const bankName = info ? text(infoOf, 'bankName', `${infoPointer}/bankName`) : '';

  // transactions
  const txPointer = `${base}/transactions`;
  const transactions: StatementTransaction[] = [];
  if (!Array.isArray(root.transactions)) {
    problem(txPointer, root.transactions === undefined ? 'is required' : 'must be an array');
  } else if (root.transactions.length === 0) {
    problem(txPointer, 'must contain at least one transaction');
  } else {
    root.transactions.forEach((tx: unknown, i: number) => {
      const at = `${txPointer}/${i}`;
      if (!isObject(tx)) {
        problem(at, 'must be an object');
        return;
      }
      const date = parseStatementDate(tx.transactionDate);
      if (tx.transactionDate === undefined || tx.transactionDate === null) problem(`${at}/transactionDate`, 'is required');
      else if (date === null) problem(`${at}/transactionDate`, 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time');
      let description = '';
      if (tx.description === undefined || tx.description === null) problem(`${at}/description`, 'is required');
      else if (typeof tx.description !== 'string') problem(`${at}/description`, 'must be a string');
      else if (!storable(tx.description)) problem(`${at}/description`, UNSTORABLE);
      else description = tx.description;
      let amount: number | null = null;
      if (tx.amount === undefined || tx.amount === null) problem(`${at}/amount`, 'is required');
      else amount = money(tx, 'amount', `${at}/amount`);
      const balance = balanceOf(tx, at, money, problem);
      if (date !== null && amount !== null && balance !== null) {
        transactions.push({ date, amountPence: amount, description, balancePence: balance });
      }
    });
  }

  if (dropped > 0) problems.push({ pointer: base, detail: `and ${dropped} more problems not listed` });
  if (problems.length > 0) return { ok: false, problems };

  const dates = transactions.map((t) => t.date).sort();
  const statement: ParsedStatement = {
    bankName,
    accountNumber,
    sortCode,
    accountHolder,
    currency,
    period: periodOf(root, info) ?? { from: dates[0], to: dates[dates.length - 1] },
    transactions,
  };
  const accountType = accountTypeOf(root, info);
  if (accountType !== undefined) statement.accountType = accountType;
  return { ok: true, statement };
}

/** runningBalance, or both startingBalance and closingBalance (the closing one is kept). */
function balanceOf(
  tx: Json,
  at: string,
  money: (obj: Json, key: string, pointer: string) => number | null,
  problem: (pointer: string, detail: string) => void,
): number | null {
  const has = (key: string) => tx[key] !== undefined && tx[key] !== null;
  if (has('runningBalance')) {
    const running = money(tx, 'runningBalance', `${at}/runningBalance`);
    // Extra start/closing balances are optional then, but still checked if sent.
    if (has('startingBalance')) money(tx, 'startingBalance', `${at}/startingBalance`);
    if (has('closingBalance')) money(tx, 'closingBalance', `${at}/closingBalance`);
    return running;
  }
  if (!has('startingBalance') && !has('closingBalance')) {
    problem(`${at}/runningBalance`, 'is required (or both startingBalance and closingBalance)');
    return null;
  }
  if (!has('startingBalance')) problem(`${at}/startingBalance`, 'is required with closingBalance when runningBalance is absent');
  if (!has('closingBalance')) problem(`${at}/closingBalance`, 'is required with startingBalance when runningBalance is absent');
  const starting = has('startingBalance') ? money(tx, 'startingBalance', `${at}/startingBalance`) : null;
  const closing = has('closingBalance') ? money(tx, 'closingBalance', `${at}/closingBalance`) : null;
  return starting !== null ? closing : null;
}

function accountTypeOf(root: Json, info: Json | null): 'business' | 'personal' | undefined {
  const raw = info?.accountType ?? root.accountType;
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return value === 'business' || value === 'personal' ? value : undefined;
}

function periodOf(root: Json, info: Json | null): { from: IsoDate; to: IsoDate } | null {
  const raw = isObject(root.period) ? root.period : isObject(info?.period) ? info.period : null;
  if (raw === null) return null;
  const from = parseStatementDate(raw.from);
  const to = parseStatementDate(raw.to);
  return from !== null && to !== null && from <= to ? { from, to } : null;
}

/**
 * Credits (positive amounts, in pence) dated within the 12 months ending today:
 * (today − 12 months, today]. Whatever the statement's currency; callers that need GBP use
 * statementTurnoverPence.
 */
export function creditsInLast12Months(statement: ParsedStatement, today: IsoDate): number {
  const after = addMonths(today, -12);
  let total = 0;
  for (const t of statement.transactions) {
    if (t.amountPence > 0 && t.date > after && t.date <= today) total += t.amountPence;
  }
  return total;
}

/**
 * Annual turnover from bank statements (the fallback for T of docs/behaviour.md, section 7): the credits of the last 12
 * months across all accounts. Statements in other currencies are skipped (no FX rate to trust; a
 * GBP lender's policy thresholds are GBP). Two statements of the same account (same sort code and
 * account number) may overlap, so a credit is counted as often as the statement that lists it most
 * often does, not once per statement: overlaps are not double-counted, while two identical
 * payments on one statement still count twice.
 */
export function statementTurnoverPence(statements: ParsedStatement[], today: IsoDate): number {
  const after = addMonths(today, -12);
  const accounts = new Map<string, Map<string, { amount: number; count: number }>>();
  for (const s of statements) {
    if (s.currency !== 'GBP') continue;
    const accountKey = `${s.sortCode.replace(/[^0-9A-Za-z]/g, '')}|${s.accountNumber.replace(/[^0-9A-Za-z]/g, '')}`;
    const seen = new Map<string, { amount: number; count: number }>();
    for (const t of s.transactions) {
      if (!(t.amountPence > 0 && t.date > after && t.date <= today)) continue;
      const key = `${t.date}|${t.amountPence}|${t.description}`;
      const entry = seen.get(key) ?? { amount: t.amountPence, count: 0 };
      entry.count++;
      seen.set(key, entry);
    }
    const account = accounts.get(accountKey) ?? new Map<string, { amount: number; count: number }>();
    for (const [key, entry] of seen) {
      const previous = account.get(key);
      if (previous === undefined || previous.count < entry.count) account.set(key, entry);
    }
    accounts.set(accountKey, account);
  }
  let total = 0;
  for (const account of accounts.values()) {
    for (const { amount, count } of account.values()) total += amount * count;
  }
  return total;
}
