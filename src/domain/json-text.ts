/**
 * JSON text as partners send it (bodies and files), read with bounds: at most MAX_JSON_DEPTH
 * levels of arrays and objects, so no later step (validation, serialisation, a walk over the
 * value, PostgreSQL's jsonb) can recurse without bound on a hostile document. No request or file
 * the API documents comes near the limit (a customer is 5 levels deep, a bank statement 4).
 */
import { DomainError } from './errors.ts';

export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in JSON text, counted without parsing (brackets inside
 * strings do not count); stops counting as soon as `limit` is passed.
 */
export function jsonDepthExceeds(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

export function tooDeep(what: string): DomainError {
  return new DomainError('ParseError', `${what} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`, { meta: { max_depth: MAX_JSON_DEPTH } });
}

/** UTF-8 bytes to text, or null when they are not valid UTF-8 (never replaced with U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** JSON.parse of a file's text with the depth bound (a leading byte order mark is dropped). */
export function parseJsonFile(text: string, what: string): { ok: true; value: unknown } | { ok: false; error: DomainError } {
  const body = text.replace(/^\uFEFF/, '');
  if (jsonDepthExceeds(body)) return { ok: false, error: tooDeep(what) };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false, error: new DomainError('ParseError', `${what} is not valid JSON`) };
  }
}
