/**
 * Paging on the pages (docs/behaviour.md, section 27), once for the console and the dashboard: a
 * page shows one page of its list, which rows it shows ("Showing 1–50 customers", never a count of
 * the whole table), and "Previous page" and "Next page" links that carry the list's filters and the
 * cursor of the page they lead to. A cursor the list refuses (a stale or hand-edited link) shows
 * the first page with a word about it.
 */
import { Type } from 'typebox';
import { DomainError } from '../domain/errors.ts';
import { html, type VNode } from './html.ts';

/** The pages' query parameter: the cursor of the page to show (the services check it). */
export const CursorQuery = Type.Optional(Type.String({ maxLength: 1000, pattern: '^[A-Za-z0-9_-]+$' }));

/** What a pager needs of a page of any list. */
export interface PageLinks {
  count: number;
  nextCursor: string | null;
  previousCursor: string | null;
  /** The number of the page's first row in the list, when known (its cursor carries it). */
  firstRow?: number;
}

/**
 * The address of the list at `path` with its filters (empty ones left out) and a cursor, in the
 * query parameter `cursorParam` (a page of several lists gives each its own), and a fragment (the
 * list's place on the page) when given.
 */
export function pageHref(
  path: string,
  filters: Record<string, string | null | undefined>,
  cursor: string | null,
  cursorParam = 'cursor',
  fragment: string | null = null,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (cursor) query.set(cursorParam, cursor);
  const text = query.toString();
  return `${text ? `${path}?${text}` : path}${fragment ? `#${fragment}` : ''}`;
}

/**
 * Which rows a page shows: "Showing 1–50 customers, more on the next page", "Showing 51–62 of 62
 * customers" on the last page, "Showing all 12 customers" or "Showing 1 customer" when one page
 * holds the list, "No customers" when it is empty; without a row number (a cursor given before
 * cursors carried one) "Showing 50 customers".
 */
export function shownWords(page: PageLinks, noun: { one: string; many: string }): string {
  const { count, nextCursor, previousCursor, firstRow } = page;
  const of = (n: number) => (n === 1 ? noun.one : noun.many);
  const more = nextCursor ? ', more on the next page' : '';
  if (count === 0) return `No ${noun.many}`;
  if (!nextCursor && !previousCursor) return count === 1 ? `Showing 1 ${noun.one}` : `Showing all ${count.toLocaleString('en-GB')} ${noun.many}`;
  if (firstRow === undefined) return `Showing ${count.toLocaleString('en-GB')} ${of(count)}${more}`;
  const last = firstRow + count - 1;
  const range = count === 1 ? firstRow.toLocaleString('en-GB') : `${firstRow.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')}`;
  return nextCursor ? `Showing ${range} ${noun.many}${more}` : `Showing ${range} of ${last.toLocaleString('en-GB')} ${of(last)}`;
}

/**
 * The count shown and the links to the pages either side. `filters` are kept in the links (with the
 * cursors of a page's other lists, so that paging one leaves the others where they are);
 * `cursorParam` names this list's cursor (default `cursor`); `fragment` brings the reader back to
 * the list; `label` names the navigation when a page has several of the same noun.
 */
export function Pager({
  page,
  path,
  filters,
  noun,
  cursorParam = 'cursor',
  fragment = null,
  label,
}: {
  page: PageLinks;
  path: string;
  filters: Record<string, string | null | undefined>;
  noun: { one: string; many: string };
  cursorParam?: string;
  fragment?: string | null;
  label?: string;
}): VNode {
  const href = (cursor: string) => pageHref(path, filters, cursor, cursorParam, fragment);
  return html`<nav class="pager" aria-label=${label ?? `Pages of ${noun.many}`}>
    <p class="muted">${shownWords(page, noun)}</p>
    ${page.previousCursor ? html`<a href=${href(page.previousCursor)} rel="prev">Previous page</a>` : null}
    ${page.nextCursor ? html`<a href=${href(page.nextCursor)} rel="next">Next page</a>` : null}
  </nav>`;
}

/**
 * Reads a page from `cursor`; when the list refuses the cursor (400 naming `cursor`: another list's,
 * other filters', or not one of ours), reads the first page instead and says so.
 */
export async function pageOrFirst<T>(cursor: string | null, read: (cursor: string | null) => Promise<T>): Promise<{ page: T; refused: string | null }> {
  if (cursor === null) return { page: await read(null), refused: null };
  try {
    return { page: await read(cursor), refused: null };
  } catch (error) {
    if (!(error instanceof DomainError) || !error.problems.some((p) => p.source?.parameter === 'cursor')) throw error;
    return { page: await read(null), refused: 'That page of the list is no longer available (the link is old or was changed): here is the first page.' };
  }
}
