/** Reading a paged list to its end and back (docs/behaviour.md, section 27). */
import { expect } from 'vitest';

export interface PageOf<T> {
  items: T[];
  next: string | null;
  previous: string | null;
}

/**
 * Reads every page of a list from the first, following the next cursors, then walks back from the
 * last following the previous cursors, and checks both ways show the same pages: each full but the
 * last, no cursor before the first or after the last. Answers the pages read forward.
 */
export async function walkPages<T>(read: (cursor: string | null) => Promise<PageOf<T>>, limit: number): Promise<T[][]> {
  const forward: PageOf<T>[] = [await read(null)];
  expect(forward[0].previous).toBeNull();
  while (forward[forward.length - 1].next !== null && forward.length < 100) forward.push(await read(forward[forward.length - 1].next));
  const last = forward[forward.length - 1];
  expect(last.next).toBeNull();
  forward.slice(0, -1).forEach((page) => expect(page.items).toHaveLength(limit));
  expect(last.items.length).toBeLessThanOrEqual(limit);
  const back: T[][] = [last.items];
  let previous = last.previous;
  while (previous !== null && back.length < 100) {
    const page = await read(previous);
    back.unshift(page.items);
    previous = page.previous;
  }
  expect(back).toEqual(forward.map((p) => p.items));
  return forward.map((p) => p.items);
}

/** A page of a partner or admin API answer: its items and meta's cursors. */
export function apiPage<T>(body: { meta: { next_cursor: string | null; previous_cursor: string | null } }, items: T[]): PageOf<T> {
  return { items, next: body.meta.next_cursor, previous: body.meta.previous_cursor };
}

/** A page of a service: its items and cursors. */
export function servicePage<T>(page: { items: T[]; nextCursor: string | null; previousCursor: string | null }): PageOf<T> {
  return { items: page.items, next: page.nextCursor, previous: page.previousCursor };
}

/** The address of a page's link `rel` ("next" or "prev"), unescaped; null when the page has none. */
function linkOf(body: string, rel: 'next' | 'prev'): string | null {
  const href = new RegExp(`<a href="([^"]+)" rel="${rel}">${rel === 'next' ? 'Next page' : 'Previous page'}</a>`).exec(body)?.[1];
  return href === undefined ? null : href.replaceAll('&amp;', '&');
}

/**
 * A page of a list on a web page (docs/behaviour.md, section 27): its rows (the first group of each
 * match of `row`) and the cursors of its "Previous page" and "Next page" links, each checked to lead
 * back to `path` with the same filters.
 */
export function webPage(body: string, row: RegExp, path: string, filters: Record<string, string>): PageOf<string> {
  const cursorOf = (rel: 'next' | 'prev'): string | null => {
    const href = linkOf(body, rel);
    if (href === null) return null;
    const url = new URL(href, 'http://pages.test');
    expect(url.pathname).toBe(path);
    const cursor = url.searchParams.get('cursor');
    url.searchParams.delete('cursor');
    expect(Object.fromEntries(url.searchParams)).toEqual(filters);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    return cursor;
  };
  return { items: [...body.matchAll(new RegExp(row.source, 'g'))].map((m) => m[1]), next: cursorOf('next'), previous: cursorOf('prev') };
}

/** The address of a list's page: its filters and the cursor, as the pages' links write them. */
export function listAddress(path: string, filters: Record<string, string>, cursor: string | null): string {
  const query = new URLSearchParams({ ...filters, ...(cursor ? { cursor } : {}) }).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A page of a server-rendered list (the console's, the dashboard's): the values its rows carry
 * (the first group of `rows`), and its pager's "Next page" and "Previous page" addresses; on a page
 * of several lists, the pager whose links end in `#fragment`.
 */
export function htmlPage(body: string, rows: RegExp, fragment?: string): PageOf<string> {
  const items = [...body.matchAll(new RegExp(rows.source, 'g'))].map((m) => m[1]);
  const link = (rel: 'next' | 'prev') => {
    const found = [...body.matchAll(new RegExp(`<a href="([^"]+)" rel="${rel}">`, 'g'))]
      .map((m) => m[1].replaceAll('&amp;', '&'))
      .filter((href) => (fragment ? href.endsWith(`#${fragment}`) : true));
    expect(found.length, `${rel} links`).toBeLessThanOrEqual(1);
    return found[0] ?? null;
  };
  return { items, next: link('next'), previous: link('prev') };
}
