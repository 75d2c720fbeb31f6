/**
 * Prequalification uploads (docs/behaviour.md, section 12) to rows the worker can quote.
 *
 * Two levels of failure, because they are answered differently:
 * - a bad *file* (not CSV, no header, no external_customer_id column, not an array, no rows, more
 *   than MAX_PREQUALIFICATION_ROWS rows) is `{ok: false, reason}`: nothing is quoted;
 * - a bad *row* keeps its place with `problem` set, so the caller answers that
 *   external_customer_id with `prequalified: false` and the problem as its `reason`, while the
 *   other rows are still quoted.
 *
 * Decisions: column names are matched after trimming, lower-casing and turning spaces/hyphens into
 * underscores ("External Customer ID" works); unknown columns are ignored. Empty cells are "not
 * given" (null), which the policy skips. Amounts are GBP with at most two decimals (docs/behaviour.md, section 1),
 * "£" and grouped thousands ("120,000.50") allowed; JSON amounts may also be `{amount: n}` as in
 * the customer API's last_12_months_turnover. Dates must be YYYY-MM-DD (day-first and
 * month-first slashes are ambiguous, and guessing would quote the wrong trading age). JSON ids
 * that are integers are accepted and turned into strings (partners' database keys).
 */
import { parse } from 'csv-parse/sync';
import type { IsoDate } from './dates.ts';
import { daysInMonth } from './dates.ts';
import { parseDecimalToPence } from './money-parse.ts';

export const MAX_PREQUALIFICATION_ROWS = 10_000;

export interface PrequalRow {
  externalCustomerId: string;
  companyName?: string;
  companyNumber?: string;
  tradingFromDate: IsoDate | null;
  turnoverPence: number | null;
  requestedAmountPence: number | null;
  /** Set when a value in the row is unusable; partner-readable, used as the quote's reason. */
  problem?: string;
}

export type PrequalParseResult = { ok: true; rows: PrequalRow[] } | { ok: false; reason: string };

function normaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Guesses the separator from the header line: the most frequent of comma, semicolon, tab. */
function separatorOf(headerLine: string): string {
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = headerLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

export function parsePrequalificationCsv(text: string): PrequalParseResult {
  const body = text.replace(/^\uFEFF/, '');
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(body)) {
    return { ok: false, reason: 'the file is not a CSV text file' };
  }
  if (body.trim() === '') return { ok: false, reason: 'the file is empty; a header row is required' };
  const firstLine = body.trimStart().split(/\r?\n|\r/, 1)[0];
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: separatorOf(firstLine),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `the file is not a readable CSV file (${why})` };
  }
  const [header, ...data] = records;
  const names = header.map(normaliseName);
  if (!names.includes('external_customer_id')) {
    return { ok: false, reason: 'the header row has no external_customer_id column' };
  }
  // A row of only separators (spreadsheet exports often end with some) is not a customer.
  const rows = data.filter((cells) => cells.some((cell) => cell !== ''));
  const tooMany = checkCount(rows.length);
  if (tooMany !== null) return tooMany;
  return {
    ok: true,
    rows: rows.map((cells) => {
      const record: Record<string, unknown> = {};
      // With duplicate column names the first one wins, so a stray later column cannot override.
      names.forEach((name, i) => {
        if (!(name in record)) record[name] = cells[i] ?? '';
      });
      return toRow(record);
    }),
  };
}

export function parsePrequalificationJson(value: unknown): PrequalParseResult {
  let list: unknown = value;
  if (isObject(list) && isObject(list.data)) list = list.data;
  if (isObject(list)) list = list.customers;
  if (!Array.isArray(list)) {
    return { ok: false, reason: 'expected {"data": {"customers": [...]}}, {"customers": [...]} or an array of customers' };
  }
  const tooMany = checkCount(list.length);
  if (tooMany !== null) return tooMany;
  return {
    ok: true,
    rows: list.map((entry: unknown, i: number): PrequalRow => {
      if (!isObject(entry)) {
        return { ...emptyRow(''), problem: `customer ${i + 1} is not a JSON object` };
      }
      const record: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(entry)) record[normaliseName(key)] = v;
      return toRow(record);
    }),
  };
}

function checkCount(count: number): PrequalParseResult | null {
  if (count === 0) return { ok: false, reason: 'there are no customer rows' };
  if (count > MAX_PREQUALIFICATION_ROWS) {
    return { ok: false, reason: `there are ${count} customer rows; at most ${MAX_PREQUALIFICATION_ROWS} are accepted` };
  }
  return null;
}

function emptyRow(externalCustomerId: string): PrequalRow {
  return { externalCustomerId, tradingFromDate: null, turnoverPence: null, requestedAmountPence: null };
}

/** A value counts as "not given" when absent, null or blank. */
function given(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

function optionalText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function isoDate(value: unknown): IsoDate | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (m === null) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return value.trim();
}

function toRow(record: Record<string, unknown>): PrequalRow {
  const problems: string[] = [];
  const rawId = record.external_customer_id;
  let id = '';
  if (typeof rawId === 'string') id = rawId.trim();
  else if (typeof rawId === 'number' && Number.isSafeInteger(rawId)) id = String(rawId);
  else if (given(rawId)) problems.push('external_customer_id must be a string');
  if (id === '' && problems.length === 0) problems.push('external_customer_id is required');

  const row = emptyRow(id);
  const companyName = optionalText(record.company_name);
  if (companyName !== undefined) row.companyName = companyName;
  const companyNumber = optionalText(record.company_number);
  if (companyNumber !== undefined) row.companyNumber = companyNumber;

  if (given(record.trading_from_date)) {
    row.tradingFromDate = isoDate(record.trading_from_date);
    if (row.tradingFromDate === null) problems.push('trading_from_date must be a date in the form YYYY-MM-DD');
  }
  row.turnoverPence = amount(record.last_12_months_turnover, 'last_12_months_turnover', problems, false);
  row.requestedAmountPence = amount(record.requested_amount, 'requested_amount', problems, true);
  if (problems.length > 0) row.problem = problems.join('; ');
  return row;
}

function amount(raw: unknown, name: string, problems: string[], mustBePositive: boolean): number | null {
  const value = isObject(raw) ? raw.amount : raw;
  if (!given(value)) return null;
  const pence = parseDecimalToPence(value);
  if (pence === null) {
    problems.push(`${name} must be an amount in GBP with at most two decimals, such as 120000.50`);
    return null;
  }
  if (pence < 0 || (mustBePositive && pence === 0)) {
    problems.push(`${name} must be ${mustBePositive ? 'greater than 0' : 'zero or more'}`);
    return null;
  }
  return pence;
}

/**
 * One row per externalCustomerId, keeping each id's last row (docs/behaviour.md, section 12: the last row wins),
 * ordered by where those last rows stand in the file. Rows without an id share the key '' and
 * so collapse into one problem row, which is all a partner can be answered about them.
 */
export function lastRowWins(rows: readonly PrequalRow[]): PrequalRow[] {
  const lastIndex = new Map<string, number>();
  rows.forEach((row, i) => lastIndex.set(row.externalCustomerId, i));
  return rows.filter((row, i) => lastIndex.get(row.externalCustomerId) === i);
}
