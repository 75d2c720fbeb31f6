/**
 * Keyset pagination's pure parts (docs/behaviour.md, section 27): the cursor is tied to its list,
 * its filters and its tenant, and refuses anything else with a 400 naming `cursor`; the key's
 * condition and order read forward and back; the pager shows "Showing 1–50" and the links either side.
 */
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isKeyValue, pageOf, type CursorScope } from '../../src/domain/cursor.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { keysetBounds, keysetWindow, type Keyset } from '../../src/store/keyset.ts';
import { renderDocument } from '../../src/web/html.ts';
import { pageHref, pageOrFirst, Pager, shownWords } from '../../src/web/paging.ts';

const SCOPE: CursorScope = { list: 'request_log', owner: '0b6c4f2e-3f1a-4d55-9c1e-5a8b7c6d5e4f:sandbox', filters: { status: 'failed' } };
const KEY = ['2026-07-01T09:30:00.123456Z', '12345'];
const TYPES = ['timestamptz', 'int8'] as const;

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('cursors', () => {
  it('read back the position they were made from, in either direction, and look like nothing in particular', () => {
    for (const direction of ['after', 'before'] as const) {
      const cursor = encodeCursor(SCOPE, { direction, key: KEY });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor, { ...SCOPE, filters: { status: 'failed', absent: null } }, TYPES)).toEqual({ direction, key: KEY });
    }
  });

  it('refuse a cursor of another list, other filters or another tenant, naming the parameter cursor', () => {
    const cursor = encodeCursor(SCOPE, { direction: 'after', key: KEY });
    for (const other of [
      { ...SCOPE, list: 'deliveries' },
      { ...SCOPE, filters: { status: 'succeeded' } },
      { ...SCOPE, filters: {} },
      { ...SCOPE, owner: '0b6c4f2e-3f1a-4d55-9c1e-5a8b7c6d5e4f:production' },
      { ...SCOPE, owner: '9f1e2d3c-4b5a-4968-8776-655443322110:sandbox' },
    ]) {
      const error = refusal(() => decodeCursor(cursor, other, TYPES));
      expect(error.code).toBe('ValidationError');
      expect(error.problems).toEqual([{ detail: expect.stringContaining('another list'), source: { parameter: 'cursor' } }]);
    }
  });

  it('refuse what is not a cursor of ours, and a key the list cannot read, with a 400 rather than a database error', () => {
    const forged = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url');
    const tag = JSON.parse(Buffer.from(encodeCursor(SCOPE, { direction: 'after', key: KEY }), 'base64url').toString()).s as string;
    for (const text of [
      'abc',
      '12345',
      'not a cursor!',
      'x'.repeat(1001),
      forged({ s: tag, d: 'a' }),
      forged({ s: tag, d: 'sideways', k: KEY }),
      forged({ s: tag, d: 'a', k: [KEY[0]] }),
      forged({ s: tag, d: 'a', k: ['2026-02-30T09:30:00.000000Z', '1'] }),
      forged({ s: tag, d: 'a', k: ['2026-07-01 09:30:00', '1'] }),
      forged({ s: tag, d: 'a', k: [KEY[0], '9223372036854775808'] }),
      forged({ s: tag, d: 'a', k: [KEY[0], 12345] }),
      forged([1, 2]),
      forged(null),
    ]) {
      const error = refusal(() => decodeCursor(text, SCOPE, TYPES));
      expect(error.problems[0].source, text).toEqual({ parameter: 'cursor' });
    }
  });

  it('know which key values each type admits', () => {
    expect(isKeyValue('uuid', '0B6C4F2E-3F1A-4D55-9C1E-5A8B7C6D5E4F')).toBe(true);
    expect(isKeyValue('uuid', 'urn:uuid:0b6c4f2e-3f1a-4d55-9c1e-5a8b7c6d5e4f')).toBe(false);
    expect(isKeyValue('date', '2024-02-29')).toBe(true);
    expect(isKeyValue('date', '2023-02-29')).toBe(false);
    expect(isKeyValue('xid8', '18446744073709551615')).toBe(true);
    expect(isKeyValue('xid8', '18446744073709551616')).toBe(false);
    expect(isKeyValue('int8', '-9223372036854775808')).toBe(true);
    expect(isKeyValue('text', 'a\u0000b')).toBe(false);
  });

  it('make a page with the cursors of its neighbours, none where there is none', () => {
    const page = pageOf(SCOPE, { rows: [1, 2], firstKey: ['a'], lastKey: ['b'], moreAfter: true, moreBefore: false });
    expect(page.items).toEqual([1, 2]);
    expect(page.previousCursor).toBeNull();
    expect(page.firstRow).toBe(1);
    expect(decodeCursor(page.nextCursor as string, SCOPE, ['text'])).toEqual({ direction: 'after', key: ['b'], row: 3 });
    const last = pageOf(SCOPE, { rows: [3], firstKey: ['c'], lastKey: ['c'], moreAfter: false, moreBefore: true }, { direction: 'after', key: ['b'], row: 3 });
    expect(last.nextCursor).toBeNull();
    expect(last.firstRow).toBe(3);
    expect(decodeCursor(last.previousCursor as string, SCOPE, ['text'])).toEqual({ direction: 'before', key: ['c'], row: 2 });
  });

  it('number the rows of a page from its cursor, forward and back, for "Showing 51–100"', () => {
    const window = (moreBefore: boolean) => ({ rows: [1, 2], firstKey: ['a'], lastKey: ['b'], moreAfter: true, moreBefore });
    expect(pageOf(SCOPE, window(true), { direction: 'after', key: ['z'], row: 51 }).firstRow).toBe(51);
    expect(pageOf(SCOPE, window(true), { direction: 'before', key: ['z'], row: 52 }).firstRow).toBe(51);
    // Back to the start: the first row, whatever the cursor said.
    expect(pageOf(SCOPE, window(false), { direction: 'before', key: ['z'], row: 9 }).firstRow).toBe(1);
    // A cursor without a row number (given before cursors carried one): not known.
    expect(pageOf(SCOPE, window(true), { direction: 'after', key: ['z'] }).firstRow).toBeUndefined();
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(encodeCursor(SCOPE, { direction: 'after', key: KEY }), 'base64url').toString()), r: 'x' }),
    ).toString('base64url');
    expect(decodeCursor(forged, SCOPE, TYPES)).toEqual({ direction: 'after', key: KEY });
  });
});

