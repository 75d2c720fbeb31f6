import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * True when the Accept header admits `type` (RFC 9110 section 12.5.1): the most specific range
 * matching it (exact type, then its family wildcard, then * / *) decides, and q=0 there means
 * "not acceptable", so `application/json;q=0, * / *` refuses JSON. No header admits everything.
 */
export function accepts(acceptHeader: string | undefined, type: string): boolean {
  if (!acceptHeader || acceptHeader.trim() === '') return true;
  const [family] = type.split('/');
  let best: { specificity: number; q: number } | null = null;
  for (const range of acceptHeader.split(',')) {
    const [media, ...params] = range.trim().toLowerCase().split(';');
    const m = media.trim();
    const specificity = m === type ? 3 : m === `${family}/*` ? 2 : m === '*/*' ? 1 : 0;
    if (specificity === 0) continue;
    const qParam = params.map((p) => p.trim()).find((p) => /^q\s*=/.test(p));
    const qValue = qParam === undefined ? 1 : Number(qParam.slice(qParam.indexOf('=') + 1).trim());
    // A malformed weight is read as 1 (lenient), never as a refusal.
    const q = Number.isFinite(qValue) ? qValue : 1;
    if (!best || specificity > best.specificity || (specificity === best.specificity && q > best.q)) {
      best = { specificity, q };
    }
  }
  return best !== null && best.q > 0;
}

export interface NegotiationConfig {
  /** Media types this route can answer with; the first is the default. */
  produces?: string[];
  /** Request body media types this route takes. */
  consumes?: string[];
  /** Counts against the upload rate limit too. */
  upload?: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function mediaType(contentType: string | undefined): string | null {
  if (!contentType) return null;
  return contentType.split(';')[0].trim().toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * What `accepts` answered, per route's list of types and Accept header: partners send the same few
 * headers on every call, so each is parsed once. Bounded: a list's answers are cleared past the limit.
 */
const acceptable = new WeakMap<readonly string[], Map<string, boolean>>();
const ACCEPTABLE_LIMIT = 1_000;
const JSON_ONLY: readonly string[] = ['application/json'];

function admitsAny(acceptHeader: string | undefined, produces: readonly string[]): boolean {
  if (acceptHeader === undefined) return true;
  let answers = acceptable.get(produces);
  if (answers === undefined) acceptable.set(produces, (answers = new Map()));
  let answer = answers.get(acceptHeader);
  if (answer === undefined) {
    answer = produces.some((type) => accepts(acceptHeader, type));
    if (answers.size >= ACCEPTABLE_LIMIT) answers.clear();
    answers.set(acceptHeader, answer);
  }
  return answer;
}

/** 406 when nothing the route produces is acceptable; 415 when a body comes in a type it does not take. */
export function negotiate(request: FastifyRequest, config: NegotiationConfig): void {
  const produces = config.produces ?? JSON_ONLY;
  if (!admitsAny(request.headers.accept, produces)) {
    throw new HttpError('NotAcceptable', `Accept must admit ${produces.join(' or ')}`);
  }
  if (BODY_METHODS.has(request.method) && hasBody(request)) {
    const consumes = config.consumes ?? ['application/json'];
    const type = mediaType(request.headers['content-type']);
    if (!type || !consumes.includes(type)) {
      throw new HttpError('UnsupportedMediaType', `Content-Type must be ${consumes.join(' or ')}`);
    }
  }
}
