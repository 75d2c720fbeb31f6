import type { FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * Errors are logged by kind and place, never by the values involved: a database error's message
 * and detail can quote the offending value (an email, a name), so only its code and constraint go
 * to the log.
 */
export function serializeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const e = error as Error & { code?: string; constraint?: string; severity?: string; routine?: string };
  const stack = e.stack?.split('\n').slice(1).join('\n') ?? '';
  if (e.severity !== undefined || e.routine !== undefined) {
    return { type: e.name, code: e.code, constraint: e.constraint, routine: e.routine, message: 'database error', stack };
  }
  return { type: e.name, code: e.code, message: e.message, stack };
}

const SECRET_KEYS = ['headers', 'authorization', 'cookie', 'token', 'password', 'account_number'];
const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/**
 * Structured logs that never hold personal data or secrets: requests are logged by method, path
 * (query strings can carry login tokens) and id; headers and bodies are never logged.
 */
export function loggerOptions(level: string, stream?: DestinationStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Headers, wherever a library puts them (the multipart parser's trace line carries its busboy
    // options, headers included), and credentials by name, up to two levels down.
    redact: { paths: REDACTED_PATHS, remove: true },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, path: request.url.split('?')[0], id: request.id };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
      err: serializeError,
    },
  };
}
