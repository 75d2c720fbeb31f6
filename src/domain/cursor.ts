/**
 * Pages of a list (docs/behaviour.md, section 27): at most one page of rows per read, and a cursor
 * that says where the next (or the previous) page starts. A cursor is opaque to its holder: base64url
 * of a small JSON object naming its list and scope (a hash of the list's name, its owner and its
 * filters), its direction, and the key of the row it starts from. It is tied to the list that gave
 * it: a cursor of another list, of other filters or of another partner is refused (400, parameter
 * `cursor`), and whatever key it holds, the list's own conditions (the tenant first) still apply, so
 * no cursor reaches another tenant's rows.
 */
import { createHash } from 'node:crypto';
import { validationFailed } from './errors.ts';
import { isUuid } from './ids.ts';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

/** Forward from the row (`after`: the next page) or back from it (`before`: the previous page). */
export type Direction = 'after' | 'before';

/** The type of one column of a list's key, as the database compares it. */
export type KeyType = 'timestamptz' | 'uuid' | 'int8' | 'xid8' | 'date' | 'text';

/**
 * Where a page starts: the key of a row (its columns as text) and which way to read from it; and,
 * for the pages' "Showing 51–100", the number of the row next to the key in the list as it was read
 * (forward: the first row of the page; back: the last), when the cursor carries it.
 */
export interface Position {
  direction: Direction;
  key: string[];
  row?: number;
}

/** The list a cursor belongs to: its name, whose rows it shows, and the filters it was read with. */
export interface CursorScope {
  list: string;
  /** The tenant (`partner:environment`), or `operators` for the lender's lists across partners. */
  owner: string;
  filters?: Record<string, string | number | boolean | null | undefined>;
}

/** A request for one page: how many rows, and from where (null: the first page). */
export interface PageRequest {
  limit: number;
  cursor: string | null;
}

/** One page of a list, with the cursors of its neighbours (null where there is none). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  previousCursor: string | null;
  /** The number of its first row in the list (1 on the first page), when known: "Showing 51–100". */
  firstRow?: number;
}

function scopeTag(scope: CursorScope): string {
  const filters = Object.entries(scope.filters ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([scope.list, scope.owner, filters]))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(scope: CursorScope, position: Position): string {
  const body = { s: scopeTag(scope), d: position.direction === 'after' ? 'a' : 'b', k: position.key, ...(position.row ? { r: position.row } : {}) };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function refused(detail: string): never {
  throw validationFailed([{ detail, source: { parameter: 'cursor' } }]);
}

/**
 * The position a cursor names, checked against the list asking: a cursor that is not one of ours
 * (malformed), or one of another list, other filters or another tenant (foreign), is a 400 naming
 * the parameter `cursor`. The key's values are checked against the list's key types too, so that
 * nothing a client sends reaches the database as a value it cannot read.
 */
export function decodeCursor(text: string, scope: CursorScope, keyTypes: readonly KeyType[]): Position {
  let body: unknown;
  try {
    body = /^[A-Za-z0-9_-]{1,1000}$/.test(text) ? JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) : null;
  } catch {
    body = null;
  }
  const b = body as { s?: unknown; d?: unknown; k?: unknown; r?: unknown } | null;
  if (!b || typeof b !== 'object' || typeof b.s !== 'string' || (b.d !== 'a' && b.d !== 'b') || !Array.isArray(b.k)) {
    refused('cursor is not a cursor this list gave: use next_cursor from a page of this list, or leave cursor out for the first page');
  }
  if (b.s !== scopeTag(scope)) {
    refused('cursor belongs to another list, or to this list with other filters: read the first page again without cursor');
  }
  const key = b.k as unknown[];
  if (key.length !== keyTypes.length || !key.every((value, i) => typeof value === 'string' && isKeyValue(keyTypes[i], value))) {
    refused('cursor is not a cursor this list gave: use next_cursor from a page of this list, or leave cursor out for the first page');
  }
  // The row number only says what the page shows ("Showing 51–100"): one that is not a row number is left out.
  const row = Number.isSafeInteger(b.r) && (b.r as number) >= 1 ? (b.r as number) : undefined;
  return { direction: b.d === 'a' ? 'after' : 'before', key: key as string[], ...(row ? { row } : {}) };
}

const INT8_MAX = 2n ** 63n - 1n;
const XID8_MAX = 2n ** 64n - 1n;

/** Whether `value` is a key column's value the database can read as `type`. */
export function isKeyValue(type: KeyType, value: string): boolean {
  switch (type) {
    case 'uuid':
      return isUuid(value);
    case 'int8':
      return /^-?[0-9]{1,19}$/.test(value) && BigInt(value) <= INT8_MAX && BigInt(value) >= -INT8_MAX - 1n;
    case 'xid8':
      return /^[0-9]{1,20}$/.test(value) && BigInt(value) <= XID8_MAX;
    case 'date':
      return /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) && sameInstant(`${value}T00:00:00.000`);
    case 'timestamptz':
      // As the store writes it: UTC with microseconds.
      return /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/.test(value) && sameInstant(value.slice(0, 23));
    case 'text':
      return value.length <= 500 && value.isWellFormed() && !value.includes('\u0000');
  }
}

/** A calendar date and time that exists (no 30 February), read to the millisecond. */
function sameInstant(isoWithoutZone: string): boolean {
  const at = new Date(`${isoWithoutZone}Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 23) === isoWithoutZone && at.getUTCFullYear() >= 1;
}

/**
 * The page of `rows` with the cursors of the pages after and before it, in `scope`. `from` is where
 * it was read from (null: the first page): the number of its first row follows from it, and each
 * cursor carries the number of the row next to its key.
 */
export function pageOf<T>(
  scope: CursorScope,
  window: { rows: T[]; firstKey: string[] | null; lastKey: string[] | null; moreAfter: boolean; moreBefore: boolean },
  from: Position | null = null,
): Page<T> {
  const firstRow = firstRowOf(from, window.rows.length, window.moreBefore);
  const row = (n: number | undefined) => (n !== undefined && n >= 1 ? { row: n } : {});
  return {
    items: window.rows,
    nextCursor:
      window.moreAfter && window.lastKey
        ? encodeCursor(scope, { direction: 'after', key: window.lastKey, ...row(firstRow === undefined ? undefined : firstRow + window.rows.length) })
        : null,
    previousCursor:
      window.moreBefore && window.firstKey
        ? encodeCursor(scope, { direction: 'before', key: window.firstKey, ...row(firstRow === undefined ? undefined : firstRow - 1) })
        : null,
    ...(firstRow === undefined ? {} : { firstRow }),
  };
}

/** The number of a page's first row: 1 with nothing before it, else as its cursor said (unknown without). */
function firstRowOf(from: Position | null, count: number, moreBefore: boolean): number | undefined {
  if (from === null || !moreBefore) return 1;
  if (from.row === undefined) return undefined;
  return Math.max(1, from.direction === 'after' ? from.row : from.row - count + 1);
}
