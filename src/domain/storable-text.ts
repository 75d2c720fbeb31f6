/**
 * Text PostgreSQL can store: it refuses U+0000 and unpaired surrogates in text and jsonb, so such
 * text from a client is refused (the APIs: 400 with its pointer or parameter) or, on a page's
 * query string, read as absent, before any statement sees it.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** What is wrong with text that is not storable, after the name of its field or parameter. */
export const NOT_STORABLE = 'must not contain NUL characters or unpaired surrogates';

/** A query parameter's value (its text, or each text of a repeated parameter) that PostgreSQL can store. */
export function isStorableQueryValue(value: unknown): boolean {
  return (Array.isArray(value) ? value : [value]).every((text) => typeof text !== 'string' || isStorableText(text));
}
