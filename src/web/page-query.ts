/**
 * The pages' query strings: each route declares its parameters as a TypeBox schema, and a value
 * its schema does not accept (a stale or hand-edited link, a parameter given twice) counts as
 * absent, and so does text PostgreSQL cannot store (a NUL, an unpaired surrogate), whatever the
 * parameter. A query string only filters a page or names a notice, so a page never fails on one: a
 * filter it cannot read shows the page unfiltered, a notice it does not know shows none.
 */
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { StringEnum } from '../schemas/common.ts';
import { UUID_PATTERN } from '../domain/ids.ts';
import { isStorableQueryValue, isStorableText } from '../domain/storable-text.ts';

/** A UUID in a query string (a filter), in either case. */
export const UuidQuery = Type.Optional(Type.String({ pattern: UUID_PATTERN }));

/** A notice named by `?done=…` after a change: one of the page's notices. */
export function NoticeQuery<const K extends string>(notices: Record<K, string>) {
  return Type.Optional(StringEnum(Object.keys(notices) as K[]));
}

/**
 * Removes from the request's query each parameter PostgreSQL cannot store, and each its route's
 * schema refuses, with the route's own validator, so that the validation which follows passes.
 * Runs before validation (preValidation).
 */
export function dropUnreadableQuery(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown>;
  for (const [name, value] of Object.entries(query)) if (!isStorableText(name) || !isStorableQueryValue(value)) delete query[name];
  const validate = request.getValidationFunction('querystring');
  if (!validate) return;
  while (!validate(query)) {
    // `/name` for a parameter's own value, `/name/0` inside a repeated one.
    const names = (validate.errors ?? []).map((error) => error.instancePath.split('/')[1]?.replaceAll('~1', '/').replaceAll('~0', '~'));
    const present = names.filter((name): name is string => name !== undefined && Object.hasOwn(query, name));
    // An error about no one parameter is left to the validation.
    if (present.length === 0) return;
    for (const name of present) delete query[name];
  }
}