describe('the keyset of a list', () => {
  const keyset: Keyset = {
    columns: [
      { expr: 'l.created_at', type: 'timestamptz' },
      { expr: 'l.id', type: 'uuid' },
    ],
    order: 'desc',
  };

  it('reads the first page with no condition, a page more than asked, in the list order', () => {
    const bounds = keysetBounds(keyset, { limit: 50, position: null }, 3);
    expect(bounds.condition).toBe('TRUE');
    expect(bounds.orderBy).toBe('l.created_at DESC, l.id DESC');
    expect(bounds.limitParam).toBe('$3');
    expect(bounds.params).toEqual([51]);
    expect(bounds.keyColumns).toContain(`to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS __k0`);
  });

  it('reads on after a row, and back before one in the reverse order, the rows then put back in the list order', () => {
    const after = keysetBounds(keyset, { limit: 2, position: { direction: 'after', key: ['t', 'u'] } }, 2);
    expect(after.condition).toBe('(l.created_at, l.id) < ($2::text::timestamptz, $3::text::uuid)');
    expect(after.params).toEqual(['t', 'u', 3]);
    const before = keysetBounds(keyset, { limit: 2, position: { direction: 'before', key: ['t', 'u'] } }, 1);
    expect(before.condition).toBe('(l.created_at, l.id) > ($1::text::timestamptz, $2::text::uuid)');
    expect(before.orderBy).toBe('l.created_at ASC, l.id ASC');
    const read = [3, 4, 5].map((n) => ({ n, __k0: `t${n}`, __k1: `u${n}` }));
    const back = keysetWindow<{ n: number }>(read, keyset, { limit: 2, position: { direction: 'before', key: ['t', 'u'] } });
    expect(back).toEqual({ rows: [{ n: 4 }, { n: 3 }], firstKey: ['t4', 'u4'], lastKey: ['t3', 'u3'], moreAfter: true, moreBefore: true });
    const forward = keysetWindow<{ n: number }>(read.slice(0, 2), keyset, { limit: 2, position: null });
    expect(forward).toEqual({ rows: [{ n: 3 }, { n: 4 }], firstKey: ['t3', 'u3'], lastKey: ['t4', 'u4'], moreAfter: false, moreBefore: false });
  });
});

