/**
 * The console's lists, a page at a time (docs/behaviour.md, section 27): 50 rows a page, the page
 * named by a cursor in the query string, and a cursor the list refuses (not one of its own: old,
 * hand-edited, of other filters) answered 400 with the list's first page and a word about it.
 */
import { Type } from 'typebox';
import { PAGE_SIZE_DEFAULT, type PageRequest } from '../domain/cursor.ts';
import { pageOrFirst } from '../web/paging.ts';

/** Rows a console list shows on a page. */
export const CONSOLE_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/**
 * A list's cursor as sent: any text. Its service says whether it is one of the list's own, so that
 * a malformed one is refused in words (400) rather than dropped as an unreadable filter would be.
 */
export const ListCursor = Type.Optional(Type.String());

/** A list page as read: the page shown, why the cursor was refused (null when it was not), and the status to answer. */
export interface ListRead<T> {
  page: T;
  refused: string | null;
  status: 200 | 400;
}

/** The page of CONSOLE_PAGE_SIZE rows `cursor` names (the first when empty), or the first page when the list refuses the cursor. */
export async function readListPage<T>(cursor: string | undefined, read: (request: PageRequest) => Promise<T>): Promise<ListRead<T>> {
  const { page, refused } = await pageOrFirst(cursor || null, (from) => read({ limit: CONSOLE_PAGE_SIZE, cursor: from }));
  return { page, refused, status: refused ? 400 : 200 };
}
