import type { FastifyRequest } from 'fastify';

/**
 * Structured logs that never hold personal data or secrets: requests are logged by method, path
 * (query strings can carry login tokens) and id; headers and bodies are never logged.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers', 'headers.authorization', '*.token', '*.password'], remove: true },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, path: request.url.split('?')[0], id: request.id };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
