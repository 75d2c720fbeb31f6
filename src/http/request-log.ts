import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestLogRecorder } from '../services/request-log.ts';
import { IDEMPOTENCY_HEADER, KEY_FORMAT } from './idempotency.ts';
import { LEGACY_PREFIX } from './api-prefixes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code of the answer, for the request log. */
    answeredErrorCode: string | null;
  }
}

function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  try {
    const body = JSON.parse(payload.toString()) as { errors?: { code?: unknown }[] };
    const code = body.errors?.[0]?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' && KEY_FORMAT.test(value) ? value : null;
}

/** Records every authenticated partner request of the scope (metadata only: no body, token or query). */
export function installRequestLog(app: FastifyInstance, recorder: RequestLogRecorder): void {
  app.decorateRequest('answeredErrorCode', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && request.principal) request.answeredErrorCode = errorCodeOf(payload);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const principal = request.principal;
    if (!principal) return done();
    const elapsed = reply.elapsedTime;
    const url = request.url;
    const query = url.indexOf('?');
    recorder.record({
      request_id: String(request.id),
      partner_id: principal.partnerId,
      environment: principal.environment,
      time: new Date(app.ctx.now().getTime() - elapsed),
      method: request.method,
      path: query < 0 ? url : url.slice(0, query),
      status: reply.statusCode,
      error_code: request.answeredErrorCode,
      duration_ms: Math.round(elapsed),
      idempotency_key: idempotencyKeyOf(request),
      api_version: url.startsWith(LEGACY_PREFIX) ? '2.1' : '2.2',
      token_id: principal.tokenId,
    });
    done();
  });
}
