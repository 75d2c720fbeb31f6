/**
 * Response validation (docs/behaviour.md, section 26): every answer a test app sends from the partner
 * API (both prefixes) or the admin API is checked against the OpenAPI document that the app serves
 * (the same as the committed one: a test fails when that is stale). The status must be declared for
 * the operation, the media type among those declared for it, an answer declared without content
 * must have no body, and a JSON body must match the declared schema. A test during which an answer
 * drifted fails with the problems (test/setup/openapi-responses.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_PREFIX, LEGACY_PREFIX } from '../../src/http/api-prefixes.ts';

/** A body sent as a stream: its status and media type are checked, not its bytes. */
const STREAM = Symbol('stream');

/** The problems found since the last test ended (read and emptied by the setup file). */
export const responseProblems: string[] = [];

interface Media {
  schema?: Record<string, unknown>;
}
interface Response {
  content?: Record<string, Media>;
}
interface Operation {
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

/** Routes of the APIs that are not operations: the documents themselves. */
const UNDOCUMENTED = new Set([`${API_PREFIX}/openapi.json`, '/admin/v1/openapi.json']);

/** Which document answers for a request path, and the path as the document spells it. */
function documentOf(url: string): { name: 'partner' | 'admin'; path: string } | null {
  if (url.startsWith(`${API_PREFIX}/`)) return { name: 'partner', path: url };
  if (url.startsWith(`${LEGACY_PREFIX}/`)) return { name: 'partner', path: API_PREFIX + url.slice(LEGACY_PREFIX.length) };
  if (url.startsWith('/admin/v1/')) return { name: 'admin', path: url };
  return null;
}

export class OpenApiResponses {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #documents: Partial<Record<'partner' | 'admin', OpenApiDocument>>;

  constructor(documents: Partial<Record<'partner' | 'admin', OpenApiDocument>>) {
    (addFormats as unknown as (a: Ajv2020) => void)(this.#ajv);
    this.#documents = documents;
    for (const [name, document] of Object.entries(documents)) this.#ajv.addSchema({ components: document.components ?? {} }, name);
  }

  /** The problem with one answer, or null. `route` is the route's URL with Fastify's :params, or null when no route matched. */
  check(
    method: string,
    url: string,
    route: string | null,
    status: number,
    contentType: string | undefined,
    sent: string | Buffer | null | typeof STREAM,
  ): string | null {
    const body = sent === STREAM ? null : sent;
    const where = documentOf(route ?? url);
    if (!where || (route !== null && UNDOCUMENTED.has(route))) return null;
    const document = this.#documents[where.name];
    if (!document) return null;
    const name = `${method} ${route ?? url} answered ${status}`;
    const media = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (route === null) {
      // No route: the envelope of a 404 or 405, as every error.
      if (media !== 'application/json') return `${name} with ${media || 'no media type'}, not the error envelope`;
      return this.#validate(where.name, 'envelope', { $ref: '#/components/schemas/ErrorEnvelope' }, name, body);
    }
    const docPath = where.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = document.paths[docPath]?.[method.toLowerCase()];
    if (!operation) return `${name}: the operation is not in the ${where.name} document (${method} ${docPath})`;
    const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
    if (!response) return `${name}: status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`;
    const empty = sent !== STREAM && (body === null || body.length === 0);
    if (!response.content) return empty || sent === STREAM ? null : `${name}: declared without a body, but sent ${media || 'a body'}`;
    if (empty && status !== 304) return `${name}: sent no body, but declared ${Object.keys(response.content).join(', ')}`;
    const declared = response.content[media];
    if (!declared) return `${name}: sent ${media || 'no media type'}, declared ${Object.keys(response.content).join(', ')}`;
    if (media !== 'application/json' || !declared.schema || sent === STREAM) return null;
    return this.#validate(where.name, `${docPath} ${method} ${status}`, declared.schema, name, body);
  }

  #validate(document: string, key: string, schema: Record<string, unknown>, name: string, body: string | Buffer | null): string | null {
    let value: unknown;
    try {
      value = JSON.parse(String(body));
    } catch {
      return `${name}: the body is not JSON`;
    }
    const cacheKey = `${document} ${key}`;
    let validate = this.#validators.get(cacheKey);
    if (!validate) {
      validate = this.#ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, `"${document}#/components/`)));
      this.#validators.set(cacheKey, validate);
    }
    if (validate(value)) return null;
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    return `${name}: the body does not match the declared schema: ${errors.join('; ')}\n  body: ${String(body).slice(0, 500)}`;
  }
}

/** Checks every answer of `app` against its documents from now on; problems go to `report`. */
export function validateResponses(app: FastifyInstance, report: (problem: string) => void = (p) => responseProblems.push(p)): void {
  let documents: OpenApiResponses | undefined;
  const load = () => {
    const decorated = app as unknown as { swagger(): OpenApiDocument; adminSwagger?: () => OpenApiDocument };
    documents ??= new OpenApiResponses({ partner: decorated.swagger(), ...(decorated.adminSwagger ? { admin: decorated.adminSwagger() } : {}) });
    return documents;
  };
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err?: null, value?: unknown) => void) => {
    try {
      if (documentOf(request.url)) {
        const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : payload === null || payload === undefined ? null : STREAM;
        // A stream (a file download) is checked for its status and media type only.
        const problem = load().check(
          request.method,
          request.url.split('?')[0],
          request.routeOptions.url ?? null,
          reply.statusCode,
          reply.getHeader('content-type') as string | undefined,
          body,
        );
        if (problem) report(problem);
      }
    } catch (error) {
      report(`response validation failed: ${(error as Error).message}`);
    }
    done(null, payload);
  });
}
