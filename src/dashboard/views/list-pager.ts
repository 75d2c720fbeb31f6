/** The pager under a dashboard list (docs/behaviour.md, section 27): the shared one, for a page of any list. */
import type { Page } from '../../domain/cursor.ts';
import { html, type VNode } from '../../web/html.ts';
import { Pager } from '../../web/paging.ts';

export interface ListPagerProps<T> {
  page: Page<T>;
  /** The list's address and the filters its links carry. */
  path: string;
  filters?: Record<string, string | null | undefined>;
  noun: { one: string; many: string };
}

/** "Showing 1–50 …" with "Previous page" and "Next page"; nothing under a list that shows no row (the page says why). */
export function ListPager<T>({ page, path, filters = {}, noun }: ListPagerProps<T>): VNode | null {
  if (page.items.length === 0) return null;
  const links = { count: page.items.length, nextCursor: page.nextCursor, previousCursor: page.previousCursor, firstRow: page.firstRow };
  return html`<${Pager} page=${links} path=${path} filters=${filters} noun=${noun} />`;
}
