import { notFound } from './errors.ts';

/** A UUID in either case, as a JSON Schema pattern (which takes no flags) and for the check below. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const UUID = new RegExp(UUID_PATTERN);

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** An id path parameter that is not a UUID names nothing: 404, exactly as an unknown id. */
export function idParam(value: string, what: string): string {
  if (!isUuid(value)) throw notFound(what);
  return value.toLowerCase();
}
