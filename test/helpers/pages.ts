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