describe('the pager', () => {
  const noun = { one: 'customer', many: 'customers' };

  it('says "Showing 1–50" while more follow, the rows of the last page, and the whole list when one page holds it', () => {
    expect(shownWords({ count: 50, nextCursor: 'n', previousCursor: null, firstRow: 1 }, noun)).toBe('Showing 1–50 customers, more on the next page');
    expect(shownWords({ count: 50, nextCursor: 'n', previousCursor: 'p', firstRow: 51 }, noun)).toBe('Showing 51–100 customers, more on the next page');
    expect(shownWords({ count: 12, nextCursor: null, previousCursor: 'p', firstRow: 1001 }, noun)).toBe('Showing 1,001–1,012 of 1,012 customers');
    expect(shownWords({ count: 1, nextCursor: null, previousCursor: 'p', firstRow: 51 }, noun)).toBe('Showing 51 of 51 customers');
    expect(shownWords({ count: 12, nextCursor: null, previousCursor: null, firstRow: 1 }, noun)).toBe('Showing all 12 customers');
    expect(shownWords({ count: 1, nextCursor: null, previousCursor: null, firstRow: 1 }, noun)).toBe('Showing 1 customer');
    expect(shownWords({ count: 0, nextCursor: null, previousCursor: null, firstRow: 1 }, noun)).toBe('No customers');
    expect(shownWords({ count: 50, nextCursor: 'n', previousCursor: 'p' }, noun)).toBe('Showing 50 customers, more on the next page');
  });

  it('renders links to the pages either side that carry the filters and the cursor, escaped', () => {
    const out = renderDocument(
      Pager({
        page: { count: 50, nextCursor: 'next_1', previousCursor: 'prev-2', firstRow: 51 },
        path: '/console/customers',
        filters: { q: 'Hartley & "Sons"', partner: '' },
        noun,
      }),
    );
    expect(out).toContain('<nav class="pager" aria-label="Pages of customers">');
    expect(out).toContain('<p class="muted">Showing 51–100 customers, more on the next page</p>');
    expect(out).toContain('<a href="/console/customers?q=Hartley+%26+%22Sons%22&amp;cursor=prev-2" rel="prev">Previous page</a>');
    expect(out).toContain('<a href="/console/customers?q=Hartley+%26+%22Sons%22&amp;cursor=next_1" rel="next">Next page</a>');
    const first = renderDocument(Pager({ page: { count: 3, nextCursor: null, previousCursor: null }, path: '/dashboard/logs', filters: {}, noun }));
    expect(first).not.toContain('Previous page');
    expect(first).not.toContain('Next page');
    expect(pageHref('/dashboard/logs', { failed: '1' }, null)).toBe('/dashboard/logs?failed=1');
  });

  it('shows the first page, and says so, when the list refuses the cursor of a link', async () => {
    const read = async (cursor: string | null) => {
      if (cursor === 'stale') throw new DomainError('ValidationError', 'cursor is not one of ours', { source: { parameter: 'cursor' } });
      return cursor ?? 'first';
    };
    expect(await pageOrFirst('good', read)).toEqual({ page: 'good', refused: null });
    expect(await pageOrFirst(null, read)).toEqual({ page: 'first', refused: null });
    const stale = await pageOrFirst('stale', read);
    expect(stale.page).toBe('first');
    expect(stale.refused).toContain('first page');
    await expect(pageOrFirst('x', async () => Promise.reject(new DomainError('NotFound', 'gone')))).rejects.toThrow('gone');
  });
});
