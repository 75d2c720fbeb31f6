/**
 * The one schema of a paged list's query and answer (docs/behaviour.md, section 27): `limit` (1 to
 * 200, 50 by default) and `cursor` (opaque, from the answer's meta), and `meta` with the cursors of
 * the next and the previous page (null where there is none).
 */
import { Type } from 'typebox';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type PageRequest } from '../domain/cursor.ts';

/** The largest `limit` of each pattern made by `limitPattern`, for the 400's words ("limit must be from 1 to N"). */
export const LIMIT_PATTERN_MAXIMUMS = new Map<string, number>();

/** Whole numbers 1 to N without sign or leading zero, for each maximum a list uses. */
const LIMIT_PATTERNS: Record<number, string> = {
  100: '^([1-9]|[1-9][0-9]|100)$',
  200: '^([1-9]|[1-9][0-9]|1[0-9]{2}|200)$',
};

/**
 * The pattern of a `limit` from 1 to `max` in decimal digits: query strings are text, and anything
 * else is a 400 naming `limit` and its range (src/http/validation.ts).
 */
export function limitPattern(max: number): string {
  const pattern = LIMIT_PATTERNS[max];
  if (!pattern) throw new Error(`limitPattern: no pattern for a maximum of ${max}`);
  LIMIT_PATTERN_MAXIMUMS.set(pattern, max);
  return pattern;
}

/** 1 to 200: every paged list but the events API. */
export const LIMIT_PATTERN = limitPattern(PAGE_SIZE_MAX);

export const PageQueryFields = {
  limit: Type.Optional(Type.String({ pattern: LIMIT_PATTERN, description: `Rows per page: 1 to ${PAGE_SIZE_MAX}, default ${PAGE_SIZE_DEFAULT}` })),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'meta.next_cursor (or meta.previous_cursor) of a page of this list, read with the same filters; opaque. Absent: the first page',
    }),
  ),
};

export const PageMeta = Type.Object(
  {
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'The next page: pass it as cursor. Null on the last page' }),
    previous_cursor: Type.Union([Type.String(), Type.Null()], { description: 'The page before this one. Null on the first page' }),
  },
  { additionalProperties: false },
);

/** The page asked for by a query of PageQueryFields. */
export function pageRequestOf(query: { limit?: string; cursor?: string }): PageRequest {
  return { limit: query.limit ? Number(query.limit) : PAGE_SIZE_DEFAULT, cursor: query.cursor ?? null };
}

/** An answer's `meta` for a page. */
export function pageMeta(page: { nextCursor: string | null; previousCursor: string | null }) {
  return { next_cursor: page.nextCursor, previous_cursor: page.previousCursor };
}
