/**
 * Paged lists (docs/behaviour.md, section 27): each list answers one page (`limit` rows, 50 by
 * default, at most 200) and `meta.next_cursor`, the cursor of the next page (null on the last).
 * `pages` follows the cursors page by page; `eachItem` yields the rows of every page.
 *
 *   for await (const entry of eachItem((cursor) => lending.listRequestLog({ status: 'failed', cursor }), (page) => page.data)) …
 */

/** The query every paged list takes. */
export interface PageQuery {
  /** Rows per page: 1 to 200 (default 50). */
  limit?: number;
  /** `meta.next_cursor` of the page before (absent: the first page). */
  cursor?: string;
}

/** What every paged answer carries. */
export interface PagedAnswer {
  meta: { next_cursor: string | null; previous_cursor?: string | null };
}

/** Every page of a list from the first (or from `from`), reading the next only when asked for it. */
export async function* pages<A extends PagedAnswer>(read: (cursor: string | undefined) => Promise<A>, from?: string): AsyncGenerator<A, void, undefined> {
  let cursor = from;
  for (;;) {
    const page = await read(cursor);
    yield page;
    if (!page.meta.next_cursor) return;
    cursor = page.meta.next_cursor;
  }
}

/** Every row of every page of a list, in the list's order. */
export async function* eachItem<A extends PagedAnswer, T>(
  read: (cursor: string | undefined) => Promise<A>,
  itemsOf: (page: A) => readonly T[],
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(read)) yield* itemsOf(page);
}
