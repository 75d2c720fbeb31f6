import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { Problem } from '../domain/errors.ts';

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
      return 'must have at most two decimal places';
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
      return 'has an invalid format';
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

/**
 * One problem per schema error: body errors carry `source.pointer`, query and path errors
 * `source.parameter`. Duplicates (same place, same words) are reported once.
 */
export function problemsFromValidation(errors: FastifySchemaValidationError[], context: string): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of errors) {
    const pointer = pointerOf(error);
    const detail = describe(error);
    const key = `${pointer}|${detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
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
