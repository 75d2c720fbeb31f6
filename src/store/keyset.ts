/**
 * Keyset pagination, once (docs/behaviour.md, section 27): a list reads the rows after (or before)
 * the key of a row, in the order of an index, never with OFFSET and never counting the table. A
 * list names its key (columns that are unique together, each never null) and its order; this
 * module writes the key's condition and order for its statement, and turns the rows read into a
 * page with the keys of its first and last row (as text, exact: a timestamp to the microsecond).
 *
 * A list of one statement names its parts to selectPage; a list of another shape (several index
 * reads merged) composes its statement from keysetBounds' pieces and answers keysetWindow's page.
 */
import type { KeyType, Position } from '../domain/cursor.ts';
import type { Queryable } from './db.ts';

export interface KeyColumn {
  /** The column as the statement names it (with its table's alias). */
  expr: string;
  type: KeyType;
}

/** A list's order: its key's columns, all in one direction, unique together. */
export interface Keyset {
  columns: readonly KeyColumn[];
  order: 'asc' | 'desc';
}

/** Which rows to read: at most `limit`, from `position` (null: from the start). */
export interface PageWindow {
  limit: number;
  position: Position | null;
}

/** The rows of one page in the list's order, with the keys of the first and last, and whether more lie either side. */
export interface KeysetWindow<T> {
  rows: T[];
  firstKey: string[] | null;
  lastKey: string[] | null;
  moreAfter: boolean;
  moreBefore: boolean;
}

export interface KeysetBounds {
  /** The key's condition (`TRUE` on the first page). */
  condition: string;
  orderBy: string;
  /** The key's columns as text, to add to the select list (`__k0`, `__k1`, …). */
  keyColumns: string;
  /** The parameter placeholder of the LIMIT. */
  limitParam: string;
  /** Values of the parameters from the first number given on: the key's, then the limit. */
  params: unknown[];
}

/** A key column as exact text: a timestamp in UTC to the microsecond, every other type as PostgreSQL writes it. */
function keyText(column: KeyColumn): string {
  return column.type === 'timestamptz' ? `to_char(${column.expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : `${column.expr}::text`;
}

function reading(keyset: Keyset, position: Position | null): { forward: boolean; order: 'asc' | 'desc' } {
  const forward = position === null || position.direction === 'after';
  const order = forward ? keyset.order : keyset.order === 'asc' ? 'desc' : 'asc';
  return { forward, order };
}

/**
 * The pieces of a page's statement, its parameters numbered from `firstParam`. One more row than
 * the page is read, to know whether another page follows in the reading direction.
 */
export function keysetBounds(keyset: Keyset, window: PageWindow, firstParam: number): KeysetBounds {
  const { position } = window;
  const { order } = reading(keyset, position);
  const params: unknown[] = [];
  let condition = 'TRUE';
  // The position comes from decodeCursor, which checked its values against these types. They go as
  // text, cast by the server: a driver would read a timestamp parameter into a Date (milliseconds).
  if (position) {
    const placeholders = keyset.columns.map((column, i) => `$${firstParam + i}::text::${column.type}`);
    params.push(...position.key);
    condition = `(${keyset.columns.map((c) => c.expr).join(', ')}) ${order === 'asc' ? '>' : '<'} (${placeholders.join(', ')})`;
  }
  params.push(window.limit + 1);
  return {
    condition,
    orderBy: keyset.columns.map((c) => `${c.expr} ${order.toUpperCase()}`).join(', '),
    keyColumns: keyset.columns.map((c, i) => `${keyText(c)} AS __k${i}`).join(', '),
    limitParam: `$${firstParam + params.length - 1}`,
    params,
  };
}

/** The page from the rows a statement of keysetBounds read: in the list's order, the key columns taken off. */
export function keysetWindow<T>(rows: readonly Record<string, unknown>[], keyset: Keyset, window: PageWindow): KeysetWindow<T> {
  const { forward } = reading(keyset, window.position);
  const more = rows.length > window.limit;
  const read = rows.slice(0, window.limit);
  const inOrder = forward ? read : [...read].reverse();
  const keys = inOrder.map((row) => keyset.columns.map((_, i) => String(row[`__k${i}`])));
  const items = inOrder.map((row) => {
    const item = { ...row };
    keyset.columns.forEach((_, i) => delete item[`__k${i}`]);
    return item as T;
  });
  return {
    rows: items,
    firstKey: keys[0] ?? null,
    lastKey: keys[keys.length - 1] ?? null,
    // Read forward from a cursor, the rows before it exist (the cursor came from them); read back, those after it do.
    moreAfter: forward ? more : true,
    moreBefore: forward ? window.position !== null : more,
  };
}

/** A list's statement, less its key: what it selects, from where, on what conditions (parameters numbered from $1). */
export interface ListStatement {
  select: string;
  from: string;
  where: readonly string[];
  params: readonly unknown[];
}

/** One page of a list of one statement: `SELECT … FROM … WHERE … AND <key> ORDER BY <key> LIMIT <page + 1>`. */
export async function selectPage<T>(db: Queryable, keyset: Keyset, window: PageWindow, statement: ListStatement): Promise<KeysetWindow<T>> {
  const bounds = keysetBounds(keyset, window, statement.params.length + 1);
  const { rows } = await db.query(
    `SELECT ${statement.select}, ${bounds.keyColumns} FROM ${statement.from}
      WHERE ${[...statement.where, bounds.condition].join(' AND ')}
      ORDER BY ${bounds.orderBy} LIMIT ${bounds.limitParam}`,
    [...statement.params, ...bounds.params],
  );
  return keysetWindow(rows, keyset, window);
}
