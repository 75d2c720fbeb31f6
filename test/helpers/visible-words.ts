/**
 * What a person reads on a page, checked for internals (docs/behaviour.md, "Words, not internals"):
 * JSON, an identifier in `snake_case` or `camelCase`, an ISO date or timestamp. The allow-list is
 * short and explicit (docs/decisions.md): the webhook event type names, which partners know by those
 * names; API token prefixes (with the token's last four characters, or the whole token on the one
 * page that shows it once); and ids, whole or as 8-character fragments.
 */
import type { Page } from 'playwright-core';
import { EVENT_TYPES } from '../../src/domain/event-types.ts';

const EVENT_TYPE_NAMES = EVENT_TYPES.map((e) => e.webhook_event_type);

/** What may stay as written, removed from the text before it is read for internals. */
export const ALLOWED: { what: string; pattern: RegExp }[] = [
  { what: 'an event type name', pattern: new RegExp(`\\b(?:${EVENT_TYPE_NAMES.join('|')})\\b`, 'g') },
  {
    what: 'an API token prefix (with its last four, or the whole token shown once)',
    pattern: /\bsk_(?:sandbox|live)_(?:…[A-Za-z0-9_-]{4}|[A-Za-z0-9_-]{32})?/g,
  },
  { what: 'an id', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g },
];

/** What a person must not read, each with a name for the failure message. */
export const INTERNALS: { what: string; pattern: RegExp }[] = [
  { what: 'JSON', pattern: /\{"|":/g },
  { what: 'a snake_case identifier', pattern: /\b[A-Za-z][a-z0-9]*(?:_[A-Za-z0-9]+)+\b/g },
  { what: 'a camelCase identifier', pattern: /\b[a-z]+[A-Z][A-Za-z0-9]*\b/g },
  { what: 'an ISO date', pattern: /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?\b/g },
];

/** Each internal found in `text`, with a few characters around it: `what: …context…`. */
export function internalsIn(text: string): string[] {
  const cleaned = ALLOWED.reduce((rest, { pattern }) => rest.replace(pattern, ' '), text);
  const found: string[] = [];
  for (const { what, pattern } of INTERNALS) {
    for (const match of cleaned.matchAll(pattern)) {
      const at = match.index;
      const context = cleaned.slice(Math.max(0, at - 30), at + match[0].length + 30).replace(/\s+/g, ' ');
      found.push(`${what} "${match[0]}" in "…${context}…"`);
    }
  }
  return found;
}

/** The internals on the page as a person reads it (`document.body.innerText`). */
export async function internalsOnPage(page: Page): Promise<string[]> {
  return internalsIn(await page.evaluate(() => document.body.innerText));
}

/**
 * Every table on the page fits its card: a table wider than the card it sits in scrolls inside a
 * wrapper (the card itself never grows past its column, so nothing is cut off). Answers the
 * tables that stick out, by caption or label.
 */
export async function tablesOutsideTheirCards(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      const card = table.closest('.card, main');
      if (!card) return [];
      const scroller = table.parentElement?.closest('.table-wrap');
      const box = (scroller ?? table).getBoundingClientRect();
      const bounds = card.getBoundingClientRect();
      const fits = box.left >= bounds.left - 1 && box.right <= bounds.right + 1;
      const name = table.querySelector('caption')?.textContent ?? scroller?.getAttribute('aria-label') ?? table.id;
      return fits ? [] : [`${name}: ${Math.round(box.width)} px in a card of ${Math.round(bounds.width)} px`];
    }),
  );
}
