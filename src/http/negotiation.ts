import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/** True when the Accept header admits `type` (exactly, by its family wildcard, or by * / *). */
export function accepts(acceptHeader: string | undefined, type: string): boolean {
  if (!acceptHeader || acceptHeader.trim() === '') return true;
  const [family] = type.split('/');
  return acceptHeader.split(',').some((range) => {
    const [media, ...params] = range.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    const m = media.trim();
    return m === type || m === `${family}/*` || m === '*/*';
  });
}

export interface NegotiationConfig {
  /** Media types this route can answer with; the first is the default. */
  produces?: string[];
  /** Request body media types this route takes. */
  consumes?: string[];
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

/** 406 when nothing the route produces is acceptable; 415 when a body comes in a type it does not take. */
export function negotiate(request: FastifyRequest, config: NegotiationConfig): void {
  const produces = config.produces ?? ['application/json'];
  if (!produces.some((type) => accepts(request.headers.accept, type))) {
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
