/**
 * The dashboard's lists, a page at a time (docs/behaviour.md, sections 24 and 27): 50 rows read
 * from the cursor of the link followed, with the shared pager's rules. A cursor the list refuses
 * (another list's, other filters', another partner's or environment's, or not one of ours) shows
 * the first page with a word about it, answered 400 as the APIs answer it; a page that has emptied
 * since its link was made (its rows aged out of the log, or deleted) shows the first page too.
 */
import { PAGE_SIZE_DEFAULT, type Page, type PageRequest } from '../domain/cursor.ts';
import { pageOrFirst } from '../web/paging.ts';

/** A page as a dashboard list shows it. */
export interface ShownPage<T> {
  page: Page<T>;
  /** The cursor the rows were read from: null when the first page is shown. */
  cursor: string | null;
  /** Why the page asked for is not the one shown (null when it is). */
  problem: string | null;
  /** 400 for a refused cursor, else 200. */
  status: 200 | 400;
}

const EMPTIED = 'Nothing is left on that page of the list (its rows are older than the list keeps, or were deleted): here is the first page.';

/** Reads the page at `cursor` (the first page when null) of a list of 50 rows a page (or `limit`: a page of several lists shows fewer of each). */
export async function readShownPage<T>(
  cursor: string | null | undefined,
  read: (request: PageRequest) => Promise<Page<T>>,
  limit = PAGE_SIZE_DEFAULT,
): Promise<ShownPage<T>> {
  const asked = cursor ?? null;
  const { page, refused } = await pageOrFirst(asked, (from) => read({ limit, cursor: from }));
  if (refused) return { page, cursor: null, problem: refused, status: 400 };
  if (asked !== null && page.items.length === 0) return { page: await read({ limit, cursor: null }), cursor: null, problem: EMPTIED, status: 200 };
  return { page, cursor: asked, problem: null, status: 200 };
}
