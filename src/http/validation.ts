import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { validationFailed, type Problem } from '../domain/errors.ts';
import { exactDecimal } from '../domain/money.ts';
import { LIMIT_PATTERN_MAXIMUMS } from '../schemas/paging.ts';
import { isStorableQueryValue, isStorableText, NOT_STORABLE } from '../domain/storable-text.ts';

/** What a pattern asks for, in words, where "has an invalid format" would say too little: a page's `limit` names its range. */
function patternWords(pattern: string): string {
  const max = LIMIT_PATTERN_MAXIMUMS.get(pattern);
  return max === undefined ? 'has an invalid format' : `must be from 1 to ${max}`;
}

/** Turns one schema error into words a partner developer understands. */
function describe(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not an allowed field';
    case 'maxLength':
      return `must be at most ${params.limit} characters`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters`;
    case 'maxItems':
      return `must have at most ${params.limit} items`;
    case 'minItems':
      return `must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}`;
    case 'uniqueItems':
      return 'must not repeat a value';
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'type':
      return `must be ${params.type === 'integer' ? 'a whole number' : `of type ${params.type}`}`;
    case 'multipleOf':
      return params.multipleOf === undefined || params.multipleOf === 0.01
        ? 'must have at most two decimal places'
        : `must be a multiple of ${params.multipleOf}`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'exclusiveMinimum':
      return `must be greater than ${params.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}`;
    case 'format':
      return FORMAT_WORDS[String(params.format)] ?? `must be a valid ${params.format}`;
    case 'pattern':
      return patternWords(String(params.pattern));
    default:
      return error.message ?? 'is invalid';
  }
}

const FORMAT_WORDS: Record<string, string> = {
  date: 'must be a date (YYYY-MM-DD)',
  'date-time': 'must be a date-time (ISO 8601 with a time zone, e.g. 2026-01-31T09:30:00Z)',
  email: 'must be an email address',
  uuid: 'must be a UUID',
  uri: 'must be a URL',
};

function escapeToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The JSON pointer of the offending field (the missing or unknown one itself, not its parent). */
function pointerOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const base = error.instancePath ?? '';
  if (error.keyword === 'required') return `${base}/${escapeToken(String(params.missingProperty))}`;
  if (error.keyword === 'additionalProperties') return `${base}/${escapeToken(String(params.additionalProperty))}`;
  return base;
}

/** At most this many problems are reported for one request (a 1 MiB body could hold 100,000s). */
export const MAX_PROBLEMS = 100;

/** When one value breaks several keywords, the most telling one is reported. */
const KEYWORD_PRIORITY: Record<string, number> = { type: 0, format: 1, enum: 2, pattern: 9 };

/**
 * One problem per offending place: body errors carry `source.pointer`, query and path errors
 * `source.parameter`. A value that breaks several keywords at once (a number where an enum string
 * belongs: both `type` and `enum`) is one problem, reported by its most telling keyword.
 */
export function problemsFromValidation(errors: FastifySchemaValidationError[], context: string): Problem[] {
  const best = new Map<string, FastifySchemaValidationError>();
  for (const error of errors) {
    const pointer = pointerOf(error);
    const current = best.get(pointer);
    const rank = (e: FastifySchemaValidationError) => KEYWORD_PRIORITY[e.keyword] ?? 5;
    if (!current || rank(error) < rank(current)) best.set(pointer, error);
  }
  const problems: Problem[] = [];
  for (const [pointer, error] of best) {
    if (problems.length >= MAX_PROBLEMS) break;
    const detail = describe(error);
    if (context === 'body') {
      const field = pointer.split('/').pop() || 'body';
      problems.push({ detail: `${field} ${detail}`, source: { pointer } });
    } else {
      const parameter = pointer.replace(/^\//, '').split('/')[0] || context;
      problems.push({ detail: `${parameter} ${detail}`, source: { parameter } });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Ajv adjustments (installed through Fastify's `ajv.onCreate`).

/**
 * `value` is a whole multiple of `step`, decided on the exact decimals (Ajv divides binary
 * floats, so 1234567.89 is "not a multiple of 0.01" there).
 */
export function isDecimalMultipleOf(value: number, step: number): boolean {
  const v = exactDecimal(value);
  const s = exactDecimal(step);
  if (!v || !s || s.digits === 0n) return false;
  const scale = Math.max(v.scale, s.scale);
  const vd = v.digits * 10n ** BigInt(scale - v.scale);
  const sd = s.digits * 10n ** BigInt(scale - s.scale);
  return vd % sd === 0n;
}

/** RFC 4122 text form only: ajv-formats also admits a `urn:uuid:` prefix, which PostgreSQL refuses. */
const STRICT_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface AjvLike {
  addFormat(name: string, format: RegExp): unknown;
  removeKeyword(keyword: string): unknown;
  addKeyword(definition: Record<string, unknown>): unknown;
}

/** Typed loosely: Ajv is Fastify's dependency, not ours, and only these three methods are used. */
export function configureAjv(ajvInstance: unknown): void {
  const ajv = ajvInstance as AjvLike;
  ajv.addFormat('uuid', STRICT_UUID);
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: true,
    validate: function multipleOf(this: unknown, step: number, value: number): boolean {
      const ok = isDecimalMultipleOf(value, step);
      if (!ok) {
        (multipleOf as unknown as { errors: unknown[] }).errors = [
          { keyword: 'multipleOf', message: `must be multiple of ${step}`, params: { multipleOf: step } },
        ];
      }
      return ok;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Strings PostgreSQL cannot store.

/** True when the request body was parsed as JSON (the only bodies walked for unstorable text). */
export function isJsonRequest(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json';
}

interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string;
}

function pointerTo(visit: Visit): string {
  const parts: string[] = [];
  for (let v: Visit | null = visit; v && v.parent; v = v.parent) parts.push(escapeToken(v.key));
  return parts.length === 0 ? '' : `/${parts.reverse().join('/')}`;
}

/**
 * A JSON string may hold U+0000 or an unpaired surrogate (`"\ud800"`); PostgreSQL refuses both in
 * text and jsonb. Such a body is a 400 with the pointer of every offending value (or key), checked
 * iteratively so deeply nested JSON cannot exhaust the stack.
 */
export function rejectUnstorableStrings(body: unknown): void {
  const problems: Problem[] = [];
  const stack: Visit[] = [{ value: body, parent: null, key: '' }];
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const visit = stack.pop() as Visit;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        const pointer = pointerTo(visit);
        problems.push({ detail: `${pointer.split('/').pop() || 'body'} ${NOT_STORABLE}`, source: { pointer } });
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], parent: visit, key: String(i) });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const child: Visit = { value: (value as Record<string, unknown>)[key], parent: visit, key };
        if (!isStorableText(key)) {
          problems.push({ detail: `a field name ${NOT_STORABLE}`, source: { pointer: pointerTo(child) } });
        } else {
          stack.push(child);
        }
      }
    }
  }
  if (problems.length > 0) throw validationFailed(problems);
}

/**
 * The query string of an API request may hold text PostgreSQL cannot store too (`?q=%00`): a 400
 * `ValidationError` naming each such parameter (`source.parameter`), whichever route it is for and
 * whether or not the route reads it, before the route's own validation.
 */
export function rejectUnstorableQuery(query: unknown): void {
  if (query === null || typeof query !== 'object') return;
  const problems: Problem[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (problems.length >= MAX_PROBLEMS) break;
    if (!isStorableText(name)) {
      problems.push({ detail: `a parameter name ${NOT_STORABLE}`, source: { parameter: name } });
    } else if (!isStorableQueryValue(value)) {
      problems.push({ detail: `${name} ${NOT_STORABLE}`, source: { parameter: name } });
    }
  }
  if (problems.length > 0) throw validationFailed(problems);
}

/** `rejectUnstorableQuery` as an API's preValidation hook. */
export function unstorableQueryHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  rejectUnstorableQuery(request.query);
  done();
}
