/**
 * What every paged list of the services shares (docs/behaviour.md, section 27): the cursor read
 * against the list that asks (a malformed or foreign one is a 400 naming `cursor`), the rows read
 * by the store along the list's keyset, and the cursors of the pages either side.
 */
import { decodeCursor, pageOf, type CursorScope, type Page, type PageRequest } from '../domain/cursor.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Keyset, KeysetWindow, PageWindow } from '../store/keyset.ts';

export type { Page, PageRequest };

/**
 * An overview figure (the dashboard's counts, the console's queue size) is counted along an index up
 * to this many, never over the whole table: beyond, it shows as "1,000 or more".
 */
export const FIGURE_BOUND = 1000;

/** The owner of a tenant's lists, as their cursors name it. */
export function tenantOwner(tenant: Tenant): string {
  return `${tenant.partnerId}:${tenant.environment}`;
}

/** The owner of the lender's lists across every partner (the console and the admin API). */
export const OPERATORS = 'operators';

export async function readPage<T>(
  request: PageRequest,
  scope: CursorScope,
  keyset: Keyset,
  read: (window: PageWindow) => Promise<KeysetWindow<T>>,
): Promise<Page<T>> {
  const position = request.cursor
    ? decodeCursor(
        request.cursor,
        scope,
        keyset.columns.map((c) => c.type),
      )
    : null;
  return pageOf(scope, await read({ limit: request.limit, position }), position);
}

/** The first `limit` rows of a list, for callers that show one page and no cursor. */
export function firstRows(limit: number): PageWindow {
  return { limit, position: null };
}

export function mapPageItems<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(map) };
}
