/**
 * What the OpenAPI document teaches beyond the schemas: each route's description and examples
 * (openapi-route-docs.ts), example error envelopes, the Idempotency-Key header, and 429 on every
 * route (all of them count against the per-token limits). Applied in the document's transform, so
 * the route files keep only what validates.
 */
import { ROUTE_DOCS, type RouteDoc } from './openapi-route-docs.ts';

const error = (code: string, detail: string, source?: Record<string, string>) => ({ errors: [{ code, detail, ...(source ? { source } : {}) }] });
const ERROR_EXAMPLES: Record<number, unknown> = {
  400: error('ValidationError', 'company_number must be at most 50 characters', { pointer: '/data/company/company_number' }),
  401: error('AuthenticationFailed', 'the token is unknown or revoked'),
  403: error('PermissionDenied', 'this token lacks the write scope'),
  404: error('NotFound', 'customer not found'),
  406: error('NotAcceptable', 'Accept must admit application/json'),
  409: error('DuplicateCustomer', 'a customer with this external_customer_id already exists'),
  413: error('PayloadTooLarge', 'the request body is larger than allowed'),
  415: error('UnsupportedMediaType', 'Content-Type must be application/json'),
  422: error('IdempotencyKeyReused', 'this Idempotency-Key was used with another method, path or body; use a new key for a new request', {
    parameter: 'Idempotency-Key',
  }),
  429: error('Throttled', 'too many requests: at most 600 a minute; retry in 12 s'),
  500: { errors: [{ code: 'ServerError', detail: 'an unexpected error occurred', meta: { request_id: '4f6c1a2e-8d3b-4b7a-9c1e-2f5d6a7b8c9d' } }] },
};

type Schema = Record<string, unknown>;

/** An error answer in the document: the envelope with an example of the status. */
function envelope(description: string, code: number): Schema {
  const media: Schema = { schema: { $ref: 'ErrorEnvelope#' } };
  if (ERROR_EXAMPLES[code] !== undefined) media.example = ERROR_EXAMPLES[code];
  return { description, content: { 'application/json': media } };
}

/**
 * The error statuses every operation can answer, whatever its own list says: 400 (a request without
 * Host, a malformed query), 401 and 403 (the token), 406 (Accept), 429 (the rate limits) and 500 (a
 * fault of ours, named by meta.request_id); 404 where the path names a resource; 413 and 415 where a
 * body can be sent.
 */
function commonErrors(method: string, path: string): number[] {
  const statuses = [400, 401, 403, 406, 429, 500];
  if (path.includes(':')) statuses.push(404);
  if (method !== 'GET' && method !== 'HEAD') statuses.push(413, 415);
  return statuses;
}

const COMMON_ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: validation or domain error (source points at the problem)',
  401: 'AuthenticationFailed: missing, malformed, unknown or revoked token',
  403: 'PermissionDenied: the token may not do this (scope, environment, suspended partner)',
  404: 'NotFound: no such resource for this partner and environment',
  406: 'NotAcceptable: Accept does not admit the answer',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  500: 'ServerError: an unexpected failure of ours; meta.request_id names it in our logs',
};

/** The success answer as declared: no content for a body-less answer, the PDF beside JSON where the route produces one. */
function successResponse(code: number, response: Schema, doc: RouteDoc | undefined, produces: string[] | undefined): Schema {
  const description = code === 202 ? 'Accepted' : code === 201 ? 'Created' : code === 204 ? 'No content' : 'Success';
  if (response.type === 'null') return { description: `${description}: no body`, type: 'null' };
  const json: Schema = { ...(code === 200 && doc?.responseSchema ? doc.responseSchema : response) };
  delete json.description;
  if (produces?.includes('application/pdf') && !produces.includes('application/json')) {
    return { description: `${description}: a PDF`, content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
  }
  if (!produces?.includes('application/pdf')) return { description, ...json, ...(doc?.response !== undefined ? { examples: [doc.response] } : {}) };
  return {
    description: `${description}: JSON, or a PDF when the request asks for application/pdf`,
    content: {
      'application/json': { schema: json, ...(doc?.response !== undefined ? { example: doc.response } : {}) },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  };
}

/** The route's schema with its description, examples, Idempotency-Key and every error status it can answer. */
export function documentRoute(schema: Schema, method: string, path: string, config?: { produces?: string[] }): Schema {
  const doc = ROUTE_DOCS[`${method} ${path}`];
  const out: Schema = { ...schema };
  if (doc && out.description === undefined) out.description = doc.description;
  const writes = method === 'POST' || method === 'PATCH';
  if (doc?.request !== undefined && out.body && typeof out.body === 'object') out.body = { ...(out.body as Schema), examples: [doc.request] };
  if (writes) {
    out.headers = {
      type: 'object',
      properties: {
        'idempotency-key': {
          type: 'string',
          minLength: 1,
          maxLength: 255,
          description:
            'Makes the request safe to retry: a repeat with the same key, method, path and body answers the first answer (Idempotent-Replayed: true) without doing it again, for 24 hours.',
        },
      },
    };
  }
  const responses: Record<string, Schema> = {};
  for (const [status, response] of Object.entries((schema.response as Record<string, Schema> | undefined) ?? {})) {
    const code = Number(status);
    responses[status] = code >= 400 ? envelope(String(response.description ?? 'Error'), code) : successResponse(code, response, doc, config?.produces);
  }
  for (const code of commonErrors(method, path)) responses[String(code)] ??= envelope(COMMON_ERROR_DESCRIPTIONS[code] ?? 'Error', code);
  if (writes) {
    responses['409'] ??= envelope('Conflict: the code says which (IdempotencyKeyInUse while a request with the key runs)', 409);
    responses['422'] = envelope('IdempotencyKeyReused: the key was used with another method, path or body', 422);
  }
  responses['429'] = envelope('Throttled: too many requests for this token; Retry-After gives the seconds to wait', 429);
  out.response = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
  return out;
}

/** The one inline style attribute Swagger UI sets (found by the browser test's CSP report). */
const SWAGGER_UI_INLINE_STYLE = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';

/**
 * The reference page's Content-Security-Policy: the plugin's own (with the hashes of its inline
 * script and style) narrowed to this host only: no https: sources, no online validator.
 */
export function docsCsp(header: string): string {
  const narrowed = header
    .replace(/ https:/g, '')
    .replace(/ validator\.swagger\.io/g, '')
    .replace(/\s*upgrade-insecure-requests;?/g, '')
    .replace(/frame-ancestors 'self'/, "frame-ancestors 'none'")
    .trim();
  const styled = narrowed.replace(/style-src 'self'\s*/, `style-src 'self' 'unsafe-hashes' '${SWAGGER_UI_INLINE_STYLE}' `);
  return `${styled.endsWith(';') ? styled : `${styled};`} connect-src 'self'; form-action 'self'`;
}
